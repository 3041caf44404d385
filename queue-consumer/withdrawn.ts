/**
 * Files withdrawn after users' reports or a staff decision (worker/features/file-reports) are never
 * served again by any run of their document: the location each came from is skipped (the run's
 * `tried` set starts with it, a licensed resolver's too), and a body with the same bytes from
 * any other location is refused as it arrives (SHA-256), so a mirror of the wrong file cannot
 * come back. Looked up once per run by job key and DOI; empty for almost every document.
 */
import { sha256HexOfBytes } from "../lib/crypto";
import type { DocumentFetcher } from "./documents";
import { FetchRefused } from "./safe-fetch";

export type Withdrawn = { urls: Set<string>; sha256: Set<string> };

export const noneWithdrawn = (): Withdrawn => ({ urls: new Set(), sha256: new Set() });

/** A document's withdrawn files (bounded: a document with more is an operator's problem, not a loop's). */
export async function loadWithdrawn(db: D1Database, jobKey: string, doi: string | null): Promise<Withdrawn> {
  const { results } = await db
    .prepare("select source_url, sha256 from file_withdrawals where job_key = ?1 or (?2 is not null and doi = ?2) limit 200")
    .bind(jobKey, doi?.toLowerCase() ?? null)
    .all<{ source_url: string | null; sha256: string | null }>();
  const out = noneWithdrawn();
  for (const r of results) {
    if (r.source_url) out.urls.add(r.source_url);
    if (r.sha256) out.sha256.add(r.sha256);
  }
  return out;
}

/** The fetcher, refusing a body whose bytes are a withdrawn file's (no cost when none is withdrawn). */
export function refuseWithdrawn(fetchDoc: DocumentFetcher, withdrawn: Withdrawn): DocumentFetcher {
  if (withdrawn.sha256.size === 0) return fetchDoc;
  return async (url, accept, maxBytes) => {
    const result = await fetchDoc(url, accept, maxBytes);
    if (withdrawn.sha256.has(await sha256HexOfBytes(result.bytes))) {
      result.lease?.release();
      throw new FetchRefused("withdrawn", result.url, "the bytes of a withdrawn file");
    }
    return result;
  };
}
