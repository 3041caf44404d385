/**
 * What a request names, resolved when the user registers it: title, authors, edition, year,
 * publisher, cover and every ISBN, from
 *   - a DOI (the DOI field, a doi.org or publisher link, an ISBN-A): Crossref's record;
 *   - an ISBN (typed, labelled, in a shop or catalogue link, in the description, inside a book DOI):
 *     `MetadataSources.isbn` — the catalogue first, then the link box's book resolver (Open
 *     Library, Crossref's book records; routes.ts builds the chain);
 *   - otherwise the user's own text, read by citation-parts.ts.
 * Each source may fail or be slow: the request is registered with what the others gave (staff see
 * every request anyway, with one-press search links).
 */
import type { RequestMeta } from "../../../contract/offline";
import { toIsbn13 } from "../../../lib/identify";
import type { Logger } from "../../../lib/logger";
import { citationParts, editionOf, isbnsIn } from "./citation-parts";
import { identifyRequest, isbnFromLink } from "./content-type";
import { findStandard } from "./standard-number";

/** Crossref's view of a DOI, as the registration uses it (refusals read type and language). */
export type DoiRecord = {
  title: string | null;
  type: string | null;
  language: string | null;
  authors: string[];
  year: number | null;
  publisher: string | null;
  isbns: string[];
};

/** A book's record by ISBN, from the catalogue or an outside resolver. */
export type BookRecord = {
  title: string;
  authors: string[];
  edition: number | null;
  year: number | null;
  publisher: string | null;
  cover: string | null;
  isbns: string[];
  source: "catalogue" | "book_resolver";
};

export type MetadataSources = {
  /** Crossref's record of a DOI; null when Crossref does not know it; throws when Crossref fails. */
  doi(doi: string): Promise<DoiRecord | null>;
  /** A book by ISBN-13; null when no source knows it. */
  isbn(isbn13: string): Promise<BookRecord | null>;
};

export type RequestInput = { url: string; doi?: string | undefined; more?: string | undefined };

/** How many of a request's ISBNs are looked up (a list of ten is not ten look-ups). */
const ISBN_LOOKUPS = 2;

const unique = (xs: readonly string[]) => [...new Set(xs)];
const isLink = (s: string) => /^\s*https?:\/\//i.test(s);

/** Every ISBN a request carries, from any field or link (ISBN-13, in order of appearance). */
export function requestIsbns(input: RequestInput, doi: string | null): string[] {
  const { ids } = identifyRequest(input);
  const fromIds = ids.flatMap((id) => (id.isbn ? [toIsbn13(id.isbn)].filter((x): x is string => x !== null) : []));
  const fromLink = isLink(input.url) ? [isbnFromLink(input.url)].filter((x): x is string => x !== null) : isbnsIn(input.url);
  // A book's DOI carries its ISBN (Springer 10.1007/978-3-…, Wiley 10.1002/9781119…).
  const fromDoi = doi ? isbnsIn(/97[89][\d-]{10,16}/.exec(doi)?.[0] ?? "") : [];
  return unique([...fromIds, ...fromLink, ...isbnsIn(input.doi), ...fromDoi, ...isbnsIn(input.more)]);
}

async function quietly<T>(log: Logger, what: string, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    log.warn("offline.metadata_failed", { source: what, error: String((err as Error)?.message ?? err) });
    return null;
  }
}

/** Resolves what a request names; also answers Crossref's record, which the registration's refusals read. */
export async function resolveRequestMetadata(
  input: RequestInput,
  sources: MetadataSources,
  log: Logger,
): Promise<{ meta: RequestMeta; doiRecord: DoiRecord | null }> {
  const { doi } = identifyRequest(input);
  const typed = citationParts(isLink(input.url) ? null : input.url);
  const isbns = requestIsbns(input, doi);
  const standard = findStandard(input.doi) ?? findStandard(input.url);

  const doiRecord = doi ? await quietly(log, "crossref", () => sources.doi(doi)) : null;
  let book: BookRecord | null = null;
  for (const isbn of (doiRecord ? [] : isbns).slice(0, ISBN_LOOKUPS)) {
    book = await quietly(log, "isbn", () => sources.isbn(isbn));
    if (book) break;
  }
  const title = doiRecord?.title ?? book?.title ?? typed.title;
  const meta: RequestMeta = {
    title: title ? title.slice(0, 500) : null,
    authors: (doiRecord?.authors.length ? doiRecord.authors : book?.authors.length ? book.authors : typed.authors).slice(0, 20),
    edition: book?.edition ?? editionOf(doiRecord?.title) ?? typed.edition ?? editionOf(input.more),
    year: doiRecord?.year ?? book?.year ?? typed.year,
    publisher: doiRecord?.publisher ?? book?.publisher ?? typed.publisher,
    cover: book?.cover && /^https:\/\//i.test(book.cover) ? book.cover : null,
    isbns: unique([...isbns, ...(doiRecord?.isbns ?? []).flatMap((i) => isbnsIn(i)), ...(book?.isbns ?? []).flatMap((i) => isbnsIn(i))]).slice(0, 10),
    doi,
    standard: standard ? (input.doi && findStandard(input.doi) ? input.doi.trim() : input.url.trim()).slice(0, 200) : null,
    source: doiRecord?.title ? "crossref" : book ? book.source : title ? "typed" : null,
  };
  return { meta, doiRecord };
}
