/**
 * Structural checks of uploaded documents, read the way their own readers do, before anything is
 * accepted (a file must not be judged by its first bytes only).
 *
 * Zip (Word 2007+): the end-of-central-directory record near the end, then every central-directory
 * header. Refused: more entries than a document has, a total declared expanded size or a per-entry
 * compression ratio of a zip bomb, ZIP64 or encrypted entries, entry names that could escape a
 * folder (`..`, absolute, drive letters, backslashes, control characters), duplicate names, and
 * directories that do not add up. Only the tail and the directory are read (a few kilobytes).
 *
 * PDF: `%PDF-1.x` at the start, `%%EOF` near the end, the last `startxref` pointing inside the file
 * at a cross-reference table (`xref`, with a `trailer` before `startxref`) or a cross-reference
 * stream (`n g obj << … /Type /XRef … >>`). `%PDF-` followed by an HTML page has none of these.
 *
 * Pure: no Worker APIs beyond Blob slicing, so it is unit-tested with byte arrays.
 */

/** Anything with a size and byte ranges (Blob/File in the Worker, a wrapped Uint8Array in tests). */
export type ByteSource = { size: number; slice(start: number, end: number): Blob };

export const ZIP_LIMITS = {
  /** A Word document has tens to a few hundred parts. */
  maxEntries: 2_000,
  /** Sum of the declared uncompressed sizes. */
  maxExpandedBytes: 100 * 1024 * 1024,
  /** Deflate reaches ~1,000:1 on crafted input; XML parts of real documents stay far below 100:1. */
  maxRatio: 100,
  /** Ratios are only judged on entries at least this big (tiny parts compress oddly). */
  ratioFloorBytes: 1024 * 1024,
  maxDirectoryBytes: 4 * 1024 * 1024,
};

type ZipProblem =
  | "not_zip"
  | "too_many_entries"
  | "too_large_expanded"
  | "compression_ratio"
  | "unsafe_name"
  | "duplicate_name"
  | "zip64"
  | "encrypted"
  | "malformed";
type ZipEntry = { name: string; compressedSize: number; uncompressedSize: number };
type ZipVerdict = { ok: true; entries: ZipEntry[] } | { ok: false; problem: ZipProblem };

type PdfProblem = "not_pdf" | "no_eof" | "no_startxref" | "bad_startxref" | "no_xref" | "no_trailer";
type PdfVerdict = { ok: true } | { ok: false; problem: PdfProblem };

const EOCD_SIG = 0x06054b50;
const CDFH_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const EOCD_MIN = 22;
const EOCD_SEARCH = EOCD_MIN + 0xffff;

export async function bytesOf(src: ByteSource, start: number, end: number): Promise<Uint8Array> {
  return new Uint8Array(await src.slice(Math.max(0, start), Math.min(src.size, end)).arrayBuffer());
}

const u16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u32 = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;

/** A zip entry name that stays inside the folder it is extracted to. */
export function safeEntryName(name: string): boolean {
  if (!name || name.length > 512) return false;
  if (/[\u0000-\u001f\u007f\\]/.test(name)) return false;
  if (name.startsWith("/") || /^[a-z]:/i.test(name)) return false;
  return !name.split("/").some((part) => part === ".." || part === ".");
}

