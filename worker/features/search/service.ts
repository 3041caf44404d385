/**
 * Catalogue searches (types 3, 4 and 5): request -> MATCH expression -> ranked page -> the
 * spec's response shape. Article search (type 2) lives in article-search.ts.
 */
import type {
  BookResult,
  BookSearchRequest,
  BookSearchResponse,
  CatalogType,
  SearchOptions,
  StandardSearchRequest,
  StandardSearchResponse,
  ThesisResult,
  ThesisSearchRequest,
  ThesisSearchResponse,
} from "../../../contract/search";
import type { Db } from "../../../db/client";
import type { Logger } from "../../../lib/logger";
import { DomainError, ValidationError } from "../../lib/errors";
import { OPENALEX_MAX_RESULTS } from "../../../clients/openalex";
import { openLibraryCoverUrl } from "../../../clients/openlibrary";
import { LIVE_SOURCES_OF } from "../../../contract/search";
import { openSourceOf, openSourceUrl } from "../../../lib/open-sources";
import { liveResults, type LiveDeps } from "./live-sources";
import { bookSearchMatch, standardSearchMatch, thesisSearchMatch } from "./matches";
import { searchMessages as m } from "./messages";
import { openAlexCanAnswer, openAlexTheses, type OpenAlexThesesDeps } from "./openalex-theses";
import { COUNT_CAP, RANK_WINDOW, searchCatalog, searchOptionLists, searchTheses as queryTheses, type CatalogRow } from "./queries";

export type Paging = { current_page: number; total_results: number; total_pages: number; total_capped: boolean };

/** The page numbers a client may open: bounded by the ranked window. */
export function paging(counted: number, page: number, count: number): Paging {
  const total_capped = counted > COUNT_CAP;
  const total_results = Math.min(counted, COUNT_CAP);
  return {
    current_page: page,
    total_results,
    total_capped,
    total_pages: Math.ceil(Math.min(total_results, RANK_WINDOW) / count),
  };
}

/** The offset of a page, or a 422 when it lies past the ranked window. */
function offsetOf(page: number, count: number): number {
  const offset = (page - 1) * count;
  if (offset >= RANK_WINDOW) throw new ValidationError({ page: [m.pageOutOfRange] });
  return offset;
}

function matchOrFail(match: string | null): string {
  // The phrase held only punctuation or symbols: nothing the index can look for.
  if (match === null) throw new ValidationError({ keywords: [m.noPhrase] });
  return match;
}

