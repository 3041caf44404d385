/**
 * What a document really is, from its bytes (never from its name): a PDF (`%PDF-` header), an old
 * Word file (OLE compound document signature D0 CF 11 E0 A1 B1 1A E1) or a Word 2007+ file (a zip
 * whose central directory lists `word/document.xml`). The zip is read the way unzip does: find the
 * end-of-central-directory record near the end, then walk the central directory's file headers.
 * Only the tail and the directory are read, so a 20 MB file costs a few kilobytes.
 */
import type { DocumentKind } from "../../../contract/vip";

const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const EOCD_SIG = 0x06054b50;
const CDFH_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
/** The EOCD record is 22 bytes plus a comment of at most 65,535. */
const EOCD_MIN = 22;
const EOCD_SEARCH = EOCD_MIN + 0xffff;
/** A Word file's directory is a few kilobytes; refuse to read absurd ones. */
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;
const MAX_ENTRIES = 20_000;

/** Anything with a size and byte ranges (Blob/File in the Worker, a wrapped Uint8Array in tests). */
export type ByteSource = { size: number; slice(start: number, end: number): Blob };

async function bytesOf(src: ByteSource, start: number, end: number): Promise<Uint8Array> {
  return new Uint8Array(await src.slice(start, end).arrayBuffer());
}

const u16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u32 = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;

/** The file names in a zip's central directory, or null when it is not a well-formed zip. */
export async function zipEntryNames(src: ByteSource): Promise<string[] | null> {
  if (src.size < EOCD_MIN + 4) return null;
  const head = await bytesOf(src, 0, 4);
  if (u32(head, 0) !== LOCAL_SIG) return null;
  const tailStart = Math.max(0, src.size - EOCD_SEARCH);
  const tail = await bytesOf(src, tailStart, src.size);
  let eocd = -1;
  for (let i = tail.length - EOCD_MIN; i >= 0; i--) {
    if (u32(tail, i) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = u16(tail, eocd + 10);
  const dirSize = u32(tail, eocd + 12);
  const dirOffset = u32(tail, eocd + 16);
  // ZIP64 markers (0xFFFF / 0xFFFFFFFF) never occur in a ≤20 MB Word file.
  if (entries === 0 || entries > MAX_ENTRIES || dirSize > MAX_DIRECTORY_BYTES || dirOffset + dirSize > tailStart + eocd) return null;
  const dir = await bytesOf(src, dirOffset, dirOffset + dirSize);
  const names: string[] = [];
  const decoder = new TextDecoder();
  let p = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > dir.length || u32(dir, p) !== CDFH_SIG) return null;
    const nameLen = u16(dir, p + 28);
    const extraLen = u16(dir, p + 30);
    const commentLen = u16(dir, p + 32);
    if (p + 46 + nameLen > dir.length) return null;
    names.push(decoder.decode(dir.subarray(p + 46, p + 46 + nameLen)));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}

/** The document kind of the bytes, or null for anything else (an executable, a plain zip, text...). */
export async function sniffDocument(src: ByteSource): Promise<DocumentKind | null> {
  if (src.size < 8) return null;
  const head = await bytesOf(src, 0, 8);
  if (String.fromCharCode(...head.subarray(0, 5)) === "%PDF-") return "pdf";
  if (OLE_SIGNATURE.every((b, i) => head[i] === b)) return "doc";
  if (u32(head, 0) === LOCAL_SIG) {
    const names = await zipEntryNames(src);
    if (names?.includes("word/document.xml")) return "docx";
  }
  return null;
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
