import { z } from "zod";

/**
 * What the "article link or DOI" box recognised in a user's input.
 * Produced by lib/identify.ts without any network access; the fetch pipeline
 * decides what to do with it (a "url" or "title" result means the landing
 * page or a search has to tell us more).
 */
export const IdentifyKind = z.enum(["doi", "arxiv", "pmid", "pmcid", "isbn", "url", "title", "empty"]);
export type IdentifyKind = z.infer<typeof IdentifyKind>;

export const IdentifyResult = z.object({
  kind: IdentifyKind,
  /** Lower-cased DOI; for arXiv also set, as 10.48550/arxiv.<id>. */
  doi: z.string().nullable(),
  /** arXiv id without version: 2001.01234 or hep-th/9901001. */
  arxiv: z.string().nullable(),
  /** PubMed id, digits only. */
  pmid: z.string().nullable(),
  /** PubMed Central id with its prefix: PMC1234567. */
  pmcid: z.string().nullable(),
  /** ISBN as 13 digits, no hyphens. */
  isbn: z.string().nullable(),
  /** The URL the identifier came from, when the input was (or began with) a URL. */
  url: z.string().nullable(),
  /** Cleaned input text, only when kind is "title". */
  title: z.string().nullable(),
});
export type IdentifyResult = z.infer<typeof IdentifyResult>;

/** Query of GET /identify. */
export const IdentifyQuery = z.object({
  input: z.string().max(2000),
});
export type IdentifyQuery = z.infer<typeof IdentifyQuery>;
