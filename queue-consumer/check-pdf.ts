/** A downloaded PDF judged from its first pages: pdf-text.ts reads, verify.ts decides. No bindings. */
import { extractLeadingText } from "./pdf-text";
import { decide, enoughPages, verifyPages, versionOnPage, type Decision, type Expectation } from "./verify";

export type PdfCheck = Decision & {
  detail: string;
  /** The version the first pages declare (a preprint stamp, "Author manuscript"), when they do. */
  pageVersion: "submittedVersion" | "acceptedVersion" | null;
};

/**
 * Reads the first pages and decides. A file pdf.js cannot open (not a PDF after its header, cut
 * short, or locked by a password) is refused from every source: a reader would fail on it too,
 * and nothing in it could be checked.
 */
export async function checkPdfText(bytes: Uint8Array, expect: Expectation, exactSource: boolean): Promise<PdfCheck> {
  let read;
  try {
    read = await extractLeadingText(bytes, undefined, (pages) => enoughPages(pages, expect));
  } catch (err) {
    const name = err instanceof Error ? err.name : "";
    const why = name === "PasswordException" ? "locked by a password" : `unreadable by pdf.js: ${String(err).slice(0, 120)}`;
    return { accept: false, reason: "unreadable", detail: why, pageVersion: null };
  }
  const verdict = verifyPages(read.pages, expect);
  const note = read.windowed ? "read from the first and last parts; " : "";
  return { ...decide(verdict, exactSource), detail: note + verdict.detail, pageVersion: versionOnPage(read.pages) };
}


