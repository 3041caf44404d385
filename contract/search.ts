import { z } from "zod";
import { toLatinDigits } from "../lib/digits";
import {
  ARTICLE_SORTS,
  ARTICLE_SOURCES,
  ARTICLE_TYPES,
  BOOK_SOURCES,
  DEFAULT_PAGE_SIZE,
  LIVE_SOURCES,
  MATCH_TYPES,
  PAGE_SIZES,
  SCOPUS_LANGUAGES,
  SCOPUS_SEARCH_IN,
  SUBJECT_AREAS,
  searchTexts,
  THESIS_SORTS,
  THESIS_SOURCES,
  type SubjectArea,
} from "./search-constants";

export * from "./search-constants";

/**
 * Searches of types 2 to 5 (search-and-download.md §3, §5, §7, §9): /article_search,
 * /book_search, /tez_search, /standard_search and the filter options behind them.
 * Form posts send every value as a string, so numbers are coerced here (any digit script).
 */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const digits = (v: unknown) => (typeof v === "string" ? toLatinDigits(v).trim() : v);

/** Required search phrase: missing or blank gives the spec's "no search phrase" alert. */
const Keywords = z.preprocess(
  // Only scalars become text: String() of a hostile, deeply nested array would overflow the stack.
  (v) => (v == null ? "" : typeof v === "number" || typeof v === "boolean" ? String(v) : v),
  z.string({ error: searchTexts.noPhrase }).trim().min(1, searchTexts.noPhrase).max(500, searchTexts.tooLong),
);

const Page = z.preprocess(
  (v) => (blank(v) ? 1 : digits(v)),
  z.coerce.number({ error: searchTexts.badPage }).int(searchTexts.badPage).min(1, searchTexts.badPage).max(100_000, searchTexts.badPage),
);

function pageSize(sizes: readonly number[], fallback: number) {
  return z.preprocess(
    (v) => (blank(v) ? fallback : digits(v)),
    z.coerce.number({ error: searchTexts.badCount }).refine((n) => sizes.includes(n), searchTexts.badCount),
  );
}

/** Year fields are free text in the form (§5); a number in any digit script, or empty. */
const Year = z.preprocess(
  (v) => (blank(v) ? undefined : digits(v)),
  z.coerce.number({ error: searchTexts.badYear }).int(searchTexts.badYear).min(1000, searchTexts.badYear).max(2100, searchTexts.badYear).optional(),
);

/** An optional choice from a list; "", "all" and "none" mean "no filter". */
function optionalChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((v) => (blank(v) || v === "all" || v === "none" ? undefined : v), z.enum(values, { error: searchTexts.badOption }).optional());
}

function withDefault<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z.preprocess((v) => (blank(v) ? fallback : v), z.enum(values, { error: searchTexts.badOption }));
}

const FreeText = (max: number) =>
  z.preprocess((v) => (blank(v) || v === "all" ? undefined : v), z.string({ error: searchTexts.badOption }).trim().max(max, searchTexts.badOption).optional());

function yearOrder(v: { year_from?: number | undefined; year_to?: number | undefined }, ctx: z.RefinementCtx) {
  if (v.year_from !== undefined && v.year_to !== undefined && v.year_from > v.year_to) {
    ctx.addIssue({ code: "custom", path: ["year_from"], message: searchTexts.yearOrder });
  }
}

export const MatchType = z.enum(MATCH_TYPES);
export type MatchType = z.infer<typeof MatchType>;

// ---------------------------------------------------------------------------
// Articles (type 2)

export const ArticleSource = z.enum(ARTICLE_SOURCES);
export type ArticleSource = z.infer<typeof ArticleSource>;

const SUBJECT_CODES = Object.keys(SUBJECT_AREAS) as [SubjectArea, ...SubjectArea[]];

export const ArticleSearchRequest = z
  .object({
    search_from: z.preprocess(
      (v) => (blank(v) || v === "none" ? undefined : v === "cross" ? "crossref" : v),
      z.enum(ARTICLE_SOURCES, { error: searchTexts.noSource }),
    ),
    keywords: Keywords,
    page: Page,
    count: pageSize(PAGE_SIZES.article, DEFAULT_PAGE_SIZE.article),
    year_from: Year,
    year_to: Year,
    search_type: withDefault(MATCH_TYPES, "all"),
    search_in: withDefault(SCOPUS_SEARCH_IN, "title-abs-key"),
    language: optionalChoice(SCOPUS_LANGUAGES),
    sort_by: withDefault(ARTICLE_SORTS, "relevance"),
    subject: optionalChoice(SUBJECT_CODES),
    type: FreeText(40),
    publisher: FreeText(200),
  })
  .superRefine((v, ctx) => {
    yearOrder(v, ctx);
    if (v.type !== undefined && !(ARTICLE_TYPES[v.search_from] as readonly string[]).includes(v.type)) {
      ctx.addIssue({ code: "custom", path: ["type"], message: searchTexts.badOption });
    }
  });
