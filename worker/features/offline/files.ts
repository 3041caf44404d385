/**
 * Delivered files: PDFs in R2 under random keys, handed out through signed, expiring links bound to
 * the viewer. The signature covers the request, the stored file, the viewer's user id and the expiry,
 * so a link works only in its owner's session, only until it expires, and only for the file that was
 * delivered when it was made (a re-delivery invalidates old links).
 */
import { MAX_OFFLINE_FILE_BYTES } from "../../../contract/offline";
import { hmacHex, randomToken, timingSafeEqualStrings } from "../../lib/crypto";

/** How long a download link stays valid; the request pages make a fresh one on every load. */
export const FILE_LINK_TTL_MS = 60 * 60 * 1000;

export type FileLinkClaims = { requestId: string; fileKey: string; viewerId: string; expiresAt: number };

function payload(c: FileLinkClaims): string {
  return `offline-file\n${c.requestId}\n${c.fileKey}\n${c.viewerId}\n${c.expiresAt}`;
}

/** A path (relative to the site) that downloads the file for `viewerId` until `expiresAt`. */
export async function signFileLink(secret: string, claims: FileLinkClaims): Promise<string> {
  const sig = await hmacHex(secret, payload(claims));
  return `/offline/file/${encodeURIComponent(claims.requestId)}?exp=${claims.expiresAt}&sig=${sig}`;
}

export type LinkCheck = "ok" | "expired" | "invalid";

/** Checks a link's signature for the viewer in session; expiry is checked after the signature. */
export async function checkFileLink(secret: string, claims: FileLinkClaims, sig: string, now: number): Promise<LinkCheck> {
  const expected = await hmacHex(secret, payload(claims));
  if (!timingSafeEqualStrings(expected, sig)) return "invalid";
  return claims.expiresAt > now ? "ok" : "expired";
}

/** `%PDF-` at the start: what every PDF reader checks first. */
export async function isPdf(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  return head.length === 5 && String.fromCharCode(...head) === "%PDF-";
}

/** The name shown and offered on download: a PDF name without path parts or control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim().slice(0, 150);
  if (!cleaned) return "document.pdf";
  return /\.pdf$/i.test(cleaned) ? cleaned : `${cleaned}.pdf`;
}

export async function storePdf(bucket: R2Bucket, file: Blob, meta: { requestId: string; uploadedBy: string }): Promise<{ key: string; size: number }> {
  if (file.size > MAX_OFFLINE_FILE_BYTES) throw new RangeError("file too large");
  const key = `offline/${randomToken(24)}.pdf`;
  await bucket.put(key, file, {
    httpMetadata: { contentType: "application/pdf" },
    customMetadata: { requestId: meta.requestId, uploadedBy: meta.uploadedBy },
  });
  return { key, size: file.size };
}

/** The stored file as a download response, or null when the object is gone. */
export async function pdfResponse(bucket: R2Bucket, key: string, fileName: string): Promise<Response | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_");
  return new Response(object.body, {
    headers: {
      "content-type": "application/pdf",
      "content-length": String(object.size),
      "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
