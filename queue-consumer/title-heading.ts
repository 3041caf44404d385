/**
 * The title as the page's heading, not merely its words somewhere: its significant words in order
 * in a tight run (or letter for letter where a heading is letter-spaced), every number and part
 * numeral exact, larger than the page's body or among its first lines, standing on its own lines
 * (a 2-3 word title as the page's largest text and nothing else), and not in a reference list or
 * quoted after "Comment on", "Retracted:", … (page-kinds.ts). Pure.
 */
import { firstPageMarker } from "./cover-sheet";
import { EARLY_LINES, HEADING_SCALE, type Page } from "./pdf-page";
import { referenceLine, referencesFrom, type Exemption } from "./page-kinds";
import { fold, isSignificant, words } from "./text-fold";
import { ROMAN, SERIES_WORDS, required, type TitleModel } from "./title-words";

type TitleRun = { from: number; to: number; matched: number; keysMissing: number; lines: Set<number> };

/** The best in-order runs of the title's words on the page: gaps and a few missing words allowed, in a tight span. */
function titleRuns(page: Page, t: TitleModel): TitleRun[] {
  const toks = page.tokens;
  const span = Math.ceil(t.all.length * 1.5) + 4;
  let best: TitleRun | null = null;
  const runs: TitleRun[] = [];
  for (let p = 0; p < toks.length; p++) {
    if (!t.seq.slice(0, 3).some((s) => s.w === toks[p]!.w || s.w.startsWith(toks[p]!.w))) continue;
    let j = 0;
    let matched = 0;
    let keysMissing = 0;
    let q = p;
    let last = p;
    // Where the run's first word matched: a run that only starts at a word like the title's first
    // ("long" for "LongEval") and matches further on must not claim the text in between.
    let first = -1;
    const lines = new Set<number>();
    while (q < toks.length && q - p <= span && j < t.seq.length) {
      const w = toks[q]!.w;
      const pair = w + (toks[q + 1]?.w ?? "");
      let hit = -1;
      let width = 1;
      let used = 1;
      for (let k = j; k < Math.min(t.seq.length, j + 3); k++) {
        const s = t.seq[k]!.w;
        if (s === w) hit = k;
        else if (s === pair)
          [hit, used] = [k, 2]; // "CO2" printed "CO 2"
        else if (k + 1 < t.seq.length && s + t.seq[k + 1]!.w === w) [hit, width] = [k, 2]; // "ten-year" broken "ten-/year"
        if (hit >= 0) break;
      }
      if (hit >= 0) {
        for (let k = j; k < hit; k++) if (t.seq[k]!.key) keysMissing++;
        matched += width;
        if (first < 0) first = q;
        j = hit + width;
        last = q + used - 1;
        lines.add(toks[q]!.line);
        q += used;
      } else {
        q++;
      }
    }
    for (let k = j; k < t.seq.length; k++) if (t.seq[k]!.key) keysMissing++;
    const run = { from: first < 0 ? p : first, to: last, matched, keysMissing, lines };
    runs.push(run);
    // Of runs as full, the tighter: a running head repeating the title's first words starts a run
    // that borrows the rest from the heading below; the heading's own run is the title.
    const score = (r: TitleRun) => r.matched - r.keysMissing * 2;
    if (!best || score(run) > score(best) || (score(run) === score(best) && run.to - run.from < best.to - best.from)) best = run;
  }
  if (!best) return [];
  // The best first; then every other full enough run that does not overlap one already taken, in
  // page order: a title may stand twice (a cover line "This is a repository copy of …" and the
  // heading; the heading and a sentence of the abstract that runs its words on).
  const taken = [best];
  for (const r of runs) {
    if (r.matched >= required(t.seq.length) && taken.every((x) => r.to < x.from || r.from > x.to)) taken.push(r);
  }
  return [best, ...taken.slice(1).sort((a, b) => a.from - b.from)];
}

/** Numbered series next to the run that the title does not have ("Part II" beside our "Part I"). */
function conflictingSeries(page: Page, run: TitleRun, t: TitleModel): string | null {
  // Within the run and just after it (what comes before is a running head's "Vol. 12, No. 3").
  const toks = page.tokens.slice(run.from, run.to + 4).map((x) => x.w);
  for (let i = 0; i + 1 < toks.length; i++) {
    const w = toks[i]!;
    const n = toks[i + 1]!;
    if (SERIES_WORDS.has(w) && (/^\d+$/.test(n) || ROMAN.test(n)) && !t.series.has(`${w} ${n}`)) return `${w} ${n}`;
  }
  return null;
}

