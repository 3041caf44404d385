/**
 * Reading a pasted title or reference (pure: no network, no clock): text folded for comparison
 * (case, Greek letters, diacritics, ligatures, Persian digits) and what the string has — its
 * segments, words, years, stated volume, issue and first page, and whether it reads as a journal
 * citation, a chapter, a book or a preprint. The link box's matcher (worker/features/getpdf/match)
 * judges Crossref's candidates against it; the book resolver (worker/features/books) reads books
 * with it.
 */
import { toLatinDigits } from "./digits";

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
export function foldGerman(s: string): string {
  return foldText(s.toLowerCase().replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue"));
}

export function words(s: string): string[] {
  return foldText(s)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export const STOP = new Set(
  (
    "a an and are as at be but by can for from has have in into is it its not of on or our that the their this to was were which with within without via vs versus we " +
    "de des du la le les et un une el los las y en der die das und ein eine zur zum im von dem den il di del della"
  ).split(" "),
);

/** Words that carry meaning in a title (stop words dropped). */
export function contentWords(s: string): string[] {
  return words(s).filter((w) => !STOP.has(w));
}

type Segment = { start: number; end: number; words: string[]; content: string[] };
/** One folded word of the string and where it stands in the raw text. */
type Token = { w: string; start: number; end: number };

export type ParsedReference = {
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
