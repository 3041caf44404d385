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
 *   doi_on_page      the DOI (or the arXiv id / PMCID fetched by) printed as the page's own
 *   title            the title as the page's heading
 *   weak             the identifier without the title's words, or the title's words loosely:
 *                    enough for a source exact by construction, not for any other
 *   no_text          no text layer (a scan), or one that is not text (a font whose character map
 *                    shifts every letter): only a source exact by construction may serve it
 *   undecidable      text, the identifier not on it, and no usable title to compare with
 *   mismatch         text, but it is another work (or a notice, comment or listing about this one)
 */
import { ANY_DOI, COVER_PHRASES_NEEDED, NOT_OWN_DOI_LINE, coverPhraseCounts, firstPageMarker, headedBy, headingGroups } from "./cover-sheet";
import type { PageLine, PageText } from "./pdf-text";

export type { PageLine, PageText };

export type Expectation = {
  doi: string | null;
  title: string | null;
  /** A subtitle the metadata keeps apart (Crossref): the page may print it after the title on the title's lines. */
  subtitle?: string | null | undefined;
  arxiv?: string | null | undefined;
  pmcid?: string | null | undefined;
  /** Crossref says this work is retracted or withdrawn: its own copy may be stamped so. */
  retracted?: boolean | undefined;
};

export type TextVerdict = { kind: "doi_on_page" | "title" | "weak" | "no_text" | "undecidable" | "mismatch"; detail: string };

/** Fewer letters than this on the pages read: no usable text layer. */
export const MIN_TEXT_LETTERS = 20;
/**
 * A page with this many words and an article's parts (Abstract, Introduction, Keywords, …) is an
 * article's first page: later pages are its own (its references). A long cover or terms page
 * ("General rights", "Take down policy") has no such parts, so reading goes on past it.
 */
export const ARTICLE_PAGE_WORDS = 300;
const ARTICLE_PARTS = /\b(?:abstract|introduction|keywords|key words|background|summary|methods|resume|resumen|zusammenfassung)\b/;

function articlePage(page: Page): boolean {
  return page.wordCount >= ARTICLE_PAGE_WORDS && page.folded.some((l) => ARTICLE_PARTS.test(l));
}
/** Share of a long title's significant words the pages must show for an identifier to count. */
export const CORROBORATION_SHARE = 0.5;
/** A heading is set at least this much larger than the page's body text. */
const HEADING_SCALE = 1.15;
/** Or it starts among the page's first lines (a manuscript's title is in the body's size). */
const EARLY_LINES = 6;

const STOP_WORDS = new Set(
  "a an and are as at be by for from has have in into is it its of on or that the their this to was were with within without via vs versus using use based new study analysis between over under towards toward than".split(" "),
);

/** Words that put a numeral after them in a title: "Part II", "Phase 3", "Type 1". */
const SERIES_WORDS = new Set("part paper phase type stage chapter section trial experiment series study report".split(" "));
const ROMAN = /^(?:x{0,3})(?:ix|iv|v?i{0,3})$/;

/**
 * Lower case, accents dropped, compatibility forms folded (ligatures split, math letters plain),
 * soft hyphens and zero widths gone. TeX's old fonts print an accent as its own spacing glyph
 * before a dotless letter ("P´os-Gradua¸c˜ao em F´ısica"): those glyphs go, ı and ȷ are i and j.
 */
export function fold(s: string): string {
  return s
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff\u00a8\u00af\u00b4\u00b8\u02c6\u02c7\u02d8-\u02dd]/g, "")
    .replace(/\u0131/g, "i")
    .replace(/\u0237/g, "j")
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", alpha: "α", beta: "β", gamma: "γ", delta: "δ", epsilon: "ε", kappa: "κ", lambda: "λ", mu: "μ", pi: "π", sigma: "σ", tau: "τ", omega: "ω" };

/**
 * TeX in a title (arXiv's API gives titles as their authors typed them): "$\sqrt{s}=13$ TeV",
 * "$\mathbb{S}^2$", "difra\c{c}\~ao". The page shows the rendered text, so style commands keep
 * their argument, an accent command keeps its letter, other commands (\sqrt, \to, \alpha: symbols,
 * single letters at most) go, and sub- and superscripts join their base like JATS <sub> ("H$^+$").
 */
