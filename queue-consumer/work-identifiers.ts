/**
 * A book's ISBN and a report's or standard's number where a page prints them as the work's own.
 * An ISBN counts only labelled ("ISBN", "ISBN-13:", "eISBN"), as a copyright page or a back cover
 * prints it: an unlabelled one is a proceedings' ISBN in an ACM paper's footer, or part of a
 * chapter's DOI (10.1007/978-…_3). ISBN-10 and -13 are one number. Never in a reference list,
 * after citing words, or on a book review (whose bibliographic line names the reviewed book with
 * its ISBN). A report number counts where a report prints its own: on a short front page (a cover,
 * a title page, a documentation page), in a page's header or footer lines, or on a line that
 * labels it ("Report No.", "Document Number", "Request for Comments:"); never in running text
 * further down a page, nor after "obsoletes", "updates", "supersedes", "replaces". Pure.
 */
import { toIsbn13 } from "../lib/identify";
import { ARTICLE_PAGE_WORDS, lineAt, type Page } from "./pdf-page";
import { citedAt, referenceLine, referencesFrom, type Exemption } from "./page-kinds";
import { fold, words } from "./text-fold";

/** The record's ISBNs as 13 digits (an ISBN-10 converted); invalid ones dropped. */
export function isbnSet(isbns: readonly string[] | null | undefined): Set<string> {
  return new Set((isbns ?? []).map((x) => toIsbn13(x)).filter((x): x is string => x !== null));
}

/** "ISBN", "ISBN-13", "ISBN 10", "e-ISBN", "eISBN", "ISBN (print)", then the number: 10 or 13 digits with hyphens or spaces. */
const LABELLED_ISBN =
  /(?<![\p{L}])e?-?isbn(?:[-\s]?1[03])?s?\s*(?:\((?:print|paper|pbk|hbk|hardback|paperback|ebook|e-book|online|pdf|electronic)\)\s*)?[:：]?\s*((?:\d[-\s‐–]?){9}[\dx](?:[-\s‐–]?\d){0,3})/gu;
/** A bibliographic line of a review: a price or a page count beside the ISBN. */
const REVIEW_LINE = /(?:[$£€¥]\s?\d|\b(?:usd|eur|gbp|us\$)\s?\d|\b\d+\s?pp\b|\bpp\.\s?\d|\bpages?\b.{0,10}\d|\bhardcover\b.{0,12}\d+\.\d\d)/;
/** A review page: its heading or a byline says so. */
const REVIEW_PAGE = /^(?:book reviews?|reviews?|review essay|review of|reviewed by)\b/;

/** The first of the record's ISBNs the page prints as its own, or null. */
export function ownIsbn(page: Page, isbns: Set<string>, inReferences: boolean, isExempt: Exemption): string | null {
  if (!isbns.size || page.folded.some((l) => REVIEW_PAGE.test(l.trim()))) return null;
  const refsFrom = referencesFrom(page, inReferences);
  for (const m of page.joined.matchAll(LABELLED_ISBN)) {
    const isbn = isbnIn(m[1]!);
    if (!isbn || !isbns.has(isbn)) continue;
    const at = m.index + m[0].length - m[1]!.length;
    const line = lineAt(page, at);
    if (referenceLine(page, line, refsFrom) || citedAt(page, at, isExempt) || REVIEW_LINE.test(page.folded[line]!)) continue;
    return isbn;
  }
  return null;
}

/** The ISBN at the start of a run of digits, hyphens and spaces: 13 digits when they are one, else 10. */
function isbnIn(run: string): string | null {
  const digits = run.replace(/[^\dx]/g, "");
  return (digits.length >= 13 ? toIsbn13(digits.slice(0, 13)) : null) ?? (digits.length >= 10 ? toIsbn13(digits.slice(0, 10)) : null);
}

/** Separators a report number may be printed with: hyphens and dashes, slashes, dots, spaces, none. */
const SEP = "[\\s\\-‐‑–—_/.:]*";

/**
 * The report number as a pattern over folded text: its runs of letters and digits in order with any
 * separators between them, whole at both ends (a longer number, RFC 9110 for RFC 911, is another;
 * a suffix after a separator, REDP-5110-00 for REDP-5110, is its edition). "RFC" may be printed as
 * "Request for Comments:". Null when too short to tell works apart.
 */
