/**
 * Builds FTS5 MATCH expressions from what a user typed. User text never reaches FTS5 as
 * syntax: it is cut into letter/digit tokens (the same split the unicode61 tokenizer makes),
 * each token is a quoted string, and the operators come only from here. Filters become
 * `tags : (...)` clauses over the hidden tags column (see db/migrations/0005_catalog_fts.sql).
 */
import { toLatinDigits } from "../../../lib/digits";
import { toIsbn13 } from "../../../lib/identify";
import type { MatchType } from "../../../contract/search";

/** Years outside this span are treated as open ends of the range. */
const MIN_YEAR = 1000;
const MAX_YEAR = 2100;
/** More tokens than this add cost and almost never precision. */
const MAX_TOKENS = 12;

// Very common English words: as separate AND/OR terms they match most of the catalogue
// (bm25 scans a term's whole doclist once per query) and add nothing to relevance.
const STOPWORDS = new Set([
  "a",
  "an",
  "and",
  "are",
  "as",
  "at",
  "be",
  "by",
  "for",
  "from",
  "in",
  "into",
  "is",
  "it",
  "of",
  "on",
  "or",
  "the",
  "to",
  "with",
  "without",
  "via",
]);

/** FTS5 string literal. */
export function quote(s: string): string {
  return `"${s.replaceAll('"', '""')}"`;
}

/** The tokens of a search phrase: letters and digits, lower case, Persian/Arabic digits made Latin. */
export function tokenize(input: string): string[] {
  const text = toLatinDigits(input.normalize("NFKC")).toLowerCase();
  return text.match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
}

/** An ISBN typed as the whole query (hyphens and spaces allowed), as 13 digits. */
export function isbnQuery(input: string): string | null {
  const compact = toLatinDigits(input).replace(/[\s-]/g, "");
  if (!/^(\d{9}[\dXx]|\d{13})$/.test(compact)) return null;
  return toIsbn13(compact);
}

/**
 * The keyword part: `{cols} : (...)`, or null when nothing searchable is left.
 * all = every token (AND), any = at least one (OR), exact = the tokens as one phrase.
 */
export function keywordExpression(input: string, match: MatchType, columns: readonly string[]): string | null {
  let tokens = tokenize(input).slice(0, MAX_TOKENS);
  if (tokens.length === 0) return null;
  const scope = `{${columns.join(" ")}}`;
  if (match === "exact") return `${scope} : ${quote(tokens.join(" "))}`;
  const content = tokens.filter((t) => !STOPWORDS.has(t));
  if (content.length > 0) tokens = content;
  tokens = [...new Set(tokens)];
  return `${scope} : (${tokens.map(quote).join(match === "any" ? " OR " : " AND ")})`;
}

/**
 * The year range as the fewest tags: whole centuries (c20), then decades (d201), then years
 * (y2015). 1990-2024 -> d199 d200 d201 y2020 .. y2024. Returns null for "no year filter".
 */
export function yearRangeTags(from: number | undefined, to: number | undefined): string[] | null {
  if (from === undefined && to === undefined) return null;
  let y = Math.max(MIN_YEAR, from ?? MIN_YEAR);
  const end = Math.min(MAX_YEAR, to ?? MAX_YEAR);
  const tags: string[] = [];
  while (y <= end) {
    if (y % 100 === 0 && y + 99 <= end) {
      tags.push(`c${y / 100}`);
      y += 100;
    } else if (y % 10 === 0 && y + 9 <= end) {
      tags.push(`d${y / 10}`);
      y += 10;
    } else {
      tags.push(`y${y}`);
      y += 1;
    }
  }
  return tags;
}

/**
 * A type/free filter and a year range as one tag group: the index carries combined tokens
 * (t3d199, f1y2005; see db/migrations/0006), whose doclists hold only the rows that pass both.
 */
export function filterTags(kind: string | null, years: string[] | null): string[][] {
  if (kind && years) return [years.map((y) => kind + y)];
  if (kind) return [[kind]];
  if (years) return [years];
  return [];
}

/** The tag of a free-text facet value, spelled as the SQL views spell it (o<org>, p<department>, l<language>). */
export function facetTag(prefix: "o" | "p" | "l", value: string): string {
  return prefix + value.replace(/[ /\-.]/g, "").toLowerCase();
}

interface MatchInput {
  keywords: string;
  match: MatchType;
  columns: readonly string[];
  /** Each inner list is ORed; the lists are ANDed. */
  tagGroups?: (readonly string[] | null | undefined)[];
}

/** What joins the keyword part to each tag group in buildMatch's output. */
const TAG_JOIN = " AND tags : (";

/**
 * A MATCH expression built by buildMatch, cut into its keyword part and its filter part (null
 * without filters). The keywords are quoted tokens and column scopes, so the join text only ever
 * comes from buildMatch itself.
 */
export function splitMatch(match: string): { words: string; tags: string | null } {
  const at = match.indexOf(TAG_JOIN);
  if (at < 0) return { words: match, tags: null };
  return { words: match.slice(0, at), tags: match.slice(at + " AND ".length) };
}

/** The full MATCH expression, or null when the keywords hold nothing searchable. */
export function buildMatch({ keywords, match, columns, tagGroups = [] }: MatchInput): string | null {
  const isbn = columns.includes("isbn") ? isbnQuery(keywords) : null;
  const kw = isbn ? `isbn : ${quote(isbn)}` : keywordExpression(keywords, match, columns);
  if (!kw) return null;
  const parts = [`(${kw})`];
  for (const group of tagGroups) {
    if (!group) continue;
    if (group.length === 0) return null; // an empty range matches nothing
    parts.push(`tags : (${group.map(quote).join(" OR ")})`);
  }
  return parts.join(" AND ");
}
