/**
 * Article search (type 2) over Scopus or Crossref, mapped into the spec's response
 * (§3: current_page, total_results, total_pages, data[]), tolerating missing fields.
 *
 * Errors follow §8: the sources' "no results" answers (an empty result set, or a body without
 * search-results / items / prism:doi) become "no result found for the input values"; any other
 * failure becomes "an error occurred, code {status}" with the upstream HTTP status
 * (504 for a timeout, 502 for an unreachable or unreadable source).
 */
import { SUBJECT_AREAS, type ArticleResult, type ArticleSearchRequest, type ArticleSearchResponse } from "../../../contract/search";
import { CROSSREF_MAX_OFFSET, type CrossrefClient, type CrossrefWork } from "../../../clients/crossref";
import { UpstreamError } from "../../../clients/http";
import { SCOPUS_MAX_OFFSET, buildScopusQuery, type ScopusClient, type ScopusEntry } from "../../../clients/scopus";
import { DomainError, ValidationError } from "../../lib/errors";
import type { Logger } from "../../../lib/logger";
import { searchMessages as m } from "./messages";

export interface ArticleSearchDeps {
  /** null when SCOPUS_API_KEY is not set on this server. */
  scopus: ScopusClient | null;
  crossref: CrossrefClient;
  log?: Logger | undefined;
}

/** A failure the user sees as "no result found for the input values". */
export class NoResultsError extends DomainError {
  constructor() {
    super(m.noResults);
  }
}

/** An upstream failure, answered 502 with the §8 "error code" text. */
export class SourceFailedError extends DomainError {
  constructor(readonly upstreamStatus: number) {
    super(m.errorCode(upstreamStatus), 502);
  }
}

// Structural no-results answers: Scopus without `search-results`, Crossref without `items`,
// entries without `prism:doi` (the messages the old site listed as "no result").
const NO_RESULT_SHAPES = /search-results|items|prism:doi|work-list envelope/i;

/** UpstreamError -> the §8 outcome. */
function upstreamOutcome(err: UpstreamError): DomainError {
  if (err.kind === "parse" && NO_RESULT_SHAPES.test(err.message)) return new NoResultsError();
  if (err.kind === "timeout") return new SourceFailedError(504);
  if (err.kind === "network" || err.kind === "parse") return new SourceFailedError(err.status && err.status >= 400 ? err.status : 502);
  return new SourceFailedError(err.status ?? 502);
}

/** Pages the source can actually serve (Scopus stops at start 5,000, Crossref at offset 10,000). */
export function reachablePages(total: number, count: number, source: ArticleSearchRequest["search_from"]): number {
  const pages = Math.ceil(total / count);
  const cap = source === "scopus" ? Math.ceil(SCOPUS_MAX_OFFSET / count) : Math.floor(CROSSREF_MAX_OFFSET / count) + 1;
  return Math.min(pages, cap);
}

function join(parts: (string | null | undefined)[], sep: string): string | null {
  const kept = parts.filter((p): p is string => !!p && p.trim() !== "");
  return kept.length ? kept.join(sep) : null;
}

/** "Nature, 2020, 12(3), pp. 100-110, cited by 42" */
function documentDetails(d: {
  publishedIn: string | null;
  year: number | null;
  volume: string | null;
  issue: string | null;
  pages: string | null;
  citedBy?: number | null;
}): string | null {
  const volIssue = d.volume ? (d.issue ? `${d.volume}(${d.issue})` : d.volume) : d.issue ? `(${d.issue})` : null;
  return join(
    [d.publishedIn, d.year !== null ? String(d.year) : null, volIssue, d.pages ? `pp. ${d.pages}` : null, d.citedBy ? `cited by ${d.citedBy}` : null],
    ", ",
  );
}

const doiUrl = (doi: string | null) => (doi ? `https://doi.org/${doi}` : null);

function fromScopusEntry(e: ScopusEntry): ArticleResult {
  return {
    title: e.title,
    // The STANDARD view carries the first author only.
    authors: e.creator,
    publisher: null,
    volume: e.volume,
    issue: e.issue,
    published_in: e.publicationName,
    type: e.subtypeDescription ?? e.aggregationType,
    url: e.scopusUrl ?? doiUrl(e.doi),
    doi: e.doi,
    document_details: documentDetails({
      publishedIn: e.publicationName,
      year: e.year,
      volume: e.volume,
      issue: e.issue,
      pages: e.pageRange,
      citedBy: e.citedByCount,
    }),
    year: e.year,
    open_access: e.openAccess,
  };
}

