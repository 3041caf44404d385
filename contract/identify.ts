import { z } from "zod";
import { IDENTIFY_KINDS, type IdentifyResult as LibIdentifyResult } from "../lib/identify";

/**
 * What the "article link or DOI" box recognised in a user's input.
 * Produced by lib/identify.ts without any network access; the fetch pipeline
 * decides what to do with it (a "url" or "title" result means the landing
 * page or a search has to tell us more).
 */
export const IdentifyKind = z.enum(IDENTIFY_KINDS);
export type IdentifyKind = z.infer<typeof IdentifyKind>;

/** Field by field as lib/identify.ts's IdentifyResult (documented there), which it must produce. */
export const IdentifyResult = z.object({
  kind: IdentifyKind,
  doi: z.string().nullable(),
  arxiv: z.string().nullable(),
  pmid: z.string().nullable(),
  pmcid: z.string().nullable(),
  isbn: z.string().nullable(),
  url: z.string().nullable(),
  title: z.string().nullable(),
}) satisfies z.ZodType<LibIdentifyResult>;
export type IdentifyResult = z.infer<typeof IdentifyResult>;

/** Query of GET /identify. */
export const IdentifyQuery = z.object({
  input: z.string().max(2000),
});
export type IdentifyQuery = z.infer<typeof IdentifyQuery>;
