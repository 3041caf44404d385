/**
 * Every available PDF of a batch as one ZIP, streamed: client-zip writes each file as R2 hands
 * it over (store-only entries, CRC32 computed while the bytes pass, sizes in data descriptors),
 * and each R2 object is opened only when the writer reaches it, so memory stays one chunk deep
 * whatever the batch's size.
 */
import { makeZip } from "client-zip";

type ZipItem = { position: number; fileKey: string; doi: string | null; title: string | null };

/** A file name that is safe in every unzip tool: position, then DOI or title, ASCII only. */
function zipName(item: ZipItem): string {
  const stem = (item.doi ?? item.title ?? "document").normalize("NFD").replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 80) || "document";
  return `${String(item.position + 1).padStart(3, "0")}-${stem}.pdf`;
}

export function zipStream(files: R2Bucket, items: ZipItem[]): ReadableStream<Uint8Array> {
  async function* entries() {
    for (const item of items) {
      const object = await files.get(item.fileKey);
      if (!object) continue; // removed since it was found: leave it out rather than fail the archive
      yield { name: zipName(item), input: object.body, size: object.size, lastModified: object.uploaded };
    }
  }
  return makeZip(entries(), { buffersAreUTF8: true });
}

