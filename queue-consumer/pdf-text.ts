/**
 * The text of a PDF's first pages, read inside the Worker with pdf.js (the serverless build in
 * `unpdf`). pdf.js is given the file through a range transport: it asks for the byte ranges it
 * needs (the trailer and xref at the end, then the objects of the first pages) and gets copies of
 * just those ranges, so verification holds a bounded part of the file besides the one buffered
 * copy, and that copy stays whole for storing (handing pdf.js the buffer itself detaches it).
 */
import { getResolvedPDFJS } from "unpdf";

/** Pages read for verification: the first carries title and DOI; the second covers cover sheets. */
export const VERIFY_PAGES = 2;
/** Characters kept: a title page is a few thousand; a dense two-column page some 10,000. */
export const MAX_VERIFY_CHARS = 20_000;
/** pdf.js asks for ranges at least this large. */
const RANGE_CHUNK = 64 * 1024;

export type LeadingText = { text: string; pages: number; bytesRead: number };

export async function extractLeadingText(bytes: Uint8Array, pages = VERIFY_PAGES): Promise<LeadingText> {
  const pdfjs = await getResolvedPDFJS();
  let bytesRead = 0;
  const transport = new pdfjs.PDFDataRangeTransport(bytes.byteLength, null);
  transport.requestDataRange = (begin: number, end: number) => {
    const from = Math.max(0, begin);
    const to = Math.min(bytes.byteLength, end);
    bytesRead += to - from;
    // A copy: pdf.js transfers (detaches) what it is given.
    const part = bytes.slice(from, to);
    queueMicrotask(() => transport.onDataRange(from, part));
  };
  const task = pdfjs.getDocument({
    range: transport,
    rangeChunkSize: RANGE_CHUNK,
    disableAutoFetch: true,
    disableStream: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const n = Math.min(pages, doc.numPages);
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
    }
    return { text: parts.join("").slice(0, MAX_VERIFY_CHARS), pages: n, bytesRead };
  } finally {
    await task.destroy();
  }
}
