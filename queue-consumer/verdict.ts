/**
 * What the verifier is given (Expectation), what it answers (TextVerdict) and what an answer
 * decides for a file from a given source (decide). Apart from verify.ts so that the modules that
 * build a verdict (page-evidence.ts, behind-cover.ts) do not import the one that combines them. Pure.
 */

export type Expectation = {
  doi: string | null;
  title: string | null;
  /** A subtitle the metadata keeps apart (Crossref): the page may print it after the title on the title's lines. */
  subtitle?: string | null | undefined;
  arxiv?: string | null | undefined;
  pmcid?: string | null | undefined;
  /** Crossref says this work is retracted or withdrawn: its own copy may be stamped so. */
  retracted?: boolean | undefined;
  /** What the work is (an article when absent): a book's cover, half-title and title pages are its own first pages. */
  kind?: WorkKind | null | undefined;
  /** A book's ISBNs as its record gives them (ISBN-10 or -13, any hyphens): any of them printed as its own verifies it. */
  isbn?: readonly string[] | null | undefined;
  /** A report's or standard's number as its record gives it ("NASA/TM-2014-216638", "RFC 9110"). */
  reportNumber?: string | null | undefined;
  /** The authors' names as the record gives them: a book's title page names them. */
  authors?: readonly string[] | null | undefined;
};

/** The kinds of work the verifier tells apart. */
export type WorkKind = "article" | "book" | "report" | "standard";

/** A book, report or standard: front matter (cover, half-title, title page) before its text. */
export const bookish = (kind: WorkKind | null | undefined): boolean => kind === "book" || kind === "report" || kind === "standard";

/**
 *   doi_on_page      the DOI (or the arXiv id / PMCID fetched by) printed as the page's own
 *   title            the title as the page's heading
 *   weak             the identifier without the title's words, or the title's words loosely:
 *                    enough for a source exact by construction, not for any other
 *   no_text          no text layer (a scan), or one that is not text (a font whose character map
 *                    shifts every letter): only a source exact by construction may serve it
 *   undecidable      text, the identifier not on it, and no usable title to compare with
 *   mismatch         text, but it is another work (or a notice, comment or listing about this one)
 */
export type TextVerdict = { kind: "doi_on_page" | "title" | "weak" | "no_text" | "undecidable" | "mismatch"; detail: string };

/** How a served file was verified (stored with it and shown in the dialog). */
export type Verification = "doi_on_page" | "title" | "trusted_source" | "unverified";

export type Decision = { accept: true; verification: Verification } | { accept: false; reason: "mismatch" | "no_text" | "unverifiable" | "unreadable" };

/**
 * The decision: accept with a label, or refuse. A source exact by construction (the publisher's
 * own DOI-keyed link, PMC by PMCID, arXiv by id, a licensed publisher API by DOI) may serve a
 * scan (labelled unverified) or a file that only weakly or not at all can be compared
 * (trusted_source); it may not serve a file whose text is another work. Any other location must
 * show the identifier or the title as the page's own.
 */
export function decide(verdict: TextVerdict, exactSource: boolean): Decision {
  switch (verdict.kind) {
    case "doi_on_page":
    case "title":
      return { accept: true, verification: verdict.kind };
    case "weak":
      return exactSource ? { accept: true, verification: "trusted_source" } : { accept: false, reason: "mismatch" };
    case "no_text":
      return exactSource ? { accept: true, verification: "unverified" } : { accept: false, reason: "no_text" };
    case "undecidable":
      return exactSource ? { accept: true, verification: "trusted_source" } : { accept: false, reason: "unverifiable" };
    case "mismatch":
      return { accept: false, reason: "mismatch" };
  }
}
