import { describe, expect, it } from "vitest";
import {
  docBytes,
  docxBytes,
  docxWithManyEntries,
  docxWithTraversal,
  docxZipBomb,
  pdfBytes,
  pdfHeaderThenHtml,
  pdfWithBadStartxref,
  truncatedPdf,
  zipDeclaring,
} from "../../tests/worker/vip-documents";
import { inspectPdf, inspectZip, safeEntryName, ZIP_LIMITS } from "./document-structure";

const blob = (b: Uint8Array) => new Blob([b]);
const enc = new TextEncoder();

describe("inspectZip", () => {
  it("accepts a real .docx and lists its parts with their sizes", async () => {
    const v = await inspectZip(blob(docxBytes()));
    expect(v.ok && v.entries.map((e) => e.name)).toEqual(["[Content_Types].xml", "_rels/.rels", "word/document.xml"]);
  });

  it("refuses a real 200 MB zip bomb (declared expanded size) and a smaller one by its ratio", async () => {
    const bomb = await docxZipBomb(200);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await inspectZip(blob(bomb))).toEqual({ ok: false, problem: "too_large_expanded" });
    expect(await inspectZip(blob(await docxZipBomb(20)))).toEqual({ ok: false, problem: "compression_ratio" });
  });

  it.each([
    ["../../evil.xml"],
    ["word/../../evil.xml"],
    ["/etc/passwd"],
    ["C:/Windows/evil.dll"],
    ["word\\..\\evil.xml"],
    ["word/./document.xml"],
    ["word/\u0000document.xml"],
  ])("refuses an entry named %j", async (name) => {
    expect(await inspectZip(blob(docxWithTraversal(name)))).toEqual({ ok: false, problem: "unsafe_name" });
  });

  it("refuses too many entries, duplicate names, encrypted entries and ZIP64 markers", async () => {
    expect(await inspectZip(blob(docxWithManyEntries(ZIP_LIMITS.maxEntries + 1)))).toEqual({ ok: false, problem: "too_many_entries" });
    expect(await inspectZip(blob(zipDeclaring([{ name: "word/document.xml" }, { name: "word/document.xml" }])))).toEqual({
      ok: false,
      problem: "duplicate_name",
    });
    const encrypted = zipDeclaring([{ name: "word/document.xml" }]);
    const cd = findSig(encrypted, 0x02014b50);
    encrypted[cd + 8] = 1;
    expect(await inspectZip(blob(encrypted))).toEqual({ ok: false, problem: "encrypted" });
    const zip64 = zipDeclaring([{ name: "word/document.xml" }]);
    new DataView(zip64.buffer).setUint32(findSig(zip64, 0x02014b50) + 24, 0xffffffff, true);
    expect(await inspectZip(blob(zip64))).toEqual({ ok: false, problem: "zip64" });
  });

  it("refuses a directory that points outside the file, and anything that is not a zip", async () => {
    const broken = docxBytes();
    new DataView(broken.buffer).setUint32(broken.length - 6, broken.length * 2, true);
    expect(await inspectZip(blob(broken))).toEqual({ ok: false, problem: "malformed" });
    expect(await inspectZip(blob(docBytes()))).toEqual({ ok: false, problem: "not_zip" });
    expect(await inspectZip(blob(new Uint8Array(0)))).toEqual({ ok: false, problem: "not_zip" });
  });

  it("safe names: ordinary parts pass", () => {
    for (const n of ["word/document.xml", "[Content_Types].xml", "word/media/image1.png", "docProps/core.xml", "a..b/c"]) expect(safeEntryName(n)).toBe(true);
  });
});

describe("inspectPdf", () => {
  it("accepts a complete PDF with a cross-reference table, and one with a cross-reference stream", async () => {
    expect(await inspectPdf(blob(pdfBytes()))).toEqual({ ok: true });
    const head = "%PDF-1.5\n1 0 obj << /Type /Catalog >> endobj\n";
    const stream = `${head}2 0 obj\n<< /Type /XRef /Size 3 /W [1 2 1] /Root 1 0 R /Length 0 >>\nstream\n\nendstream\nendobj\nstartxref\n${head.length}\n%%EOF\n`;
    expect(await inspectPdf(blob(enc.encode(stream)))).toEqual({ ok: true });
  });

  it.each([
    ["%PDF- followed by an HTML page", pdfHeaderThenHtml(), "no_eof"],
    ["a PDF cut off in transit", truncatedPdf(), "no_eof"],
    ["startxref pointing at an object", pdfWithBadStartxref(), "no_xref"],
    ["startxref beyond the file", enc.encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\nstartxref\n99999\n%%EOF\n"), "bad_startxref"],
    ["no startxref", enc.encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"), "no_startxref"],
    ["data after %%EOF", enc.encode(`${new TextDecoder().decode(pdfBytes())}<html></html>`), "no_eof"],
    ["not a PDF", enc.encode("<html>%PDF-1.4 ... %%EOF</html>"), "not_pdf"],
  ] as const)("refuses %s", async (_label, bytes, problem) => {
    expect(await inspectPdf(blob(bytes))).toEqual({ ok: false, problem });
  });

  it("refuses a table without its trailer", async () => {
    const text = new TextDecoder().decode(pdfBytes()).replace("trailer\n", "");
    expect(await inspectPdf(blob(enc.encode(text)))).toEqual({ ok: false, problem: "no_trailer" });
  });
});

function findSig(bytes: Uint8Array, sig: number): number {
  const view = new DataView(bytes.buffer);
  for (let i = 0; i + 4 <= bytes.length; i++) if (view.getUint32(i, true) === sig) return i;
  throw new Error("signature not found");
}
