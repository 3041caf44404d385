/**
 * The files the fake open collections serve: a book's or report's PDF (a title page with the title
 * set large, the authors and publisher, then an imprint page with its ISBN or number, then a
 * contents page) and a Project Gutenberg EPUB (a real ZIP: mimetype, container.xml, the OPF package
 * with dc:title, dc:creator and dc:identifier http://www.gutenberg.org/<n>, a title page).
 */
import { deflateRawSync } from "node:zlib";
import { makePdf } from "../pdf-builder";
import type { FakeResponse } from "../types";

export type FakeWork = {
  title: string;
  subtitle?: string | null;
  authors: string[];
  publisher?: string | null;
  isbn?: string | null;
  number?: string | null;
  year?: number | null;
};

const ascii = (s: string) => s.normalize("NFKD").replace(/[^\x20-\x7e]/g, "");

/** A title page, an imprint page and a contents page. */
export function workPdf(w: FakeWork): Uint8Array {
  const title: { text: string; x: number; y: number; size: number }[] = [];
  // Long titles wrap onto lines of about 40 characters, as a title page sets them.
  const words = ascii(w.title).split(/\s+/);
  let line = "";
  let y = 620;
  for (const word of words) {
    if (line && (line + " " + word).length > 40) {
      title.push({ text: line, x: 72, y, size: 26 });
      y -= 32;
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) title.push({ text: line, x: 72, y, size: 26 });
  y -= 40;
  const page1 = [
    ...title,
    ...(w.subtitle ? [{ text: ascii(w.subtitle), x: 72, y: (y -= 0), size: 15 }] : []),
    { text: ascii(w.authors.join(", ") || "Anonymous"), x: 72, y: (y -= 40), size: 14 },
    ...(w.number ? [{ text: ascii(w.number), x: 72, y: (y -= 30), size: 12 }] : []),
    { text: ascii(w.publisher ?? ""), x: 72, y: 120, size: 12 },
  ];
  const imprint = [
    `Copyright (c) ${w.year ?? 2022} ${ascii(w.authors[0] ?? "the authors")}`,
    ...(w.isbn ? [`ISBN ${w.isbn}`] : []),
    ...(w.number ? [`Report number ${ascii(w.number)}`] : []),
    `Published by ${ascii(w.publisher ?? "the publisher")}`,
    "This work is made available under an open licence.",
  ];
  const contents = ["Contents", "1 Introduction 1", "2 Background 11", "3 Methods 27", "4 Results 45", "5 Discussion 71", "References 89", "Index 101"];
  return makePdf({ pages: [{ text: page1 }, { text: imprint }, { text: contents }] });
}

export function pdfOf(bytes: Uint8Array, name: string): FakeResponse {
  return {
    status: 200,
    headers: { "content-type": "application/pdf", "content-length": String(bytes.length), "content-disposition": `attachment; filename="${name}"` },
    body: bytes,
  };
}

// ---------------------------------------------------------------------------------- EPUB (ZIP)

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A ZIP archive; every entry but the first (the EPUB mimetype, stored) is deflated. */
export function zip(entries: { name: string; data: string | Uint8Array }[]): Uint8Array {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  entries.forEach((e, i) => {
    const data = typeof e.data === "string" ? Buffer.from(e.data, "utf8") : Buffer.from(e.data);
    const stored = i === 0;
    const body = stored ? data : deflateRawSync(data);
    const name = Buffer.from(e.name, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(stored ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(stored ? 0 : 8, 10);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(body.length, 20);
    cd.writeUInt32LE(data.length, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    central.push(cd, name);
    offset += 30 + name.length + body.length;
  });
  const cdSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdSize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, ...central, end]));
}

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A Project Gutenberg EPUB 3 for ebook `id`. */
export function gutenbergEpub(id: number, title: string, authors: string[]): Uint8Array {
  const opf = `<?xml version='1.0' encoding='utf-8'?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="id">http://www.gutenberg.org/${id}</dc:identifier>
    <dc:title>${xml(title)}</dc:title>
    <dc:language>en</dc:language>
    ${authors.map((a) => `<dc:creator>${xml(a)}</dc:creator>`).join("\n    ")}
    <dc:rights>Public domain in the USA.</dc:rights>
    <dc:source>https://www.gutenberg.org/files/${id}/${id}-h/${id}-h.htm</dc:source>
  </metadata>
  <manifest><item id="title" href="title.xhtml" media-type="application/xhtml+xml"/></manifest>
  <spine><itemref idref="title"/></spine>
</package>`;
  const page = `<?xml version='1.0' encoding='utf-8'?>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>${xml(title)}</title></head>
<body><h1>${xml(title)}</h1><p>by ${xml(authors.join(", "))}</p>
<p>The Project Gutenberg eBook #${id}</p></body></html>`;
  return zip([
    { name: "mimetype", data: "application/epub+zip" },
    {
      name: "META-INF/container.xml",
      data: `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
    },
    { name: "OEBPS/content.opf", data: opf },
    { name: "OEBPS/title.xhtml", data: page },
  ]);
}
