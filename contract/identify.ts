import { z } from "zod";
import { IDENTIFY_KINDS, type IdentifyResult as RecognisedIds } from "../lib/identify-result";

/**
 * What the "article link or DOI" box recognised in a user's input.
 * Produced by lib/identify.ts (its shape: lib/identify-result.ts) without any network access; the fetch pipeline
 * decides what to do with it (a "url" or "title" result means the landing
 * page or a search has to tell us more).
 */
export const IdentifyKind = z.enum(IDENTIFY_KINDS);
export type IdentifyKind = z.infer<typeof IdentifyKind>;

/** Fields as documented on lib/identify-result.ts; `satisfies` keeps the two from drifting apart. */
export const IdentifyResult = z.object({
  kind: IdentifyKind,
  doi: z.string().nullable(),
  arxiv: z.string().nullable(),
  pmid: z.string().nullable(),
  pmcid: z.string().nullable(),
  isbn: z.string().nullable(),
  url: z.string().nullable(),
  title: z.string().nullable(),
}) satisfies z.ZodType<RecognisedIds>;
export type IdentifyResult = z.infer<typeof IdentifyResult>;

/** GET /identify's answer: what was recognised, and whether it names a book (an ISBN, a book catalogue link, an ISBN-A, a book reference). */
export const IdentifyAnswer = IdentifyResult.extend({ book: z.boolean() });
export type IdentifyAnswer = z.infer<typeof IdentifyAnswer>;

/** Query of GET /identify. */
export const IdentifyQuery = z.object({
  input: z.string().max(2000),
});
export type IdentifyQuery = z.infer<typeof IdentifyQuery>;