export type ArticleSearchRequest = z.infer<typeof ArticleSearchRequest>;
export type ArticleSearchInput = z.input<typeof ArticleSearchRequest>;

export const ArticleResult = z.object({
  title: z.string().nullable(),
  authors: z.string().nullable(),
  publisher: z.string().nullable(),
  volume: z.string().nullable(),
  issue: z.string().nullable(),
  /** Journal, proceedings or book the item appeared in. */
  published_in: z.string().nullable(),
  type: z.string().nullable(),
  /** Landing page (Scopus record or the DOI link). */
  url: z.string().nullable(),
  doi: z.string().nullable(),
  /** One bibliographic line: source, year, volume(issue), pages, citations. */
  document_details: z.string().nullable(),
  year: z.number().int().nullable(),
  open_access: z.boolean().nullable(),
});
export type ArticleResult = z.infer<typeof ArticleResult>;

export const ArticleSearchResponse = z.object({
  current_page: z.number().int(),
  total_results: z.number().int(),
  /** Capped where the source stops paging (Scopus 5,000 results, Crossref offset 10,000). */
  total_pages: z.number().int(),
  data: z.array(ArticleResult),
});
export type ArticleSearchResponse = z.infer<typeof ArticleSearchResponse>;

// ---------------------------------------------------------------------------
// Books, solution manuals, standards and reports (type 3)

export const BookSource = z.enum(BOOK_SOURCES);
export type BookSource = z.infer<typeof BookSource>;

/** §3 `type`: 0 book, 1 solutions, 2 standard, 3 report. */
export const CatalogType = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type CatalogType = z.infer<typeof CatalogType>;

export const BookSearchRequest = z
  .object({
    search_from: z.preprocess((v) => (blank(v) ? "all" : v === "solution" ? "solutions" : v), z.enum(BOOK_SOURCES, { error: searchTexts.noSource })),
    keywords: Keywords,
    /** Match type: all words, any word, exact phrase. */
    type: withDefault(MATCH_TYPES, "all"),
    year_from: Year,
    year_to: Year,
    page: Page,
    count: pageSize(PAGE_SIZES.book, DEFAULT_PAGE_SIZE.book),
  })
  .superRefine(yearOrder);
export type BookSearchRequest = z.infer<typeof BookSearchRequest>;
export type BookSearchInput = z.input<typeof BookSearchRequest>;

/** One result, with the spec's field names (§3). */
export const BookResult = z.object({
  id: z.number().int(),
  Cover: z.string().nullable(),
  type: CatalogType,
  Title: z.string(),
  "Author(s)": z.string(),
  Year: z.number().int().nullable(),
  Publisher: z.string().nullable(),
  ISBN: z.string().nullable(),
  Edition: z.string().nullable(),
  Pages_biblio: z.number().int().nullable(),
  Language: z.string(),
  /** Bytes. */
  Size: z.number().int().nullable(),
  Extension: z.string().nullable(),
  /** Landing page of a free item. */
  Url: z.string().nullable(),
  link1: z.string().nullable(),
  link2: z.string().nullable(),
  link3: z.string().nullable(),
  link4: z.string().nullable(),
  /** Whole toman; null for free items. */
  toman_price: z.number().int().nullable(),
  ebookrally_url: z.string().nullable(),
  /** Open-access item; links1-4 are its lawful download links, under `license`. */
  free: z.boolean(),
  license: z.string().nullable(),
  /** The lawful collection a result comes from (OAPEN, Project Gutenberg, NASA NTRS, OSTI, IETF); null for the operator's own. */
  Source: z.string().nullable().optional(),
  /** A local site's demo record, shown as such. */
  demo: z.boolean().optional(),
  /**
   * What a download starts through our own origin (the link the fetch pipeline recognises: the
   * record's page at its collection); null when the item is only linked to.
   */
  download: z.string().nullable().optional(),
  /** Standards (type 2): the standard's number, e.g. "ISO 9001:2015". */
  Number: z.string().nullable(),
});
export type BookResult = z.infer<typeof BookResult>;