/** Where the title stands on the page, however it was found; startsLine: nothing before it on its first line. */
type TitlePlace = { lines: Set<number>; fromLine: number; lead: string; matched: number; startsLine: boolean };

type Judged = { ok: true; detail: string } | { ok: false; detail: string };

/**
 * The whole title letter for letter, ignoring spaces and punctuation: a heading set with letter
 * spacing reads "G L A C I E R …" and has no words to match. Only for titles of 20+ letters.
 */
function compactTitle(page: Page, t: TitleModel): TitlePlace | null {
  const want = t.all.join("");
  if (want.length < 20) return null;
  let text = "";
  const at: [number, number][] = [];
  page.folded.forEach((l, line) => {
    for (let i = 0; i < l.length; i++) {
      if (/[\p{L}\p{N}]/u.test(l[i]!)) {
        text += l[i];
        at.push([line, i]);
      }
    }
  });
  const start = text.indexOf(want);
  if (start < 0) return null;
  // Another numbered part right after ("…catchments, Part 2").
  if (/^(?:part|phase|volume|chapter|stage|type|paper)\d/.test(text.slice(start + want.length))) return null;
  const [fromLine, col] = at[start]!;
  const lines = new Set(at.slice(start, start + want.length).map(([l]) => l));
  const lead = `${page.folded[fromLine - 1] ?? ""} ${page.folded[fromLine]!.slice(0, col)}`;
  return {
    lines,
    fromLine,
    lead: words(lead).slice(-6).join(" "),
    matched: t.seq.length,
    startsLine: !/[\p{L}\p{N}]/u.test(page.folded[fromLine]!.slice(0, col)),
  };
}

/** Every place the title stands on the page (best first), or why it stands nowhere. */
export function titlePlaces(page: Page, t: TitleModel): TitlePlace[] | { failed: string } {
  const n = t.seq.length;
  const runs = titleRuns(page, t);
  const best = runs[0];
  if (!best || best.matched < required(n)) {
    const compact = compactTitle(page, t);
    return compact ? [compact] : { failed: `title words not in a run (${best?.matched ?? 0}/${n})` };
  }
  // Each place on its own: the heading may be whole while a sentence below that runs the title's
  // words on stands next to "Section 3".
  const whole = runs.filter((r) => r.matched >= required(n) && !r.keysMissing && !conflictingSeries(page, r, t));
  if (!whole.length) {
    if (best.keysMissing) return { failed: "title's numbers differ" };
    return { failed: `another part of a series (${conflictingSeries(page, best, t)})` };
  }
  return whole.map((r) => ({
    lines: r.lines,
    fromLine: page.tokens[r.from]!.line,
    lead: page.tokens
      .slice(Math.max(0, r.from - 6), r.from)
      .map((x) => x.w)
      .join(" "),
    matched: r.matched,
    startsLine: page.tokens[r.from - 1]?.line !== page.tokens[r.from]!.line,
  }));
}

/**
 * How a book's, report's or standard's pages are judged: a short page (its cover, half-title or
 * title page) is a front page, where the title standing on its own lines is the heading when it is
 * set larger than the page's body, is the page's largest text, or stands beside its authors.
 */
export type FrontMatter = { surnames: string[] };

/** A page with fewer words than this is a book's or report's cover, half-title or title page. */
export const FRONT_PAGE_WORDS = 200;

/** Whether the title stands as the page's heading in any of the places it stands; else why not (the first place's reason). */
export function titleHeading(page: Page, t: TitleModel, isExempt: Exemption, inReferences: boolean, front: FrontMatter | null = null): Judged {
  const places = titlePlaces(page, t);
  if ("failed" in places) return { ok: false, detail: places.failed };
  let first: { ok: false; detail: string } | null = null;
  for (const place of places) {
    const judged = headingAt(page, t, place, isExempt, inReferences, front);
    if (judged.ok) return judged;
    first ??= judged;
  }
  return first!;
}

/** Words before "note" that make it a notice about another work, not an article type's label. */
const NOTICE_NOTE =
  /(?:retraction|correction|withdrawal|erratum|errata|corrigendum|addendum|concern|editorial|editors?|editor s|publishers?|publisher s) note$/;

/**
 * A short title below a masthead set larger: a journal's logo or name (a few short lines) above
 * it, no more than a masthead's words (volume, ISSN, a type label) and no abstract before it, and
 * nothing after it set larger. A section heading of another paper has that paper's title and text
 * above it.
 */
