/**
 * The shape of what lib/identify.ts recognises. It lives in lib/ so identify imports nothing of ours;
 * contract/identify.ts builds the zod schema of `GET /identify` from these kinds and is checked against
 * this type.
 */
export const IDENTIFY_KINDS = ["doi", "arxiv", "pmid", "pmcid", "isbn", "url", "title", "empty"] as const;
export type IdentifyKind = (typeof IDENTIFY_KINDS)[number];

export type IdentifyResult = {
  kind: IdentifyKind;
  /** Lower-cased DOI; for arXiv also set, as 10.48550/arxiv.<id>. */
  doi: string | null;
  /** arXiv id without version: 2001.01234 or hep-th/9901001. */
  arxiv: string | null;
  /** PubMed id, digits only. */
  pmid: string | null;
  /** PubMed Central id with its prefix: PMC1234567. */
  pmcid: string | null;
  /** ISBN as 13 digits, no hyphens. */
  isbn: string | null;
  /** The URL the identifier came from, when the input was (or began with) a URL. */
  url: string | null;
  /** Cleaned input text, only when kind is "title". */
  title: string | null;
};
