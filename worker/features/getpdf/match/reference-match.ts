/**
 * Which of Crossref's candidates, if any, is the work a pasted title or reference names.
 * Pure: no network, no clock. Crossref's own ranking (`query.bibliographic`) finds candidates;
 * this module decides, the way search-based matching with validation does: it reads what the
 * string has (its title words, years, author names, volume, issue, first page, journal) and
 * accepts the top candidate only when the title agrees, the year and first author agree where
 * the string has them, the type fits (a correction notice, a review of the work or a preprint is
 * not the article unless the string asks for it) and the next candidate is clearly behind.
 */
import type { CrossrefWork } from "../../../../clients/crossref";
import { toLatinDigits } from "../../../../lib/digits";

export type MatchedWork = {
  doi: string;
  title: string;
  year: number | null;
  /** Up to three names as Crossref gives them ("Yann LeCun"). */
  authors: string[];
  container: string | null;
};

export type ReferenceVerdict = { kind: "confident"; work: MatchedWork; score: number } | { kind: "ambiguous"; candidates: MatchedWork[] } | { kind: "none" };

/** How one candidate was judged (kept for tests and diagnosis). */
type CandidateJudgement = {
  doi: string;
  /** Title agreement 0..1 (Dice of content words, a typo of one letter forgiven). */
  title: number;
  score: number;
  rejected: string | null;
  eligible: boolean;
  notes: string[];
};

/** Scores and limits, named so the tests and the README can speak of them. */
const MATCH_RULES = {
  /** Title agreement a confident match needs (a bare title needs more: it is all there is). */
  titleForReference: 0.85,
  titleForBareTitle: 0.9,
  /** A candidate without authors cannot confirm the authors a string names: its whole title must agree. */
  titleWithoutAuthors: 0.95,
  /** Stated details (volume, issue, first page) that may disagree before a candidate is only offered. */
  detailConflicts: 1,
  /** Title agreement below which a candidate is not even offered. */
  titlePlausible: 0.6,
  /** Score below which a candidate is not offered to choose from. */
  offerScore: 0.65,
  /** The top candidate must lead the next plausible one by this much. */
  gap: 0.1,
  maxCandidates: 3,
  bonus: { yearExact: 0.1, yearNear: 0.03, firstAuthor: 0.1, otherAuthor: 0.03, volume: 0.05, issue: 0.03, page: 0.08, container: 0.05 },
  penalty: { yearConflict: 0.4, authorMismatch: 0.3, typeMismatch: 0.1 },
} as const;

// ---------------------------------------------------------------------------
// Normalising text

const GREEK: Record<string, string> = {
  α: "alpha",
  β: "beta",
  γ: "gamma",
  δ: "delta",
  ε: "epsilon",
  ζ: "zeta",
  η: "eta",
  θ: "theta",
  ι: "iota",
  κ: "kappa",
  λ: "lambda",
  μ: "mu",
  ν: "nu",
  ξ: "xi",
  ο: "omicron",
  π: "pi",
  ρ: "rho",
  σ: "sigma",
  ς: "sigma",
  τ: "tau",
  υ: "upsilon",
  φ: "phi",
  χ: "chi",
  ψ: "psi",
  ω: "omega",
};

/** Lower case, Greek letters spelled out, diacritics and ligatures folded to ASCII, Persian digits to 0-9. */
export function foldText(s: string): string {
  // Most references are plain ASCII: nothing to fold but case.
  if (/^[\x00-\x7f]*$/.test(s)) return s.toLowerCase();
  return toLatinDigits(s)
    .toLowerCase()
    .replace(/[\u0370-\u03ff]/g, (c) => ` ${GREEK[c] ?? c} `)
    .replace(/ß/g, "ss")
    .replace(/[æ]/g, "ae")
    .replace(/[œ]/g, "oe")
    .replace(/[ø]/g, "o")
    .replace(/[ł]/g, "l")
    .replace(/[đð]/g, "d")
    .replace(/[þ]/g, "th")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "");
}