const MAX_AUTHORS = 10;

function fromCrossrefWork(w: CrossrefWork): ArticleResult {
  const names = w.authors.map((a) => a.name);
  const authors = names.length > MAX_AUTHORS ? `${names.slice(0, MAX_AUTHORS).join(", ")}, et al.` : join(names, ", ");
  const openLicence = w.licenses.some((l) => /creativecommons\.org/i.test(l.url));
  return {
    title: w.subtitle && w.title ? `${w.title}: ${w.subtitle}` : w.title,
    authors,
    publisher: w.publisher,
    volume: w.volume,
    issue: w.issue,
    published_in: w.containerTitle,
    type: w.type,
    url: w.url ?? doiUrl(w.doi),
    doi: w.doi,
    document_details: documentDetails({ publishedIn: w.containerTitle, year: w.issuedYear, volume: w.volume, issue: w.issue, pages: w.page }),
    year: w.issuedYear,
    open_access: openLicence ? true : null,
  };
}

const SCOPUS_SORT: Record<ArticleSearchRequest["sort_by"], string> = {
  relevance: "relevancy",
  newest: "-coverDate",
  oldest: "+coverDate",
  cited: "-citedby-count",
};

const CROSSREF_SORT = {
  relevance: { sort: "relevance", order: "desc" },
  newest: { sort: "published", order: "desc" },
  oldest: { sort: "published", order: "asc" },
  cited: { sort: "is-referenced-by-count", order: "desc" },
} as const;

async function scopusPage(client: ScopusClient, req: ArticleSearchRequest) {
  const start = (req.page - 1) * req.count;
  if (start >= SCOPUS_MAX_OFFSET) throw new ValidationError({ page: [m.pageOutOfRange] });
  let query: string;
  try {
    query = buildScopusQuery({
      keywords: req.keywords,
      searchIn: req.search_in,
      searchType: req.search_type,
      yearFrom: req.year_from,
      yearTo: req.year_to,
      language: req.language,
      subject: req.subject,
      docType: req.type,
    });
  } catch (err) {
    // Only brackets, quotes or operators were typed: nothing to search for.
    if (err instanceof RangeError) throw new ValidationError({ keywords: [m.noPhrase] });
    throw err;
  }
  const result = await client.search({ query, start, count: req.count, sort: SCOPUS_SORT[req.sort_by] });
  return { total: result.totalResults, data: result.entries.map(fromScopusEntry) };
}

async function crossrefPage(client: CrossrefClient, req: ArticleSearchRequest) {
  if ((req.page - 1) * req.count > CROSSREF_MAX_OFFSET) throw new ValidationError({ page: [m.pageOutOfRange] });
  // Crossref has no subject filter; the subject's name joins the free-text query instead.
  const query = req.subject ? `${req.keywords} ${SUBJECT_AREAS[req.subject]}` : req.keywords;
  const result = await client.searchWorks({
    query,
    page: req.page,
    rows: req.count,
    fromYear: req.year_from,
    untilYear: req.year_to,
    type: req.type,
    publisher: req.publisher,
    ...CROSSREF_SORT[req.sort_by],
  });
  return { total: result.totalResults, data: result.items.map(fromCrossrefWork) };
}

/** POST /article_search. */
export async function searchArticles(deps: ArticleSearchDeps, req: ArticleSearchRequest): Promise<ArticleSearchResponse> {
  if (req.search_from === "scopus" && !deps.scopus) throw new DomainError(m.scopusNotConfigured);
  let page: { total: number; data: ArticleResult[] };
  try {
    page = req.search_from === "scopus" ? await scopusPage(deps.scopus!, req) : await crossrefPage(deps.crossref, req);
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    const outcome = upstreamOutcome(err);
    if (outcome instanceof SourceFailedError) {
      deps.log?.warn("article_search_failed", { source: req.search_from, kind: err.kind, status: err.status, message: err.message });
    }
    throw outcome;
  }
  if (page.total === 0 || page.data.length === 0) throw new NoResultsError();
  return {
    current_page: req.page,
    total_results: page.total,
    total_pages: reachablePages(page.total, req.count, req.search_from),
    data: page.data,
  };
}
