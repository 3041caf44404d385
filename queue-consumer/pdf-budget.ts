/**
 * What one PDF read may make pdf.js build, counted inside pdf.js itself. pdf.js trusts the file:
 * a few bytes can ask it for gigabytes (all measured in Node on pdf.js 5 through unpdf):
 * - decoded streams: every filter (Flate, LZW, RunLength, ASCIIHex, ASCII85, chained or nested)
 *   keeps a whole decoded stream in one buffer; a 200 KB page stream inflating to 200 MB took
 *   ~500 MB and 10-18 s, however its filters were spelled;
 * - map entries: a 1 KB ToUnicode CMap of eight `<000000> <FFFFFE>` ranges made 130 million
 *   entries (1.8 GB, 4 minutes); a font's `/W [0 50000000 500]` widths 3.7 GB; an XRef stream
 *   with zero-width fields makes one entry per number in its /Index without reading a byte.
 * A scan of the file before pdf.js reads it cannot see these the way pdf.js does (indirect or
 * escaped filter names, chained filters, lenient inflating), so the build adds one call to each
 * place pdf.js grows (scripts/pdfjs-budget-plugin.ts); the call reaches the budget of the read in
 * progress here, which throws once the read is over it. pdf.js swallows some errors while reading
 * a page, so the read is refused afterwards too (PdfBombError): the file is treated as unreadable.
 */

/** Bytes all decoded streams of one read may grow to (a page's content is a few MB, a full CJK font ~20 MB). */
export const MAX_DECODED_BYTES = 32 * 1024 * 1024;
/** Entries of character maps, width ranges and XRef streams one read may make (~40 bytes each). */
export const MAX_MAP_ENTRIES = 1_000_000;

export type PdfBudget = { decodedBytes: number; mapEntries: number };
export const PDF_READ_BUDGET: PdfBudget = { decodedBytes: MAX_DECODED_BYTES, mapEntries: MAX_MAP_ENTRIES };

/** The global the patched pdf.js calls: `(kind, amount)`, where kind is "decoded" (bytes) or "entries". */
export const PDFJS_BUDGET_HOOK = "__daryaftPdfBudget";
/** Set by the patched pdf.js module when it loads: the build did patch it. */
export const PDFJS_BUDGET_MARK = "__daryaftPdfBudgetBuilt";

export class PdfBombError extends Error {
  override name = "PdfBombError";
}

type Hook = (kind: "decoded" | "entries", amount: number) => void;
const slot = globalThis as unknown as Record<string, unknown>;

/** Whether the pdf.js in this build calls the budget (scripts/pdfjs-budget-plugin.ts patched it). */
export function pdfjsIsBudgeted(): boolean {
  return slot[PDFJS_BUDGET_MARK] === true;
}

/**
 * Runs one pdf.js read under `budget`. Reads must not overlap (pdf-text.ts runs one at a time per
 * isolate): the hook is the isolate's. Once over budget every further growth throws too, and the
 * read ends in PdfBombError whatever pdf.js made of the first error.
 */
export async function withPdfBudget<T>(budget: PdfBudget, read: () => Promise<T>): Promise<T> {
  let decoded = 0;
  let entries = 0;
  let over: string | null = null;
  const hook: Hook = (kind, asked) => {
    // A reversed range (high below low) asks for nothing; it must not give budget back.
    const amount = asked > 0 ? asked : 0;
    if (over === null) {
      if (kind === "decoded" && (decoded += amount) > budget.decodedBytes) over = `its streams decode past ${Math.round(budget.decodedBytes / 1048576)} MB`;
      if (kind === "entries" && (entries += amount) > budget.mapEntries) over = `it asks for more than ${budget.mapEntries} map entries`;
    }
    if (over !== null) throw new PdfBombError(over);
  };
  slot[PDFJS_BUDGET_HOOK] = hook;
  try {
    const result = await read();
    if (over !== null) throw new PdfBombError(over);
    return result;
  } catch (err) {
    throw over !== null ? new PdfBombError(over) : err;
  } finally {
    if (slot[PDFJS_BUDGET_HOOK] === hook) delete slot[PDFJS_BUDGET_HOOK];
  }
}