/** German spelling of umlauts (Müller → mueller), tried as a second form of names. */
function foldGerman(s: string): string {
  return foldText(s.toLowerCase().replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue"));
}

export function words(s: string): string[] {
  return foldText(s)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const STOP = new Set(
  (
    "a an and are as at be but by can for from has have in into is it its not of on or our that the their this to was were which with within without via vs versus we " +
    "de des du la le les et un une el los las y en der die das und ein eine zur zum im von dem den il di del della"
  ).split(" "),
);

/** Words that carry meaning in a title (stop words dropped). */
function contentWords(s: string): string[] {
  return words(s).filter((w) => !STOP.has(w));
}

function editDistanceAtMostOne(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else if (a[i + 1] === b[j] && a[i] === b[j + 1]) {
      // a swap of two neighbours counts as one typo
      i += 2;
      j += 2;
    } else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

function sameWord(a: string, b: string): boolean {
  return a === b || (a.length >= 5 && b.length >= 5 && editDistanceAtMostOne(a, b));
}

/** A word of the string that is the name, or a name of six letters or more with one letter off (Milgrim for Milgram, Hoseini for Hosseini); Zhang and Zhong stay apart. */
function hasWord(outside: ReadonlySet<string>, name: string): boolean {
  if (outside.has(name)) return true;
  if (name.length < 6) return false;
  for (const w of outside) if (sameWord(w, name)) return true;
  return false;
}

/** Dice coefficient of two word sets, a one-letter typo in a long word forgiven. */
export function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const pool = [...b].filter((w) => !a.has(w));
  let matched = 0;
  for (const w of a) {
    if (b.has(w)) {
      matched++;
      continue;
    }
    const k = pool.findIndex((p) => sameWord(w, p));
    if (k >= 0) {
      matched++;
      pool.splice(k, 1);
    }
  }
  return (2 * matched) / (a.size + b.size);
}

/**
 * For each title word, the words of the string that count as it (itself, or a one-letter typo):
 * computed once per candidate so every window of the string is judged by set look-ups only.
 */
function partnersOf(title: ReadonlySet<string>, vocabulary: ReadonlySet<string>): string[][] {
  return [...title].map((t) => [t, ...[...vocabulary].filter((v) => v !== t && sameWord(t, v))]);
}

function windowDice(partners: string[][], titleSize: number, window: ReadonlySet<string>): number {
  if (titleSize === 0 || window.size === 0) return 0;
  let matched = 0;
  for (const p of partners) if (p.some((x) => window.has(x))) matched++;
  return (2 * matched) / (titleSize + window.size);
}

// ---------------------------------------------------------------------------
// Reading the pasted string

type Segment = { start: number; end: number; words: string[]; content: string[] };
/** One folded word of the string and where it stands in the raw text. */
type Token = { w: string; start: number; end: number };

type ParsedReference = {
  raw: string;
  segments: Segment[];
  /** Every word, folded, with its raw position. */
  tokens: Token[];
  /** The content words of the whole string. */
  vocabulary: Set<string>;
  /** Four-digit years that are not part of a page range. */
  years: number[];
  preprint: boolean;
  /** vol(issue), year;vol, "vol." or vol:pages: a journal citation. */
  journalLike: boolean;
  /** "In:", "(eds.)", "edited by": a chapter in a book or proceedings. */
  chapterLike: boolean;
  /** A publisher and no journal citation: a book. */
  bookLike: boolean;
  /** Volume, issue and first page where the string states them in a recognised form. */
  details: { volume: string | null; issue: string | null; firstPage: string | null };
};

// Titles keep colons, commas and full stops inside; the windows below join segments again.
const SEGMENT_BREAK = /[.?!;:,()[\]{}"“”„«»‘’]|(?<=^|\s)'|'(?=\s|$|[,.;:])|\s[-–—]\s/g;

export function parseReference(text: string): ParsedReference {
  // Years, volumes and pages typed in Persian or Arabic-Indic digits, and the Persian comma,
  // semicolon and question mark, read as their Latin forms (one character for one, so positions hold).
  const raw = toLatinDigits(text).replace(/،/g, ",").replace(/؛/g, ";").replace(/؟/g, "?");
  const segments: Segment[] = [];
  let last = 0;
  const push = (start: number, end: number) => {
    const text = raw.slice(start, end);
    const w = words(text);
    if (w.length) segments.push({ start, end, words: w, content: w.filter((x) => !STOP.has(x)) });
  };
  for (const m of raw.matchAll(SEGMENT_BREAK)) {
    push(last, m.index);
    last = m.index + m[0].length;
  }
  push(last, raw.length);
  const tokens: Token[] = [];
  for (const m of raw.matchAll(/[\p{L}\p{N}]+/gu)) for (const w of words(m[0])) tokens.push({ w, start: m.index, end: m.index + m[0].length });
  const years = [...raw.matchAll(/(?<![\w\-–/.])(1[6-9]\d\d|20\d\d)(?![\d\-–]|\.\d)/g)].map((m) => Number(m[1]));
  const folded = foldText(raw);
  const journalLike =
    /\d+\s*\(\s*[\w–-]+\s*\)/.test(raw) ||
    /\b(1[6-9]|20)\d\d\s*;\s*\d+/.test(raw) ||
    /\bvol\.?\s*\d/i.test(raw) ||
    /\bno\.\s*\d/i.test(raw) ||
    /\d+\s*:\s*e?\d+\s*[-–]\s*\d+/.test(raw);
  const chapterLike = /\bin:\s|\(eds?\.?\)|\beds?\.\)|\bedited by\b|\bin\s+[^.]{0,80}\(eds?\b/i.test(raw);
  const bookLike = !journalLike && /\b(press|publishers?|publishing|edition|edn|isbn|verlag|books)\b/.test(folded);
  return {
    details: statedDetails(raw),
    raw,
    segments,
    tokens,
    vocabulary: new Set(segments.flatMap((x) => x.content)),
    years: [...new Set(years)],
    preprint: /\b(arxiv|biorxiv|medrxiv|chemrxiv|psyarxiv|ssrn|preprints?|research square|osf preprints)\b/.test(folded),
    journalLike,
    chapterLike,
    bookLike,
  };
}

/**
 * Volume, issue and first page in the forms a reference labels or places them: "vol. 18, no. 4,
 * pp. 317–335" (IEEE), "2019;12(3):45-67" (Vancouver), "Journal, 12(3), 45–67" (APA). A number in
 * another form is not read: a detail is only held against a candidate where the string is clear.
 */
function statedDetails(raw: string): ParsedReference["details"] {
  const d: ParsedReference["details"] = { volume: null, issue: null, firstPage: null };
  const vancouver = /\b(?:1[6-9]|20)\d\d[a-z]?\s*;\s*(\d+)\s*(?:\(\s*([\w-]+)\s*\))?\s*:\s*([a-z]?\d+)/i.exec(raw);
  const apa = /,\s*(\d+)\s*\(\s*([\w-]+)\s*\)\s*,\s*(?:pp?\.?\s*)?([a-z]?\d+)\s*[-–]/i.exec(raw);
  const m = vancouver ?? apa;
  if (m) [d.volume, d.issue, d.firstPage] = [m[1] ?? null, m[2] ?? null, m[3] ?? null];
  d.volume ??= /\bvol(?:ume)?\.?\s*(\d+)\b/i.exec(raw)?.[1] ?? null;
  d.issue ??= /\b(?:no|issue|iss)\.?\s*(\d+)\b/i.exec(raw)?.[1] ?? null;
  d.firstPage ??= /\bpp?\.\s*([a-z]?\d+)\s*[-–]/i.exec(raw)?.[1] ?? null;
  return d;
}

/**
 * The details the string states that the candidate's record contradicts. Only plain numbers are
 * compared: an article number (e10042, a letter first) against a page of the PDF ("1-9") is how the
 * same article is cited, not a contradiction.
 */
function detailConflicts(ref: ParsedReference, w: CrossrefWork): string[] {
  const differ = (stated: string | null, recorded: string | null | undefined) =>
    stated !== null && recorded && /^\d+$/.test(stated) && /^\d+$/.test(recorded.trim()) && stated !== recorded.trim();
  const out: string[] = [];
  if (differ(ref.details.volume, w.volume)) out.push(`volume ${w.volume} not ${ref.details.volume}`);
  if (differ(ref.details.issue, w.issue)) out.push(`issue ${w.issue} not ${ref.details.issue}`);
  if (differ(ref.details.firstPage, w.page?.split(/[-–]/)[0])) out.push(`first page ${w.page?.split(/[-–]/)[0]} not ${ref.details.firstPage}`);
  return out;
}

/** Worth asking Crossref: at least two meaningful Latin words, one of four letters or more. */
export function readsAsTitleOrReference(text: string): boolean {
  const c = contentWords(text).filter((w) => /[a-z]/.test(w));
  return c.length >= 2 && c.some((w) => w.length >= 4 && /^[a-z]+$/.test(w));
}

// ---------------------------------------------------------------------------
// Judging candidates

const MAX_WINDOW = 12;

type TitleFit = { score: number; start: number; end: number; run: boolean };

function bigrams(s: string): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i + 1 < s.length; i++) {
    const b = s.slice(i, i + 2);
    m.set(b, (m.get(b) ?? 0) + 1);
  }
  return m;
}

/** Dice of character pairs of two strings written without spaces. */
function squashedDice(a: Map<string, number>, aLen: number, b: string): number {
  if (aLen < 2 || b.length < 2) return 0;
  let shared = 0;
  for (const [k, n] of bigrams(b)) shared += Math.min(n, a.get(k) ?? 0);
  return (2 * shared) / (aLen - 1 + b.length - 1);
}

/**
 * Crossref titles lose the spaces around stripped markup ("for<i>ab initio</i>total-energy" →
 * "forab initiototal-energy"); written without spaces both read the same. Only a near-identical
 * spelling counts, so "Cancer statistics, 2019" never passes for "…, 2020".
 */
const SQUASHED_SAME = 0.95;

/** The contiguous run of segments that best agrees with the candidate's title. */
function bestTitleWindow(ref: ParsedReference, titleWords: ReadonlySet<string>, titleAll: string[]): TitleFit {
  let best: TitleFit = { score: 0, start: 0, end: 0, run: false };
  const segs = ref.segments;
  const squashed = titleAll.join("");
  const pairs = bigrams(squashed);
  const partners = partnersOf(titleWords, ref.vocabulary);
  // Numbers tell works of a series apart ("…: test article 7" / "… 8", "Part 2"): spelled without
  // spaces two titles agree only when their numbers are the same.
  const titleNumbers = squashed.match(/\d+/g)?.join(" ") ?? "";
  for (let i = 0; i < segs.length; i++) {
    const acc = new Set<string>();
    let joined = "";
    for (let j = i; j < Math.min(segs.length, i + MAX_WINDOW); j++) {
      for (const w of segs[j]!.content) acc.add(w);
      joined += segs[j]!.words.join("");
      let d = windowDice(partners, titleWords.size, acc);
      // Only a window that already shares half the words is worth spelling out.
      if (d >= 0.5 && d < 1 && Math.abs(joined.length - squashed.length) <= squashed.length * 0.1 && (joined.match(/\d+/g)?.join(" ") ?? "") === titleNumbers) {
        const sq = squashedDice(pairs, squashed.length, joined);
        if (sq >= SQUASHED_SAME) d = Math.max(d, sq);
      }
      if (d > best.score) best = { score: d, start: segs[i]!.start, end: segs[j]!.end, run: false };
      // Longer windows only add words the title lacks (and would make a long paste slow).
      if (joined.length > squashed.length * 1.5) break;
    }
  }
  return best;
}

/**
 * The candidate's title as one unbroken run of the string's words (a reference typed without
 * punctuation): where it starts and ends, or null.
 */
function titleRun(ref: ParsedReference, title: string[]): { start: number; end: number } | null {
  if (title.length < 2) return null;
  const all = ref.tokens.filter((t) => !STOP.has(t.w));
  outer: for (let i = 0; i + title.length <= all.length; i++) {
    for (let k = 0; k < title.length; k++) if (!sameWord(all[i + k]!.w, title[k]!)) continue outer;
    return { start: all[i]!.start, end: all[i + title.length - 1]!.end };
  }
  return null;
}

/** Notices about another work, and reviews of it: the prefix word that gives them away. */
const NOTICE_TITLE =
  /^\s*(correction|corrigendum|erratum|errata|retraction(?: notice)?|notice of retraction|expression of concern|editorial expression of concern|withdrawal|addendum|author correction|publisher correction|comment on|comments on|reply to|response to|decision letter|author response|review of|review for|book review|review)\b/i;
/** Physics journals title an erratum "<title> [Phys. Rev. Lett. 77, 3865 (1996)]". */
const ERRATUM_BRACKET = /\[[^\]]*\d{4}\)?\s*\]\s*$/;

