/**
 * One-hour edge cache of article searches (Scopus has a weekly quota; Crossref asks for politeness).
 *
 * Cache API (`caches.default`) rather than D1: it is free, expires entries by itself
 * (Cache-Control max-age), costs no D1 write on the hot path, and an identical search in the
 * same data centre is answered without touching D1 or the source. Its limits are acceptable for
 * a one-hour cache: entries are per data centre, and on *.workers.dev hosts `put` is a no-op.
 *
 * The key is a synthetic URL built from the validated request, so "Deep  Learning" and
 * "deep learning", or a Crossref search that differs only in a Scopus-only field, share an entry.
 * Successes and the "no results" answer are cached; failures never are.
 */
import { toLatinDigits } from "../../../lib/digits";
import type { ArticleSearchRequest, ArticleSearchResponse } from "../../../contract/search";
import { NoResultsError } from "./article-search";

const ARTICLE_CACHE_TTL_SECONDS = 3600;
const CACHE_ORIGIN = "https://article-search.cache.daryaft.internal";

const FIELDS_BY_SOURCE = {
  scopus: ["keywords", "page", "count", "year_from", "year_to", "search_type", "search_in", "language", "sort_by", "subject", "type"],
  crossref: ["keywords", "page", "count", "year_from", "year_to", "sort_by", "subject", "type", "publisher"],
} as const satisfies Record<ArticleSearchRequest["search_from"], readonly (keyof ArticleSearchRequest)[]>;

const normalise = (s: string) => toLatinDigits(s).normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();

/** The cache key of a validated request: only the fields the chosen source uses, normalised. */
export function articleCacheKey(req: ArticleSearchRequest): string {
  const params = new URLSearchParams({ source: req.search_from });
  for (const field of FIELDS_BY_SOURCE[req.search_from]) {
    const v = req[field];
    if (v === undefined || v === null) continue;
    params.set(field, typeof v === "string" ? normalise(v) : String(v));
  }
  params.sort();
  return `${CACHE_ORIGIN}/article_search/v1?${params.toString()}`;
}

type Cached = { ok: true; body: ArticleSearchResponse } | { ok: false; noResults: true };

/**
 * The cached answer for `key`, or `compute()` stored for an hour. `defer` lets the route hand the
 * write to waitUntil so the user does not wait for it.
 */
export async function cachedArticleSearch(
  cache: Cache | undefined,
  key: string,
  compute: () => Promise<ArticleSearchResponse>,
  defer: (p: Promise<unknown>) => void = (p) => void p,
): Promise<{ body: ArticleSearchResponse; hit: boolean }> {
  const hit = await cache?.match(key);
  if (hit) {
    const cached = (await hit.json()) as Cached;
    if (cached.ok) return { body: cached.body, hit: true };
    throw new NoResultsError();
  }
  const store = (value: Cached) => {
    if (!cache) return;
    const res = new Response(JSON.stringify(value), {
      headers: { "content-type": "application/json", "cache-control": `public, max-age=${ARTICLE_CACHE_TTL_SECONDS}` },
    });
    defer(cache.put(key, res).catch(() => undefined));
  };
  try {
    const body = await compute();
    store({ ok: true, body });
    return { body, hit: false };
  } catch (err) {
    if (err instanceof NoResultsError) store({ ok: false, noResults: true });
    throw err;
  }
}