const Paging = {
  current_page: z.number().int(),
  /** Exact up to the search's counting cap; see `total_capped`. */
  total_results: z.number().int(),
  /** Pages that can be opened (the ranked window bounds deep paging). */
  total_pages: z.number().int(),
  /** True when there are more matches than were counted: show "more than". */
  total_capped: z.boolean(),
};

/** A live collection searched with the catalogue: answered, or not reachable now (said, not hidden). */
export const LiveSourceStatus = z.object({
  source: z.enum(LIVE_SOURCES),
  status: z.enum(["ok", "unavailable"]),
  /** Results of this source in the merged list. */
  count: z.number().int(),
  /** The source has more matches than it gave (narrow the search). */
  more: z.boolean(),
});
export type LiveSourceStatus = z.infer<typeof LiveSourceStatus>;

export const BookSearchResponse = z.object({ ...Paging, results: z.array(BookResult), live: z.array(LiveSourceStatus).optional() });
export type BookSearchResponse = z.infer<typeof BookSearchResponse>;

// ---------------------------------------------------------------------------
// Theses (type 4)

export const ThesisSearchRequest = z
  .object({
    /** Only "free" is searchable here (§5); "proquest" is answered with the direct-access hint. */
    search_from: withDefault(THESIS_SOURCES, "free"),
    keywords: Keywords,
    sort_by: withDefault(THESIS_SORTS, "relevance"),
    department: FreeText(200),
    language: FreeText(60),
    year_from: Year,
    year_to: Year,
    page: Page,
    count: pageSize(PAGE_SIZES.thesis, DEFAULT_PAGE_SIZE.thesis),
  })
  .superRefine(yearOrder);
export type ThesisSearchRequest = z.infer<typeof ThesisSearchRequest>;
export type ThesisSearchInput = z.input<typeof ThesisSearchRequest>;

export const ThesisResult = z.object({
  id: z.number().int(),
  Title: z.string(),
  Author: z.string(),
  Degree: z.string(),
  Download_Link: z.string(),
  Abstract: z.string(),
  Department: z.string(),
  Language: z.string(),
  Year: z.number().int().nullable(),
  University: z.string().nullable(),
  /** The licence the repository states; null when unknown. */
  License: z.string().nullable().optional(),
  /** Where the record comes from: the catalogue's named source, or "OpenAlex" for live hits. */
  Source: z.string().optional(),
});
export type ThesisResult = z.infer<typeof ThesisResult>;

export const ThesisSearchResponse = z.object({ ...Paging, data: z.array(ThesisResult) });
export type ThesisSearchResponse = z.infer<typeof ThesisSearchResponse>;

// ---------------------------------------------------------------------------
// Standards (type 5)

export const StandardSearchRequest = z
  .object({
    keywords: Keywords,
    /** An organisation code from /search_options (e.g. "ISO"); empty = all. */
    organization: FreeText(100),
    /** Match type. */
    type: withDefault(MATCH_TYPES, "all"),
    year_from: Year,
    year_to: Year,
    page: Page,
    count: pageSize(PAGE_SIZES.standard, DEFAULT_PAGE_SIZE.standard),
  })
  .superRefine(yearOrder);
export type StandardSearchRequest = z.infer<typeof StandardSearchRequest>;
export type StandardSearchInput = z.input<typeof StandardSearchRequest>;

/** §2 type 5: title, Number, Organization, CD_name, Publication_Date (shown only when non-empty). */
export const StandardResult = z.object({
  id: z.number().int(),
  title: z.string(),
  Number: z.string().nullable(),
  Organization: z.string().nullable(),
  CD_name: z.string().nullable(),
  Publication_Date: z.string().nullable(),
  free: z.boolean(),
  toman_price: z.number().int().nullable(),
});
export type StandardResult = z.infer<typeof StandardResult>;

export const StandardSearchResponse = z.object({ ...Paging, data: z.array(StandardResult) });
export type StandardSearchResponse = z.infer<typeof StandardSearchResponse>;

// ---------------------------------------------------------------------------
// Filter options (GET /search_options)

export const SearchOptions = z.object({
  /** The standards organisations (about 70), by code. */
  organizations: z.array(z.object({ code: z.string(), name: z.string() })),
  /** Departments and languages present in the thesis catalogue. */
  departments: z.array(z.string()),
  languages: z.array(z.string()),
});
export type SearchOptions = z.infer<typeof SearchOptions>;
