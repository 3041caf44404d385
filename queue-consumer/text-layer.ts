/**
 * Whether the pages have a text layer to judge at all: a scan has (almost) no letters, and a font
 * whose character map shifts every letter gives letters that are not text. Either way nothing on
 * the page can be compared with the work, so only a source exact by construction may serve it. Pure.
 */
import type { PageText } from "./pdf-text";
import { fold } from "./text-fold";

/** Fewer letters than this on the pages read: no usable text layer. */
export const MIN_TEXT_LETTERS = 20;

export const letterCount = (lines: string[]) => lines.reduce((n, l) => n + (l.match(/\p{L}/gu) ?? []).length, 0);

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
export function garbledText(raw: PageText[]): string | null {
  const text = fold(raw.map((p) => p.map((l) => l.text).join(" ")).join(" "));
  const latin = (text.match(/[a-z]/g) ?? []).length;
  if (latin < GARBLE_MIN_LETTERS) return null;
  const share = (text.match(/[aeiouy]/g) ?? []).length / latin;
  return share < GARBLE_VOWEL_SHARE
    ? `the text layer is not text (${Math.round(share * 100)}% vowels in ${latin} letters: a font without a usable character map)`
    : null;
}
