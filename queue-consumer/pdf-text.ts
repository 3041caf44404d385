/**
 * The text of a PDF's first pages, read inside the Worker with pdf.js (the serverless build in
 * `unpdf`), as lines with their font size: the verifier (verify.ts) needs to know which text is a
 * heading. A page is read only while the pages before it do not settle the question (`enough`).
 *
 * Memory: the caller's buffer stays whole for storing (handing pdf.js a buffer detaches it), and
 * pdf.js's own copy is bounded. Up to FULL_READ_MAX bytes, pdf.js reads the file through a range
 * transport (its range stream allocates the file's length, and is filled only where it reads).
 * A larger file is read from a window: its first and last WINDOW_PART bytes joined (where the
 * page tree, the first pages and the trailer normally are; the middle is figures). The offsets no
 * longer hold, so pdf.js rebuilds the object table by scanning the window; a first page whose
 * objects lie in the middle then reads as no text, which only an exact source may serve.
 *
 * CPU: a page's text is streamed and the stream cancelled once MAX_PAGE_CHARS are in, so a hostile
 * page of megabytes of text costs no more than a dense real one.
 *
 * Bombs: what pdf.js builds for a read (decoded streams, map entries) is counted inside pdf.js
 * against pdf-budget.ts's budget, which refuses the file as unreadable (PdfBombError) once it is
 * over; a read that has not finished after READ_DEADLINE_MS is stopped. A pdf.js the build did not
 * patch (scripts/pdfjs-budget-plugin.ts) reads nothing.
 */
import { getResolvedPDFJS } from "unpdf";
import { PDF_READ_BUDGET, pdfjsIsBudgeted, withPdfBudget } from "./pdf-budget";

/** Pages read at most: a cover sheet (and its blank or terms page) may come before the article. */
export const VERIFY_PAGES = 3;
/** A book's or report's: cover, blank, half-title, series page, title page, copyright page come first. */
export const FRONT_MATTER_PAGES = 8;
/** Characters kept per page: a title page is a few thousand; a dense two-column page some 10,000. */
export const MAX_PAGE_CHARS = 12_000;
/** pdf.js asks for ranges at least this large. */
const RANGE_CHUNK = 64 * 1024;
/** Files up to this size are read through the range transport. */
export const FULL_READ_MAX = 16 * 1024 * 1024;
/** Larger files: this many bytes from the start and as many from the end. */
export const WINDOW_PART = 6 * 1024 * 1024;
/** A read of the first pages takes well under a second; past this the document is given up. */
export const READ_DEADLINE_MS = 20_000;

/** One line of a page: its text and the largest font size on it (points, as drawn). */
export type PageLine = { text: string; size: number };
/** A page's lines in pdf.js's reading order. */
export type PageText = PageLine[];

/** last: the document's last page (a book's back cover), read when `lastPage` asks for it after the first pages. */
export type LeadingText = { pages: PageText[]; last?: PageText; bytesRead: number; windowed: boolean };
export type ReadOptions = { lastPage?: (pages: PageText[]) => boolean };

/**
 * One read at a time per isolate: pdf.js works on the one JavaScript thread, so reading two files
 * at once gains nothing, and one at a time bounds pdf.js's copy to one file's (≤ 16 MB).
 */
let queue: Promise<unknown> = Promise.resolve();

export function extractLeadingText(
  bytes: Uint8Array,
  maxPages = VERIFY_PAGES,
  enough?: (pages: PageText[]) => boolean,
  options: ReadOptions = {},
): Promise<LeadingText> {
  const run = queue.then(() => readLeadingText(bytes, maxPages, enough, options));
  queue = run.catch(() => undefined);
  return run;
}

/** The pages' text as plain lines (pages separated by a form feed), for logs and tests. */
export function plainText(pages: PageText[]): string {
  return pages.map((p) => p.map((l) => l.text).join("\n")).join("\n\f\n");
}

type Item = { str: string; hasEOL: boolean; height: number; width: number; transform: number[] };

/** Where the last item with text ended, to tell when the next one starts a new line. */
type Pen = { x: number; y: number; end: number; height: number };

/**
 * pdf.js marks line ends (hasEOL) from its own reading of the content stream, but it joins items
 * drawn far apart when the stream jumps between them without one: an ACL page's footer line at the
 * bottom and its title at the top come out as "…LinguisticsSparse Information…", a page number
 * glued to the title ("4969S2ORC"). An item starts a new line when its baseline lies more than
 * most of a line's height from the previous one (a superscript or subscript lies less), or when it
 * starts back left of where the previous one ended on another baseline (the next line of a
 * paragraph). Only unrotated items are compared.
 */
function startsNewLine(pen: Pen | null, item: Item, upright: boolean): boolean {
  if (!pen || !upright) return false;
  const [, , , , x = 0, y = 0] = item.transform;
  const dy = Math.abs(y - pen.y);
  const height = Math.max(pen.height, Math.abs(item.height));
  return dy > 0.8 * height || (dy > 1 && x < pen.end - 1);
}

