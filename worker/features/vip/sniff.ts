/**
 * What a document really is, from its bytes (never from its name): a PDF (`%PDF-` header), an old
 * Word file (OLE compound document signature D0 CF 11 E0 A1 B1 1A E1) or a Word 2007+ file (a zip
 * whose central directory lists `word/document.xml`), each with its structure checked before it is
 * believed (worker/lib/document-structure.ts). Only the head, the tail and the zip directory are
 * read, so a 20 MB file costs a few kilobytes.
 */
import type { DocumentKind } from "../../../contract/vip";
import { bytesOf, inspectPdf, inspectZip, type ByteSource } from "../../lib/document-structure";

export type { ByteSource };

const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The file names in a zip's central directory, or null when it is not a well-formed, safe zip. */
export async function zipEntryNames(src: ByteSource): Promise<string[] | null> {
  const z = await inspectZip(src);
  return z.ok ? z.entries.map((e) => e.name) : null;
}

/**
 * What the bytes are, with their structure checked (worker/lib/document-structure.ts): `damaged`
 * when they start like a PDF or a zip but fail the check (a zip bomb, `../` entries, `%PDF-` then
 * HTML...), so the user is told the file itself is the problem.
 */
export async function examineDocument(src: ByteSource): Promise<{ kind: DocumentKind | null; damaged: boolean }> {
  if (src.size < 8) return { kind: null, damaged: false };
  const head = await bytesOf(src, 0, 8);
  if (String.fromCharCode(...head.subarray(0, 5)) === "%PDF-")
    return (await inspectPdf(src)).ok ? { kind: "pdf", damaged: false } : { kind: null, damaged: true };
  if (OLE_SIGNATURE.every((b, i) => head[i] === b)) return { kind: "doc", damaged: false };
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
    const z = await inspectZip(src);
    if (!z.ok) return { kind: null, damaged: z.problem !== "not_zip" };
    return { kind: z.entries.some((e) => e.name === "word/document.xml") ? "docx" : null, damaged: false };
  }
  return { kind: null, damaged: false };
}

/** The document kind of the bytes, or null for anything else (an executable, a plain zip, text, a damaged or hostile file). */
export async function sniffDocument(src: ByteSource): Promise<DocumentKind | null> {
  return (await examineDocument(src)).kind;
}

/** The kind a file name claims by its extension. */
export function extensionKind(fileName: string): DocumentKind | null {
  const m = /\.([a-z0-9]{1,5})$/i.exec(fileName.trim());
  const ext = m?.[1]?.toLowerCase();
  return ext === "pdf" || ext === "doc" || ext === "docx" ? ext : null;
}

/** The stored content type of each kind: documents only, never anything a browser would run. */
export const CONTENT_TYPES: Record<DocumentKind, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};
