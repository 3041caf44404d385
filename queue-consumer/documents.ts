/**
 * Trying the locations resolvers found, in order, until one gives the right PDF: fetched safely
 * (queue-consumer/safe-fetch.ts), at most MAX_PDF_BYTES, starting with "%PDF-" and ending with
 * "%%EOF" (whole, not cut off in transit), and verified from the text of its first pages
 * (verify.ts): a PDF of another paper is recorded as `mismatch` and the next location tried.
 * A location that answers HTML is read as a landing page and followed once to its citation_pdf_url.
 * Within one source, published versions are tried before manuscripts.
 */
import { isUpstreamError, type FetchFn } from "../clients/http";
import { startsWithPdfMagic } from "../clients/elsevier";
import { readLandingPage } from "./landing";
import { hostBudget } from "../clients/limiters";
import type { Priority } from "../contract/budget";
import { DEADLINES, MAX_LANDING_BYTES, MAX_PDF_BYTES } from "./limits";
import type { LeaseScope } from "./memory";
import { checkPdfText } from "./check-pdf";
import { FetchRefused, safeFetch, type SafeFetchResult } from "./safe-fetch";
import type { Expectation, Verification } from "./verify";
import type { ActivitySink } from "./chain";

export const PDF_TYPES = ["application/pdf", "application/x-pdf", "application/octet-stream", "binary/octet-stream", "application/download", ""] as const;
export const HTML_TYPES = ["text/html", "application/xhtml+xml"] as const;

export type Candidate = {
  url: string;
  /** "pdf": said to be the document; "landing": a page that may link to it. */
  kind: "pdf" | "landing";
  /** Shown to the user: where the copy came from. */
  source: string;
  license: string | null;
  /** Unpaywall/OpenAlex version: publishedVersion, acceptedVersion, submittedVersion. */
  version?: string | null | undefined;
  /**
   * Exact by construction: the publisher's own DOI-keyed link (Crossref), PMC by PMCID, arXiv by
   * id, a licensed publisher API. Only these may serve a PDF without a text layer.
   */
  exact?: boolean | undefined;
};

export type PdfHit = {
  bytes: Uint8Array;
  url: string;
  source: string;
  license: string | null;
  verification: Verification;
  version: string | null;
  /** pdf unless said (an EPUB from Project Gutenberg). */
  format?: "pdf" | "epub" | undefined;
};

/** One location's outcome, for the step record. */
export type Attempt = { url: string; outcome: "found" | "rejected" | "mismatch" | "failed"; transient: boolean; detail: string };

export type DocumentFetcher = (url: string, accept: readonly string[], maxBytes: number) => Promise<SafeFetchResult>;

export function createDocumentFetcher(
  env: Pick<Cloudflare.Env, "UPSTREAM_BASE" | "PROVIDER_BUDGET">,
  fetchFn: FetchFn,
  signal: AbortSignal,
  leases?: LeaseScope,
  priority: () => Priority = () => "paste",
  activity?: ActivitySink,
): DocumentFetcher {
  return (url, accept, maxBytes) =>
    safeFetch(url, {
      fetch: fetchFn,
      upstreamBase: env.UPSTREAM_BASE,
      timeoutMs: DEADLINES.document,
      signal,
      maxBytes,
      accept,
      headers: { Accept: "application/pdf, text/html;q=0.5, */*;q=0.1" },
      budgetFor: (host) => hostBudget(env, host, priority(), { timeoutMs: DEADLINES.document }),
      reserve: leases ? (bytes) => leases.reserve(bytes, signal) : undefined,
      // A landing page is not "the file": only a PDF download is shown as one.
      onBody: activity
        ? ({ url, contentType, declared }) => isPdfType(contentType) && activity({ kind: "downloading", host: hostOf(url), bytes: declared })
        : undefined,
    });
}

const isPdfType = (t: string) => (PDF_TYPES as readonly string[]).includes(t);
const hostOf = (url: string) => new URL(url).hostname;

const VERSION_RANK: Record<string, number> = { publishedVersion: 0, acceptedVersion: 1, submittedVersion: 2 };
const versionRank = (v: string | null | undefined) => (v ? (VERSION_RANK[v] ?? 3) : 3);

/** Published first, then accepted, then submitted; otherwise the source's own order. */
export function byVersion(candidates: Candidate[]): Candidate[] {
  return candidates
    .map((c, i) => ({ c, i }))
    .sort((a, b) => versionRank(a.c.version) - versionRank(b.c.version) || a.i - b.i)
    .map((x) => x.c);
}

/**
 * Try `candidates` (published versions first); URLs already in `tried` are skipped (and new ones
 * added). `expect` is what the file must show to be accepted. `activity` hears how many copies
 * there are to try and when a file is being checked.
 */
export async function tryCandidates(
  candidates: Candidate[],
  fetchDoc: DocumentFetcher,
  tried: Set<string>,
  expect: Expectation,
  activity?: ActivitySink,
): Promise<{ hit: PdfHit | null; attempts: Attempt[] }> {
  const attempts: Attempt[] = [];
  const fresh = byVersion(candidates).filter((c) => !tried.has(c.url));
  if (fresh.length) activity?.({ kind: "located", count: fresh.length });
  for (const c of fresh) {
    if (tried.has(c.url)) continue;
    tried.add(c.url);
    const hit = await tryOne(c, fetchDoc, tried, attempts, expect, activity);
    if (hit) return { hit, attempts };
  }
  return { hit: null, attempts };
}

