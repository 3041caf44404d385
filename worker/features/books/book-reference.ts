/**
 * A book reference ("Oppenheim, A. V., Willsky, A. S. Signals and Systems, 2nd ed., Prentice Hall,
 * 1997.") read into what Open Library can be asked (title and first author) and what an answer must
 * agree with (the title's words, an author's surname, the year or edition the string states), and
 * the edition the string cites picked among a work's editions. Pure.
 */
import type { OpenLibraryDoc, OpenLibraryEditionRecord } from "../../../clients/openlibrary";
import { foldText, parseReference, words } from "../getpdf/match/reference-match";

const STOP = new Set(["the", "and", "for", "with", "from", "into", "its", "his", "her", "der", "die", "das", "und", "les", "des"]);
const PUBLISHER_OR_EDITION =
  /\b(?:\d+(?:st|nd|rd|th)|ed|edn|edition|press|verlag|publishers?|publishing|books|hall|wiley|springer|pearson|elsevier|mcgraw|hill|addison|wesley|reilly|routledge|sage|cengage|crc|francis|university|mit|dover|norton|macmillan|palgrave|wadsworth|thomson|isbn|inc|ltd|co)\b/i;
const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10 };

const content = (s: string) => words(s).filter((w) => w.length > 2 && !STOP.has(w));

export type BookReference = {
  /** The segment read as the title. */
  title: string | null;
  /** Surnames standing before the title. */
  surnames: string[];
  years: number[];
  /** The edition number the string states ("2nd ed.", "second edition"), else null. */
  edition: number | null;
  /** Every content word of the string (folded). */
  vocabulary: Set<string>;
};

export function readBookReference(text: string): BookReference {
  const ref = parseReference(text);
  const raw = ref.raw;
  const segments = ref.segments.map((s) => ({ text: raw.slice(s.start, s.end).trim(), words: s.content }));
  let titleAt = -1;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    // The title: the first segment of two or more content words that is neither a publisher nor an edition mark.
    if (content(s.text).length >= 2 && !PUBLISHER_OR_EDITION.test(s.text) && !/^\d/.test(s.text)) {
      titleAt = i;
      break;
    }
  }
  const surnames = segments
    .slice(0, Math.max(0, titleAt))
    .map((s) => s.text)
    .filter((t) => /^\p{Lu}[\p{L}'’-]{2,}$/u.test(t))
    .map((t) => foldText(t));
  const m =
    /\b(\d{1,2})\s*(?:st|nd|rd|th)\s+(?:ed\b|edn\b|edition\b)/i.exec(raw) ??
    /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\s+edition\b/i.exec(raw);
  const edition = m ? (ORDINALS[m[1]!.toLowerCase()] ?? Number(m[1])) : null;
  return { title: titleAt >= 0 ? segments[titleAt]!.text : null, surnames, years: ref.years, edition, vocabulary: new Set(content(raw)) };
}

/** What to ask Open Library's search: the title and the first author's surname. */
export function bookReferenceQuery(r: BookReference): string | null {
  if (!r.title) return null;
  return [r.title, r.surnames[0] ?? ""].join(" ").trim();
}

/** A work agrees when its title's words are (nearly) all in the string and one of its authors' surnames is. */
export function workAgrees(r: BookReference, doc: Pick<OpenLibraryDoc, "title" | "authorNames">): boolean {
  const titleWords = content(doc.title ?? "");
  if (titleWords.length === 0) return false;
  const inString = titleWords.filter((w) => r.vocabulary.has(w)).length;
  // Every word of a short title, nearly every word of a long one; and the string's title is this title, not a longer one.
  const refTitle = content(r.title ?? "");
  const inTitle = refTitle.filter((w) => titleWords.includes(w)).length;
  if (inString < Math.max(1, Math.ceil(titleWords.length * 0.85)) || (refTitle.length && inTitle / refTitle.length < 0.75)) return false;
  const surnames = doc.authorNames.map((a) => foldText(a.split(/\s+/).at(-1) ?? ""));
  return surnames.some((s) => s.length > 1 && (r.vocabulary.has(s) || r.surnames.includes(s)));
}

/** The one work the reference names among a search's docs; null when none or more than one agree. */
export function pickWork(r: BookReference, docs: readonly OpenLibraryDoc[]): OpenLibraryDoc | null {
  const agreeing = docs.filter((d) => workAgrees(r, d));
  const keys = new Set(agreeing.map((d) => d.key));
  return keys.size === 1 ? agreeing[0]! : null;
}

const yearOf = (d: string | null) => {
  const m = d ? /(1[5-9]\d\d|20\d\d)/.exec(d) : null;
  return m ? Number(m[1]) : null;
};
const editionNumber = (name: string | null) => {
  if (!name) return null;
  const m = /(\d{1,2})\s*(?:st|nd|rd|th)?/.exec(name) ?? /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\b/i.exec(name);
  return m ? (ORDINALS[m[1]!.toLowerCase()] ?? Number(m[1])) : null;
};

/**
 * The edition the reference cites: the one of its stated year (and edition, when both are given),
 * else of its stated edition; a work of one edition is that edition. null when the string leaves
 * it open among several.
 */
export function pickEdition(r: BookReference, editions: readonly OpenLibraryEditionRecord[]): OpenLibraryEditionRecord | null {
  const withIsbn = editions.filter((e) => e.isbn13.length || e.isbn10.length);
  if (withIsbn.length === 0) return null;
  const byYear = r.years.length ? withIsbn.filter((e) => r.years.includes(yearOf(e.publishDate) ?? -1)) : [];
  const byEdition = r.edition !== null ? withIsbn.filter((e) => editionNumber(e.editionName) === r.edition) : [];
  const both = byYear.filter((e) => byEdition.includes(e));
  if (both.length >= 1) return both[0]!;
  if (byYear.length === 1) return byYear[0]!;
  if (byEdition.length === 1 && !r.years.length) return byEdition[0]!;
  if (withIsbn.length === 1 && !r.years.length && r.edition === null) return withIsbn[0]!;
  return null;
}
