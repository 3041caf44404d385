/**
 * The repository mix-up: a cover sheet is generated from the host's record, so it names the
 * record's work even when the file behind it is another paper. What a front page (a cover sheet,
 * recognised by cover-sheet.ts, or a short title page) shows therefore counts only as the first
 * article page after it decides: agrees, contradicts, has no text, or says neither. Pure.
 */
import { COVER_PHRASES_NEEDED, coverPhraseCounts, firstPageMarker, headedBy, headingGroups } from "./cover-sheet";
import { foreignDoi } from "./own-identifier";
import { evidenceOn, type Known } from "./page-evidence";
import { hasReferencesHeading, noticePage, ownPart } from "./page-kinds";
import { ARTICLE_PAGE_WORDS, EARLY_LINES, HEADING_SCALE, articlePage, preparePage, type Page } from "./pdf-page";
import { MIN_TEXT_LETTERS, garbledText, letterCount } from "./text-layer";
import { fold, isSignificant, words } from "./text-fold";
import { titlePlaces } from "./title-heading";
import { titleModel, type TitleModel } from "./title-words";
import type { TextVerdict } from "./verdict";

/** What the first article page after a front page says of the work. */
type Behind =
  | { kind: "agree"; page: number; verdict: TextVerdict | null; detail: string }
  | { kind: "contradict"; page: number; detail: string }
  | { kind: "no_text" }
  | { kind: "silent"; page: number }
  | { kind: "none" };

/**
 * A front page is a cover sheet (two cover phrases of its own, cover-sheet.ts) or a short page
 * (under ARTICLE_PAGE_WORDS words, no abstract or keywords: a title page, a generated cover
 * without the usual words) before the article, and never an article's first page itself. What a
 * front page shows (its identifier, its title) is the host's record; the first page with text
 * after it is the file's own article page, and decides:
 *   agree       it shows the work itself (the identifier as its own, the title as its heading or
 *               the heading opening with the whole title before a subtitle): accepted, behind a
 *               cover sheet on the article page's own evidence where it has one;
 *   contradict  it is a notice, shows another DOI as its own, or is an article's first page (an
 *               abstract or keywords near its top) whose heading is another title: mismatch;
 *   no text     (a scan) behind a cover sheet: no_text (only an exact source serves it,
 *               unverified); behind a short page: the short page's evidence;
 *   silent      neither: behind a cover sheet only weak (an exact source's trusted_source),
 *               behind a short page its evidence;
 *   none        nothing read after it: its evidence, and more pages are read while there are.
 */
export class Covers {
  private readonly cover: boolean[];

  constructor(
    private readonly pages: Page[],
    private readonly known: Known,
  ) {
    const counts = coverPhraseCounts(pages.map((p) => p.folded));
    this.cover = pages.map((p, i) => counts[i]! >= COVER_PHRASES_NEEDED && !articlePage(p));
  }

  /** Page i is a cover sheet (cover-sheet.ts). */
  sheet(i: number): boolean {
    return this.cover[i]!;
  }

  /** A cover sheet, or a short page without an abstract or keywords (an article's first page is neither). */
  private front(i: number): boolean {
    const page = this.pages[i]!;
    return this.cover[i]! || (page.wordCount < ARTICLE_PAGE_WORDS && firstPageMarker(page.folded) < 0);
  }

  /** The verdict when evidence was found on page i, and whether more pages should be read first. */
  settle(i: number, found: TextVerdict): { verdict: TextVerdict; pending: boolean } {
    if (!this.front(i)) return { verdict: found, pending: false };
    const cover = this.cover[i]!;
    const what = cover ? "a cover sheet" : "a short front page";
    const behind = this.behind(i);
    switch (behind.kind) {
      case "none":
        return { verdict: found, pending: true };
      case "agree":
        // A cover sheet's identifier is the host's record: the article page's own evidence is what the file shows.
        return {
          verdict: (cover ? behind.verdict : null) ?? { kind: found.kind, detail: `${found.detail}, page ${behind.page + 1} agrees (${behind.detail})` },
          pending: false,
        };
      case "contradict":
        return {
          verdict: { kind: "mismatch", detail: `${found.detail}, on ${what}; page ${behind.page + 1} is another work: ${behind.detail}` },
          pending: false,
        };
      case "no_text":
        return { verdict: cover ? { kind: "no_text", detail: `${found.detail}, on a cover sheet; no text after it` } : found, pending: true };
      case "silent":
        return {
          verdict:
            cover && found.kind !== "weak"
              ? { kind: "weak", detail: `${found.detail}, on a cover sheet; page ${behind.page + 1} neither shows the work nor another` }
              : found,
          pending: false,
        };
    }
  }

  /** Why a cover sheet read stands before another work, or null. */
  contradicted(): string | null {
    for (let i = 0; i < this.pages.length; i++) {
      if (!this.cover[i]) continue;
      const behind = this.behind(i);
      if (behind.kind === "contradict") return `page ${i + 1} is a cover sheet; page ${behind.page + 1} is another work: ${behind.detail}`;
    }
    return null;
  }

