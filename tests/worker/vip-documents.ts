/**
 * Real small documents for the upload tests, built byte by byte the way the formats define them:
 * a Word 2007+ file (an OPC zip with [Content_Types].xml, _rels/.rels and word/document.xml, CRC-32
 * and a central directory), an old Word file (an OLE compound file: header, FAT sector, directory
 * with Root Entry and WordDocument), a PDF, and the impostors (a plain zip, a PE executable).
 * Pure (no Worker imports), so the browser tests use them too.
 */
const enc = new TextEncoder();

function crc32(bytes: Uint8Array): number {
  let c = ~0 >>> 0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function le(n: number, size: 2 | 4): number[] {
  return size === 2 ? [n & 0xff, (n >>> 8) & 0xff] : [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
}

/** A zip of stored (uncompressed) entries with a proper central directory. */
export function zip(entries: Record<string, string>): Uint8Array {
  const local: number[] = [];
  const central: number[] = [];
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = [...enc.encode(name)];
    const data = enc.encode(text);
    const crc = crc32(data);
    const offset = local.length;
    local.push(
      ...le(0x04034b50, 4),
      ...le(20, 2),
      ...le(0, 2),
      ...le(0, 2),
      ...le(0, 2),
      ...le(0, 2),
      ...le(crc, 4),
      ...le(data.length, 4),
      ...le(data.length, 4),
      ...le(nameBytes.length, 2),
      ...le(0, 2),
      ...nameBytes,
      ...data,
    );
    central.push(
      ...le(0x02014b50, 4),
      ...le(20, 2),
      ...le(20, 2),
      ...le(0, 2),
      ...le(0, 2),
      ...le(0, 2),
      ...le(0, 2),
      ...le(crc, 4),
      ...le(data.length, 4),
      ...le(data.length, 4),
      ...le(nameBytes.length, 2),
      ...le(0, 2),
      ...le(0, 2),
      ...le(0, 2),
      ...le(0, 2),
      ...le(0, 4),
      ...le(offset, 4),
      ...nameBytes,
    );
  }
  const count = Object.keys(entries).length;
  const end = [...le(0x06054b50, 4), ...le(0, 2), ...le(0, 2), ...le(count, 2), ...le(count, 2), ...le(central.length, 4), ...le(local.length, 4), ...le(0, 2)];
  return new Uint8Array([...local, ...central, ...end]);
}

const CONTENT_TYPES_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const documentXml = (text: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`;

/** A minimal but complete .docx (Word opens it). */
export function docxBytes(text = "This sentence need a grammar check."): Uint8Array {
  return zip({ "[Content_Types].xml": CONTENT_TYPES_XML, "_rels/.rels": RELS_XML, "word/document.xml": documentXml(text) });
}

/** A zip that is not a Word document (no word/document.xml). */
export function plainZipBytes(): Uint8Array {
  return zip({ "[Content_Types].xml": CONTENT_TYPES_XML, "notes/readme.txt": "just a zip", "xl/workbook.xml": "<workbook/>" });
}

/** An OLE compound file (version 3, 512-byte sectors) with a Root Entry and a WordDocument stream. */
export function docBytes(): Uint8Array {
  const sector = 512;
  const out = new Uint8Array(sector * 3);
  const view = new DataView(out.buffer);
  out.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  view.setUint16(0x18, 0x003e, true); // minor version
  view.setUint16(0x1a, 0x0003, true); // major version 3
  view.setUint16(0x1c, 0xfffe, true); // byte order
  view.setUint16(0x1e, 9, true); // sector shift (512)
  view.setUint16(0x20, 6, true); // mini sector shift (64)
  view.setUint32(0x2c, 1, true); // FAT sectors
  view.setUint32(0x30, 1, true); // first directory sector
  view.setUint32(0x38, 4096, true); // mini stream cutoff
  view.setUint32(0x3c, 0xfffffffe, true); // no mini FAT
  view.setUint32(0x44, 0xfffffffe, true); // no DIFAT sectors
  view.setUint32(0x4c, 0, true); // DIFAT[0] = FAT at sector 0
  for (let i = 1; i < 109; i++) view.setUint32(0x4c + i * 4, 0xffffffff, true);
  // Sector 0 (file offset 512): the FAT. Entry 0 = FAT sector, 1 = directory (end of chain).
  const fat = sector;
  for (let i = 0; i < 128; i++) view.setUint32(fat + i * 4, 0xffffffff, true);
  view.setUint32(fat, 0xfffffffd, true);
  view.setUint32(fat + 4, 0xfffffffe, true);
  // Sector 1 (file offset 1024): directory entries of 128 bytes.
  const dir = sector * 2;
  const entry = (i: number, name: string, type: number, child: number) => {
    const at = dir + i * 128;
    for (let k = 0; k < name.length; k++) view.setUint16(at + k * 2, name.charCodeAt(k), true);
    view.setUint16(at + 0x40, (name.length + 1) * 2, true);
    out[at + 0x42] = type;
    out[at + 0x43] = 1; // black
    view.setUint32(at + 0x44, 0xffffffff, true);
    view.setUint32(at + 0x48, 0xffffffff, true);
    view.setUint32(at + 0x4c, child, true);
    view.setUint32(at + 0x74, 0xfffffffe, true);
  };
  entry(0, "Root Entry", 5, 1);
  entry(1, "WordDocument", 2, 0xffffffff);
  for (let i = 2; i < 4; i++) view.setUint32(dir + i * 128 + 0x44, 0xffffffff, true);
  return out;
}

/** A small but complete PDF: header, objects, a cross-reference table with true offsets, trailer, startxref, %%EOF. */
export function pdfBytes(label = "report"): Uint8Array {
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>"];
  let out = `%PDF-1.4\n% ${label.replace(/[^\x20-\x7e]/g, "?")}\n`;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return enc.encode(out);
}

/** `%PDF-` followed by a web page: what a misconfigured server or an attacker sends. */
export function pdfHeaderThenHtml(): Uint8Array {
  return enc.encode(`%PDF-1.4\n<!doctype html><html><body><script>alert(1)</script>${"<p>not a pdf</p>".repeat(50)}</body></html>\n`);
}

/** A real PDF cut off in transit (no cross-reference table, no %%EOF). */
export function truncatedPdf(): Uint8Array {
  const whole = pdfBytes("cut");
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/** A PDF whose startxref points at an object, not at a cross-reference section. */
export function pdfWithBadStartxref(): Uint8Array {
  const text = new TextDecoder().decode(pdfBytes("bad xref"));
  return enc.encode(text.replace(/startxref\n\d+/, "startxref\n9"));
}

/**
 * A .docx-shaped zip whose central directory declares what `entries` say, with `data` bytes stored
 * for each: for names that escape the folder, many entries, or a declared size far beyond the data.
 */
export function zipDeclaring(entries: { name: string; data?: Uint8Array; declaredSize?: number; method?: number }[]): Uint8Array {
  const local: number[] = [];
  const central: number[] = [];
  for (const e of entries) {
    const nameBytes = [...enc.encode(e.name)];
    const data = e.data ?? enc.encode("<x/>");
    const size = e.declaredSize ?? data.length;
    const method = e.method ?? 0;
    const crc = e.declaredSize === undefined ? crc32(data) : 0;
    const offset = local.length;
    local.push(
      ...le(0x04034b50, 4),
      ...le(20, 2),
      ...le(0, 2),
      ...le(method, 2),
      ...le(0, 2),
      ...le(0, 2),
      ...le(crc, 4),
      ...le(data.length, 4),
      ...le(size, 4),
      ...le(nameBytes.length, 2),
      ...le(0, 2),
      ...nameBytes,
    );
    for (const b of data) local.push(b);
    central.push(
      ...le(0x02014b50, 4),
      ...le(20, 2),
      ...le(20, 2),
      ...le(0, 2),
      ...le(method, 2),
      ...le(0, 2),
      ...le(0, 2),
      ...le(crc, 4),
      ...le(data.length, 4),
      ...le(size, 4),
      ...le(nameBytes.length, 2),
      ...le(0, 2),
      ...le(0, 2),
      ...le(0, 2),
      ...le(0, 2),
      ...le(0, 4),
      ...le(offset, 4),
      ...nameBytes,
    );
  }
  const end = [
    ...le(0x06054b50, 4),
    ...le(0, 2),
    ...le(0, 2),
    ...le(entries.length, 2),
    ...le(entries.length, 2),
    ...le(central.length, 4),
    ...le(local.length, 4),
    ...le(0, 2),
  ];
  return new Uint8Array([...local, ...central, ...end]);
}

const wordParts = () => [
  { name: "[Content_Types].xml", data: enc.encode(CONTENT_TYPES_XML) },
  { name: "_rels/.rels", data: enc.encode(RELS_XML) },
  { name: "word/document.xml", data: enc.encode(documentXml("x")) },
];

/** A .docx with a `../` entry (would be written outside the folder it is unpacked into). */
export function docxWithTraversal(name = "../../evil.xml"): Uint8Array {
  return zipDeclaring([...wordParts(), { name, data: enc.encode("<evil/>") }]);
}

/** A .docx with thousands of entries. */
export function docxWithManyEntries(n = 3_000): Uint8Array {
  return zipDeclaring([...wordParts(), ...Array.from({ length: n }, (_, i) => ({ name: `word/media/p${i}.xml` }))]);
}

/**
 * A real zip bomb named like a Word document: word/document.xml plus an entry of `megabytes` MB of
 * zeros, deflated for real (CompressionStream, fed 1 MB at a time, so the test never holds it all):
 * about a thousandth of its expanded size on disk.
 */
export async function docxZipBomb(megabytes = 200): Promise<Uint8Array> {
  const cs = new CompressionStream("deflate-raw");
  const writer = cs.writable.getWriter();
  const chunks: Uint8Array[] = [];
  const reading = (async () => {
    const reader = cs.readable.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
  })();
  const zeros = new Uint8Array(1024 * 1024);
  for (let i = 0; i < megabytes; i++) await writer.write(zeros);
  await writer.close();
  await reading;
  const deflated = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    deflated.set(c, at);
    at += c.length;
  }
  return zipDeclaring([...wordParts(), { name: "word/media/image1.png", data: deflated, declaredSize: megabytes * 1024 * 1024, method: 8 }]);
}

/** The start of a Windows PE executable ("MZ", DOS stub, "PE\0\0"). */
export function exeBytes(): Uint8Array {
  const out = new Uint8Array(256);
  out.set(enc.encode("MZ"), 0);
  new DataView(out.buffer).setUint32(0x3c, 0x80, true);
  out.set(enc.encode("This program cannot be run in DOS mode."), 0x4e);
  out.set(enc.encode("PE\0\0"), 0x80);
  return out;
}
