/**
 * Is this PDF the document that was asked for? Judged from the lines of its first pages
 * (pdf-text.ts: text and font size) against what the job knows: the DOI, the title, the arXiv id
 * or PMCID the copy was fetched by, and whether Crossref says the work was retracted. Pure: no I/O.
 *
 * A page counts as *this work's* only where it presents itself as this work:
 *   - the identifier, printed where a work prints its own: not in a reference list (after a
 *     "References" heading, or on a numbered reference line) and not where another document
 *     cites it ("the original article", "comment on", "retraction of" just before it);
 *   - or the title as a heading: its significant words in order in a tight run (not scattered
 *     over a dense page), in a larger font than the page's body or among its first lines (on a
 *     page set in one size, or, for 4+ words, with nothing above it set larger: a scan's OCR
 *     layer), every number and part/phase numeral exactly ("Part I" is not "Part II", a 2019
 *     guideline is not its 2021 update), and for a title of 2-3 words the page's largest text and
 *     nothing else;
 * and nowhere on a page that announces another document about it (a heading starting "Comment on",
 * "Reply", "Erratum", "Correction", "Retraction", "Expression of concern", …, unless the work asked
 * for is itself such a notice) or on a table of contents (a contents list below the work's own
 * abstract, as a long paper's first page has, is no evidence; what stands above it is). An identifier also needs the title's
 * words on the pages read (when the title is long enough to say so): an identifier alone on a
 * page that shows another title is hidden text or a citation. Pages after the first page of an
 * article (300+ words) belong to that article and are not read: a cover sheet is short.
 *
 * Against it: a first page that prints another work's identifier as its own (its DOI where a work
 * prints its own, an arXiv stamp, another number of a report's series) is that work, from every
 * source, when nothing on the pages is the work's own; so is a first page headed by another title
 * when only the title's words are found. A book, report or standard (`kind`) is read further (its
 * front matter: cover, half-title, series page, title page, copyright page), its short pages are
 * judged as its own first pages (title-heading.ts), its ISBN or number counts like a DOI
 * (work-identifiers.ts), and its last page (a back cover) is read when the first pages do not settle it.
 *
 * The parts, each pure:
 *   text-fold.ts, title-words.ts   folding text and titles alike; what a title must show
 *   pdf-page.ts, text-layer.ts     a page prepared for the checks; whether there is text at all
 *   page-kinds.ts                  notices, comments, listings, reference lists, citing words
 *   own-identifier.ts              the identifier as the page's own (and another work's: a DOI, an arXiv stamp)
 *   work-identifiers.ts            a book's ISBN, a report's or standard's number as the page's own
 *   title-heading.ts               the title as the page's heading
 *   page-evidence.ts               what the job knows, and the evidence one page gives
 *   behind-cover.ts                a cover sheet's evidence, judged by the page behind it
 *   verdict.ts                     the verdicts and what they decide (decide)
 * This file reads the pages in order and combines them into a verdict (judgePages), and is the
 * verifier's public face: what the consumer, the tests and the tools import.
 */
import { Covers } from "./behind-cover";
import { foreignArxivStamp, foreignDoi } from "./own-identifier";
import { foreignReportNumber } from "./work-identifiers";
import { backCoverEvidence, evidenceOn, headedByAnother, knownFor, type Known } from "./page-evidence";
import { hasReferencesHeading, noticePage, ownPart } from "./page-kinds";
import { articlePage, preparePage, type Page } from "./pdf-page";
import type { PageText } from "./pdf-text";
import { MIN_TEXT_LETTERS, garbledText, letterCount } from "./text-layer";
import type { Expectation, TextVerdict } from "./verdict";

export type { PageLine, PageText } from "./pdf-text";
export { versionOnPage } from "./page-version";
export { significantWords } from "./title-words";
export { decide, type Decision, type Expectation, type TextVerdict, type Verification } from "./verdict";

/** Plain text as one page (pages split at form feeds), every line in one size: for tests and logs. */
export function pagesFromText(text: string): PageText[] {
  return text.split("\f").map((p) =>
    p
      .split("\n")
      .map((l) => ({ text: l.trim(), size: 10 }))
      .filter((l) => l.text),
  );
}

/** verifyPages over plain text (see pagesFromText). */
export function verifyText(text: string, expect: Expectation): TextVerdict {
  return verifyPages(pagesFromText(text), expect);
}

/** True when the pages read so far settle the question, or the article's own pages have begun. */
export function enoughPages(pages: PageText[], expect: Expectation): boolean {
  const { verdict, pending } = judgePages(pages, expect);
  // Evidence on what may be a cover sheet waits for the page after it.
  if (pending) return false;
  if (verdict.kind === "doi_on_page" || verdict.kind === "title") return true;
  return pages.some((p) => articlePage(preparePage(p)));
}

/** The verdict on the first pages read; `back` is a book's or report's last page, read when those did not settle it. */
export function verifyPages(raw: PageText[], expect: Expectation, back?: PageText): TextVerdict {
  return judgePages(raw, expect, back).verdict;
}

/**
 * Another work's identifier the page prints as its own: a DOI where a work prints its own, an arXiv
 * stamp, another number of the report's series. A DOI counts against a job that knows the work's
 * DOI; against one that knows only an arXiv id (the published version prints its DOI, not the
 * stamp); against a book's or report's job only on an article's first page (a book's copyright
 * page may print the book's own DOI). Never against a job known by its PMCID: PMC's copy prints the
 * journal's DOI, which the job may not know.
 */