export function reportPattern(number: string | null | undefined): RegExp | null {
  const runs = words(fold(number ?? ""));
  if (!runs.some((r) => /\d/.test(r)) || runs.join("").length < 5) return null;
  const esc = runs.map((r) => r.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const head = runs[0] === "rfc" ? `(?:rfc|request${SEP}for${SEP}comments)` : esc[0]!;
  return new RegExp(`(?<![\\p{L}\\p{N}])${[head, ...esc.slice(1)].join(SEP)}(?![\\p{L}\\p{N}])`, "gu");
}

/** A line that labels its number as the document's own. */
const NUMBER_LABEL = /\b(?:report|document|publication|memorandum|paper|series|request for comments|rfc|number|no\.?|nr\.?|n°|isrn)\b/;
/** Just before a number on its line: another document named. */
const NAMES_ANOTHER =
  /(?:obsoletes|obsoleted by|updates|updated by|supersedes|superseded by|replaces|replaced by|see also|see|cf\.?|as shown in|described in|published in|according to)\s*:?\s*$/;
/** A page's header and footer: this many lines at its top and bottom. */
const EDGE_LINES = 4;

/** A match of a report-number pattern where the page prints a number as its own (a front page, a header or footer, a labelled line), not citing or naming another. */
function* ownPlaces(page: Page, pattern: RegExp, inReferences: boolean, isExempt: Exemption, edges = true): Generator<RegExpMatchArray> {
  const refsFrom = referencesFrom(page, inReferences);
  const front = page.wordCount < ARTICLE_PAGE_WORDS;
  for (const m of page.joined.matchAll(pattern)) {
    const line = lineAt(page, m.index!);
    if (referenceLine(page, line, refsFrom) || citedAt(page, m.index!, isExempt)) continue;
    const before = page.joined.slice(page.lineStarts[line]!, m.index);
    if (NAMES_ANOTHER.test(before)) continue;
    const edge = edges && (line < EDGE_LINES || line >= page.lines.length - EDGE_LINES);
    // "Request for Comments: 9110" is an RFC's own header line.
    if (front || edge || NUMBER_LABEL.test(before) || m[0].startsWith("request")) yield m;
  }
}

/** The report number where the page prints it as its own, or null. */
export function ownReportNumber(page: Page, pattern: RegExp | null, inReferences: boolean, isExempt: Exemption): string | null {
  if (!pattern) return null;
  for (const m of ownPlaces(page, pattern, inReferences, isExempt)) return m[0].trim();
  return null;
}

/**
 * Another number of the same series printed as the page's own: "NASA/TM-2005-213789" where
 * NASA/TM-2014-216638 is asked for, "Request for Comments: 9110" for RFC 7231. The series is the
 * number's leading letters; a number without them (Intel's 335252-002) has no series to compare.
 */
export function seriesPattern(number: string | null | undefined): RegExp | null {
  const runs = words(fold(number ?? ""));
  const lead: string[] = [];
  for (const r of runs) {
    if (/\d/.test(r)) break;
    lead.push(r);
  }
  if (!lead.length || lead.length === runs.length || lead.join("").length < 2) return null;
  const esc = lead.map((r) => r.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (lead[0] === "rfc") esc[0] = `(?:rfc|request${SEP}for${SEP}comments)`;
  return new RegExp(`(?<![\\p{L}\\p{N}])${esc.join(SEP)}${SEP}\\d{3,}(?:${SEP}[\\p{L}\\p{N}]+)*`, "gu");
}

/**
 * Another number of the series (seriesPattern) the page prints as its own, not ours (reportPattern):
 * on a short front page or a labelled line (a running header may name a related report).
 */
export function foreignReportNumber(page: Page, series: RegExp | null, ours: RegExp | null, inReferences: boolean, isExempt: Exemption): string | null {
  if (!series || !ours) return null;
  for (const m of ownPlaces(page, series, inReferences, isExempt, false)) {
    if (!new RegExp(ours.source, "u").test(m[0])) return m[0].trim();
  }
  return null;
}
