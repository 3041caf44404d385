/**
 * What a title asked for must show on a page: its significant words in order, its numbers and
 * part numerals as exact keys ("Part I" is not "Part II", a 2019 guideline is not its 2021
 * update), and how many of its words a run may miss. Built once per job; the title matching
 * (title-heading.ts), the notice exemptions and the cover-sheet check read it. Pure.
 */
import { fold, isSignificant, plainTitle, words } from "./text-fold";

/** Words that put a numeral after them in a title: "Part II", "Phase 3", "Type 1". */
export const SERIES_WORDS = new Set("part paper phase type stage chapter section trial experiment series study report".split(" "));
export const ROMAN = /^(?:x{0,3})(?:ix|iv|v?i{0,3})$/;

/** Words of 3+ letters (or any number), not stop words, in order, deduplicated. */
export function significantWords(title: string): string[] {
  return [...new Set(words(fold(plainTitle(title))).filter(isSignificant))];
}

/** What the title must show on a page: its words in order, which of them are exact keys, its numbered series. */
export type TitleModel = { all: string[]; seq: { w: string; key: boolean }[]; sig: string[]; series: Set<string> };

export function titleModel(title: string): TitleModel {
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
export function required(n: number): number {
  if (n <= 3) return n;
  if (n <= 6) return n - 1;
  return Math.ceil(n * 0.85);
}
