/**
 * What one reading list may cost to read, checked while it is read (an isolate has 128 MB and the
 * reading runs inside a request). The text itself is at most 2 MB (contract/batch.ts); these bound
 * what the readers make of it:
 * - entries: a reader stops once it holds one entry more than the list may have, so a file of
 *   100,000 tiny records is refused after 501 of them, not after building all of them;
 * - expansion: BibTeX's @string macros may repeat text (`@string{b = a # a}` doubles it, forty such
 *   lines make terabytes), so every value built is counted against a small multiple of the input
 *   and no one value may pass a field's cap;
 * - depth: nested braces and arrays are read to a fixed depth (the readers recurse there).
 * Time follows from these: every reader is one pass over at most 2 MB and what the caps allow.
 * (A clock would not help: in workerd Date.now() does not move while JavaScript runs.)
 */

import { jsonOverBudget } from "../json-budget";

export const CITATION_BUDGET = {
  /** Characters all values of a file may hold after macro expansion: this many times the input… */
  expansionFactor: 4,
  /** …plus this much, so a tiny file may still use a macro for a long journal name. */
  expansionFloor: 64 * 1024,
  /** One field after expansion (an abstract is a few thousand characters). */
  maxFieldChars: 100_000,
  /** Nesting of braces (LaTeX) or arrays and objects (CSL-JSON) read. */
  maxDepth: 64,
  /**
   * Values of a CSL-JSON file (arrays, objects, and the values commas separate): 500 references of
   * a Crossref answer with their reference lists are some 150,000; 2 MB of `[{},{},…]` would be
   * 700,000 objects (~76 MB, measured in workerd) built before the entry limit could count them.
   */
  maxJsonValues: 250_000,
  /** Lines of a pasted list: 500 references wrapped over a few lines each are a few thousand. */
  maxLines: 100_000,
  /** Names kept per reference (a physics paper may list thousands; 500 are plenty to cite it). */
  maxAuthors: 500,
  /** Characters kept of any one field of a reference once read. */
  maxStoredChars: 4_000,
} as const;

export type CitationOverBudget = "expansion" | "field" | "depth" | "values" | "lines";

/** The input asks for more than the budget allows; the caller answers 422. */
export class CitationBudgetError extends Error {
  constructor(readonly reason: CitationOverBudget) {
    super(`citation input over budget: ${reason}`);
  }
}

/** Options every reader takes: stop after this many entries (the caller refuses more than its limit). */
export type ReadLimits = { maxEntries?: number };

/** The entries a reader keeps: one past the caller's limit is enough to tell "too many". */
export const entryCap = (limits?: ReadLimits) => (limits?.maxEntries === undefined ? Infinity : limits.maxEntries + 1);

/** Throws when the text has more lines than a list is read for (counted without splitting it). */
export function checkLineCount(input: string): void {
  let lines = 1;
  for (let at = input.indexOf("\n"); at >= 0; at = input.indexOf("\n", at + 1)) {
    if (++lines > CITATION_BUDGET.maxLines) throw new CitationBudgetError("lines");
  }
}

/**
 * Throws when JSON nests deeper than the readers go (a 2 MB file of "[" is a million nested arrays)
 * or holds more values than a list's references could, before JSON.parse builds it.
 */
export function checkJsonShape(input: string): void {
  const over = jsonOverBudget(input, { depth: CITATION_BUDGET.maxDepth, values: CITATION_BUDGET.maxJsonValues });
  if (over) throw new CitationBudgetError(over);
}
