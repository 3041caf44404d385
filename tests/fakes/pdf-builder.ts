/**
 * Real PDFs for the verification tests, written the way the format defines them (objects, a
 * correct xref table, trailer): several pages, text placed anywhere in any size and colour (white,
 * invisible render mode 3, off the page), any Unicode character (a simple font whose /Differences
 * and /ToUnicode CMap give each non-ASCII character a code, as TeX and Word output do), ligature
 * glyphs, image-only pages, huge content streams, and the Standard security handler (RC4, revision
 * 2) with or without a user password. Pure Node (node:crypto for MD5), no dependency: the builders
 * the hostile cases need are small, and a generator library would hide exactly the byte-level
 * shapes the tests are about.
 */
import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";

export type PdfRun = {
  text: string;
  /** Baseline origin in points from the bottom-left corner; default: the next line down. */
  x?: number;
  y?: number;
  /** Font size in points (default 11). */
  size?: number;
  /** Fill colour, 0..1 each (default black). */
  rgb?: [number, number, number];
  /** Render mode 3: drawn invisibly (what OCR layers use). */
  invisible?: boolean;
};

export type PdfPageSpec = {
  /** Runs of text; a bare string is a line at the next position in 11 pt. */
  text?: (PdfRun | string)[];
  /** A full-page image under the text (a scan). */
  image?: boolean;
  /** Raw content-stream operators appended after the text (huge pages, odd operators). */
  raw?: string;
  /** MediaBox width and height (default US Letter). */
  size?: [number, number];
  /** Flate-compress the content stream. */
  compress?: boolean;
  /**
   * A stamped page: these runs go into a Form XObject that the page's own stream draws after its
   * text (how pdfpages and the ACL Anthology stamp a footer on an author's page: the stamp in the
   * page's stream, the original page as a form).
   */
  form?: (PdfRun | string)[];
};

export type PdfSpec = {
  pages: PdfPageSpec[];
  /** Standard security handler, RC4 40-bit: an empty user password opens without asking. */
  encrypt?: { userPassword: string; ownerPassword: string };
};

const PAD = Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex");

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

const md5 = (...parts: Buffer[]) => createHash("md5").update(Buffer.concat(parts)).digest();
const padded = (password: string) => Buffer.concat([Buffer.from(password, "latin1"), PAD]).subarray(0, 32);

/** One object body: a dictionary and, for streams, its bytes. */
type PdfObject = { dict: string; stream?: Buffer };

/** Codes 32..126 are ASCII; every other character used gets a code from 128 up. */
class UnicodeFont {
  private codes = new Map<string, number>();

  encode(text: string): string {
    const bytes = [...text].map((ch) => {
      const cp = ch.codePointAt(0)!;
      if (cp >= 32 && cp < 127) return cp;
      let code = this.codes.get(ch);
      if (code === undefined) {
        code = 128 + this.codes.size;
        if (code > 255) throw new Error("pdf-builder: more than 128 distinct non-ASCII characters");
        this.codes.set(ch, code);
      }
      return code;
    });
    return `<${Buffer.from(bytes).toString("hex")}>`;
  }

  /** The font dictionary's /Encoding (glyph names for the new codes) and its ToUnicode CMap. */
  objects(): { encoding: string; toUnicode: Buffer } {
    const entries = [...this.codes];
    const names = entries.map(([ch, code]) => `${code} /uni${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`).join(" ");
    const utf16 = (s: string) => Buffer.from(s, "utf16le").swap16().toString("hex").toUpperCase();
    const ranges = [`<20> <7E> <0020>`];
    const chars = entries.map(([ch, code]) => `<${code.toString(16).toUpperCase()}> <${utf16(ch)}>`);
    const cmap = [
      "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
      "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def",
      "1 begincodespacerange <00> <FF> endcodespacerange",
      `1 beginbfrange ${ranges.join(" ")} endbfrange`,
      chars.length ? `${chars.length} beginbfchar ${chars.join(" ")} endbfchar` : "",
      "endcmap CMapName currentdict /CMap defineresource pop end end",
    ].join("\n");
    return { encoding: `<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [${names}] >>`, toUnicode: Buffer.from(cmap, "latin1") };
  }
}

function runsOf(runs: (PdfRun | string)[], height: number, font: UnicodeFont): string[] {
  const ops: string[] = [];
  let y = height - 72;
  for (const item of runs) {
    const run: PdfRun = typeof item === "string" ? { text: item } : item;
    const size = run.size ?? 11;
    const x = run.x ?? 72;
    const at = run.y ?? y;
    y = at - size * 1.3;
    const [r, g, b] = run.rgb ?? [0, 0, 0];
    ops.push(`BT /F1 ${size} Tf ${r} ${g} ${b} rg ${run.invisible ? 3 : 0} Tr 1 0 0 1 ${x} ${at} Tm ${font.encode(run.text)} Tj ET`);
  }
  return ops;
}

