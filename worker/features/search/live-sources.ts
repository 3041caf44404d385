/**
 * The lawful open collections searched live after the catalogue (book search sources "free",
 * "report", "standard"): OAPEN and Project Gutenberg, NASA NTRS and OSTI, IETF RFCs. Each is asked
 * once per query for its first LIVE_WINDOW results (one call, within its limiter), kept an hour in
 * the Cache API, and shown after the catalogue's results, the collections taking turns. A collection
 * that fails is reported as unavailable beside the others' results; the search itself still answers.
 */
import { createDatatrackerClient } from "../../../clients/datatracker";
import { createGutendexClient } from "../../../clients/gutendex";
import type { FetchFn } from "../../../clients/http";
import { providerBudget } from "../../../clients/limiters";
import { createNtrsClient } from "../../../clients/ntrs";
import { createOapenClient } from "../../../clients/oapen";
import type { OpenRecord, OpenSearchPage } from "../../../clients/open-record";
import { openLibraryCoverUrl } from "../../../clients/openlibrary";
import { createOstiClient } from "../../../clients/osti";
import { LIVE_SOURCE_NAMES, type BookResult, type BookSearchRequest, type LiveSourceStatus } from "../../../contract/search";
import { toLatinDigits } from "../../../lib/digits";
import type { Logger } from "../../../lib/logger";

export type LiveSource = LiveSourceStatus["source"];
/** Results taken from each collection per query. */
export const LIVE_WINDOW = 40;
const LIVE_TTL_SECONDS = 3600;
/** A collection slower than this is reported unavailable for this search (the catalogue's answer does not wait longer). */
const LIVE_TIMEOUT_MS = 6_000;
const CACHE_ORIGIN = "https://live-search.cache.daryaft.internal";

export type LiveDeps = {
  fetch: FetchFn;
  env: { UPSTREAM_BASE?: string | undefined; UPSTREAM_PROVIDER_LIMITS?: string | undefined };
  cache: Cache | undefined;
  defer(p: Promise<unknown>): void;
  log?: Logger;
};

type Window = { records: OpenRecord[]; total: number | null; more: boolean };

/** One collection's first results for a query, from the collection itself. */
async function askSource(source: LiveSource, query: string, deps: LiveDeps): Promise<Window> {
  const base = { fetch: deps.fetch, upstreamBase: deps.env.UPSTREAM_BASE, timeoutMs: LIVE_TIMEOUT_MS };
  let page: OpenSearchPage;
  switch (source) {
    case "oapen":
      page = await createOapenClient({ ...base, rateLimiter: providerBudget(deps.env, "oapen", "paste") }).search({ query, limit: LIVE_WINDOW });
      break;
    case "gutenberg":
      page = await createGutendexClient({ ...base, rateLimiter: providerBudget(deps.env, "gutendex", "paste") }).search({ query });
      break;
    case "ntrs":
      page = await createNtrsClient({ ...base, rateLimiter: providerBudget(deps.env, "ntrs", "paste") }).search({ query, size: LIVE_WINDOW });
      break;
    case "osti":
      page = await createOstiClient({ ...base, rateLimiter: providerBudget(deps.env, "osti", "paste") }).search({ query, rows: LIVE_WINDOW });
      break;
    case "rfc":
      page = await createDatatrackerClient({ ...base, rateLimiter: providerBudget(deps.env, "datatracker", "paste") }).searchRfcs({
        query,
        limit: LIVE_WINDOW,
      });
      break;
  }
  const fetched = page.fetched ?? page.records.length;
  // More than the window: the source counts more, or (no count) filled every place asked for.
  const more = page.total !== null ? page.total > fetched : fetched >= LIVE_WINDOW;
  return { records: page.records.slice(0, LIVE_WINDOW), total: page.total, more };
}

const normalise = (s: string) => toLatinDigits(s).normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();

/** The query a collection is asked: the keywords, an exact phrase quoted. */
export function liveQuery(req: Pick<BookSearchRequest, "keywords" | "type">): string {
  const q = normalise(req.keywords).slice(0, 200);
  return req.type === "exact" ? `"${q.replace(/"/g, "")}"` : q;
}

async function cachedWindow(source: LiveSource, query: string, deps: LiveDeps): Promise<Window> {
  const key = `${CACHE_ORIGIN}/${source}/v1?q=${encodeURIComponent(query)}&w=${LIVE_WINDOW}`;
  const hit = await deps.cache?.match(key).catch(() => undefined);
  if (hit) return (await hit.json()) as Window;
  const w = await askSource(source, query, deps);
  if (deps.cache) {
    const res = new Response(JSON.stringify(w), { headers: { "content-type": "application/json", "cache-control": `public, max-age=${LIVE_TTL_SECONDS}` } });
    deps.defer(deps.cache.put(key, res).catch(() => undefined));
  }
  return w;
}

