/**
 * The text of a PDF's first pages, read inside the Worker with pdf.js (the serverless build in
 * `unpdf`). Page 2 is read only when page 1 does not settle the question (`enough`).
 *
 * Memory: the caller's buffer stays whole for storing (handing pdf.js a buffer detaches it), and
 * pdf.js's own copy is bounded. Up to FULL_READ_MAX bytes, pdf.js reads the file through a range
 * transport (its range stream allocates the file's length, and is filled only where it reads).
 * A larger file is read from a window: its first and last WINDOW_PART bytes joined (where the
 * page tree, the first pages and the trailer normally are; the middle is figures). The offsets no
 * longer hold, so pdf.js rebuilds the object table by scanning the window; a first page whose
 * objects lie in the middle then reads as no text, which only an exact source may serve.
 */
import { getResolvedPDFJS } from "unpdf";

/** Pages read for verification: the first carries title and DOI; the second covers cover sheets. */
export const VERIFY_PAGES = 2;
/** Characters kept: a title page is a few thousand; a dense two-column page some 10,000. */
export const MAX_VERIFY_CHARS = 20_000;
/** pdf.js asks for ranges at least this large. */
const RANGE_CHUNK = 64 * 1024;
/** Files up to this size are read through the range transport. */
export const FULL_READ_MAX = 16 * 1024 * 1024;
/** Larger files: this many bytes from the start and as many from the end. */
export const WINDOW_PART = 6 * 1024 * 1024;

export type LeadingText = { text: string; pages: number; bytesRead: number; windowed: boolean };

/**
 * One read at a time per isolate: pdf.js works on the one JavaScript thread, so reading two files
 * at once gains nothing, and one at a time bounds pdf.js's copy to one file's (≤ 16 MB).
 */
let queue: Promise<unknown> = Promise.resolve();

export function extractLeadingText(bytes: Uint8Array, pages = VERIFY_PAGES, enough?: (text: string) => boolean): Promise<LeadingText> {
  const run = queue.then(() => readLeadingText(bytes, pages, enough));
  queue = run.catch(() => undefined);
  return run;
}

async function readLeadingText(bytes: Uint8Array, pages: number, enough?: (text: string) => boolean): Promise<LeadingText> {
  const pdfjs = await getResolvedPDFJS();
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
  try {
    const doc = await task.promise;
    const n = Math.min(pages, doc.numPages);
    let read = 0;
    const parts: string[] = [];
    let length = 0;
    for (let i = 1; i <= n && length < MAX_VERIFY_CHARS; i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!("str" in item)) continue;
        parts.push(item.str, item.hasEOL ? "\n" : " ");
        length += item.str.length + 1;
      }
      parts.push("\n");
      page.cleanup();
      read = i;
      if (enough?.(parts.join(""))) break;
    }
    return { text: parts.join("").slice(0, MAX_VERIFY_CHARS), pages: read, bytesRead, windowed };
  } finally {
    await task.destroy();
  }
}
