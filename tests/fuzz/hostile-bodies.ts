/**
 * Hostile request bodies for the memory-and-time fuzz (tests/browser/memory-fuzz.test.ts), each
 * aimed at one way a body can cost memory or time out of proportion to its size: expansion
 * (compression bombs: gzip request bodies, zip entries, PDF streams; BibTeX macros), depth (nested
 * JSON), breadth (keys, parameters, multipart parts), huge fields and odd encodings. Built here, in
 * memory, once; nothing is a recorded file.
 */
import { crc32, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { nestedStringBib } from "./hostile-citations";

export type HostileBody = { name: string; contentType: string | null; body: Uint8Array | string; headers?: Record<string, string> };

const MB = 1024 * 1024;
const enc = new TextEncoder();

/** `bytes` zeros deflated (the output is ~1/1000 of the input). */
function deflatedZeros(bytes: number, raw: boolean): Buffer {
  const zeros = Buffer.alloc(bytes);
  return raw ? deflateRawSync(zeros, { level: 9 }) : deflateSync(zeros, { level: 9 });
}

/** A .docx-looking zip whose document part inflates to `inflated` bytes (declared truthfully in its headers). */
export function zipBomb(inflated = 200 * MB): Uint8Array {
  const name = Buffer.from("word/document.xml");
  const data = deflatedZeros(inflated, true);
  const crc = crc32(Buffer.alloc(inflated));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(inflated, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(inflated, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const dirOffset = local.length + name.length + data.length;
  const dirSize = central.length + name.length;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(dirSize, 12);
  eocd.writeUInt32LE(dirOffset, 16);
  return new Uint8Array(Buffer.concat([local, name, data, central, name, eocd]));
}

/** A well-formed one-page PDF whose page content stream inflates to `inflated` bytes of spaces. */
export function pdfBomb(inflated = 200 * MB): Uint8Array {
  const stream = deflateSync(Buffer.alloc(inflated, 0x20), { level: 9 });
  const objs: Buffer[] = [
    Buffer.from("<< /Type /Catalog /Pages 2 0 R >>"),
    Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
    Buffer.from("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>"),
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from("\nendstream")]),
  ];
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  objs.forEach((o, i) => {
    offsets.push(at);
    const b = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), o, Buffer.from("\nendobj\n")]);
    parts.push(b);
    at += b.length;
  });
  const xref = `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  parts.push(Buffer.from(xref));
  return new Uint8Array(Buffer.concat(parts));
}

function multipart(fields: [name: string, value: string | { filename: string; type: string; data: Uint8Array }][]): { contentType: string; body: Uint8Array } {
  const boundary = `----daryaft-fuzz-${Math.random().toString(36).slice(2)}`;
  const chunks: Uint8Array[] = [];
  for (const [name, value] of fields) {
    if (typeof value === "string") chunks.push(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    else {
      chunks.push(
        enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`),
      );
      chunks.push(value.data);
      chunks.push(enc.encode("\r\n"));
    }
  }
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: new Uint8Array(Buffer.concat(chunks)) };
}

function noise(bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  let x = 2463534242;
  for (let i = 0; i < bytes; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** The file fields endpoints take (VIP upload, desk delivery, reading lists, catalogue import). */
const FILE_FIELDS = ["file", "document"];

/** The bodies sent to every operation that takes one; `token` is the CSRF token (also sent as `_token`). */
export function hostileBodies(token: string): HostileBody[] {
  const withToken = (o: Record<string, unknown>) => JSON.stringify({ _token: token, ...o });
  const fiveMb = "x".repeat(5 * MB);
  const manyKeys: Record<string, number> = {};
  for (let i = 0; i < 200_000; i++) manyKeys[`k${i}`] = i;
  const files = (file: { filename: string; type: string; data: Uint8Array }) =>
    multipart([["_token", token], ["text", "x"], ...FILE_FIELDS.map((f) => [f, file] as [string, typeof file])]);
  const bodies: HostileBody[] = [
    { name: "json: 5.5 MB of nested arrays", contentType: "application/json", body: `${"[".repeat(2.75 * MB)}${"]".repeat(2.75 * MB)}` },
    {
      name: "json: nested objects under a field",
      contentType: "application/json",
      body: `{"_token":"${token}","url":${'{"a":'.repeat(200_000)}1${"}".repeat(200_000)}}`,
    },
    {
      name: "json: 5 MB string fields",
      contentType: "application/json",
      body: withToken({ url: fiveMb.slice(0, 2 * MB), text: fiveMb.slice(0, 2 * MB), title: "t", email: "a@b.c" }),
    },
    { name: "json: 200,000 keys", contentType: "application/json", body: withToken(manyKeys) },
    {
      name: "json: odd encodings (UTF-16 with BOM, lone surrogates, NUL, bidi)",
      contentType: "application/json; charset=utf-16",
      body: new Uint8Array(Buffer.from(`\ufeff${withToken({ url: "\ud800\u0000\u202e10.1000/x", text: "\udfff".repeat(10_000) })}`, "utf16le")),
    },
    {
      name: "json: gzip bomb (Content-Encoding: gzip, 256 MB of zeros)",
      contentType: "application/json",
      body: new Uint8Array(gzipSync(Buffer.alloc(256 * MB))),
      headers: { "content-encoding": "gzip" },
    },
    { name: "form: 1,000,000 parameters", contentType: "application/x-www-form-urlencoded", body: `_token=${token}&${"a=1&".repeat(1_000_000)}` },
    { name: "form: deep bracket keys", contentType: "application/x-www-form-urlencoded", body: `_token=${token}&${"a[".repeat(100_000)}]=1` },
    { name: "multipart: 10,000 parts", ...multipart([["_token", token], ...Array.from({ length: 10_000 }, (_, i) => [`p${i}`, "v"] as [string, string])]) },
    {
      name: "multipart: .bib of nested @string (1.9 KB)",
      ...files({ filename: "list.bib", type: "application/x-bibtex", data: enc.encode(nestedStringBib(1900)) }),
    },
    {
      name: "multipart: .docx zip bomb (200 MB inflated)",
      ...files({ filename: "thesis.docx", type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", data: zipBomb() }),
    },
    { name: "multipart: PDF with a 200 MB flate stream", ...files({ filename: "paper.pdf", type: "application/pdf", data: pdfBomb() }) },
    {
      name: "multipart: 4 MB of random bytes as a PDF",
      ...multipart([
        ["_token", token],
        ["file", { filename: "noise.pdf", type: "application/pdf", data: noise(4 * MB) }],
      ]),
    },
  ];
  return bodies;
}
