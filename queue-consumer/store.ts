/**
 * Storing a found (and verified) document: R2 keyed by DOI (doi/<lower-case DOI>.pdf; other
 * identifiers by a hash of the job key), plus its stored_files row with source, licence, access
 * and provenance (how it was verified, its version, the host it came from). The bytes are the one
 * buffered copy the download made; R2 gets them with their length known, nothing is copied here.
 */
import { createDb, schema } from "../db/client";
import type { FileAccess, FoundFile, Verification } from "../contract/jobs/job-state";
import { sha256Hex, sha256HexOfBytes } from "../lib/crypto";

/**
 * The R2 key of a document's file. Once a document's file was withdrawn (file-reports) its key is
 * never reused: the next file gets its bytes' hash in its key, so a signed link to the withdrawn
 * file can never fetch another one.
 */
export async function fileKeyFor(jobKey: string, doi: string | null, format: StoredFormat = "pdf", contentHash?: string): Promise<string> {
  const base = doi ? `doi/${doi.toLowerCase()}` : `job/${(await sha256Hex(jobKey)).slice(0, 40)}`;
  return contentHash ? `${base}.${contentHash.slice(0, 16)}.${format}` : `${base}.${format}`;
}

async function isWithdrawnKey(db: D1Database, key: string): Promise<boolean> {
  return (await db.prepare("select 1 from file_withdrawals where file_key = ?").bind(key).first()) !== null;
}

/** These bytes were withdrawn for this document after the run loaded its exclusions: retried, the next delivery skips them. */
export class WithdrawnBytes extends Error {}

async function isWithdrawnBytes(db: D1Database, sha256: string, jobKey: string, doi: string | null): Promise<boolean> {
  const row = await db
    .prepare("select 1 from file_withdrawals where sha256 = ?1 and (job_key = ?2 or doi = ?3)")
    .bind(sha256, jobKey, doi?.toLowerCase() ?? null)
    .first();
  return row !== null;
}

/** A download name for the file: the DOI with unsafe characters replaced. */
export function downloadNameFor(doi: string | null, fileKey: string, format: StoredFormat = "pdf"): string {
  const base = doi ?? fileKey.replace(/^.*\//, "").replace(/\.(pdf|epub)$/, "");
  return `${base.replace(/[^a-z0-9._-]+/gi, "_").slice(0, 120)}.${format}`;
}

/** What a stored document is: a PDF, or an EPUB (Project Gutenberg's books). */
export type StoredFormat = "pdf" | "epub";
const CONTENT_TYPES: Record<StoredFormat, string> = { pdf: "application/pdf", epub: "application/epub+zip" };

export async function storeDocument(
  env: Pick<Cloudflare.Env, "FILES" | "DB">,
  input: {
    jobKey: string;
    doi: string | null;
    bytes: Uint8Array;
    access: FileAccess;
    source: string;
    license: string | null;
    verification: Verification;
    version: string | null;
    host: string;
    /** The location the bytes came from. */
    url: string;
    now: number;
    format?: StoredFormat | undefined;
  },
): Promise<FoundFile> {
  const format = input.format ?? "pdf";
  const sha256 = await sha256HexOfBytes(input.bytes);
  if (await isWithdrawnBytes(env.DB, sha256, input.jobKey, input.doi)) throw new WithdrawnBytes(`withdrawn bytes ${sha256.slice(0, 16)}`);
  let fileKey = await fileKeyFor(input.jobKey, input.doi, format);
  if (await isWithdrawnKey(env.DB, fileKey)) fileKey = await fileKeyFor(input.jobKey, input.doi, format, sha256);
  await env.FILES.put(fileKey, input.bytes, {
    httpMetadata: { contentType: CONTENT_TYPES[format], contentDisposition: `attachment; filename="${downloadNameFor(input.doi, fileKey, format)}"` },
    customMetadata: {
      access: input.access,
      source: input.source.slice(0, 300),
      license: (input.license ?? "").slice(0, 300),
      jobKey: input.jobKey,
      verification: input.verification,
      version: input.version ?? "",
      host: input.host.slice(0, 200),
    },
  });
  const row = {
    key: fileKey,
    jobKey: input.jobKey,
    contentType: CONTENT_TYPES[format],
    size: input.bytes.byteLength,
    source: input.source,
    license: input.license,
    access: input.access,
    ownerId: null,
    verification: input.verification,
    version: input.version,
    sourceHost: input.host,
    sourceUrl: input.url.slice(0, 2000),
    sha256,
    createdAt: new Date(input.now),
  };
  await createDb(env.DB)
    .insert(schema.storedFiles)
    .values(row)
    .onConflictDoUpdate({
      target: schema.storedFiles.key,
      set: {
        jobKey: row.jobKey,
        size: row.size,
        source: row.source,
        license: row.license,
        access: row.access,
        verification: row.verification,
        version: row.version,
        sourceHost: row.sourceHost,
        sourceUrl: row.sourceUrl,
        sha256: row.sha256,
        createdAt: row.createdAt,
      },
    });
  return {
    fileKey,
    size: row.size,
    access: input.access,
    source: input.source,
    license: input.license,
    verification: input.verification,
    version: input.version,
    host: input.host,
    ...(format === "pdf" ? {} : { format }),
  };
}
