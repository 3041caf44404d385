/**
 * What the job knows, set against the pages read (Known), and the evidence one page gives: the
 * identifier as its own (own-identifier.ts), corroborated by the title's words on the pages read,
 * or the title as its heading (title-heading.ts). Shared by verify.ts, which reads the pages in
 * order, and behind-cover.ts, which asks the same of the page behind a cover sheet. Pure.
 */
import { firstPageMarker, headingGroups } from "./cover-sheet";
import { exemption, ownPart, type Exemption } from "./page-kinds";
import { EARLY_LINES, HEADING_SCALE, preparePage, type Page } from "./pdf-page";
import type { PageText } from "./pdf-text";
import { arxivOf, identifiersOf, ownIdentifier, type Identifier } from "./own-identifier";
import { fold, isSignificant, words } from "./text-fold";
import { titleHeading, type FrontMatter } from "./title-heading";
import { titleModel, type TitleModel } from "./title-words";
import { bookish, type Expectation, type TextVerdict } from "./verdict";
import { foreignReportNumber, isbnSet, ownIsbn, ownReportNumber, reportPattern, seriesPattern } from "./work-identifiers";

/** Share of a long title's significant words the pages must show for an identifier to count. */
export const CORROBORATION_SHARE = 0.5;

/** What the job knows, as the pages are compared with it. */
export type Known = {
  ids: Identifier[];
  doi: string | null;
  usableTitle: TitleModel | null;
  withSubtitle: TitleModel | null;
  isExempt: Exemption;
  /** Every word on the pages read: the title's words an identifier needs beside it. */
  allWords: Set<string>;
  /** The arXiv id the job knows (or its arXiv DOI names): a stamp with another id is another preprint. */
  arxiv: string | null;
  /** A book's ISBNs (13 digits) and a report's or standard's number (and its series: another number of it is another report). */
  isbns: Set<string>;
  report: RegExp | null;
  series: RegExp | null;
  /** Known by its PMCID: PMC's renderings print the journal's DOI, which the job may not know. */
  pmcid: boolean;
  /** A book, report or standard: its short pages are front pages (title-heading.ts). */
  front: FrontMatter | null;
};

/** The surnames a title page would print: the last word of each name ("Downey" of "Allen B. Downey", "Daumé" of "Hal Daumé III"), or the part before a comma. */
function surnamesOf(authors: readonly string[] | null | undefined): string[] {
  return (authors ?? []).flatMap((a) => {
    const ws = words(fold(a.includes(",") ? a.split(",")[0]! : a)).filter((w) => !/^(?:jr|sr|ii|iii|iv)$/.test(w));
    const last = ws[ws.length - 1];
    return last && last.length >= 3 ? [last] : [];
  });
}

export function knownFor(expect: Expectation, pages: Page[]): Known {
  const title = expect.title ? titleModel(expect.title) : null;
  const usableTitle = title && title.seq.length >= 2 ? title : null;
  // The title with its subtitle, when the metadata keeps one apart: "Pandemic programming" with
  // "How COVID-19 affects …" is printed as one heading, where the two words alone are no heading.
  const withSubtitle =
    expect.title && expect.subtitle?.trim() && !fold(expect.title).includes(fold(expect.subtitle)) ? titleModel(`${expect.title}: ${expect.subtitle}`) : null;
  return {
    ids: identifiersOf(expect),
    doi: expect.doi ? fold(expect.doi).trim() : null,
    usableTitle,
    withSubtitle,
    isExempt: exemption(title, expect.retracted),
    allWords: new Set(pages.flatMap((p) => p.tokens.map((x) => x.w))),
    arxiv: arxivOf(expect),
    isbns: isbnSet(expect.isbn),
    report: reportPattern(expect.reportNumber),
    series: seriesPattern(expect.reportNumber),
    pmcid: !!expect.pmcid,
    front: bookish(expect.kind) ? { surnames: surnamesOf(expect.authors) } : null,
  };
}