function noticeWord(w: CrossrefWork, title: string): string | null {
  if (w.type === "peer-review") return "review";
  const m = NOTICE_TITLE.exec(title);
  if (m) return words(m[1]!)[0] ?? "notice";
  if (ERRATUM_BRACKET.test(title)) return "erratum";
  if (w.updateTo.length) return w.updateTo[0]!.type;
  return null;
}

const count = (list: string[], w: string) => list.filter((x) => x === w || x.startsWith(w)).length;

function typeAdjustment(ref: ParsedReference, type: string | null): { delta: number; note: string | null } {
  const t = type ?? "";
  if (t === "posted-content")
    return ref.preprint ? { delta: 0.05, note: "preprint asked for" } : { delta: -MATCH_RULES.penalty.typeMismatch, note: "a preprint" };
  if (ref.preprint && (t === "journal-article" || t === "proceedings-article")) return { delta: -0.05, note: "published version, preprint asked for" };
  if (/^book-(chapter|part|section)$/.test(t)) {
    if (ref.chapterLike) return { delta: 0.05, note: null };
    if (ref.journalLike) return { delta: -MATCH_RULES.penalty.typeMismatch, note: "a chapter, the string cites a journal" };
  }
  if (/^(book|monograph|edited-book|reference-book|book-set)$/.test(t)) {
    if (ref.bookLike) return { delta: 0.05, note: null };
    if (ref.journalLike) return { delta: -MATCH_RULES.penalty.typeMismatch, note: "a book, the string cites a journal" };
  }
  if (t === "journal-article" && ref.bookLike && !ref.chapterLike)
    return { delta: -MATCH_RULES.penalty.typeMismatch, note: "an article, the string cites a book" };
  if (/^(dataset|component|report|dissertation|other|standard)$/.test(t) && ref.journalLike)
    return { delta: -MATCH_RULES.penalty.typeMismatch, note: `a ${t}` };
  return { delta: 0, note: null };
}