function parseLinks(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** The first link that names a collection the pipeline serves (each link parsed only when needed). */
function firstOpenSource(links: string[]) {
  for (const link of links) {
    const ref = openSourceOf(link);
    if (ref) return ref;
  }
  return null;
}

function toBookResult(r: CatalogRow): BookResult {
  const free = r.free === 1;
  const links = free ? parseLinks(r.links) : [];
  // A free record of a collection the pipeline serves is downloaded through our origin.
  const served = firstOpenSource(links);
  return {
    id: r.id,
    Cover: r.cover_url ?? openLibraryCoverUrl({ isbn: r.isbn }),
    type: (r.type >= 0 && r.type <= 3 ? r.type : 0) as CatalogType,
    Title: r.title,
    "Author(s)": r.authors,
    Year: r.year,
    Publisher: r.publisher,
    ISBN: r.isbn,
    Edition: r.edition,
    Pages_biblio: r.pages,
    Language: r.language,
    Size: r.size_bytes,
    Extension: r.extension,
    Url: links[0] ?? null,
    link1: links[0] ?? null,
    link2: links[1] ?? null,
    link3: links[2] ?? null,
    link4: links[3] ?? null,
    toman_price: free ? null : r.toman_price,
    ebookrally_url: null,
    free,
    license: r.license,
    Number: r.standard_number,
    Source: r.source,
    demo: r.demo === 1,
    download: served ? openSourceUrl(served) : null,
  };
}

/**
 * POST /book_search: the catalogue's ranked results, then (sources free, report, standard, when
 * `live` is given) the lawful open collections' results in one numbering (live-sources.ts).
 */
export async function searchBooks(db: Db, req: BookSearchRequest, live?: LiveDeps): Promise<BookSearchResponse> {
  const match = matchOrFail(bookSearchMatch(req));
  const sources = live ? LIVE_SOURCES_OF[req.search_from] : [];
  if (!live || sources.length === 0) {
    const { rows, counted } = await searchCatalog(db, match, req.count, offsetOf(req.page, req.count));
    return { ...paging(counted, req.page, req.count), results: rows.map(toBookResult) };
  }
  const offset = (req.page - 1) * req.count;
  const [{ rows, counted }, more] = await Promise.all([searchCatalog(db, match, req.count, Math.min(offset, RANK_WINDOW)), liveResults(sources, req, live)]);
  const reachable = Math.min(counted, RANK_WINDOW);
  const shown = offset < reachable ? rows.map(toBookResult) : [];
  if (offset > 0 && offset >= reachable + more.results.length) throw new ValidationError({ page: [m.pageOutOfRange] });
  const liveStart = Math.max(0, offset - reachable);
  const results = [...shown, ...more.results.slice(liveStart, liveStart + req.count - shown.length)];
  return {
    current_page: req.page,
    total_results: Math.min(counted, COUNT_CAP) + more.results.length,
    total_capped: counted > COUNT_CAP,
    total_pages: Math.ceil((reachable + more.results.length) / req.count),
    results,
    live: more.statuses,
  };
}

/** POST /standard_search: standards only (type 2), optionally of one organisation. */
export async function searchStandards(db: Db, req: StandardSearchRequest): Promise<StandardSearchResponse> {
  const match = matchOrFail(standardSearchMatch(req));
  const { rows, counted } = await searchCatalog(db, match, req.count, offsetOf(req.page, req.count));
  return {
    ...paging(counted, req.page, req.count),
    data: rows.map((r) => ({
      id: r.id,
      title: r.title,
      Number: r.standard_number || null,
      Organization: r.organization || null,
      CD_name: r.cd_name || null,
      Publication_Date: r.publication_date || null,
      free: r.free === 1,
      toman_price: r.free === 1 ? null : r.toman_price,
    })),
  };
}

/**
 * POST /tez_search: the free thesis catalogue, then (when `live` is given: an OpenAlex key is set)
 * OpenAlex's open dissertations after the catalogue's hits, in one numbering. ProQuest is reached
 * through direct access (type 6). OpenAlex failing leaves the catalogue's answer standing.
 */
export async function searchTheses(db: Db, req: ThesisSearchRequest, live?: OpenAlexThesesDeps & { log?: Logger }): Promise<ThesisSearchResponse> {
  if (req.search_from === "proquest") throw new DomainError(m.proquestHint);
  const match = matchOrFail(thesisSearchMatch(req));
  const offset = offsetOf(req.page, req.count);
  const { rows, counted } = await queryTheses(db, match, req.sort_by, req.count, offset);
  const data: ThesisResult[] = rows.map((t) => ({
    id: t.id,
    Title: t.title,
    Author: t.author,
    Degree: t.degree,
    Download_Link: t.download_link,
    Abstract: t.abstract,
    Department: t.department,
    Language: t.language,
    Year: t.year,
    University: t.university,
    License: t.license,
    Source: t.source ?? undefined,
  }));
  if (!live || !openAlexCanAnswer(req)) return { ...paging(counted, req.page, req.count), data };
  const reachable = Math.min(counted, RANK_WINDOW);
  try {
    const more = await openAlexTheses(live, req, Math.max(0, offset - reachable), req.count - data.length, req.count);
    const total = reachable + more.count;
    return {
      current_page: req.page,
      total_results: total,
      total_capped: counted > COUNT_CAP,
      total_pages: Math.ceil(Math.min(total, RANK_WINDOW + OPENALEX_MAX_RESULTS) / req.count),
      data: [...data, ...more.results],
    };
  } catch (err) {
    live.log?.warn("openalex_theses_failed", { error: err instanceof Error ? err.message : String(err) });
    return { ...paging(counted, req.page, req.count), data };
  }
}

/** GET /search_options. */
export async function searchOptions(db: Db): Promise<SearchOptions> {
  return searchOptionLists(db);
}