export async function inspectZip(src: ByteSource, limits = ZIP_LIMITS): Promise<ZipVerdict> {
  const bad = (problem: ZipProblem): ZipVerdict => ({ ok: false, problem });
  if (src.size < EOCD_MIN + 4) return bad("not_zip");
  if (u32(await bytesOf(src, 0, 4), 0) !== LOCAL_SIG) return bad("not_zip");
  const tailStart = Math.max(0, src.size - EOCD_SEARCH);
  const tail = await bytesOf(src, tailStart, src.size);
  let eocd = -1;
  for (let i = tail.length - EOCD_MIN; i >= 0; i--) {
    if (u32(tail, i) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return bad("not_zip");
  const entriesHere = u16(tail, eocd + 8);
  const count = u16(tail, eocd + 10);
  const dirSize = u32(tail, eocd + 12);
  const dirOffset = u32(tail, eocd + 16);
  if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) return bad("zip64");
  if (count > limits.maxEntries) return bad("too_many_entries");
  if (count === 0 || entriesHere !== count || dirSize > limits.maxDirectoryBytes || dirOffset + dirSize > tailStart + eocd) return bad("malformed");
  const dir = await bytesOf(src, dirOffset, dirOffset + dirSize);
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  const seen = new Set<string>();
  let expanded = 0;
  let compressedTotal = 0;
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > dir.length || u32(dir, p) !== CDFH_SIG) return bad("malformed");
    const flags = u16(dir, p + 8);
    const compressedSize = u32(dir, p + 20);
    const uncompressedSize = u32(dir, p + 24);
    const nameLen = u16(dir, p + 28);
    const extraLen = u16(dir, p + 30);
    const commentLen = u16(dir, p + 32);
    const localOffset = u32(dir, p + 42);
    if (p + 46 + nameLen > dir.length) return bad("malformed");
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localOffset === 0xffffffff) return bad("zip64");
    if (flags & 0x1) return bad("encrypted");
    const name = decoder.decode(dir.subarray(p + 46, p + 46 + nameLen));
    if (!safeEntryName(name)) return bad("unsafe_name");
    if (seen.has(name)) return bad("duplicate_name");
    seen.add(name);
    if (localOffset >= dirOffset) return bad("malformed");
    expanded += uncompressedSize;
    compressedTotal += compressedSize;
    if (expanded > limits.maxExpandedBytes) return bad("too_large_expanded");
    if (uncompressedSize >= limits.ratioFloorBytes && uncompressedSize > limits.maxRatio * Math.max(1, compressedSize)) return bad("compression_ratio");
    entries.push({ name, compressedSize, uncompressedSize });
    p += 46 + nameLen + extraLen + commentLen;
  }
  // The entries' data must fit before the directory.
  if (compressedTotal > dirOffset) return bad("malformed");
  return { ok: true, entries };
}

const PDF_TAIL_BYTES = 16 * 1024;
const latin1 = (b: Uint8Array) => String.fromCharCode(...b);

function latin1Chunked(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i < b.length; i += 8192) s += latin1(b.subarray(i, i + 8192));
  return s;
}

export async function inspectPdf(src: ByteSource): Promise<PdfVerdict> {
  const bad = (problem: PdfProblem): PdfVerdict => ({ ok: false, problem });
  if (src.size < 32) return bad("not_pdf");
  if (!/^%PDF-[12]\.\d/.test(latin1(await bytesOf(src, 0, 8)))) return bad("not_pdf");
  const tailStart = Math.max(0, src.size - PDF_TAIL_BYTES);
  const tail = latin1Chunked(await bytesOf(src, tailStart, src.size));
  // Readers look for %%EOF within the last kilobyte; only whitespace (or nothing) may follow it.
  const eof = tail.lastIndexOf("%%EOF");
  if (eof < 0 || tail.length - eof > 1024 || !/^%%EOF[\s\0]*$/.test(tail.slice(eof))) return bad("no_eof");
  const sx = tail.lastIndexOf("startxref", eof);
  if (sx < 0) return bad("no_startxref");
  const m = /^startxref\s+(\d{1,12})\s+$/.exec(tail.slice(sx, eof));
  if (!m) return bad("bad_startxref");
  const offset = Number(m[1]);
  const startxrefAt = tailStart + sx;
  if (offset < 9 || offset >= startxrefAt) return bad("bad_startxref");
  const at = latin1(await bytesOf(src, offset, offset + 1024));
  if (/^xref\s/.test(at)) {
    // A classic table: its trailer dictionary sits between the table and startxref.
    const before = tail.slice(0, sx);
    const trailer = before.lastIndexOf("trailer");
    if (trailer < 0 || tailStart + trailer < offset || !/^trailer\s*<</.test(before.slice(trailer))) return bad("no_trailer");
    return { ok: true };
  }
  // A cross-reference stream: an indirect object whose dictionary says /Type /XRef.
  if (/^\d{1,10}\s+\d{1,5}\s+obj\s*<<[\s\S]*?\/Type\s*\/XRef\b/.test(at)) return { ok: true };
  return bad("no_xref");
}