function plainTex(title: string): string {
  if (!/[\\$]/.test(title)) return title;
  return title
    .replace(/\\(?:math(?:bb|rm|bf|it|cal|sf|tt|frak)|text(?:it|bf|rm|sc|sf|tt|up)?|emph|operatorname|bm|boldsymbol)\b/g, "")
    .replace(/\\[`'^"~=.]\s*\{?([a-zA-Z])\}?/g, "$1")
    .replace(/\\[cuvHkrbd]\{([a-zA-Z])\}/g, "$1")
    .replace(/\\[a-zA-Z]+/g, " ")
    .replace(/[{}$^_]/g, "");
}

/** A Crossref, arXiv or landing-page title as plain text: JATS/MathML and TeX markup and HTML entities resolved. */
export function plainTitle(title: string): string {
  return plainTex(title)
    .replace(/<\/?(?:sub|sup|inf)\b[^>]*>/gi, "") // CO<sub>2</sub> is "CO2"
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
      const l = e.toLowerCase();
      if (l.startsWith("#")) {
        const code = l.startsWith("#x") ? Number.parseInt(l.slice(2), 16) : Number.parseInt(l.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[l] ?? whole;
    });
}

const words = (folded: string) => folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const isSignificant = (w: string) => (w.length >= 3 || /^\d+$/.test(w)) && !STOP_WORDS.has(w);

/** Words of 3+ letters (or any number), not stop words, in order, deduplicated. */
export function significantWords(title: string): string[] {
  return [...new Set(words(fold(plainTitle(title))).filter(isSignificant))];
}

/** What the title must show on a page: its words in order, which of them are exact keys, its numbered series. */
type TitleModel = { all: string[]; seq: { w: string; key: boolean }[]; sig: string[]; series: Set<string> };

function titleModel(title: string): TitleModel {
  const all = words(fold(plainTitle(title)));
  const seq: TitleModel["seq"] = [];
  const series = new Set<string>();
  all.forEach((w, i) => {
    const afterSeries = i > 0 && SERIES_WORDS.has(all[i - 1]!);
    const numeral = /^\d+$/.test(w) || (ROMAN.test(w) && (afterSeries || i === all.length - 1));
    if (afterSeries && numeral) series.add(`${all[i - 1]} ${w}`);
    if (numeral) seq.push({ w, key: true });
    else if (isSignificant(w)) seq.push({ w, key: false });
  });
  return { all, seq, sig: [...new Set(seq.filter((s) => !s.key || /^\d+$/.test(s.w)).map((s) => s.w))], series };
}

/** How many of a title's significant words a run must show: all of a short title, nearly all of a long one. */
function required(n: number): number {
  if (n <= 3) return n;
  if (n <= 6) return n - 1;
  return Math.ceil(n * 0.85);
}

// ---------------------------------------------------------------------------
// Pages as tokens

type Token = { w: string; line: number };
type Page = { lines: PageLine[]; folded: string[]; tokens: Token[]; joined: string; lineStarts: number[]; bodySize: number; maxSize: number; wordCount: number };

function preparePage(lines: PageText): Page {
  const folded = lines.map((l) => fold(l.text));
  const tokens: Token[] = [];
  folded.forEach((text, line) => {
    const ws = words(text);
    // A word broken by a hyphen at the line's end ("dro-" / "nes") is one word again.
    const prev = tokens[tokens.length - 1];
    if (prev && prev.line === line - 1 && /\p{L}-$/u.test(folded[line - 1]!) && /^\p{L}/u.test(text) && ws.length) {
      prev.w += ws.shift()!;
    }
    for (const w of ws) tokens.push({ w, line });
  });
  // The lines joined for finding identifiers, a DOI link's percent-encoding undone ("10.1002%2F…").
  const lineStarts: number[] = [];
  let joined = "";
  for (const t of folded) {
    lineStarts.push(joined.length);
    joined += `${t.replace(/%(2f|28|29|3a|3b)/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))}\n`;
  }
  // The body's size: the size most characters are set in.
  // Lines of rotated text only (an arXiv stamp in the margin) have size 0 and are left out.
  const bySize = new Map<number, number>();
  lines.forEach((l) => l.size > 0 && bySize.set(l.size, (bySize.get(l.size) ?? 0) + l.text.length));
  const bodySize = [...bySize].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const maxSize = Math.max(0, ...lines.map((l) => l.size));
  return { lines, folded, tokens, joined, lineStarts, bodySize, maxSize, wordCount: tokens.length };
}

const lineAt = (page: Page, offset: number) => {
  let lo = 0;
  for (let i = 0; i < page.lineStarts.length && page.lineStarts[i]! <= offset; i++) lo = i;
  return lo;
};

// ---------------------------------------------------------------------------
// Notices, comments, listings and references

/** A heading that announces a document about another one. */
const NOTICE_HEADING =
  /^(?:retraction(?: note| notice)?|notice of (?:retraction|concern|correction|withdrawal)|retracted(?: article)?|partial retraction|erratum|errata|corrigend(?:um|a)|correction|expression of concern|editorial expression of concern|withdrawal(?: note| notice)?|withdrawn|comments? on|commentary on|reply|response to|authors?'? (?:reply|response)|rejoinder|addendum|discussion of|closure to)\b/;

/** Just before an identifier: another document citing it. */
const CITING =
  /(the original (?:article|paper|publication|version|work|report|study)|originally published|comments? on|commentary on|reply to|in reply|response to|in response|erratum|errata|corrigendum|correction (?:to|of|for|notice)|\bcorrects?\b|retraction|\bretracts?\b|retracted|withdrawn|withdrawal|expression of concern|addendum to|(?:the|in the) (?:article|paper) (?:by|titled|entitled)|related article|linked article|refers to|discussion of)[^\n]*\n?[^\n]*$/;

const REFERENCES_HEADING =
  /^(?:\d+\.?\s*)?(?:references?(?: and notes| cited| list)?|notes and references|notes|endnotes|bibliography|literature(?: cited)?|works cited|cited literature|sources|further reading|literatur(?:verzeichnis)?|references bibliographiques|referencias(?: bibliograficas)?|referencias|bibliografia|bibliographie|referenze|literatura)\s*:?$/;
const NUMBERED_REFERENCE = /^\s*(?:\[\d{1,3}\]|\(\d{1,3}\)|\d{1,3}\.)\s+\S/;
/** A listing's heading: the whole line ("Contents lists available at ScienceDirect" is an Elsevier article's masthead). */
const TOC_HEADING = /^(?:table of )?contents$|^in this issue$|[,:|]\s*(?:table of )?contents$/;
/** A listing's line: dot leaders to a page number, or words ending in a bare page number. */
const TOC_LEADER = /(?:\.\s?){3,}\s*\d{1,6}$|…\s*\d{1,6}$/;
const TOC_NUMBERED = /\p{L}[^.!?]*\s\d{1,6}$/u;

/**
 * Why a marker does not frame the page: "title" when its words are in the title asked for (a
 * notice asked for by its own DOI, "Atmospheric correction of …"), "stamp" when the work is
 * retracted or withdrawn and the marker is the stamp its own copy carries ("RETRACTED:",
 * "WITHDRAWN"); null when it frames the page.
 */
type Exemption = (marker: string) => "title" | "stamp" | null;

function exemption(expect: Expectation, title: TitleModel | null): Exemption {
  const own = ` ${title?.all.join(" ") ?? ""} `;
  return (marker) => {
    const m = words(marker).join(" ");
    if (m && own.includes(` ${m} `)) return "title";
    return expect.retracted && /^(?:retracted|withdrawn)\b/.test(m) ? "stamp" : null;
  };
}

/** The page announces a notice, comment or reply (about this work): its heading says so. */
function noticePage(page: Page, isExempt: Exemption): string | null {
  const heading = new Set<number>();
  let seen = 0;
  for (let i = 0; i < page.lines.length && seen < 3; i++) {
    if (/\p{L}/u.test(page.folded[i]!)) {
      heading.add(i);
      seen++;
    }
  }
  if (page.maxSize > page.bodySize * HEADING_SCALE) page.lines.forEach((l, i) => l.size >= page.maxSize * 0.95 && heading.add(i));
  for (const i of heading) {
    const m = NOTICE_HEADING.exec(page.folded[i]!.replace(/^[^\p{L}]+/u, ""));
    if (m && !isExempt(m[0])) return m[0];
  }
  return null;
}

/** Where a listing starts on the page (its heading, or its first run of entries), or -1 when the page is no listing. */
function listingStart(page: Page): number {
  const heading = page.folded.slice(0, 10).findIndex((l) => TOC_HEADING.test(l.trim()));
  if (heading >= 0) return heading;
  const leaders = page.folded.flatMap((l, i) => (TOC_LEADER.test(l) ? [i] : []));
  if (leaders.length >= 3) return leaders[0]!;
  const numbered = page.folded.flatMap((l, i) => (TOC_NUMBERED.test(l) ? [i] : []));
  if (numbered.length < 5 || numbered.length < page.folded.length * 0.3) return -1;
  // The first entry of a run (3 of 5 lines entries), not a masthead's "Vol 4 No 13" above it.
  return numbered.find((i) => numbered.filter((j) => j >= i && j < i + 5).length >= 3) ?? numbered[0]!;
}

/** The work's own abstract: above a contents list, it makes the page an article's first page that lists its sections. */
const OWN_MATTER = /^(?:abstract|summary|resume|resumen|zusammenfassung)\b/;

/**
 * The part of the page that may speak for the work: all of it, or, on an article's first page
 * that lists its own sections below its abstract (a long paper's or report's), what stands above
 * the list; null for a listing (an issue's or a book's table of contents).
 */
function ownPart(page: Page): Page | null {
  const start = listingStart(page);
  if (start < 0) return page;
  return page.folded.slice(0, start).some((l) => OWN_MATTER.test(l.trim())) ? preparePage(page.lines.slice(0, start)) : null;
}

// ---------------------------------------------------------------------------
// Identifiers

/** Characters that continue a DOI: a page showing ours followed by one of these shows a longer one. */
const DOI_TAIL = /^[-._;:()/]?[\p{L}\p{N}]/u;

/**
 * The identifier as printed: whitespace (a line break) may fall between its characters, and a line
 * may end in a typesetter's hyphen inside it ("…12-" / "4012"); it must be whole at both ends.
 */
function idPattern(id: string, versioned: boolean): RegExp {
  const chars = [...fold(id).replace(/\s+/g, "")].map((ch) => ch.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"));
  return new RegExp(`(?<![\\p{L}\\p{N}.])${chars.join("(?:-[ \\t]*\\n\\s*|\\s*)")}${versioned ? "(?:v\\d+)?" : ""}`, "gu");
}

type IdHit = { label: string; id: string; page: number };

/** The first line of the page's reference list (0 when the list began on an earlier page), or Infinity. */
function referencesFrom(page: Page, inReferences: boolean): number {
  if (inReferences) return 0;
  const i = page.folded.findIndex((l) => REFERENCES_HEADING.test(l.trim()));
  return i < 0 ? Infinity : i;
}

/** Our identifier where the page prints it as its own: not a reference, not cited by a notice. */
function ownIdentifier(page: Page, pageIndex: number, ids: [string, string, boolean][], inReferences: boolean, isExempt: Exemption): IdHit | null {
  const text = page.joined;
  const refsFrom = referencesFrom(page, inReferences);
  for (const [label, id, versioned] of ids) {
    for (const m of text.matchAll(idPattern(id, versioned))) {
      const end = m.index + m[0].length;
      if (DOI_TAIL.test(text.slice(end, end + 2))) continue;
      const line = lineAt(page, m.index);
      if (line >= refsFrom || NUMBERED_REFERENCE.test(page.folded[line]!)) continue;
      const before = text.slice(Math.max(0, m.index - 160), m.index);
      const citing = CITING.exec(before);
      if (citing && !isExempt(citing[1]!)) continue;
      return { label, id, page: pageIndex };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------
// The title as a heading

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
        else if (s === pair) [hit, used] = [k, 2]; // "CO2" printed "CO 2"
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
    if (!best || run.matched - run.keysMissing * 2 > best.matched - best.keysMissing * 2) best = run;
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
    if (SERIES_WORDS.has(w) && (/^\d+$/.test(n) || (ROMAN.test(n) && n !== "")) && !t.series.has(`${w} ${n}`)) return `${w} ${n}`;
  }
  return null;
}

/** Where the title stands on the page, however it was found. */
type TitlePlace = { lines: Set<number>; fromLine: number; lead: string; matched: number };

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
  return { lines, fromLine, lead: words(lead).slice(-6).join(" "), matched: t.seq.length };
}

/** Every place the title stands on the page (best first), or why it stands nowhere. */
function titlePlaces(page: Page, t: TitleModel): TitlePlace[] | { failed: string } {
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
  return whole.map((r) => ({ lines: r.lines, fromLine: page.tokens[r.from]!.line, lead: page.tokens.slice(Math.max(0, r.from - 6), r.from).map((x) => x.w).join(" "), matched: r.matched }));
}

function titleHeading(page: Page, t: TitleModel, isExempt: Exemption, inReferences: boolean): { ok: true; detail: string } | { ok: false; detail: string } {
  const places = titlePlaces(page, t);
  if ("failed" in places) return { ok: false, detail: places.failed };
  let first: { ok: false; detail: string } | null = null;
  for (const place of places) {
    const judged = headingAt(page, t, place, isExempt, inReferences);
    if (judged.ok) return judged;
    first ??= judged;
  }
  return first!;
}

function headingAt(page: Page, t: TitleModel, place: TitlePlace, isExempt: Exemption, inReferences: boolean): { ok: true; detail: string } | { ok: false; detail: string } {
  const n = t.seq.length;
  const { lines, fromLine, lead } = place;
  // A reference list cites titles; it never heads a page.
  if (fromLine >= referencesFrom(page, inReferences) || NUMBERED_REFERENCE.test(page.folded[fromLine]!)) return { ok: false, detail: "title in a reference list" };
  // Words just before the title that make it a quotation: "Comment on …", "Retracted: …".
  const framing = /(?:comments?|commentary|reply|response|rejoinder|erratum|errata|corrigendum|correction|retraction|retracted|withdrawn|withdrawal|concern|addendum|notice|note|discussion|closure)(?: (?:on|to|of|for|about|regarding|in))?$/.exec(lead);
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
  if (n <= 3) {
    // A short title is common in running text: it must be the page's heading and nothing else.
    const largest = prominent && size >= page.maxSize * 0.95;
    if (!(largest || early) || extra > (largest ? 1 : 0)) return { ok: false, detail: "short title not the page's heading" };
  } else if (!prominent && !early) {
    return { ok: false, detail: "title words in the body, not as the heading" };
  }
  return { ok: true, detail: `${place.matched}/${n} title words as the heading` };
}

// ---------------------------------------------------------------------------

/** Plain text as one page (pages split at form feeds), every line in one size: for tests and logs. */
export function pagesFromText(text: string): PageText[] {
  return text.split("\f").map((p) => p.split("\n").map((l) => ({ text: l.trim(), size: 10 })).filter((l) => l.text));
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

export function verifyPages(raw: PageText[], expect: Expectation): TextVerdict {
  return judgePages(raw, expect).verdict;
}

/** What the job knows, as the pages are compared with it. */
type Known = {
  ids: [string, string, boolean][];
  doi: string | null;
  usableTitle: TitleModel | null;
  withSubtitle: TitleModel | null;
  isExempt: Exemption;
  allWords: Set<string>;
};

type Evidence = { strong: TextVerdict | null; weakId: string | null; note: string | null };

/** The identifier or the title as the page's own (the part of it that may speak for the work). */
function evidenceOn(own: Page, i: number, k: Known, inReferences: boolean): Evidence {
  let weakId: string | null = null;
  const hit = ownIdentifier(own, i, k.ids, inReferences, k.isExempt);
  if (hit) {
    const sig = k.usableTitle?.sig ?? [];
    const shown = sig.filter((w) => k.allWords.has(w)).length;
    if (sig.length < 3 || shown >= sig.length * CORROBORATION_SHARE) return { strong: { kind: "doi_on_page", detail: `${hit.label} ${hit.id} on page ${i + 1}` }, weakId: null, note: null };
    weakId = `${hit.label} ${hit.id} on page ${i + 1} but only ${shown}/${sig.length} title words`;
  }
  if (k.withSubtitle && titleHeading(own, k.withSubtitle, k.isExempt, inReferences).ok) return { strong: { kind: "title", detail: `the title and its subtitle as the heading on page ${i + 1}` }, weakId, note: null };
  if (k.usableTitle) {
    const heading = titleHeading(own, k.usableTitle, k.isExempt, inReferences);
    if (heading.ok) return { strong: { kind: "title", detail: `${heading.detail} on page ${i + 1}` }, weakId, note: null };
    return { strong: null, weakId, note: `page ${i + 1}: ${heading.detail}` };
  }
  return { strong: null, weakId, note: null };
}

function judgePages(raw: PageText[], expect: Expectation): { verdict: TextVerdict; pending: boolean } {
  const title = expect.title ? titleModel(expect.title) : null;
  const usableTitle = title && title.seq.length >= 2 ? title : null;
  // The title with its subtitle, when the metadata keeps one apart: "Pandemic programming" with
  // "How COVID-19 affects …" is printed as one heading, where the two words alone are no heading.
  const withSubtitle = expect.title && expect.subtitle?.trim() && !fold(expect.title).includes(fold(expect.subtitle)) ? titleModel(`${expect.title}: ${expect.subtitle}`) : null;
  const isExempt = exemption(expect, title);
  const ids: [string, string, boolean][] = (
    [
      ["DOI", expect.doi, false],
      ["arXiv", expect.arxiv?.replace(/v\d+$/i, ""), true],
      ["PMCID", expect.pmcid, false],
    ] as [string, string | null | undefined, boolean][]
  ).filter((x): x is [string, string, boolean] => !!x[1] && fold(x[1]).replace(/[^\p{L}\p{N}]/gu, "").length >= 6);

  // Up to the first page of an article: what follows is that article's own (its references included).
  const pages: Page[] = [];
  for (const p of raw) {
    pages.push(preparePage(p));
    if (articlePage(pages[pages.length - 1]!)) break;
  }
  const allWords = new Set(pages.flatMap((p) => p.tokens.map((x) => x.w)));
  const known: Known = { ids, doi: expect.doi ? fold(expect.doi).trim() : null, usableTitle, withSubtitle, isExempt, allWords };
  const covers = new Covers(pages, known);
  const notes: string[] = [];
  let inReferences = false;
  let weak: { detail: string; page: number } | null = null;
  // The document opens with a notice, comment or listing (not a contents page inside a thesis).
  let opensAsListing = false;
  let seenText = false;
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
    }
    if (page.folded.some((l) => REFERENCES_HEADING.test(l.trim()))) inReferences = true;
  }
  if (weak) return covers.settle(weak.page, { kind: "weak", detail: weak.detail });
  // Checked after the identifiers: a scan may still carry a stamped identifier line.
  const letters = raw.reduce((n, p) => n + p.reduce((m, l) => m + (l.text.match(/\p{L}/gu) ?? []).length, 0), 0);
  if (letters < MIN_TEXT_LETTERS) return { verdict: { kind: "no_text", detail: `${letters} letters on the first pages` }, pending: false };
  const garbled = garbledText(raw);
  if (garbled) return { verdict: { kind: "no_text", detail: garbled }, pending: false };
  // The title's words loosely, or nothing to compare with: but behind a cover sheet stands another work.
  const behind = covers.contradicted();
  if (behind) return { verdict: { kind: "mismatch", detail: behind }, pending: false };
  if (usableTitle) {
    const shown = usableTitle.sig.filter((w) => allWords.has(w)).length;
    if (shown >= usableTitle.sig.length * 0.75 && !opensAsListing) return { verdict: { kind: "weak", detail: `${shown}/${usableTitle.sig.length} title words, not as a heading: ${notes.join("; ").slice(0, 300)}` }, pending: false };
    return { verdict: { kind: "mismatch", detail: `neither the identifier nor the title: ${notes.join("; ").slice(0, 300)}` }, pending: false };
  }
  if (opensAsListing) return { verdict: { kind: "mismatch", detail: notes.join("; ").slice(0, 300) }, pending: false };
  return { verdict: { kind: "undecidable", detail: "the identifier is not on the page and no usable title is known" }, pending: false };
}

// ---------------------------------------------------------------------------
// Cover sheets (cover-sheet.ts): what a front page shows counts only when the article page after it agrees

/** What the first article page after a front page says of the work. */
type Behind =
  | { kind: "agree"; page: number; verdict: TextVerdict | null; detail: string }
  | { kind: "contradict"; page: number; detail: string }
  | { kind: "no_text" }
  | { kind: "silent"; page: number }
  | { kind: "none" };

const letterCount = (lines: string[]) => lines.reduce((n, l) => n + (l.match(/\p{L}/gu) ?? []).length, 0);

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
class Covers {
  private readonly cover: boolean[];

  constructor(
    private readonly pages: Page[],
    private readonly known: Known,
  ) {
    const counts = coverPhraseCounts(pages.map((p) => p.folded));
    this.cover = pages.map((p, i) => counts[i]! >= COVER_PHRASES_NEEDED && !articlePage(p));
  }

  private front(i: number): boolean {
    const page = this.pages[i]!;
    if (articlePage(page)) return false;
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
        return { verdict: (cover ? behind.verdict : null) ?? { kind: found.kind, detail: `${found.detail}, page ${behind.page + 1} agrees (${behind.detail})` }, pending: false };
      case "contradict":
        return { verdict: { kind: "mismatch", detail: `${found.detail}, on ${what}; page ${behind.page + 1} is another work: ${behind.detail}` }, pending: false };
      case "no_text":
        return { verdict: cover ? { kind: "no_text", detail: `${found.detail}, on a cover sheet; no text after it` } : found, pending: true };
      case "silent":
        return { verdict: cover && found.kind !== "weak" ? { kind: "weak", detail: `${found.detail}, on a cover sheet; page ${behind.page + 1} neither shows the work nor another` } : found, pending: false };
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
      return this.articlePage(i, j);
    }
    return blank ? { kind: "no_text" } : { kind: "none" };
  }

  /** Page j, the first page with text after front page i: does it show this work, another, or neither? */
  private articlePage(i: number, j: number): Behind {
    const page = this.pages[j]!;
    const k = this.known;
    const notice = noticePage(page, k.isExempt);
    if (notice) return { kind: "contradict", page: j, detail: `a notice or comment ("${notice}")` };
    const inReferences = this.pages.slice(0, j).some((p) => p.folded.some((l) => REFERENCES_HEADING.test(l.trim())));
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
    if (words(above).filter(isSignificant).length >= 10 && shares(above) < 0.5) return { kind: "contradict", page: j, detail: "what stands at its top does not name the work" };
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
    if (!("failed" in places)) return { kind: "agree", page: j, verdict: null, detail: `its heading "${heading.slice(0, 80)}" is the title page ${i + 1} names` };
    const frontWords = new Set(front.tokens.map((x) => x.w));
    const shown = asTitle.sig.filter((w) => frontWords.has(w)).length;
    if (firstPage && shown < asTitle.sig.length * 0.5) return { kind: "contradict", page: j, detail: `its heading "${heading.slice(0, 80)}" is not the title page ${i + 1} names` };
    return { kind: "silent", page: j };
  }
}

/** A DOI the page prints as its own that is not the work's (nor a longer one of it, a supplement's): not cited, not a data or funding line. */
function foreignDoi(page: Page, ours: string, inReferences: boolean, isExempt: Exemption): string | null {
  const text = page.joined;
  const refsFrom = referencesFrom(page, inReferences);
  for (const m of text.matchAll(ANY_DOI)) {
    const doi = m[0].replace(/[.,;:)\]]+$/, "");
    // A DOI broken at a line's end reads as its first part.
    if (doi.startsWith(ours) || ours.startsWith(doi)) continue;
    const line = lineAt(page, m.index);
    if (line >= refsFrom || NUMBERED_REFERENCE.test(page.folded[line]!) || NOT_OWN_DOI_LINE.test(page.folded[line]!)) continue;
    const citing = CITING.exec(text.slice(Math.max(0, m.index - 160), m.index));
    if (citing && !isExempt(citing[1]!)) continue;
    return doi;
  }
  return null;
}

/** Latin letters needed to judge whether a text layer is text at all. */
const GARBLE_MIN_LETTERS = 200;
/**
 * Below this share of vowels (a e i o u y) among Latin letters, a text layer is not text. Written
 * Latin-script languages stay far above it (English about 0.38; 434 real PDFs of public test suites,
 * articles, forms, reports and scans: 0.25 and up), while a font whose character map is wrong
 * (every letter shifted: "Oqnbddchmfr ne sgd" for "Proceedings of the") reads 0.07 to 0.13.
 */
const GARBLE_VOWEL_SHARE = 0.2;

/** Why the pages' text layer is no text (a font with a broken character map), or null. */
function garbledText(raw: PageText[]): string | null {
  const text = fold(raw.map((p) => p.map((l) => l.text).join(" ")).join(" "));
  const latin = (text.match(/[a-z]/g) ?? []).length;
  if (latin < GARBLE_MIN_LETTERS) return null;
  const share = (text.match(/[aeiouy]/g) ?? []).length / latin;
  return share < GARBLE_VOWEL_SHARE ? `the text layer is not text (${Math.round(share * 100)}% vowels in ${latin} letters: a font without a usable character map)` : null;
}

/** How a served file was verified (stored with it and shown in the dialog). */
export type Verification = "doi_on_page" | "title" | "trusted_source" | "unverified";

export type Decision = { accept: true; verification: Verification } | { accept: false; reason: "mismatch" | "no_text" | "unverifiable" | "unreadable" };

/**
 * The decision: accept with a label, or refuse. A source exact by construction (the publisher's
 * own DOI-keyed link, PMC by PMCID, arXiv by id, a licensed publisher API by DOI) may serve a
 * scan (labelled unverified) or a file that only weakly or not at all can be compared
 * (trusted_source); it may not serve a file whose text is another work. Any other location must
 * show the identifier or the title as the page's own.
 */
export function decide(verdict: TextVerdict, exactSource: boolean): Decision {
  switch (verdict.kind) {
    case "doi_on_page":
    case "title":
      return { accept: true, verification: verdict.kind };
    case "weak":
      return exactSource ? { accept: true, verification: "trusted_source" } : { accept: false, reason: "mismatch" };
    case "no_text":
      return exactSource ? { accept: true, verification: "unverified" } : { accept: false, reason: "no_text" };
    case "undecidable":
      return exactSource ? { accept: true, verification: "trusted_source" } : { accept: false, reason: "unverifiable" };
    case "mismatch":
      return { accept: false, reason: "mismatch" };
  }
}

/** What the page says of its own version, when it says so (a preprint stamp, an author manuscript). */
export function versionOnPage(raw: PageText[]): "submittedVersion" | "acceptedVersion" | null {
  const text = raw.map((p) => p.map((l) => fold(l.text)).join("\n")).join("\n");
  if (/\barxiv:\s*\d{4}\.\d{4,5}(?:v\d+)?\s*\[[a-z-]+(?:\.[a-z-]+)?\]|\b(?:bio|med|chem|psy|soc|earth|tech|edu)rxiv preprint\b|\bpreprint (?:submitted to|not peer[- ]reviewed)\b|\bthis (?:article|manuscript|paper|work) is a preprint\b|\bhas not (?:yet )?been peer[- ]reviewed\b|\bpreprints\.org\b|\bresearch square\b.*\bpreprint\b|\bnot (?:yet )?peer[- ]reviewed\b/.test(text)) return "submittedVersion";
  if (/\bthis article has been accepted for publication\b|\bauthor(?:'s|s')? (?:accepted )?manuscript\b|\baccepted (?:author )?manuscript\b|\bthis is the (?:peer[- ]reviewed|accepted|author(?:'s|s')?) (?:version|manuscript)\b|\bpost-?print\b|\baccepted version\b/.test(text)) return "acceptedVersion";
  return null;
}