function nameForms(name: string): string[][] {
  const particles = new Set(["van", "der", "den", "de", "von", "la", "le", "di", "da", "del", "dos", "du", "ten", "ter", "al", "el"]);
  const forms = [
    words(name),
    foldGerman(name)
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  ].map((f) => f.filter((w) => !particles.has(w)));
  return forms.filter((f) => f.length > 0);
}

function authorFound(name: string, outside: ReadonlySet<string>): boolean {
  return nameForms(name).some((f) => f.every((w) => hasWord(outside, w)));
}

function judgeCandidate(ref: ParsedReference, w: CrossrefWork): CandidateJudgement {
  const notes: string[] = [];
  const R = MATCH_RULES;
  const reject = (why: string): CandidateJudgement => ({ doi: w.doi, title: 0, score: 0, rejected: why, eligible: false, notes });
  if (!w.title) return reject("no title");
  // Elsevier prefixes a retracted article's own title; it is still the article.
  // …and ACM proceedings add "(extended abstract)" to a paper's title.
  const base = w.title.replace(/^\s*(retracted( article)?|withdrawn)\s*:\s*/i, "").replace(/\s*\(extended abstract\)\s*$/i, "");
  // A reference may cite only the main title, before the colon ("Molecular structure of nucleic
  // acids" for "…: A structure for deoxyribose nucleic acid"); that form counts only when it has
  // three content words or more, the string gives no other subtitle after it, and the string names
  // an author or a year to confirm it (below).
  const main = /^(.{12,}?)\s*:\s+\S/.exec(base)?.[1];
  const mainTitle = main && contentWords(main).length >= 3 ? main : null;
  const variants = [base, w.subtitle ? `${base}: ${w.subtitle}` : null, mainTitle].filter((x): x is string => !!x);
  let fit: TitleFit = { score: 0, start: 0, end: 0, run: false };
  let titleList: string[] = [];
  let byMainTitle = false;
  for (const v of variants) {
    const tw = contentWords(v);
    const f = bestTitleWindow(ref, new Set(tw), words(v));
    // A main title followed by a colon in the string has a subtitle there, and it is not this one's.
    if (v === mainTitle && /^\s*:/.test(ref.raw.slice(f.end))) continue;
    if (f.score > fit.score || !titleList.length) {
      fit = f;
      titleList = tw;
      byMainTitle = v === mainTitle;
    }
  }
  if (fit.score < R.titleForReference) {
    // No punctuation around the title: accept it as one unbroken run, confirmed below by year and author.
    const run = titleRun(ref, titleList);
    if (run) fit = { score: fit.score, start: run.start, end: run.end, run: true };
  }

  const notice = noticeWord(w, base);
  if (notice) {
    const inString = count(
      ref.tokens.map((t) => t.w),
      notice,
    );
    const inTitle = count(words(base.replace(NOTICE_TITLE, "")), notice);
    if (inString <= inTitle) return reject(`a ${notice} notice or review, not asked for`);
    notes.push(`${notice} asked for`);
  }

  // Words outside the title: authors, journal, volume, pages.
  const before = words(ref.raw.slice(0, fit.start));
  const after = words(ref.raw.slice(fit.end));
  const outside = new Set([...before, ...after]);
  const hasAuthors = before.some((x) => /^[a-z]{2,}$/.test(x) && !STOP.has(x) && x !== "et" && x !== "al");

  let score = fit.score;
  let yearConflict = false;
  let yearExact = false;
  if (ref.years.length && w.issuedYear !== null) {
    const diff = Math.min(...ref.years.map((y) => Math.abs(y - w.issuedYear!)));
    if (diff === 0) {
      score += R.bonus.yearExact;
      yearExact = true;
    } else if (diff === 1) score += R.bonus.yearNear;
    else {
      score -= R.penalty.yearConflict;
      yearConflict = true;
      notes.push(`year ${w.issuedYear} not ${ref.years.join("/")}`);
    }
  }

  let authorMismatch = false;
  let firstAuthor = false;
  const names = w.authors.map((a) => a.family ?? a.name);
  if (hasAuthors && names.length) {
    if (authorFound(names[0]!, outside)) {
      score += R.bonus.firstAuthor;
      firstAuthor = true;
    } else if (names.slice(1, 12).some((n) => authorFound(n, outside))) score += R.bonus.otherAuthor;
    else {
      score -= R.penalty.authorMismatch;
      authorMismatch = true;
      notes.push(`first author ${names[0]} not in the string`);
    }
  }

  if (w.volume && words(w.volume).every((x) => outside.has(x))) score += R.bonus.volume;
  if (w.issue && words(w.issue).every((x) => outside.has(x))) score += R.bonus.issue;
  const firstPage = w.page?.split(/[-–]/)[0];
  if (firstPage && words(firstPage).length && words(firstPage).every((x) => outside.has(x))) score += R.bonus.page;
  if (w.containerTitle) {
    const c = contentWords(w.containerTitle);
    const short = [...outside].filter((x) => /^[a-z]+$/.test(x));
    const hits = c.filter((cw) => short.some((o) => o === cw || (o.length >= 2 && cw.startsWith(o)) || (o === "j" && cw === "journal"))).length;
    if (c.length && hits / c.length >= 0.6) score += R.bonus.container;
  }
  const type = typeAdjustment(ref, w.type);
  score += type.delta;
  if (type.note) notes.push(type.note);

  // An unbroken run counts as a title only with the year and the first author to confirm it.
  let title = fit.score;
  if (fit.run && yearExact && firstAuthor) {
    score += 0.9 - title;
    title = 0.9;
  }
  const bare = !hasAuthors && ref.years.length === 0;
  const short = titleList.length <= 2;
  const mainTitleConfirmed = !byMainTitle || firstAuthor || yearExact;
  if (!mainTitleConfirmed) notes.push("only the main title, unconfirmed");
  // A record without authors cannot confirm the authors the string names ("Greene. Econometric
  // Analysis. 2003." is not an anonymous chapter of that name): its whole title must agree.
  const unconfirmedAuthors = hasAuthors && names.length === 0;
  if (unconfirmedAuthors && title < R.titleWithoutAuthors) notes.push("no authors to confirm a partial title");
  // A short title is common; where the string names authors, its first author must be found.
  const shortConfirmed = !short || firstAuthor || (yearExact && !hasAuthors);
  if (!shortConfirmed) notes.push(hasAuthors ? "a short title needs its first author" : "a short title needs a year or an author");
  const conflicts = detailConflicts(ref, w);
  if (conflicts.length > R.detailConflicts) notes.push(...conflicts);
  const eligible =
    mainTitleConfirmed &&
    title >= (bare ? R.titleForBareTitle : R.titleForReference) &&
    (!unconfirmedAuthors || title >= R.titleWithoutAuthors) &&
    !yearConflict &&
    !authorMismatch &&
    type.delta > -R.penalty.typeMismatch &&
    shortConfirmed &&
    conflicts.length <= R.detailConflicts;
  return { doi: w.doi, title, score: Math.round(score * 1000) / 1000, rejected: title < R.titlePlausible ? "title differs" : null, eligible, notes };
}

