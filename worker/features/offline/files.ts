/**
 * Delivered files: PDFs (up to 100 MB, structure checked) stored in R2 under random keys. They are handed
 * out through the fetch pipeline's signed links (worker/features/files: /files/<key>?exp&sig), always
 * signed for the viewer's user id; the object is marked so that its route serves it only through such a
 * bound link, never through an anonymous one.
 */
import { MAX_OFFLINE_FILE_BYTES } from "../../../contract/offline";
import { randomToken } from "../../lib/crypto";
import { inspectPdf } from "../../lib/document-structure";

/** A whole PDF, not only its first bytes: header, %%EOF, startxref → xref table/stream (worker/lib/document-structure.ts). */
export async function isPdf(file: Blob): Promise<boolean> {
  return (await inspectPdf(file)).ok;
}

/** The name shown and offered on download: a PDF name without path parts or control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim()
    .slice(0, 150);
  if (!cleaned) return "document.pdf";
  return /\.pdf$/i.test(cleaned) ? cleaned : `${cleaned}.pdf`;
}

/** Content-Disposition with the original (possibly Persian) name and an ASCII fallback. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export async function storePdf(
  bucket: R2Bucket,
  file: Blob,
  meta: { requestId: string; uploadedBy: string; fileName: string },
): Promise<{ key: string; size: number }> {
  if (file.size > MAX_OFFLINE_FILE_BYTES) throw new RangeError("file too large");
  const key = `offline/${randomToken(24)}.pdf`;
  await bucket.put(key, file, {
    httpMetadata: { contentType: "application/pdf", contentDisposition: attachmentHeader(meta.fileName) },
    // "licensed": the files route then serves it only through a link bound to one user.
    customMetadata: { access: "licensed", requestId: meta.requestId, uploadedBy: meta.uploadedBy },
  });
  return { key, size: file.size };
}
