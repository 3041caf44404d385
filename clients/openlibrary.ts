/**
 * Open Library search client (books) and cover URL builder.
 * Wire format: tests/fixtures/openlibrary (SOURCES.md §9). The default field
 * set no longer includes isbn, so fields= is always sent.
 */
import { z } from "zod";
import { asArray, asBool, asInt, asRecords, asString, asStrings, cleanText, shapeError, validateOutput, type Json } from "./decode";
import { ACCEPT_JSON, absentOn404, clientTransport, readJsonObject } from "./base";
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
  /** One edition by ISBN, OCLC number, LCCN or edition OLID (the Books API); null when unknown. */
  edition(key: OpenLibraryBibkey): Promise<OpenLibraryEdition | null>;
  /** A work's editions (GET /works/OL…W/editions.json), at most `limit`; empty for an unknown work. */
  workEditions(workId: string, limit?: number): Promise<OpenLibraryEditionRecord[]>;
}

/** An edition record as editions.json lists it (Open Library's edition shape). */
export const OpenLibraryEditionRecordSchema = z.object({
  key: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  publishers: z.array(z.string()),
  publishDate: z.string().nullable(),
  editionName: z.string().nullable(),
  pages: z.number().int().nullable(),
  isbn10: z.array(z.string()),
  isbn13: z.array(z.string()),
  covers: z.array(z.number().int()),
});
export type OpenLibraryEditionRecord = z.infer<typeof OpenLibraryEditionRecordSchema>;

/** What the Books API looks an edition up by. */
export type OpenLibraryBibkey = { isbn: string } | { oclc: string } | { lccn: string } | { olid: string };

export const OpenLibraryEditionSchema = z.object({
  /** "/books/OL…M" */
  key: z.string(),
  url: z.string().nullable(),
  title: z.string(),
  subtitle: z.string().nullable(),
  authors: z.array(z.string()),
  byStatement: z.string().nullable(),
  publishers: z.array(z.string()),
  publishDate: z.string().nullable(),
  pages: z.number().int().nullable(),
  isbn10: z.array(z.string()),
  isbn13: z.array(z.string()),
  oclc: z.array(z.string()),
  cover: z.string().nullable(),
});
export type OpenLibraryEdition = z.infer<typeof OpenLibraryEditionSchema>;

const BOOKS_API = "https://openlibrary.org/api/books";

/** The Books API bibkey ("ISBN:…", "OCLC:…"); throws on a value that is not one. */
export function bibkeyOf(key: OpenLibraryBibkey): string {
  if ("isbn" in key && /^(\d{9}[\dX]|\d{13})$/.test(key.isbn)) return `ISBN:${key.isbn}`;
  if ("oclc" in key && /^\d{1,12}$/.test(key.oclc)) return `OCLC:${key.oclc}`;
  if ("lccn" in key && /^[a-z]{0,3}\d{6,10}$/.test(key.lccn)) return `LCCN:${key.lccn}`;
  if ("olid" in key && /^OL\d{1,10}M$/.test(key.olid)) return `OLID:${key.olid}`;
  throw new RangeError("not an Open Library bibkey");
}

function mapEdition(d: Json): OpenLibraryEdition | null {
  const key = asString(d["key"]);
  const title = cleanText(d["title"]);
  if (!key || !title) return null;
  const ids = (d["identifiers"] && typeof d["identifiers"] === "object" ? d["identifiers"] : {}) as Json;
  const cover = (d["cover"] && typeof d["cover"] === "object" ? d["cover"] : {}) as Json;
  return {
    key,
    url: asString(d["url"]),
    title,
    subtitle: cleanText(d["subtitle"]),
    authors: asRecords(d["authors"]).flatMap((a) => asString(a["name"]) ?? []),
    byStatement: cleanText(d["by_statement"]),
    publishers: asRecords(d["publishers"]).flatMap((p) => asString(p["name"]) ?? []),
    publishDate: asString(d["publish_date"]),
    pages: asInt(d["number_of_pages"]),
    isbn10: asStrings(ids["isbn_10"]),
    isbn13: asStrings(ids["isbn_13"]),
    oclc: asStrings(ids["oclc"]),
    cover: asString(cover["medium"]) ?? asString(cover["large"]) ?? asString(cover["small"]),
  };
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
    async workEditions(workId, limit = 50) {
      if (!/^OL\d{1,10}W$/.test(workId)) throw new RangeError("not an Open Library work id");
      const url = new URL(`https://openlibrary.org/works/${workId}/editions.json`);
      url.searchParams.set("limit", String(Math.min(Math.max(1, limit), 100)));
      const res = await upstream.send(url, { headers }, { acceptStatuses: [404] });
      if (await absentOn404(res)) return [];
      const body = await readJsonObject(res, PROVIDER);
      if (!body || !Array.isArray(body["entries"])) throw shapeError(PROVIDER, "editions response", res.status);
      const list = asRecords(body["entries"]).flatMap((e): OpenLibraryEditionRecord[] => {
        const key = asString(e["key"]);
        const title = cleanText(e["title"]);
        if (!key || !title) return [];
        return [
          {
            key,
            title,
            subtitle: cleanText(e["subtitle"]),
            publishers: asStrings(e["publishers"]),
            publishDate: asString(e["publish_date"]),
            editionName: cleanText(e["edition_name"]),
            pages: asInt(e["number_of_pages"]),
            isbn10: asStrings(e["isbn_10"]),
            isbn13: asStrings(e["isbn_13"]),
            covers: asArray(e["covers"]).flatMap((c) => {
              const n = asInt(c);
              return n !== null && n > 0 ? [n] : [];
            }),
          },
        ];
      });
      return validateOutput(z.array(OpenLibraryEditionRecordSchema), list, PROVIDER, "editions");
    },
    async edition(k) {
      const bibkey = bibkeyOf(k);
      const url = new URL(BOOKS_API);
      url.searchParams.set("bibkeys", bibkey);
      url.searchParams.set("jscmd", "data");
      url.searchParams.set("format", "json");
      const res = await upstream.send(url, { headers });
      const body = await readJsonObject(res, PROVIDER);
      // An unknown key answers {} (the bibkey is simply absent).
      if (!body) throw shapeError(PROVIDER, "books response", res.status);
      const entry = body[bibkey];
      if (entry === undefined) return null;
      const mapped = entry && typeof entry === "object" ? mapEdition(entry as Json) : null;
      if (!mapped) throw shapeError(PROVIDER, "books entry", res.status);
      return validateOutput(OpenLibraryEditionSchema, mapped, PROVIDER, "books entry");
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
export function openLibraryCoverUrl(ref: { coverId?: number | null; isbn?: string | null; olid?: string | null }, size: CoverSize = "M"): string | null {
  if (ref.coverId != null && Number.isInteger(ref.coverId) && ref.coverId > 0) return `${COVERS}/id/${ref.coverId}-${size}.jpg`;
  const isbn = ref.isbn?.replace(/[-\s]/g, "");
  if (isbn && /^(\d{9}[\dX]|\d{13})$/i.test(isbn)) return `${COVERS}/isbn/${isbn}-${size}.jpg`;
  if (ref.olid && /^OL\d+[MW]$/.test(ref.olid)) return `${COVERS}/olid/${ref.olid}-${size}.jpg`;
  return null;
}