function contentOf(page: PdfPageSpec, font: UnicodeFont): string {
  const [, height] = page.size ?? [612, 792];
  const ops: string[] = [];
  if (page.image) ops.push(`q ${page.size?.[0] ?? 612} 0 0 ${height} 0 0 cm /Im1 Do Q`);
  ops.push(...runsOf(page.text ?? [], height, font));
  if (page.raw) ops.push(page.raw);
  if (page.form) ops.push("q /Fm1 Do Q");
  return ops.join("\n");
}

/** The PDF for `spec`. */
export function makePdf(spec: PdfSpec): Uint8Array {
  const font = new UnicodeFont();
  const contents = spec.pages.map((p) => contentOf(p, font));
  const forms = spec.pages.map((p) => (p.form ? runsOf(p.form, p.size?.[1] ?? 792, font).join("\n") : null));
  const { encoding, toUnicode } = font.objects();
  // 1 catalog, 2 pages, 3 font, 4 encoding, 5 ToUnicode, 6 image, then page + content per page.
  const objects: PdfObject[] = [
    { dict: "<< /Type /Catalog /Pages 2 0 R >>" },
    { dict: `<< /Type /Pages /Kids [${spec.pages.map((_, i) => `${7 + 2 * i} 0 R`).join(" ")}] /Count ${spec.pages.length} >>` },
    { dict: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding 4 0 R /ToUnicode 5 0 R >>" },
    { dict: encoding },
    { dict: "<< >>", stream: toUnicode },
    { dict: "<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceGray /BitsPerComponent 8 >>", stream: Buffer.alloc(64, 0x7f) },
  ];
  // Form XObjects follow the pages, in page order.
  let formNumber = 7 + 2 * spec.pages.length;
  const formRefs = forms.map((f) => (f === null ? null : formNumber++));
  spec.pages.forEach((p, i) => {
    const [w, h] = p.size ?? [612, 792];
    const form = formRefs[i] ? ` /Fm1 ${formRefs[i]} 0 R` : "";
    objects.push({
      dict: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Contents ${8 + 2 * i} 0 R /Resources << /Font << /F1 3 0 R >> /XObject << /Im1 6 0 R${form} >> >> >>`,
    });
    const raw = Buffer.from(contents[i]!, "latin1");
    objects.push(p.compress ? { dict: "<< /Filter /FlateDecode >>", stream: deflateSync(raw) } : { dict: "<< >>", stream: raw });
  });
  spec.pages.forEach((p, i) => {
    const [w, h] = p.size ?? [612, 792];
    if (forms[i] !== null)
      objects.push({
        dict: `<< /Type /XObject /Subtype /Form /BBox [0 0 ${w} ${h}] /Resources << /Font << /F1 3 0 R >> >> >>`,
        stream: Buffer.from(forms[i]!, "latin1"),
      });
  });
  return writeObjects(objects, spec.encrypt);
}

function writeObjects(objects: PdfObject[], encrypt: PdfSpec["encrypt"]): Uint8Array {
  const id = md5(Buffer.from(`daryaft-test-${objects.length}`));
  let fileKey: Buffer | null = null;
  let trailerExtra = "";
  if (encrypt) {
    const P = -3904;
    const o = rc4(md5(padded(encrypt.ownerPassword)).subarray(0, 5), padded(encrypt.userPassword));
    const p = Buffer.alloc(4);
    p.writeInt32LE(P);
    fileKey = md5(padded(encrypt.userPassword), o, p, id).subarray(0, 5);
    const u = rc4(fileKey, PAD);
    objects = [...objects, { dict: `<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${o.toString("hex")}> /U <${u.toString("hex")}> /P ${P} >>` }];
    trailerExtra = ` /Encrypt ${objects.length} 0 R`;
  }
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  objects.forEach((obj, i) => {
    offsets.push(length);
    const num = i + 1;
    let stream = obj.stream;
    // Every stream is encrypted with its object's key (the encryption dictionary itself is not).
    if (stream && fileKey) {
      const objKey = md5(fileKey, Buffer.from([num & 255, (num >> 8) & 255, (num >> 16) & 255, 0, 0])).subarray(0, 10);
      stream = rc4(objKey, stream);
    }
    const dict = stream ? obj.dict.replace(/>>\s*$/, ` /Length ${stream.length} >>`) : obj.dict;
    push(Buffer.from(`${num} 0 obj\n${dict}\n`, "latin1"));
    if (stream) {
      push(Buffer.from("stream\n", "latin1"));
      push(stream);
      push(Buffer.from("\nendstream\n", "latin1"));
    }
    push(Buffer.from("endobj\n", "latin1"));
  });
  const xrefAt = length;
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) xref += `${String(off).padStart(10, "0")} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /ID [<${id.toString("hex")}> <${id.toString("hex")}>]${trailerExtra} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  push(Buffer.from(xref, "latin1"));
  return new Uint8Array(Buffer.concat(parts));
}