async function readPage(page: { streamTextContent(): ReadableStream }): Promise<PageText> {
  const lines: PageText = [];
  let text = "";
  let size = 0;
  let chars = 0;
  let pen: Pen | null = null;
  const reader = page.streamTextContent().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const item of (value as { items: (Item | object)[] }).items) {
        if (!("str" in item)) continue;
        // Unrotated text (a margin stamp turned 90° is left out of the sizes); a slanted italic
        // (a skew, transform [a 0 c d]) is upright all the same.
        const [a = 0, b = 0] = item.transform;
        const upright = a > 0 && Math.abs(b) <= 0.05 * a;
        if (item.str.trim()) {
          if (startsNewLine(pen, item, upright) && text.trim()) {
            lines.push({ text, size });
            text = "";
            size = 0;
          }
          if (upright)
            pen = { x: item.transform[4] ?? 0, y: item.transform[5] ?? 0, end: (item.transform[4] ?? 0) + (item.width || 0), height: Math.abs(item.height) };
        }
        text += item.str;
        chars += item.str.length;
        // The glyphs' height as drawn (font size times the text matrix's scale).
        if (item.str.trim() && upright)
          size = Math.max(size, Math.round((item.height || Math.hypot(item.transform[2] ?? 0, item.transform[3] ?? 0)) * 10) / 10);
        // pdf.js inserts its own space items between words and marks line ends: joined as given.
        if (item.hasEOL) {
          lines.push({ text, size });
          text = "";
          size = 0;
        }
      }
      if (chars >= MAX_PAGE_CHARS) {
        // Enough to judge the page: pdf.js stops reading the rest of a huge content stream
        // (its stream insists on an Error as the reason).
        await reader.cancel(new Error("enough text for verification"));
        break;
      }
    }
  } finally {
    reader.releaseLock();
  }
  if (text.trim()) lines.push({ text, size });
  return lines.map((l) => ({ text: l.text.replace(/[ \t]+/g, " ").trim(), size: l.size })).filter((l) => l.text);
}

async function readLeadingText(
  bytes: Uint8Array,
  maxPages: number,
  enough: ((pages: PageText[]) => boolean) | undefined,
  options: ReadOptions,
): Promise<LeadingText> {
  const pdfjs = await getResolvedPDFJS();
  if (!pdfjsIsBudgeted()) throw new Error("pdf.js without the read budget (scripts/pdfjs-budget-plugin.ts): no PDF is read");
  return withPdfBudget(PDF_READ_BUDGET, () => readWith(pdfjs, bytes, maxPages, enough, options));
}

async function readWith(
  pdfjs: Awaited<ReturnType<typeof getResolvedPDFJS>>,
  bytes: Uint8Array,
  maxPages: number,
  enough: ((pages: PageText[]) => boolean) | undefined,
  options: ReadOptions,
): Promise<LeadingText> {
  let bytesRead = 0;
  const windowed = bytes.byteLength > FULL_READ_MAX;
  const common = { disableAutoFetch: true, disableStream: true, useSystemFonts: false, stopAtErrors: false, verbosity: 0 } as const;
  let task;
  if (windowed) {
    const window = new Uint8Array(2 * WINDOW_PART);
    window.set(bytes.subarray(0, WINDOW_PART), 0);
    window.set(bytes.subarray(bytes.byteLength - WINDOW_PART), WINDOW_PART);
    bytesRead = window.byteLength;
    // Handed over (pdf.js detaches it): the window is pdf.js's only copy.
    task = pdfjs.getDocument({ data: window, ...common });
  } else {
    const transport = new pdfjs.PDFDataRangeTransport(bytes.byteLength, null);
    transport.requestDataRange = (begin: number, end: number) => {
      const from = Math.max(0, begin);
      const to = Math.min(bytes.byteLength, end);
      bytesRead += to - from;
      // A copy: pdf.js transfers (detaches) what it is given.
      const part = bytes.slice(from, to);
      queueMicrotask(() => transport.onDataRange(from, part));
    };
    task = pdfjs.getDocument({ range: transport, rangeChunkSize: RANGE_CHUNK, ...common });
  }
  const loading = task;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`PDF read stopped after ${READ_DEADLINE_MS / 1000} s`)), READ_DEADLINE_MS);
  });
  const read = async () => {
    const doc = await loading.promise;
    const n = Math.min(maxPages, doc.numPages);
    const pages: PageText[] = [];
    for (let i = 1; i <= n; i++) {
      const page = await doc.getPage(i);
      pages.push(await readPage(page));
      page.cleanup();
      if (enough?.(pages)) break;
    }
    if (doc.numPages <= pages.length || !options.lastPage?.(pages)) return { pages, bytesRead, windowed };
    const back = await doc.getPage(doc.numPages);
    const last = await readPage(back);
    back.cleanup();
    return { pages, last, bytesRead, windowed };
  };
  try {
    return await Promise.race([read(), deadline]);
  } finally {
    if (timer !== null) clearTimeout(timer);
    // Destroying the task also stops a read the deadline gave up on.
    await task.destroy();
  }
}
