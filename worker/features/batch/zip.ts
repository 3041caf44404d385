/**
 * Every available PDF of a batch as one ZIP, streamed: client-zip writes each file as R2 hands
 * it over (store-only entries, CRC32 computed while the bytes pass, sizes in data descriptors),
 * and each R2 object is opened only when the writer reaches it, so memory stays one chunk deep
 * whatever the batch's size.
 */
import { makeZip } from "client-zip";
import { readableStem } from "../../../lib/citations/slug";

export type ZipItem = { position: number; fileKey: string; doi: string | null; title: string | null; author: string | null; year: string | null };

/**
 * A file name people can read and that is safe in every unzip tool: first author, year and title
 * ("smith-2020-deep-learning-for-sparse-signals.pdf"), ASCII only; the DOI when the work has no
 * Latin title; the list's number when nothing else; a number after it when two would be the same.
 */
export function zipNames(items: readonly ZipItem[]): string[] {
  const used = new Set<string>();
  return items.map((item) => {
    const stem =
      readableStem({ author: item.author, year: item.year, title: item.title }) ||
      (item.doi ?? "")
        .normalize("NFD")
        .replace(/[^A-Za-z0-9._-]+/g, "_")
        .replace(/^_+|_+$/g, "")
        .slice(0, 80) ||
      `document-${item.position + 1}`;
    let name = `${stem}.pdf`;
    for (let n = 2; used.has(name); n++) name = `${stem}-${n}.pdf`;
    used.add(name);
    return name;
  });
}

export function zipStream(files: R2Bucket, items: ZipItem[]): ReadableStream<Uint8Array> {
  const names = zipNames(items);
  async function* entries() {
    for (const [i, item] of items.entries()) {
      const object = await files.get(item.fileKey);
      if (!object) continue; // removed since it was found: leave it out rather than fail the archive
      yield { name: names[i]!, input: object.body, size: object.size, lastModified: object.uploaded };
    }
  }
  return makeZip(entries(), { buffersAreUTF8: true });
}
