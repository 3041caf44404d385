/**
 * What a book request typed by hand says: its title, authors, edition, year and publisher, from the
 * forms people actually type — «Introduction to Algorithms, 4th edition, Cormen…», «Cormen T.H. et al.
 * – introduction to algorithms (4th ed.)», «Oppenheim, A. V., Willsky, A. S. Signals and Systems, 2nd
 * ed., Prentice Hall, 1997.», «Calculus Early Transcendentals 8th Edition James Stewart», «… چاپ چهارم».
 * Pure. It reads; it never refuses: anything it cannot place stays part of the title.
 */
import { toLatinDigits } from "../../../lib/digits";
import { toIsbn13 } from "../../../lib/identify";

export type CitationParts = {
  /** The title as typed (the longest part that is not a name, an edition, a year or a publisher). */
  title: string | null;
  /** Names as typed ("Cormen T.H.", "Thomas H. Cormen"); surnameOf() reads the family name. */
  authors: string[];
  edition: number | null;
  year: number | null;
  publisher: string | null;
};

const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  // French, Spanish, German ordinals seen on foreign textbooks
  premiere: 1,
  deuxieme: 2,
  troisieme: 3,
  quatrieme: 4,
  cinquieme: 5,
  sixieme: 6,
  septieme: 7,
  huitieme: 8,
  neuvieme: 9,
  dixieme: 10,
  primera: 1,
  segunda: 2,
  tercera: 3,
  cuarta: 4,
  quinta: 5,
  sexta: 6,
  septima: 7,
  octava: 8,
  novena: 9,
  decima: 10,
};
// Persian ordinals (چاپ چهارم, ویرایش دوم, ویراست سوم): for foreign books users write چاپ for the edition.
const PERSIAN_ORDINALS: Record<string, number> = {
  اول: 1,
  یکم: 1,
  نخست: 1,
  دوم: 2,
  سوم: 3,
  چهارم: 4,
  پنجم: 5,
  ششم: 6,
  هفتم: 7,
  هشتم: 8,
  نهم: 9,
  دهم: 10,
  یازدهم: 11,
  دوازدهم: 12,
  سیزدهم: 13,
  چهاردهم: 14,
  پانزدهم: 15,
  شانزدهم: 16,
  هفدهم: 17,
  هجدهم: 18,
  هیجدهم: 18,
  نوزدهم: 19,
  بیستم: 20,
};

const ORDINAL_WORD = Object.keys(ORDINAL_WORDS).join("|");
const PERSIAN_ORDINAL = Object.keys(PERSIAN_ORDINALS).join("|");
// Words that may stand between the number and "edition": "4th International Edition", "2nd revised ed."
const QUALIFIER = "(?:international|global|revised|updated|expanded|enlarged|student|us|indian|asian|new|rev\\.?)\\s+";

/** Edition phrases, each with how to read its number; matched on text folded by `foldForParts`. */
const EDITION_PATTERNS: { re: RegExp; n: (m: RegExpExecArray) => number | null }[] = [
  // 4th ed. / 4th edition / 4 ed / 4th edn / 4th International Edition / 4. Auflage / 4e édition / 4a edición
  {
    re: new RegExp(
      `(?<![\\p{L}\\p{N}])(\\d{1,2})\\s*(?:st|nd|rd|th|\\.|e|eme|er|re|a|ª|º)?\\s*(?:${QUALIFIER})?(?:edition|edn|ed|auflage|aufl|edicion)(?![\\p{L}])\\.?`,
      "giu",
    ),
    n: (m) => Number(m[1]),
  },
  // Fourth edition / fourth ed. / quatrieme edition / cuarta edicion
  {
    re: new RegExp(`(?<![\\p{L}])(${ORDINAL_WORD})\\s+(?:${QUALIFIER})?(?:edition|edn|ed|edicion)(?![\\p{L}])\\.?`, "giu"),
    n: (m) => ORDINAL_WORDS[m[1]!.toLowerCase()] ?? null,
  },
  // ed. 4 / edition 4 / Ed.4 / edn 4
  { re: /(?<![\p{L}])(?:edition|edn|ed)\.?\s*(\d{1,2})(?![\p{N}])/giu, n: (m) => Number(m[1]) },
  // 4e, 4/e, 4E (a textbook shorthand), standing alone
  { re: /(?<![\p{L}\p{N}])(\d{1,2})\s?\/?e(?![\p{L}\p{N}])/giu, n: (m) => Number(m[1]) },
  // چاپ چهارم / ویرایش دوم / ویراست ۳ / چاپ 4
  { re: new RegExp(`(?:چاپ|ویرایش|ویراست)\\s*(${PERSIAN_ORDINAL}|\\d{1,2})(?![\\p{L}\\p{N}])`, "gu"), n: (m) => PERSIAN_ORDINALS[m[1]!] ?? Number(m[1]) },
];

