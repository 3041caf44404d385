/** A downloaded PDF judged from its first pages: pdf-text.ts reads, verify.ts decides. No bindings. */
import { FRONT_MATTER_PAGES, VERIFY_PAGES, extractLeadingText, type PageText } from "./pdf-text";
import { bookish } from "./verdict";
import { decide, enoughPages, verifyPages, versionOnPage, type Decision, type Expectation } from "./verify";

export type PdfCheck = Decision & {
  detail: string;
  /** The version the first pages declare (a preprint stamp, "Author manuscript"), when they do. */
  pageVersion: "submittedVersion" | "acceptedVersion" | null;
};

/**
 * Reads the first pages and decides. A file pdf.js cannot open (not a PDF after its header, cut
 * short, or locked by a password) is refused from every source: a reader would fail on it too,
 * and nothing in it could be checked. A book's, report's or standard's front matter is read
 * further (up to FRONT_MATTER_PAGES), and its last page (a back cover printing its ISBN or number)
 * when those do not settle it and the job knows such an identifier.
 */
export async function checkPdfText(bytes: Uint8Array, expect: Expectation, exactSource: boolean): Promise<PdfCheck> {
  let read;
  try {
    const front = bookish(expect.kind);
    const backCover = front && (!!expect.isbn?.length || !!expect.reportNumber);
    const unsettled = (pages: PageText[]) => !["doi_on_page", "title", "mismatch"].includes(verifyPages(pages, expect).kind);
    read = await extractLeadingText(
      bytes,
      front ? FRONT_MATTER_PAGES : VERIFY_PAGES,
      (pages) => enoughPages(pages, expect),
      backCover ? { lastPage: unsettled } : {},
    );
  } catch (err) {
    const name = err instanceof Error ? err.name : "";
    const why = name === "PasswordException" ? "locked by a password" : `unreadable by pdf.js: ${String(err).slice(0, 120)}`;
    return { accept: false, reason: "unreadable", detail: why, pageVersion: null };
  }
  const verdict = verifyPages(read.pages, expect, read.last);
  const note = read.windowed ? "read from the first and last parts; " : "";
  return { ...decide(verdict, exactSource), detail: note + verdict.detail, pageVersion: versionOnPage(read.pages) };
}
