/**
 * The live source of the free thesis search: OpenAlex works of type `dissertation` with an
 * open-access location, used when OPENALEX_API_KEY is set (OpenAlex requires a key
 * since February 2026). Hits are mapped to the spec's thesis fields and merged after the catalogue's
 * (worker/features/search/service.ts); each OpenAlex page is kept an hour in the Cache API so paging
 * back and forth costs OpenAlex nothing. Fields OpenAlex does not give (degree, department) stay empty.
 */
import type { ThesisResult, ThesisSearchRequest } from "../../../contract/search";
import { toLatinDigits } from "../../../lib/digits";
import { OPENALEX_MAX_RESULTS, type OpenAlexClient, type OpenAlexWork } from "../../../clients/openalex";

const OPENALEX_THESES_TTL_SECONDS = 3600;
const CACHE_ORIGIN = "https://openalex-theses.cache.daryaft.internal";

/** The catalogue's language names and OpenAlex's ISO 639-1 codes. */
const LANGUAGE_CODES: Record<string, string> = {
  English: "en",
  German: "de",
  French: "fr",
  Spanish: "es",
  Italian: "it",
  Portuguese: "pt",
  Dutch: "nl",
  Swedish: "sv",
};
const LANGUAGE_NAMES = Object.fromEntries(Object.entries(LANGUAGE_CODES).map(([name, code]) => [code, name]));

export type OpenAlexThesesDeps = { client: OpenAlexClient; cache: Cache | undefined; defer(p: Promise<unknown>): void };
type OpenAlexPage = { count: number; results: ThesisResult[] };

/** OpenAlex cannot filter by department; a search restricted to one is answered by the catalogue alone. */
export function openAlexCanAnswer(req: ThesisSearchRequest): boolean {
  return !req.department && (!req.language || req.language in LANGUAGE_CODES);
}

function filterOf(req: ThesisSearchRequest): Record<string, string | boolean> {
  const f: Record<string, string | boolean> = { type: "dissertation", is_oa: true };
  if (req.language) f["language"] = LANGUAGE_CODES[req.language]!;
  if (req.year_from) f["from_publication_date"] = `${req.year_from}-01-01`;
  if (req.year_to) f["to_publication_date"] = `${req.year_to}-12-31`;
  return f;
}

const SORTS: Record<ThesisSearchRequest["sort_by"], string | undefined> = {
  relevance: undefined,
  newest: "publication_year:desc",
  oldest: "publication_year:asc",
};

/** The spec's thesis fields of an OpenAlex work; null when it has no open-access link to give. */
export function thesisFromWork(w: OpenAlexWork): ThesisResult | null {
  const oa = w.bestOaLocation?.isOa ? w.bestOaLocation : (w.locations.find((l) => l.isOa && (l.pdfUrl || l.landingPageUrl)) ?? null);
  const link = oa?.pdfUrl ?? oa?.landingPageUrl ?? w.openAccess.oaUrl;
  if (!w.title || !link) return null;
  // "https://openalex.org/W2741809807" → -2741809807: negative, so it never equals a catalogue id.
  const numeric = Number(/W(\d+)$/.exec(w.id)?.[1] ?? NaN);
  return {
    id: Number.isSafeInteger(numeric) ? -numeric : -1,
    Title: w.title,
    Author: w.authors.join(", "),
    Degree: "",
    Download_Link: link,
    Abstract: w.abstract ?? "",
    Department: "",
    Language: (w.language && LANGUAGE_NAMES[w.language]) ?? w.language ?? "",
    Year: w.publicationYear,
    University: w.hostInstitution ?? oa?.sourceName ?? null,
    License: oa?.license ?? null,
    Source: "OpenAlex",
  };
}

function cacheKey(req: ThesisSearchRequest, page: number, perPage: number) {
  const keywords = toLatinDigits(req.keywords).normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
  const params = new URLSearchParams({ keywords, sort: req.sort_by, filter: JSON.stringify(filterOf(req)), page: String(page), per: String(perPage) });
  params.sort();
  return `${CACHE_ORIGIN}/v1?${params.toString()}`;
}

/** One OpenAlex page of open dissertations (page numbers and sizes as OpenAlex counts them). */
async function openAlexPage(deps: OpenAlexThesesDeps, req: ThesisSearchRequest, page: number, perPage: number): Promise<OpenAlexPage> {
  const key = cacheKey(req, page, perPage);
  const hit = await deps.cache?.match(key);
  if (hit) return (await hit.json()) as OpenAlexPage;
  const list = await deps.client.searchWorks({ search: req.keywords, filter: filterOf(req), page, perPage, sort: SORTS[req.sort_by] });
  const body: OpenAlexPage = { count: Math.min(list.count, OPENALEX_MAX_RESULTS), results: list.results.flatMap((w) => thesisFromWork(w) ?? []) };
  if (deps.cache) {
    const res = new Response(JSON.stringify(body), {
      headers: { "content-type": "application/json", "cache-control": `public, max-age=${OPENALEX_THESES_TTL_SECONDS}` },
    });
    deps.defer(deps.cache.put(key, res).catch(() => undefined));
  }
  return body;
}

/**
 * `need` OpenAlex theses starting at `offset` in OpenAlex's own order, and its total. An offset that
 * does not fall on a page boundary reads two pages of `perPage`.
 */
export async function openAlexTheses(deps: OpenAlexThesesDeps, req: ThesisSearchRequest, offset: number, need: number, perPage: number): Promise<OpenAlexPage> {
  const first = Math.floor(offset / perPage) + 1;
  if (need <= 0 || offset >= OPENALEX_MAX_RESULTS) return { count: (await openAlexPage(deps, req, 1, perPage)).count, results: [] };
  const pages = [await openAlexPage(deps, req, first, perPage)];
  const skip = offset - (first - 1) * perPage;
  if (skip + need > perPage && first * perPage < Math.min(pages[0]!.count, OPENALEX_MAX_RESULTS)) pages.push(await openAlexPage(deps, req, first + 1, perPage));
  const all = pages.flatMap((p) => p.results);
  return { count: pages[0]!.count, results: all.slice(skip, skip + need) };
}
