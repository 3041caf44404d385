import { describe, expect, it } from "vitest";
import { docBytes, docxBytes, exeBytes, pdfBytes, plainZipBytes, zip } from "../../../tests/worker/helpers/vip-documents";
import { extensionKind, sniffDocument, zipEntryNames } from "./sniff";

const blob = (b: Uint8Array) => new Blob([b]);

describe("sniffDocument", () => {
  it.each([
    ["a PDF", pdfBytes(), "pdf"],
    ["an OLE Word file", docBytes(), "doc"],
    ["a Word 2007+ zip", docxBytes(), "docx"],
    ["a zip without word/document.xml", plainZipBytes(), null],
    ["a PE executable", exeBytes(), null],
    ["an empty file", new Uint8Array(0), null],
    ["plain text", new TextEncoder().encode("hello world, not a document"), null],
  ] as const)("%s → %s", async (_label, bytes, kind) => {
    expect(await sniffDocument(blob(bytes))).toBe(kind);
  });

  it("reads the central directory, not the local headers: a zip comment and junk before the EOCD still work", async () => {
    const docx = docxBytes();
    // Set a 5-byte comment (EOCD comment length is the last two bytes) and append it.
    const withComment = new Uint8Array(docx.length + 5);
    withComment.set(docx);
    withComment[docx.length - 2] = 5;
    withComment.set(new TextEncoder().encode("hello"), docx.length);
    expect(await zipEntryNames(blob(withComment))).toEqual(["[Content_Types].xml", "_rels/.rels", "word/document.xml"]);
    expect(await sniffDocument(blob(withComment))).toBe("docx");
  });

  it("a name in a local header only (directory truncated) is not trusted", async () => {
    const z = zip({ "word/document.xml": "<w:document/>" });
    const truncated = z.slice(0, z.length - 30);
    expect(await sniffDocument(blob(truncated))).toBeNull();
  });

  it("a directory that points outside the file is refused", async () => {
    const z = zip({ "word/document.xml": "<w:document/>" });
    const bad = z.slice();
    const view = new DataView(bad.buffer);
    view.setUint32(bad.length - 6, 0x7fffffff, true); // central directory offset
    expect(await zipEntryNames(blob(bad))).toBeNull();
  });
});

describe("extensionKind", () => {
  it.each([
    ["paper.docx", "docx"],
    ["PAPER.DOC", "doc"],
    ["thesis.final.pdf", "pdf"],
    ["setup.exe", null],
    ["noext", null],
    ["paper.docx.exe", null],
  ] as const)("%s → %s", (name, kind) => {
    expect(extensionKind(name)).toBe(kind);
  });
});
