/**
 * A page read from a PDF (pdf-text.ts: lines with their font size) prepared once for every check
 * that follows: its lines folded, its words as tokens with their line (a word broken by a hyphen
 * at a line's end joined again), its text joined for finding identifiers, its body and largest
 * font sizes. Also what makes a page an article's first page, after which reading stops. Pure.
 */
import type { PageLine, PageText } from "./pdf-text";
import { fold, words } from "./text-fold";

/**
 * A page with this many words and an article's parts (Abstract, Introduction, Keywords, …) is an
 * article's first page: later pages are its own (its references). A long cover or terms page
 * ("General rights", "Take down policy") has no such parts, so reading goes on past it.
 */
export const ARTICLE_PAGE_WORDS = 300;
const ARTICLE_PARTS = /\b(?:abstract|introduction|keywords|key words|background|summary|methods|resume|resumen|zusammenfassung)\b/;

/** A heading is set at least this much larger than the page's body text. */
export const HEADING_SCALE = 1.15;
/** Or it starts among the page's first lines (a manuscript's title is in the body's size). */
export const EARLY_LINES = 6;

type Token = { w: string; line: number };
export type Page = {
  lines: PageLine[];
  folded: string[];
  tokens: Token[];
  joined: string;
  lineStarts: number[];
  bodySize: number;
  maxSize: number;
  wordCount: number;
};

export function preparePage(lines: PageText): Page {
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
  for (const l of lines) if (l.size > 0) bySize.set(l.size, (bySize.get(l.size) ?? 0) + l.text.length);
  const bodySize = [...bySize].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const maxSize = Math.max(0, ...lines.map((l) => l.size));
  return { lines, folded, tokens, joined, lineStarts, bodySize, maxSize, wordCount: tokens.length };
}

/** The line of the page's joined text that an offset falls on. */
export const lineAt = (page: Page, offset: number) => {
  let lo = 0;
  for (let i = 0; i < page.lineStarts.length && page.lineStarts[i]! <= offset; i++) lo = i;
  return lo;
};

export function articlePage(page: Page): boolean {
  return page.wordCount >= ARTICLE_PAGE_WORDS && page.folded.some((l) => ARTICLE_PARTS.test(l));
}