  private behind(i: number): Behind {
    // A line the front page has too is a stamp on every page (JSTOR's), not the article's text.
    const stamp = new Set(this.pages[i]!.folded.map((l) => l.trim()));
    let blank = false;
    for (let j = i + 1; j < this.pages.length; j++) {
      const page = this.pages[j]!;
      const text = page.folded.filter((l) => !stamp.has(l.trim()));
      if (letterCount(text) < MIN_TEXT_LETTERS || garbledText([page.lines])) {
        blank = true;
        continue;
      }
      // A second cover or terms page.
      if (this.cover[j]) continue;
      return this.pageBehind(i, j);
    }
    return blank ? { kind: "no_text" } : { kind: "none" };
  }

  /** Page j, the first page with text after front page i: does it show this work, another, or neither? */
  private pageBehind(i: number, j: number): Behind {
    const page = this.pages[j]!;
    const k = this.known;
    const notice = noticePage(page, k.isExempt);
    if (notice) return { kind: "contradict", page: j, detail: `a notice or comment ("${notice}")` };
    const inReferences = this.pages.slice(0, j).some(hasReferencesHeading);
    const own = ownPart(page) ?? page;
    const ev = evidenceOn(own, j, k, inReferences);
    if (ev.strong) return { kind: "agree", page: j, verdict: ev.strong, detail: ev.strong.detail };
    const foreign = k.doi ? foreignDoi(own, k.doi, inReferences, k.isExempt) : null;
    if (foreign) return { kind: "contradict", page: j, detail: `its own DOI is ${foreign}` };
    // Its top: above its abstract or keywords, else its first lines.
    const marker = firstPageMarker(page.folded);
    const top = marker >= 0 ? marker : EARLY_LINES * 2;
    // An article's first page: one with an abstract or keywords near its top, or any page right
    // after a cover sheet (a host puts its cover before the article's first page; only a short
    // page of the work's own may be followed by a continuation page).
    const firstPage = marker >= 0 || this.cover[i]!;
    const groups = headingGroups(page.lines, page.bodySize, top, HEADING_SCALE);
    const t = k.usableTitle;
    const models = [k.withSubtitle, k.usableTitle].filter((m): m is TitleModel => !!m);
    const opener = groups.find((g) => models.some((m) => headedBy(fold(g), m.all)));
    if (opener) return { kind: "agree", page: j, verdict: null, detail: `its heading "${opener.slice(0, 80)}" opens with the title` };
    const heading = groups.find((g) => words(fold(g)).filter(isSignificant).length >= 3);
    if (!t) return heading === undefined ? { kind: "silent", page: j } : this.namedByFront(i, j, heading, firstPage);
    // Only an article's first page names its own title at its top.
    if (!firstPage) return { kind: "silent", page: j };
    const shares = (text: string) => {
      const ws = new Set(words(fold(text)));
      return t.sig.filter((w) => ws.has(w)).length / t.sig.length;
    };
    if (heading !== undefined) {
      if (shares(heading) < 0.5) return { kind: "contradict", page: j, detail: `its heading is "${heading.slice(0, 80)}"` };
      const places = titlePlaces(preparePage(page.lines.slice(0, top)), t);
      if ("failed" in places && /numbers differ|another part/.test(places.failed)) return { kind: "contradict", page: j, detail: places.failed };
      return { kind: "silent", page: j };
    }
    // A page set in one size: what stands at its top (title, authors, affiliations) names another work.
    const above = page.folded.slice(0, top).join(" ");
    if (words(above).filter(isSignificant).length >= 10 && shares(above) < 0.5)
      return { kind: "contradict", page: j, detail: "what stands at its top does not name the work" };
    return { kind: "silent", page: j };
  }

  /**
   * Without a title to compare (a job that knows only the identifier), the front page's own words
   * stand in for it: the record a cover sheet is generated from names the work's title beside the
   * identifier. The article page's heading standing there as a title does is the same work; an
   * article's first page whose heading's words the front page mostly lacks is another.
   */
  private namedByFront(i: number, j: number, heading: string, firstPage: boolean): Behind {
    const front = this.pages[i]!;
    const asTitle = titleModel(heading);
    const places = asTitle.seq.length >= 3 ? titlePlaces(front, asTitle) : { failed: "short" };
    if (!("failed" in places))
      return { kind: "agree", page: j, verdict: null, detail: `its heading "${heading.slice(0, 80)}" is the title page ${i + 1} names` };
    const frontWords = new Set(front.tokens.map((x) => x.w));
    const shown = asTitle.sig.filter((w) => frontWords.has(w)).length;
    if (firstPage && shown < asTitle.sig.length * 0.5)
      return { kind: "contradict", page: j, detail: `its heading "${heading.slice(0, 80)}" is not the title page ${i + 1} names` };
    return { kind: "silent", page: j };
  }
}