function foreignId(own: Page, k: Known, inReferences: boolean): string | null {
  const checkDoi = !k.pmcid && (!!k.doi || (k.front ? articlePage(own) && (k.isbns.size > 0 || !!k.report) : !!k.arxiv));
  const doi = checkDoi ? foreignDoi(own, k.doi, inReferences, k.isExempt) : null;
  if (doi) return `DOI ${doi}`;
  const arxiv = k.arxiv ? foreignArxivStamp(own, k.arxiv) : null;
  if (arxiv) return `arXiv stamp ${arxiv}`;
  const number = foreignReportNumber(own, k.series, k.report, inReferences, k.isExempt);
  return number ? `number ${number}` : null;
}

/**
 * The verdict from the pages read, and whether it rests on a front page whose page behind is not
 * read yet (behind-cover.ts: then more pages are wanted before it stands).
 */
function judgePages(raw: PageText[], expect: Expectation, back?: PageText): { verdict: TextVerdict; pending: boolean } {
  // Up to the first page of an article: what follows is that article's own (its references included).
  const pages: Page[] = [];
  for (const p of raw) {
    pages.push(preparePage(p));
    if (articlePage(pages[pages.length - 1]!)) break;
  }
  const known = knownFor(expect, pages);
  const { usableTitle, allWords, isExempt } = known;
  const covers = new Covers(pages, known);
  const notes: string[] = [];
  let inReferences = false;
  let weak: { detail: string; page: number } | null = null;
  // The document opens with a notice, comment or listing (not a contents page inside a thesis).
  let opensAsListing = false;
  let seenText = false;
  // The first page with text that is not a cover sheet: where a work prints its own identifier and heading.
  let firstOwn: number | null = null;
  let foreign: string | null = null;
  let seenCover = false;
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i]!;
    const notice = noticePage(page, isExempt);
    if (notice) notes.push(`page ${i + 1} is a notice or comment ("${notice}")`);
    const own = notice ? null : ownPart(page);
    const toc = !notice && !own;
    if (toc) notes.push(`page ${i + 1} is a table of contents`);
    if (!seenText && page.wordCount > 0) {
      seenText = true;
      opensAsListing = !!notice || toc;
    }
    if (own) {
      const ev = evidenceOn(own, i, known, inReferences);
      if (ev.strong) return covers.settle(i, ev.strong);
      if (ev.weakId && !weak) weak = { detail: ev.weakId, page: i };
      if (ev.note) notes.push(ev.note);
      if (covers.sheet(i)) {
        // A cover sheet's identifier is its host's record: another work's there names another work.
        if (!foreign && !seenCover) foreign = foreignId(own, known, inReferences);
        seenCover = true;
      } else if (firstOwn === null && own.wordCount > 0) {
        firstOwn = i;
        foreign ??= foreignId(own, known, inReferences);
      } else if (!foreign && known.front) {
        // A report's number is printed on its title page, after its cover: any of its front pages.
        const number = foreignReportNumber(own, known.series, known.report, inReferences, isExempt);
        if (number) foreign = `number ${number}`;
      }
    }
    if (hasReferencesHeading(page)) inReferences = true;
  }
  if (weak) return covers.settle(weak.page, { kind: "weak", detail: weak.detail });
  // The first page prints another work's identifier as its own: that work, from every source.
  if (foreign) return { verdict: { kind: "mismatch", detail: `the pages print another work's identifier as their own (${foreign})` }, pending: false };
  // A book's back cover printing its ISBN (or a report's its number) as its own, or another number of the series.
  const onBack = back ? backCoverEvidence(back, known) : null;
  if (onBack?.kind === "own" && !opensAsListing && !covers.contradicted()) return { verdict: { kind: "doi_on_page", detail: onBack.detail }, pending: false };
  if (onBack?.kind === "foreign") return { verdict: { kind: "mismatch", detail: onBack.detail }, pending: false };
  // Checked after the identifiers: a scan may still carry a stamped identifier line.
  const letters = raw.reduce((n, p) => n + letterCount(p.map((l) => l.text)), 0);
  if (letters < MIN_TEXT_LETTERS) return { verdict: { kind: "no_text", detail: `${letters} letters on the first pages` }, pending: false };
  const garbled = garbledText(raw);
  if (garbled) return { verdict: { kind: "no_text", detail: garbled }, pending: false };
  // The title's words loosely, or nothing to compare with: but behind a cover sheet stands another work.
  const behind = covers.contradicted();
  if (behind) return { verdict: { kind: "mismatch", detail: behind }, pending: false };
  if (usableTitle) {
    const shown = usableTitle.sig.filter((w) => allWords.has(w)).length;
    // The title's words loosely, but the first page is headed by another title: that work.
    const another = shown >= usableTitle.sig.length * 0.75 && firstOwn !== null ? headedByAnother(pages[firstOwn]!, usableTitle) : null;
    if (another) return { verdict: { kind: "mismatch", detail: `page ${firstOwn! + 1} is headed "${another.slice(0, 100)}"` }, pending: false };
    if (shown >= usableTitle.sig.length * 0.75 && !opensAsListing)
      return {
        verdict: { kind: "weak", detail: `${shown}/${usableTitle.sig.length} title words, not as a heading: ${notes.join("; ").slice(0, 300)}` },
        pending: false,
      };
    return { verdict: { kind: "mismatch", detail: `neither the identifier nor the title: ${notes.join("; ").slice(0, 300)}` }, pending: false };
  }
  if (opensAsListing) return { verdict: { kind: "mismatch", detail: notes.join("; ").slice(0, 300) }, pending: false };
  return { verdict: { kind: "undecidable", detail: "the identifier is not on the page and no usable title is known" }, pending: false };
}
