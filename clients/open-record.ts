/**
 * One record of a lawful open collection (open-access books, public-domain books, public reports,
 * openly published standards) as every such client answers it: the provider's own id and page,
 * the bibliographic fields the search results show, the licence, and the one file the provider
 * serves for it. Search results, the fetch pipeline and the catalogue import all read this shape.
 */
import { z } from "zod";

export const OPEN_PROVIDERS = ["oapen", "doab", "gutenberg", "ntrs", "osti", "rfc"] as const;
export type OpenProvider = (typeof OPEN_PROVIDERS)[number];

export const OpenFileSchema = z.object({
  url: z.string(),
  format: z.enum(["pdf", "epub"]),
  /** Bytes, when the provider says. */
  size: z.number().int().nullable(),
});
export type OpenFile = z.infer<typeof OpenFileSchema>;

export const OpenRecordSchema = z.object({
  provider: z.enum(OPEN_PROVIDERS),
  /** The provider's id: a handle (OAPEN, DOAB), an ebook number, an NTRS citation id, an OSTI id, an RFC number. */
  id: z.string().min(1),
  /** The record's page at the provider; the fetch pipeline recognises it (lib/open-sources.ts). */
  landingUrl: z.string(),
  kind: z.enum(["book", "report", "standard"]),
  title: z.string().min(1),
  subtitle: z.string().nullable(),
  authors: z.array(z.string()),
  editors: z.array(z.string()),
  year: z.number().int().nullable(),
  publisher: z.string().nullable(),
  /** ISBN-13s of this edition, as the provider lists them (print and electronic). */
  isbns: z.array(z.string()),
  doi: z.string().nullable(),
  /** ISO 639 code or the provider's language name. */
  language: z.string().nullable(),
  pages: z.number().int().nullable(),
  /** A licence URL or the provider's statement of the terms (public domain, public use permitted). */
  license: z.string().nullable(),
  file: OpenFileSchema.nullable(),
  cover: z.string().nullable(),
  /** A report's or standard's number (NASA report number, "RFC 9110"). */
  number: z.string().nullable(),
  /** Subjects and keywords the collection gives (catalogue imports index them). */
  subjects: z.array(z.string()).optional(),
});
export type OpenRecord = z.infer<typeof OpenRecordSchema>;

/** One page of a provider's search: the records and how many the provider says match (null: not said). */
export const OpenSearchPageSchema = z.object({
  total: z.number().int().nullable(),
  records: z.array(OpenRecordSchema),
  /** How many items the provider answered, before those that may not be served were left out. */
  fetched: z.number().int().optional(),
});
export type OpenSearchPage = z.infer<typeof OpenSearchPageSchema>;

/** A four-digit year at the start of a date string ("2022", "2022-03-24T00:00:00Z", "March 2009" too). */
export function yearOf(date: string | null | undefined): number | null {
  const m = date ? /(?:^|\D)(1[5-9]\d\d|20\d\d)(?:\D|$)/.exec(date) : null;
  return m ? Number(m[1]) : null;
}
