/**
 * A reading list's text to batch entries: the format (by name, else content), the references,
 * and for each what the link/DOI download is asked: an identifier when lib/identify.ts finds one,
 * else the reference string for the title/reference matcher.
 */
import { BATCH_LIMIT_GUEST, BATCH_LIMIT_USER, batchTexts } from "../../../contract/batch";
import { lookupText } from "../../../lib/citations/entry";
import { CitationBudgetError, detectFormat, parseCitations, type Citation, type CitationFormat } from "../../../lib/citations";
import { toPersianDigits } from "../../../lib/digits";
import { identify } from "../../../lib/identify";
import { ValidationError } from "../../lib/errors";

/** The getpdf start input is at most 2,000 characters. */
const MAX_LOOKUP = 2000;

export type IngestedEntry = { citation: Citation; lookupKind: "identifier" | "reference"; lookup: string };

export function ingest(content: string, filename: string | null, signedIn: boolean): { format: CitationFormat; entries: IngestedEntry[] } {
  const format = detectFormat(content, filename);
  const field = filename ? "file" : "text";
  const max = signedIn ? BATCH_LIMIT_USER : BATCH_LIMIT_GUEST;
  let citations: Citation[];
  try {
    // The readers stop one entry past the limit, and count macro expansion and depth (lib/citations/budget.ts).
    citations = parseCitations(content, format, { maxEntries: max });
  } catch (e) {
    // Over a budget, unreadable, or a reader's own mistake on a strange file: the list is refused
    // (422) and nothing is stored; never a 500.
    throw new ValidationError({ [field]: [e instanceof CitationBudgetError ? batchTexts.overBudget : batchTexts.unreadable] });
  }
  if (!citations.length) throw new ValidationError({ [field]: [batchTexts.noEntries] });
  if (citations.length > max) {
    const msg = signedIn ? batchTexts.tooMany : batchTexts.tooManyGuest;
    throw new ValidationError({ [field]: [msg(toPersianDigits(max), toPersianDigits(max))] });
  }
  const entries = citations.map((citation) => {
    const { text } = lookupText(citation);
    const lookup = text.slice(0, MAX_LOOKUP);
    const kind = identify(lookup).kind;
    return { citation, lookupKind: kind === "title" || kind === "empty" ? ("reference" as const) : ("identifier" as const), lookup };
  });
  return { format, entries };
}
