/**
 * Open Library search client (books) and cover URL builder.
 * Wire format: tests/fixtures/openlibrary (SOURCES.md §9). The default field
 * set no longer includes isbn, so fields= is always sent.
 */
import { z } from "zod";
import { asBool, asInt, asRecords, asString, asStrings, cleanText, shapeError, validateOutput, type Json } from "./decode";
import { ACCEPT_JSON, clientTransport, readJsonObject } from "./base";
import { PROVIDER_LIMITS, type ClientBaseOptions } from "./http";

const PROVIDER = "openlibrary";
const ENDPOINT = "https://openlibrary.org/search.json";
const COVERS = "https://covers.openlibrary.org/b";

export const OPENLIBRARY_FIELDS = [
  "key",
  "title",
  "subtitle",
  "author_name",
  "first_publish_year",
  "isbn",
  "cover_i",
  "cover_edition_key",
  "ebook_access",
  "edition_count",
  "language",
  "publisher",
  "number_of_pages_median",
  "has_fulltext",
] as const;

export const OpenLibraryDocSchema = z.object({
  /** "/works/OL...W" */
  key: z.string(),
  title: z.string().nullable(),
  subtitle: z.string().nullable(),
  authorNames: z.array(z.string()),
  firstPublishYear: z.number().int().nullable(),
  isbns: z.array(z.string()),
  coverId: z.number().int().nullable(),
  coverEditionKey: z.string().nullable(),
  /** no_ebook | printdisabled | borrowable | public */
  ebookAccess: z.string().nullable(),
  editionCount: z.number().int().nullable(),
  languages: z.array(z.string()),
  publishers: z.array(z.string()),
  pages: z.number().int().nullable(),
  hasFulltext: z.boolean().nullable(),
});
export type OpenLibraryDoc = z.infer<typeof OpenLibraryDocSchema>;

export const OpenLibrarySearchResultSchema = z.object({
  numFound: z.number().int(),
  start: z.number().int(),
  docs: z.array(OpenLibraryDocSchema),
});
export type OpenLibrarySearchResult = z.infer<typeof OpenLibrarySearchResultSchema>;

export const OpenLibrarySearchParamsSchema = z.object({
  q: z.string().trim().min(1),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(100).default(20),
  sort: z.enum(["new", "old", "rating", "editions", "title", "random"]).optional(),
});
export type OpenLibrarySearchParams = z.input<typeof OpenLibrarySearchParamsSchema>;

export interface OpenLibraryClientOptions extends ClientBaseOptions {
  /** Open Library asks heavy users to identify themselves. */
  userAgent?: string | undefined;
}

export interface OpenLibraryClient {
  search(params: OpenLibrarySearchParams): Promise<OpenLibrarySearchResult>;
}

export function createOpenLibraryClient(opts: OpenLibraryClientOptions): OpenLibraryClient {
  const upstream = clientTransport(opts, { provider: PROVIDER, defaultTimeoutMs: 10_000, limits: PROVIDER_LIMITS.openlibrary });
  const headers: Record<string, string> = { ...ACCEPT_JSON };
  if (opts.userAgent) headers["User-Agent"] = opts.userAgent;

  return {
    async search(input) {
      const p = OpenLibrarySearchParamsSchema.parse(input);
      const url = new URL(ENDPOINT);
      url.searchParams.set("q", p.q);
      url.searchParams.set("page", String(p.page));
      url.searchParams.set("limit", String(p.limit));
      url.searchParams.set("fields", OPENLIBRARY_FIELDS.join(","));
      if (p.sort) url.searchParams.set("sort", p.sort);
      const res = await upstream.send(url, { headers });
      const body = await readJsonObject(res, PROVIDER);
      if (!body || !Array.isArray(body["docs"])) throw shapeError(PROVIDER, "search response", res.status);
      const docs = asRecords(body["docs"]).flatMap((d) => mapDoc(d) ?? []);
      return validateOutput(
        OpenLibrarySearchResultSchema,
        {
          numFound: asInt(body["numFound"]) ?? asInt(body["num_found"]) ?? docs.length,
          start: asInt(body["start"]) ?? (p.page - 1) * p.limit,
          docs,
        },
        PROVIDER,
        "search response",
      );
    },
  };
}

function mapDoc(d: Json): OpenLibraryDoc | null {
  const key = asString(d["key"]);
  if (!key) return null;
  return {
    key,
    title: cleanText(d["title"]),
    subtitle: cleanText(d["subtitle"]),
    authorNames: asStrings(d["author_name"]),
    firstPublishYear: asInt(d["first_publish_year"]),
    isbns: asStrings(d["isbn"]),
    coverId: asInt(d["cover_i"]),
    coverEditionKey: asString(d["cover_edition_key"]),
    ebookAccess: asString(d["ebook_access"]),
    editionCount: asInt(d["edition_count"]),
    languages: asStrings(d["language"]),
    publishers: asStrings(d["publisher"]),
    pages: asInt(d["number_of_pages_median"]),
    hasFulltext: asBool(d["has_fulltext"]),
  };
}

export type CoverSize = "S" | "M" | "L";

/**
 * A cover image URL: by cover id, else by ISBN, else by edition OLID; null
 * when none is known. Matches the cover store's accepted URL pattern.
 */
export function openLibraryCoverUrl(
  ref: { coverId?: number | null; isbn?: string | null; olid?: string | null },
  size: CoverSize = "M",
): string | null {
  if (ref.coverId != null && Number.isInteger(ref.coverId) && ref.coverId > 0) return `${COVERS}/id/${ref.coverId}-${size}.jpg`;
  const isbn = ref.isbn?.replace(/[-\s]/g, "");
  if (isbn && /^(\d{9}[\dX]|\d{13})$/i.test(isbn)) return `${COVERS}/isbn/${isbn}-${size}.jpg`;
  if (ref.olid && /^OL\d+[MW]$/.test(ref.olid)) return `${COVERS}/olid/${ref.olid}-${size}.jpg`;
  return null;
}