function belowMasthead(page: Page, lines: Set<number>, fromLine: number, size: number): boolean {
  const last = Math.max(...lines);
  if (page.lines.slice(last + 1).some((l) => l.size > size * 1.05)) return false;
  const larger = page.lines.slice(0, fromLine).filter((l) => l.size > size * 1.05);
  if (larger.length > 3 || larger.some((l) => words(fold(l.text)).length > 4)) return false;
  const marker = firstPageMarker(page.folded);
  return page.tokens.filter((x) => x.line < fromLine).length <= 40 && (marker < 0 || marker > last);
}

/** Whether the title, in this place, is the page's heading. */
function headingAt(page: Page, t: TitleModel, place: TitlePlace, isExempt: Exemption, inReferences: boolean, front: FrontMatter | null): Judged {
  const n = t.seq.length;
  const { lines, fromLine, lead } = place;
  // A reference list cites titles; it never heads a page.
  if (referenceLine(page, fromLine, referencesFrom(page, inReferences))) return { ok: false, detail: "title in a reference list" };
  // Words just before the title that make it a quotation: "Comment on …", "Retracted: …".
  let framing =
    /(?:comments?|commentary|reply|response|rejoinder|erratum|errata|corrigendum|correction|retraction|retracted|withdrawn|withdrawal|concern|addendum|notice|note|discussion|closure)(?: (?:on|to|of|for|about|regarding|in))?$/.exec(
      lead,
    );
  // "Taxonomic Note", "Research Note" on a line above the title: the article's type, not a notice.
  if (framing?.[0] === "note" && place.startsLine && !NOTICE_NOTE.test(lead)) framing = null;
  const why = framing ? isExempt(framing[0]) : "title";
  if (why === null) return { ok: false, detail: `title quoted after "${framing![0]}"` };
  // "Retracted: <title>" is the stamped work or a notice named so: only its identifier tells.
  if (why === "stamp") return { ok: false, detail: `title after "${framing![0]}": the identifier must tell` };
  // The lines the title's words are on (a two-column page may put body lines between them).
  const size = Math.min(...[...lines].map((i) => page.lines[i]!.size));
  const prominent = size >= page.bodySize * HEADING_SCALE;
  // A page set in one size (a manuscript) shows its title among its first lines; a typeset page
  // shows it larger than its body (a listing's entries and a quotation are in the body's size).
  // There it must also stand on its own lines (a subtitle may follow), not run on in a paragraph.
  // A scan's OCR layer is not set in one size (a formula line further down reads larger), but
  // when nothing above a title of 4+ words is larger than it, its first lines are its heading all
  // the same (a shorter one could be a masthead's journal name or a section label).
  const uniform = page.maxSize <= page.bodySize * HEADING_SCALE;
  const onTop = n > 3 && page.lines.slice(0, Math.max(...lines) + 1).every((l) => l.size <= size * 1.05);
  const extra = page.tokens.filter((x) => lines.has(x.line) && isSignificant(x.w) && !t.all.includes(x.w)).length;
  const early = (uniform || onTop) && page.folded.slice(0, fromLine).filter((l) => /\p{L}/u.test(l)).length < EARLY_LINES && extra <= Math.max(3, n);
  if (front && page.wordCount < FRONT_PAGE_WORDS && extra <= 1) {
    // A book's or report's cover, half-title or title page: the title on lines of its own.
    const largestLine = Math.max(...[...lines].map((i) => page.lines[i]!.size));
    const byAuthors = front.surnames.some((s) => page.tokens.some((x) => x.w === s));
    if (prominent || largestLine >= page.maxSize * 0.95 || byAuthors)
      return { ok: true, detail: `${place.matched}/${n} title words as the heading of a front page` };
  }
  if (n <= 3) {
    // A short title is common in running text: it must be the page's heading and nothing else
    // (a journal's masthead above it may be set larger).
    const largest = prominent && size >= page.maxSize * 0.95;
    const underMasthead = !largest && prominent && extra === 0 && belowMasthead(page, lines, fromLine, size);
    if (!(largest || early || underMasthead) || extra > (largest ? 1 : 0)) return { ok: false, detail: "short title not the page's heading" };
  } else if (!prominent && !early) {
    return { ok: false, detail: "title words in the body, not as the heading" };
  }
  return { ok: true, detail: `${place.matched}/${n} title words as the heading` };
}
