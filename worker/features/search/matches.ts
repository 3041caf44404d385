/**
 * Search requests -> FTS5 MATCH expressions (pure; the Worker and bench:search share them).
 */
import type { BookSearchRequest, StandardSearchRequest, ThesisSearchRequest } from "../../../contract/search";
import { buildMatch, facetTag, filterTags, yearRangeTags } from "./fts-query";

const BOOK_COLUMNS = ["title", "authors", "publisher", "isbn", "standard_number", "keywords"] as const;
/** §2 type 5: "part of title, standard code or keywords". */
const STANDARD_COLUMNS = ["title", "standard_number", "keywords"] as const;
const THESIS_COLUMNS = ["title", "author", "abstract", "department"] as const;

/** Book sources -> the tag that filters them; "all" is every type. */
const SOURCE_TAGS: Record<BookSearchRequest["search_from"], string | null> = {
  all: null,
  solutions: "t1",
  standard: "t2",
  report: "t3",
  free: "f1",
};

/** Book search: every indexed column; the source and year range as one combined tag group. */
export function bookSearchMatch(req: Pick<BookSearchRequest, "keywords" | "type" | "search_from" | "year_from" | "year_to">): string | null {
  return buildMatch({
    keywords: req.keywords,
    match: req.type,
    columns: BOOK_COLUMNS,
    tagGroups: filterTags(SOURCE_TAGS[req.search_from], yearRangeTags(req.year_from, req.year_to)),
  });
}

/** Standard search: standards only, of one organisation when chosen. */
export function standardSearchMatch(req: Pick<StandardSearchRequest, "keywords" | "type" | "organization" | "year_from" | "year_to">): string | null {
  return buildMatch({
    keywords: req.keywords,
    match: req.type,
    columns: STANDARD_COLUMNS,
    tagGroups: [...filterTags("t2", yearRangeTags(req.year_from, req.year_to)), req.organization ? [facetTag("o", req.organization)] : null],
  });
}

/** Thesis search: all words, filtered by department, language and year. */
export function thesisSearchMatch(req: Pick<ThesisSearchRequest, "keywords" | "department" | "language" | "year_from" | "year_to">): string | null {
  return buildMatch({
    keywords: req.keywords,
    match: "all",
    columns: THESIS_COLUMNS,
    tagGroups: [
      req.department ? [facetTag("p", req.department)] : null,
      req.language ? [facetTag("l", req.language)] : null,
      yearRangeTags(req.year_from, req.year_to),
    ],
  });
}
