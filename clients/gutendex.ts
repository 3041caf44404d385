/**
 * Project Gutenberg's catalogue through Gutendex (https://gutendex.com), public-domain books:
 * GET /books/?search=… (32 a page, `count` and `next`), GET /books/{id} for one book. Only books
 * Gutenberg marks `copyright: false` (public domain in the USA) are kept, and the file is the
 * EPUB Gutenberg itself serves for the ebook number. Wire format: tests/fixtures/gutendex
 * (SOURCES.md §13).
 */
import { asInt, asRecord, asRecords, asString, asStrings, shapeError, validateOutput, type Json } from "./decode";
import { ACCEPT_JSON, absentOn404, clientTransport } from "./base";
import { PROVIDER_LIMITS, readJson, type ClientBaseOptions } from "./http";
import { OpenRecordSchema, OpenSearchPageSchema, type OpenRecord, type OpenSearchPage } from "./open-record";

const PROVIDER = "gutendex";
const BASE = "https://gutendex.com";
export const GUTENDEX_PAGE_SIZE = 32;
export const GUTENBERG_LICENSE = "Public domain in the USA (Project Gutenberg)";

export interface GutendexClient {
  search(p: { query: string; page?: number }): Promise<OpenSearchPage>;
  /** One book by its Gutenberg number; null when there is none or it is not public domain. */
  getBook(id: number): Promise<OpenRecord | null>;
}

/** Gutenberg's own EPUB for an ebook number (the catalogue lists it as epub3.images). */
export function gutenbergEpubUrl(id: number): string {
  return `https://www.gutenberg.org/ebooks/${id}.epub3.images`;
}

/** One Gutendex book as a record; null for a copyrighted book or one without an EPUB. */
export function gutendexBook(b: Json): OpenRecord | null {
  const id = asInt(b["id"]);
  const title = asString(b["title"]);
  if (id === null || id <= 0 || !title || b["copyright"] !== false) return null;
  const mediaType = asString(b["media_type"]);
  if (mediaType && mediaType !== "Text") return null;
  const formats = asRecord(b["formats"]) ?? {};
  const epub = asString(formats["application/epub+zip"]);
  if (!epub) return null;
  const langs = asStrings(b["languages"]);
  // Gutenberg's "Last, First" title field keeps subtitles after "; Or," or ": ".
  const [main, ...rest] = title.split(/;\s*(?=or,)|:\s+/i);
  return {
    provider: "gutenberg",
    id: String(id),
    landingUrl: `https://www.gutenberg.org/ebooks/${id}`,
    kind: "book",
    title: (main ?? title).trim(),
    subtitle: rest.length ? rest.join(": ").trim() : null,
    authors: asRecords(b["authors"]).flatMap((a) => asString(a["name"]) ?? []),
    editors: [],
    year: null,
    publisher: "Project Gutenberg",
    isbns: [],
    doi: null,
    language: langs[0] ?? null,
    pages: null,
    license: GUTENBERG_LICENSE,
    file: { url: gutenbergEpubUrl(id), format: "epub", size: null },
    cover: asString(formats["image/jpeg"]),
    number: null,
    subjects: [...asStrings(b["subjects"]), ...asStrings(b["bookshelves"])].slice(0, 30),
  };
}

export function createGutendexClient(opts: ClientBaseOptions): GutendexClient {
  const upstream = clientTransport(opts, { provider: PROVIDER, defaultTimeoutMs: 10_000, limits: PROVIDER_LIMITS.gutendex });
  return {
    async search({ query, page = 1 }) {
      const q = query.trim();
      if (!q) throw new RangeError("empty query");
      const url = new URL("/books/", BASE);
      url.searchParams.set("search", q);
      if (page > 1) url.searchParams.set("page", String(page));
      const res = await upstream.send(url, { headers: ACCEPT_JSON }, { acceptStatuses: [404] });
      // Gutendex answers a page past the end with 404 {"detail": "Invalid page."}.
      if (await absentOn404(res)) return { total: 0, records: [] };
      const body = asRecord(await readJson(res, PROVIDER));
      if (!body || !Array.isArray(body["results"])) throw shapeError(PROVIDER, "search response", res.status);
      const records = asRecords(body["results"]).flatMap((b) => gutendexBook(b) ?? []);
      return validateOutput(
        OpenSearchPageSchema,
        { total: asInt(body["count"]), records, fetched: asRecords(body["results"]).length },
        PROVIDER,
        "search page",
      );
    },
    async getBook(id) {
      if (!Number.isInteger(id) || id <= 0 || id > 10_000_000) throw new RangeError("not a Gutenberg number");
      const res = await upstream.send(new URL(`/books/${id}`, BASE), { headers: ACCEPT_JSON }, { acceptStatuses: [404] });
      if (await absentOn404(res)) return null;
      const body = asRecord(await readJson(res, PROVIDER));
      if (!body) throw shapeError(PROVIDER, "book", res.status);
      const r = gutendexBook(body);
      return r ? validateOutput(OpenRecordSchema, r, PROVIDER, "book") : null;
    },
  };
}
