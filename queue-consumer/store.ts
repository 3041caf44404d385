/**
 * Storing a found (and verified) document: R2 keyed by DOI (doi/<lower-case DOI>.pdf; other
 * identifiers by a hash of the job key), plus its stored_files row with source, licence, access
 * and provenance (how it was verified, its version, the host it came from). The bytes are the one
 * buffered copy the download made; R2 gets them with their length known, nothing is copied here.
 */
import { createDb, schema } from "../db/client";
import type { FileAccess, FoundFile, Verification } from "../contract/jobs/job-state";
import { sha256Hex } from "../lib/crypto";

export async function fileKeyFor(jobKey: string, doi: string | null, format: StoredFormat = "pdf"): Promise<string> {
  if (doi) return `doi/${doi.toLowerCase()}.${format}`;
  return `job/${(await sha256Hex(jobKey)).slice(0, 40)}.${format}`;
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
    now: number;
    format?: StoredFormat | undefined;
  },
): Promise<FoundFile> {
  const format = input.format ?? "pdf";
  const fileKey = await fileKeyFor(input.jobKey, input.doi, format);
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
        createdAt: row.createdAt,
      },
    });
  return { fileKey, size: row.size, access: input.access, source: input.source, license: input.license, verification: input.verification, version: input.version, host: input.host, ...(format === "pdf" ? {} : { format }) };
}