function matchedWork(w: CrossrefWork): MatchedWork {
  const title = (w.title ?? "").trim();
  return {
    doi: w.doi.toLowerCase(),
    title: w.subtitle && !title.toLowerCase().includes(w.subtitle.toLowerCase()) ? `${title}: ${w.subtitle}` : title,
    year: w.issuedYear,
    authors: w.authors.slice(0, 3).map((a) => a.name),
    container: w.containerTitle,
  };
}

/** The decision over Crossref's candidates for one string. */
export function decideReference(text: string, candidates: readonly CrossrefWork[]): { verdict: ReferenceVerdict; judged: CandidateJudgement[] } {
  const ref = parseReference(text);
  const seen = new Set<string>();
  const unique = candidates.filter((c) => !seen.has(c.doi.toLowerCase()) && seen.add(c.doi.toLowerCase()));
  const judged = unique.map((w) => ({ w, j: judgeCandidate(ref, w) }));
  const plausible = judged.filter((x) => !x.j.rejected).sort((a, b) => b.j.score - a.j.score);
  const top = plausible[0];
  const second = plausible[1];
  if (top && top.j.eligible && (!second || top.j.score - second.j.score >= MATCH_RULES.gap - 1e-9)) {
    return { verdict: { kind: "confident", work: matchedWork(top.w), score: top.j.score }, judged: judged.map((x) => x.j) };
  }
  const offered = plausible.filter((x) => x.j.score >= MATCH_RULES.offerScore).slice(0, MATCH_RULES.maxCandidates);
  return {
    verdict: offered.length ? { kind: "ambiguous", candidates: offered.map((x) => matchedWork(x.w)) } : { kind: "none" },
    judged: judged.map((x) => x.j),
  };
}