async function tryOne(
  c: Candidate,
  fetchDoc: DocumentFetcher,
  tried: Set<string>,
  attempts: Attempt[],
  expect: Expectation,
  activity?: ActivitySink,
): Promise<PdfHit | null> {
  let first: SafeFetchResult;
  try {
    first = await fetchDoc(c.url, [...PDF_TYPES, ...HTML_TYPES], c.kind === "pdf" ? MAX_PDF_BYTES : MAX_LANDING_BYTES);
  } catch (err) {
    attempts.push(failure(c.url, err));
    return null;
  }
  if (isPdfType(first.contentType)) return asPdf(first, c, attempts, expect, activity);

  // HTML: a landing page (or a "PDF" link that is really one). Follow its citation_pdf_url once.
  const info = await readLandingPage(first.bytes, first.url);
  first.lease?.release();
  if (!info.pdfUrl) {
    attempts.push({ url: c.url, outcome: "rejected", transient: false, detail: "HTML without citation_pdf_url" });
    return null;
  }
  if (tried.has(info.pdfUrl)) return null;
  tried.add(info.pdfUrl);
  try {
    const pdf = await fetchDoc(info.pdfUrl, PDF_TYPES, MAX_PDF_BYTES);
    return asPdf(pdf, c, attempts, expect, activity);
  } catch (err) {
    attempts.push(failure(info.pdfUrl, err));
    return null;
  }
}

/**
 * A PDF ends with an `%%EOF` marker, which readers look for in the last KB. A body cut off in
 * transit (a dropped connection without a Content-Length) starts right but lacks it.
 */
export function hasPdfEnd(bytes: Uint8Array): boolean {
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024));
  for (let i = tail.length - 5; i >= 0; i--) {
    if (tail[i] === 0x25 && tail[i + 1] === 0x25 && tail[i + 2] === 0x45 && tail[i + 3] === 0x4f && tail[i + 4] === 0x46) return true;
  }
  return false;
}

async function asPdf(r: SafeFetchResult, c: Candidate, attempts: Attempt[], expect: Expectation, activity?: ActivitySink): Promise<PdfHit | null> {
  const hit = await judgePdf(r, c, attempts, expect, activity);
  // A refused body leaves the memory budget now, so the next location can be read.
  if (!hit) r.lease?.release();
  return hit;
}

async function judgePdf(r: SafeFetchResult, c: Candidate, attempts: Attempt[], expect: Expectation, activity?: ActivitySink): Promise<PdfHit | null> {
  if (!startsWithPdfMagic(r.bytes)) {
    attempts.push({ url: r.url, outcome: "rejected", transient: false, detail: `not a PDF (${r.contentType || "no type"}, ${r.bytes.length} bytes)` });
    return null;
  }
  if (!hasPdfEnd(r.bytes)) {
    // Retried later: the next transfer may well arrive whole.
    attempts.push({ url: r.url, outcome: "failed", transient: true, detail: `truncated PDF (${r.bytes.length} bytes, no %%EOF)` });
    return null;
  }
  activity?.({ kind: "verifying", host: hostOf(r.url), bytes: r.bytes.length });
  const checked = await checkPdfText(r.bytes, expect, c.exact === true);
  if (!checked.accept) {
    attempts.push({
      url: r.url,
      outcome: checked.reason === "mismatch" ? "mismatch" : "rejected",
      transient: false,
      detail: `${checked.reason}: ${checked.detail}`,
    });
    return null;
  }
  const version = honestVersion(c.version ?? null, checked.pageVersion);
  const relabelled = version !== (c.version ?? null) ? `, the page says ${version} (listed as ${c.version ?? "no version"})` : "";
  attempts.push({
    url: r.url,
    outcome: "found",
    transient: false,
    detail: `${r.bytes.length} bytes, ${checked.verification}${relabelled} (${checked.detail})`,
  });
  return { bytes: r.bytes, url: r.url, source: c.source, license: c.license, verification: checked.verification, version };
}

/**
 * The version shown with a file: the source's label, unless the file itself says it is a preprint
 * or a manuscript where the source called it published (or said nothing): a copy is never
 * labelled better than it shows itself to be.
 */
export function honestVersion(listed: string | null, onPage: "submittedVersion" | "acceptedVersion" | null): string | null {
  if (!onPage) return listed;
  return listed === null || listed === "publishedVersion" ? onPage : listed;
}

function failure(url: string, err: unknown): Attempt {
  if (err instanceof FetchRefused) return { url, outcome: "rejected", transient: false, detail: err.kind };
  if (isUpstreamError(err)) return { url, outcome: "failed", transient: err.retryable, detail: `${err.kind}${err.status ? ` ${err.status}` : ""}` };
  return { url, outcome: "failed", transient: true, detail: String(err).slice(0, 200) };
}