/** Publishers users name after a title; a part naming one is not the title. */
const PUBLISHERS =
  /^(?:pearson|prentice[\s-]hall|(?:john\s+)?wiley(?:\s*&\s*sons)?|wiley[\s-]ieee|mit\s+press|mcgraw[\s-]hill(?:\s+education)?|springer(?:[\s-]verlag)?|elsevier|academic\s+press|cengage(?:\s+learning)?|brooks[\s/]cole|thomson|oxford\s+university\s+press|oup|cambridge\s+university\s+press|cup|crc\s+press|taylor\s*&\s*francis|routledge|addison[\s-]wesley|o'?reilly(?:\s+media)?|morgan\s+kaufmann|butterworth[\s-]heinemann|saunders|mosby|lippincott|wolters\s+kluwer|sage|princeton\s+university\s+press|harvard\s+university\s+press|dover|(?:w\.?\s*w\.?\s+)?norton|(?:w\.?\s*h\.?\s+)?freeman|macmillan|palgrave|manning|packt|apress|no\s+starch(?:\s+press)?|artech\s+house|ieee\s+press|jones\s*(?:&|and)\s*bartlett|benjamin[\s/-]cummings|houghton\s+mifflin|van\s+nostrand|world\s+scientific|de\s+gruyter|siam|ams|cisco\s+press)(?:\s+(?:inc|ltd|llc|publishing|publishers|education|press|co)\.?)*$/i;
const PUBLISHER_WORDS = /\b(?:press|publishing|publishers|verlag|university\s+press|books|inc\.|ltd\.?)$/i;

const STOP = new Set(["a", "an", "the", "of", "to", "and", "for", "in", "on", "with", "by", "at", "from", "&"]);
// What people add around a title that is not part of it.
const NOISE = /\b(?:pdf|e-?book|ebook|download|free|djvu|epub)\b|دانلود|کتاب(?:\s+الکترونیک)?|فایل|نسخه/giu;

/**
 * Folds for matching: compatibility forms, Persian/Arabic digits to Latin, Arabic yeh/kaf to Persian,
 * Latin accents dropped, typographic dashes to one dash. Lengths may change; only matching uses it.
 */
export function foldForParts(text: string): string {
  return toLatinDigits(text.normalize("NFKC"))
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC")
    .replace(/\u064a/g, "\u06cc")
    .replace(/\u0643/g, "\u06a9")
    .replace(/[\u2010-\u2015\u2212]/g, (d) => (d === "\u2010" || d === "\u2011" ? "-" : " – "))
    .replace(/\u200c/g, " ");
}

/** The edition number a text names, if it names one ("4th ed.", "Fourth edition", "ed. 4", "4e", "چاپ چهارم"). */
export function editionOf(text: string | null | undefined): number | null {
  if (!text) return null;
  const folded = foldForParts(text);
  for (const p of EDITION_PATTERNS) {
    p.re.lastIndex = 0;
    const m = p.re.exec(folded);
    if (m) {
      const n = p.n(m);
      if (n !== null && Number.isInteger(n) && n >= 1 && n <= 40) return n;
    }
  }
  return null;
}

/** Every valid ISBN in a text (labelled or not; hyphens and spaces allowed), as ISBN-13, in order. */
export function isbnsIn(text: string | null | undefined): string[] {
  if (!text) return [];
  const folded = toLatinDigits(text).replace(/[\u2010-\u2015\u2212]/g, "-");
  const found: string[] = [];
  // 13 digits (978/979) in any grouping, or 10 (last may be X) where "ISBN" labels it or hyphens group it.
  const re = /(isbn(?:-?1[03])?\s*:?\s*)?(?<![\dX-])((?:97[89][\s-]?)?\d(?:[\s-]?\d){8}[\s-]?[\dXx])(?![\dXx])/gi;
  for (let m = re.exec(folded); m; m = re.exec(folded)) {
    const raw = m[2]!;
    const digits = raw.replace(/[\s-]/g, "");
    const labelled = m[1] !== undefined;
    if (digits.length === 10 && !labelled && !/-/.test(raw)) continue;
    if (digits.length !== 10 && digits.length !== 13) continue;
    const isbn = toIsbn13(digits);
    if (isbn && !found.includes(isbn)) found.push(isbn);
  }
  return found;
}

/** Folded words of a title for comparing: case, accents, punctuation, and little words dropped. */
export function titleTokens(title: string | null | undefined): string[] {
  if (!title) return [];
  return foldForParts(title)
    .toLowerCase()
    .replace(NOISE, " ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !STOP.has(w));
}

const INITIALS = /^(?:\p{Lu}\.?\s*){1,3}$/u;
const INITIAL_TOKEN = /^\p{Lu}\.?(?:-?\p{Lu}\.?)*$/u;

/** The family name of a name as typed: "Cormen T.H." → Cormen, "Thomas H. Cormen" → Cormen, "Stein, C." → Stein. */
export function surnameOf(name: string): string | null {
  const words = name
    .replace(/\bet\s+al\.?/gi, " ")
    .replace(/[,&]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  const full = words.filter((w) => !INITIAL_TOKEN.test(w) && /\p{L}{2,}/u.test(w));
  if (!full.length) return null;
  // "Cormen T.H.": the family name first, initials after it.
  const first = words.indexOf(full[0]!);
  const surname = first >= 0 && words.slice(first + 1).some((w) => INITIAL_TOKEN.test(w)) && full.length === 1 ? full[0]! : full[full.length - 1]!;
  return titleTokens(surname)[0] ?? null;
}

type Part = { text: string; name?: boolean };

const isYear = (s: string) => /^\(?\s*(?:c\s*)?(1[89]\d\d|20\d\d)\s*\)?\.?$/i.test(s.trim());
const isPublisher = (s: string) => {
  const t = s.trim().replace(/^[.\s]+|[.\s]+$/g, "");
  return PUBLISHERS.test(t) || (PUBLISHER_WORDS.test(t) && t.split(/\s+/).length <= 5);
};
/** A part that clearly reads as a person's name (or several): initials, "et al.", "(ed.)". */
function looksLikeName(s: string): boolean {
  const t = s.trim();
  if (!t) return false;
  if (/\bet\s+al\b/i.test(t) || /\(?\beds?\.?\)?$/i.test(t)) return true;
  if (INITIALS.test(t)) return true;
  const words = t.split(/\s+/);
  return words.length <= 5 && words.some((w) => /^\p{Lu}\.(?:-?\p{Lu}\.)*$/u.test(w));
}

/** A short part in capitals beside the title: "Cormen", "James Stewart", "Gonzalez & Woods". */
const shortCapitalised = (t: string) => {
  const words = t.split(/\s+/).filter((w) => w !== "&" && w.toLowerCase() !== "and");
  return words.length >= 1 && words.length <= 3 && words.every((w) => /^\p{Lu}[\p{L}'’-]*$/u.test(w) && !STOP.has(w.toLowerCase()));
};

/** How much a part reads as the title: its folded length, more when it has the little words titles have. */
const titleWeight = (c: string) => titleTokens(c).join(" ").length + (/(?:^|\s)(?:of|to|and|the|for|in|on|with|an?)\s/i.test(c) ? 8 : 0);

/** "Gonzalez & Woods", "Halliday and Resnick": one name each. */
function splitNames(t: string): string[] {
  return t
    .replace(/\s*\(?\beds?\.?\)?$/i, "")
    .split(/\s+(?:&|and)\s+|\s*&\s*/)
    .map((n) => n.trim())
    .filter(Boolean);
}

/** Reads a typed reference into its parts. */
export function citationParts(input: string | null | undefined): CitationParts {
  const none: CitationParts = { title: null, authors: [], edition: null, year: null, publisher: null };
  if (!input || !input.trim() || /^\s*https?:\/\//i.test(input)) return none;
  let text = foldForParts(input).replace(/\s+/g, " ").trim();
  const edition = editionOf(text);
  // Take out what is not title: ISBNs, edition phrases (a separator in their place), noise words.
  text = text.replace(/\bisbn(?:-?1[03])?\s*:?\s*[\dXx\s-]{10,17}/gi, " | ");
  for (const p of EDITION_PATTERNS) text = text.replace(p.re, " | ");
  text = text.replace(NOISE, " ");
  const parts: Part[] = [];
  // Parenthesised and bracketed groups are parts of their own: "(4th ed.)", "(MIT Press, 2009)".
  text = text.replace(/[([]([^)\]]*)[)\]]/g, (_m, inner: string) => {
    for (const p of inner.split(/[,;]/)) parts.push({ text: p });
    return " | ";
  });
  // "… by Thomas H. Cormen": what follows "by" and a capital is a name.
  text = text.replace(/\s+by\s+(?=\p{Lu})([^|,;]+)/u, (_m, who: string) => {
    parts.push({ text: who, name: true });
    return " | ";
  });
  const main = text
    .split(/\s+[–—-]\s+|\s*[|;,/•]\s*|(?<=\p{L}{2}|\))\.\s+|:\s+(?=\p{Lu}\.|\p{Lu}\p{Ll}+,)/u)
    .map((s) =>
      s
        .replace(/^[\s.:–—-]+|[\s.:–—…-]+$/g, "")
        .replace(/…/g, "")
        .trim(),
    )
    .filter(Boolean);
  // "A. S. Signals and Systems": initials ending one author, then the title.
  const split: string[] = [];
  for (const s of main) {
    const m = /^((?:\p{Lu}\.\s*){1,3})(\p{Lu}\p{Ll}.{3,})$/u.exec(s);
    if (m) split.push(m[1]!.trim(), m[2]!.trim());
    else split.push(s);
  }
  const all: Part[] = [...split.map((t) => ({ text: t })), ...parts];
  let year: number | null = null;
  let publisher: string | null = null;
  const authors: string[] = [];
  const candidates: string[] = [];
  all.forEach((p) => {
    let t = p.text.trim().replace(/^[\s.:]+|[\s.:]+$/g, "");
    if (!t) return;
    // "Pearson 2018", "MIT Press, 2009": a year after a publisher.
    const trailingYear = /^(.*\S)\s+(1[89]\d\d|20\d\d)$/.exec(t);
    if (trailingYear && isPublisher(trailingYear[1]!)) {
      year ??= Number(trailingYear[2]);
      t = trailingYear[1]!;
    }
    if (isYear(t)) {
      year ??= Number(/(1[89]\d\d|20\d\d)/.exec(t)![1]);
      return;
    }
    if (isPublisher(t)) {
      publisher ??= t;
      return;
    }
    if (p.name || looksLikeName(t)) {
      if (/\p{L}{2}/u.test(t)) authors.push(...splitNames(t));
      return;
    }
    if (titleTokens(t).length) candidates.push(t);
  });
  // The title is the longest part left (by its words), the first when two are as long; short
  // capitalised parts beside it are names ("…, 4th edition, Cormen", "Oppenheim, A. V., …").
  let title: string | null = null;
  for (const c of candidates) if (title === null || titleWeight(c) > titleWeight(title)) title = c;
  for (const c of candidates) if (c !== title && shortCapitalised(c)) authors.push(...splitNames(c));
  return { title, authors: authors.filter((a) => surnameOf(a) !== null), edition, year, publisher };
}