const PERSIAN = new Set(["fa", "per", "fas", "persian", "farsi"]);
const LANGUAGE_NAMES: Record<string, string> = {
  en: "English",
  eng: "English",
  english: "English",
  de: "German",
  ger: "German",
  deu: "German",
  german: "German",
  fr: "French",
  fre: "French",
  fra: "French",
  french: "French",
  es: "Spanish",
  spa: "Spanish",
  it: "Italian",
  ita: "Italian",
  nl: "Dutch",
  dut: "Dutch",
  pt: "Portuguese",
  por: "Portuguese",
  ru: "Russian",
  rus: "Russian",
};

/** A stable negative id per record: never a catalogue row's id, the same on every page. */
export function liveResultId(r: Pick<OpenRecord, "provider" | "id">): number {
  let h = 0x811c9dc5;
  const s = `${r.provider}:${r.id}`;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return -((h >>> 1) + 1);
}

const TYPE_OF_KIND = { book: 0, standard: 2, report: 3 } as const;
const SOURCE_OF_PROVIDER: Record<OpenRecord["provider"], LiveSource | null> = {
  oapen: "oapen",
  doab: null,
  gutenberg: "gutenberg",
  ntrs: "ntrs",
  osti: "osti",
  rfc: "rfc",
};

/** An open record in the spec's book-result shape; its download goes through our origin. */
export function bookResultOf(r: OpenRecord): BookResult {
  const source = SOURCE_OF_PROVIDER[r.provider];
  const people = r.authors.length ? r.authors : r.editors.map((e) => `${e} (ed.)`);
  return {
    id: liveResultId(r),
    Cover: r.cover ?? openLibraryCoverUrl({ isbn: r.isbns[0] ?? null }),
    type: TYPE_OF_KIND[r.kind],
    Title: r.subtitle && r.kind === "book" ? `${r.title}: ${r.subtitle}` : r.title,
    "Author(s)": people.join("; "),
    Year: r.year,
    Publisher: r.publisher,
    ISBN: r.isbns[0] ?? null,
    Edition: null,
    Pages_biblio: r.pages,
    Language: LANGUAGE_NAMES[(r.language ?? "en").toLowerCase()] ?? r.language ?? "English",
    Size: r.file?.size ?? null,
    Extension: r.file?.format ?? null,
    Url: r.landingUrl,
    link1: r.landingUrl,
    link2: null,
    link3: null,
    link4: null,
    toman_price: null,
    ebookrally_url: null,
    free: true,
    license: r.license,
    Number: r.number,
    Source: source ? LIVE_SOURCE_NAMES[source] : r.provider.toUpperCase(),
    demo: false,
    download: r.file ? r.landingUrl : null,
  };
}

function withinYears(r: OpenRecord, req: Pick<BookSearchRequest, "year_from" | "year_to">): boolean {
  if (req.year_from === undefined && req.year_to === undefined) return true;
  if (r.year === null) return false;
  return (req.year_from === undefined || r.year >= req.year_from) && (req.year_to === undefined || r.year <= req.year_to);
}

export type LiveAnswer = { results: BookResult[]; statuses: LiveSourceStatus[] };

/**
 * Every collection's window for the request, in turn: A1, B1, A2, B2, … (a collection that runs out
 * leaves the turns to the others). Persian-language records are left out (not served).
 */
export async function liveResults(
  sources: readonly LiveSource[],
  req: Pick<BookSearchRequest, "keywords" | "type" | "year_from" | "year_to">,
  deps: LiveDeps,
): Promise<LiveAnswer> {
  const query = liveQuery(req);
  const windows = await Promise.all(
    sources.map(async (source) => {
      try {
        return { source, window: await cachedWindow(source, query, deps) };
      } catch (err) {
        deps.log?.warn("live_source_failed", { source, error: err instanceof Error ? err.message : String(err) });
        return { source, window: null };
      }
    }),
  );
  const lists = windows.map(({ window }) =>
    (window?.records ?? []).filter((r) => !PERSIAN.has((r.language ?? "").toLowerCase()) && withinYears(r, req)).map(bookResultOf),
  );
  const results: BookResult[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) results.push(l[i]!);
  const statuses = windows.map(
    ({ source, window }, k): LiveSourceStatus => ({
      source,
      status: window ? "ok" : "unavailable",
      count: lists[k]!.length,
      more: window?.more ?? false,
    }),
  );
  return { results, statuses };
}