/** The work's identifier as the page's own: its DOI, arXiv id or PMCID, a book's ISBN, a report's number. */
function ownId(own: Page, k: Known, inReferences: boolean): { label: string; id: string } | null {
  const hit = ownIdentifier(own, k.ids, inReferences, k.isExempt);
  if (hit) return hit;
  const isbn = ownIsbn(own, k.isbns, inReferences, k.isExempt);
  if (isbn) return { label: "ISBN", id: isbn };
  const number = ownReportNumber(own, k.report, inReferences, k.isExempt);
  return number ? { label: "number", id: number } : null;
}

type Evidence = { strong: TextVerdict | null; weakId: string | null; note: string | null };

/** The identifier or the title as the page's own (the part of it that may speak for the work). */
export function evidenceOn(own: Page, i: number, k: Known, inReferences: boolean): Evidence {
  let weakId: string | null = null;
  const hit = ownId(own, k, inReferences);
  if (hit) {
    const sig = k.usableTitle?.sig ?? [];
    const shown = sig.filter((w) => k.allWords.has(w)).length;
    if (sig.length < 3 || shown >= sig.length * CORROBORATION_SHARE)
      return { strong: { kind: "doi_on_page", detail: `${hit.label} ${hit.id} on page ${i + 1}` }, weakId: null, note: null };
    weakId = `${hit.label} ${hit.id} on page ${i + 1} but only ${shown}/${sig.length} title words`;
  }
  if (k.withSubtitle && titleHeading(own, k.withSubtitle, k.isExempt, inReferences, k.front).ok)
    return { strong: { kind: "title", detail: `the title and its subtitle as the heading on page ${i + 1}` }, weakId, note: null };
  if (k.usableTitle) {
    const heading = titleHeading(own, k.usableTitle, k.isExempt, inReferences, k.front);
    if (heading.ok) return { strong: { kind: "title", detail: `${heading.detail} on page ${i + 1}` }, weakId, note: null };
    return { strong: null, weakId, note: `page ${i + 1}: ${heading.detail}` };
  }
  return { strong: null, weakId, note: null };
}

/** The share of the title's significant words among a text's words. */
const sharedWith = (t: TitleModel, text: string) => {
  const ws = new Set(words(fold(text)));
  return t.sig.filter((w) => ws.has(w)).length / t.sig.length;
};

/**
 * The heading of another work at the top of the page (above its abstract, or among its first
 * lines): its prominent lines name a title of 3+ significant words, and none of them shares half
 * of this title's words. Null when the page has no such heading or one of them is like the title.
 */
export function headedByAnother(page: Page, t: TitleModel): string | null {
  const marker = firstPageMarker(page.folded);
  const groups = headingGroups(page.lines, page.bodySize, marker >= 0 ? marker : EARLY_LINES * 2, HEADING_SCALE).filter(
    (g) => words(fold(g)).filter(isSignificant).length >= 3,
  );
  if (!groups.length || groups.some((g) => sharedWith(t, g) >= 0.5)) return null;
  return groups[0]!;
}

/**
 * A book's or report's last page (its back cover) printing the work's ISBN or number as its own,
 * outside a list of other titles (with a title of 3+ significant words, half of them must be on the
 * pages read), or another number of the report's series as its own; null when it says neither.
 */
export function backCoverEvidence(back: PageText, k: Known): { kind: "own" | "foreign"; detail: string } | null {
  if (!k.isbns.size && !k.report) return null;
  const own = ownPart(preparePage(back));
  if (!own) return null;
  const isbn = ownIsbn(own, k.isbns, false, k.isExempt);
  const number = isbn ? null : ownReportNumber(own, k.report, false, k.isExempt);
  if (!isbn && !number) {
    const other = foreignReportNumber(own, k.series, k.report, false, k.isExempt);
    return other ? { kind: "foreign", detail: `the last page prints another number of the series as its own (${other})` } : null;
  }
  const sig = k.usableTitle?.sig ?? [];
  const shown = sig.filter((w) => k.allWords.has(w) || own.tokens.some((x) => x.w === w)).length;
  if (sig.length >= 3 && shown < sig.length * CORROBORATION_SHARE) return null;
  return { kind: "own", detail: isbn ? `ISBN ${isbn} on the last page` : `number ${number} on the last page` };
}
