/**
 * resolveBook: a book input (book-input.ts) → the edition's metadata as a BookCard. The one entry
 * point for the link box and for anything else that has an ISBN, a catalogue link or a book
 * reference to turn into a book (the delivery desk, registering a request).
 *
 *   ISBN            Open Library's Books API by ISBN, else Crossref's records carrying the ISBN
 *   catalogue link  Open Library by edition id, OCLC number, or (Goodreads) its Goodreads id; a
 *                   work link takes the work's first edition with an ISBN
 *   reference       Open Library's search for the title and first author, the one work that agrees
 *                   (book-reference.ts), then the edition of the stated year or edition
 *
 * Answers are cached for a day in the Cache API (an edition's metadata does not move), failures
 * never: an unreachable source is reported (`unavailable`) so the caller can say so.
 */
import type { CrossrefClient, CrossrefWork } from "../../../clients/crossref";
import { isUpstreamError } from "../../../clients/http";
import { openLibraryCoverUrl, type OpenLibraryClient, type OpenLibraryEdition, type OpenLibraryEditionRecord } from "../../../clients/openlibrary";
import type { BookCard } from "../../../contract/books";
import { toIsbn13 } from "../../../lib/identify";
import type { BookInput } from "./book-input";
import { bookReferenceQuery, pickEdition, pickWork, readBookReference } from "./book-reference";

export type BookResolverDeps = {
  openLibrary: Pick<OpenLibraryClient, "edition" | "search" | "workEditions">;
  crossref: Pick<CrossrefClient, "worksByIsbn">;
  cache?: Cache | undefined;
  defer?: ((p: Promise<unknown>) => void) | undefined;
};

export type ResolvedBook = {
  card: BookCard | null;
  /** The ISBN-13 the input named, or the one of the edition it resolved to. */
  isbn: string | null;
  /** A source failed: the card may be missing for that reason, not because no source knows the book. */
  unavailable: boolean;
};

const CACHE_ORIGIN = "https://book-metadata.cache.daryaft.internal";
const CACHE_SECONDS = 86_400;

const yearOf = (d: string | null) => {
  const m = d ? /(1[5-9]\d\d|20\d\d)/.exec(d) : null;
  return m ? Number(m[1]) : null;
};
const isbn13sOf = (xs: readonly string[]) => [...new Set(xs.flatMap((x) => toIsbn13(x) ?? []))];

/** The card of an Open Library edition (Books API), `isbn` the ISBN asked for when there was one. */
export function cardOfEdition(e: OpenLibraryEdition, isbn: string | null): BookCard {
  const isbns = isbn13sOf([...e.isbn13, ...e.isbn10]);
  const own = isbn && isbns.includes(isbn) ? isbn : (isbns[0] ?? isbn);
  return {
    kind: "book",
    title: e.title,
    subtitle: e.subtitle,
    authors: e.authors.slice(0, 10),
    editors: [],
    edition: null,
    year: yearOf(e.publishDate),
    publisher: e.publishers[0] ?? null,
    isbn: own,
    isbns: (own && !isbns.includes(own) ? [own, ...isbns] : isbns).slice(0, 20),
    pages: e.pages,
    cover: e.cover ?? openLibraryCoverUrl({ isbn: own }),
    doi: null,
    container: null,
    number: null,
    source: "Open Library",
  };
}

function cardOfEditionRecord(e: OpenLibraryEditionRecord, authors: string[]): BookCard {
  const isbns = isbn13sOf([...e.isbn13, ...e.isbn10]);
  return {
    kind: "book",
    title: e.title,
    subtitle: e.subtitle,
    authors: authors.slice(0, 10),
    editors: [],
    edition: e.editionName,
    year: yearOf(e.publishDate),
    publisher: e.publishers[0] ?? null,
    isbn: isbns[0] ?? null,
    isbns: isbns.slice(0, 20),
    pages: e.pages,
    cover: e.covers[0] ? openLibraryCoverUrl({ coverId: e.covers[0] }) : openLibraryCoverUrl({ isbn: isbns[0] ?? null }),
    doi: null,
    container: null,
    number: null,
    source: "Open Library",
  };
}

/** A book's card from a Crossref record found by its ISBN (a book, not one of its chapters). */
function cardOfCrossrefBook(w: CrossrefWork, isbn: string): BookCard | null {
  if (!w.title || /chapter|part|section/.test(w.type ?? "")) return null;
  const isbns = isbn13sOf(w.isbn);
  return {
    kind: "book",
    title: w.title,
    subtitle: w.subtitle,
    authors: w.authors.map((a) => a.name).slice(0, 10),
    editors: [],
    edition: null,
    year: w.issuedYear,
    publisher: w.publisher,
    isbn,
    isbns: (isbns.includes(isbn) ? isbns : [isbn, ...isbns]).slice(0, 20),
    pages: null,
    cover: openLibraryCoverUrl({ isbn }),
    doi: w.doi,
    container: null,
    number: null,
    source: "Crossref",
  };
}

async function byIsbn(isbn: string, deps: BookResolverDeps): Promise<BookCard | null> {
  const e = await deps.openLibrary.edition({ isbn });
  if (e) return cardOfEdition(e, isbn);
  const works = await deps.crossref.worksByIsbn(isbn, 5);
  for (const w of works.items) {
    const card = cardOfCrossrefBook(w, isbn);
    if (card) return card;
  }
  return null;
}

async function firstEditionOfWork(workId: string, authors: string[], deps: BookResolverDeps): Promise<BookCard | null> {
  const eds = await deps.openLibrary.workEditions(workId, 50);
  const e = eds.find((x) => x.isbn13.length || x.isbn10.length) ?? eds[0];
  return e ? cardOfEditionRecord(e, authors) : null;
}

async function resolveUncached(input: BookInput, deps: BookResolverDeps): Promise<{ card: BookCard | null; isbn: string | null }> {
  switch (input.kind) {
    case "isbn":
      return { card: await byIsbn(input.isbn, deps), isbn: input.isbn };
    case "link": {
      const l = input.link;
      if (l.kind === "olid" || l.kind === "oclc") {
        const e = await deps.openLibrary.edition(l.kind === "olid" ? { olid: l.id } : { oclc: l.id });
        const card = e ? cardOfEdition(e, null) : null;
        return { card, isbn: card?.isbn ?? null };
      }
      if (l.kind === "work") {
        const card = await firstEditionOfWork(l.id, [], deps);
        return { card, isbn: card?.isbn ?? null };
      }
      if (l.kind === "goodreads") {
        const found = await deps.openLibrary.search({ q: `id_goodreads:${l.id}`, limit: 3 });
        const doc = found.docs[0];
        if (!doc) return { card: null, isbn: null };
        // The edition Open Library shows for the work, else its first ISBN.
        const e = doc.coverEditionKey ? await deps.openLibrary.edition({ olid: doc.coverEditionKey }) : null;
        const isbn = e ? null : (isbn13sOf(doc.isbns)[0] ?? null);
        const card = e ? cardOfEdition(e, null) : isbn ? await byIsbn(isbn, deps) : null;
        return { card, isbn: card?.isbn ?? isbn };
      }
      // A Google Books volume id names no ISBN that Open Library or Crossref can look up.
      return { card: null, isbn: null };
    }
    case "reference": {
      const ref = readBookReference(input.text);
      const q = bookReferenceQuery(ref);
      if (!q) return { card: null, isbn: null };
      const found = await deps.openLibrary.search({ q, limit: 10 });
      const work = pickWork(ref, found.docs);
      if (!work) return { card: null, isbn: null };
      const workId = /^\/works\/(OL\d+W)$/.exec(work.key)?.[1];
      const edition = workId ? pickEdition(ref, await deps.openLibrary.workEditions(workId, 50)) : null;
      if (edition) {
        const card = cardOfEditionRecord(edition, work.authorNames);
        return { card, isbn: card.isbn };
      }
      // The work, without an edition the string pins down: the string's own year and edition kept.
      const card: BookCard = {
        kind: "book",
        title: work.title ?? ref.title ?? input.text,
        subtitle: work.subtitle,
        authors: work.authorNames.slice(0, 10),
        editors: [],
        edition: ref.edition ? `${ref.edition}. ed.` : null,
        year: ref.years[0] ?? work.firstPublishYear,
        publisher: null,
        isbn: null,
        isbns: [],
        pages: null,
        cover: openLibraryCoverUrl({ coverId: work.coverId, olid: work.coverEditionKey }),
        doi: null,
        container: null,
        number: null,
        source: "Open Library",
      };
      return { card, isbn: null };
    }
  }
}

function cacheKeyOf(input: BookInput): string {
  const part =
    input.kind === "isbn"
      ? `isbn/${input.isbn}`
      : input.kind === "link"
        ? `link/${input.link.kind}/${input.link.id}`
        : `ref/${encodeURIComponent(input.text.toLowerCase().replace(/\s+/g, " ").slice(0, 500))}`;
  return `${CACHE_ORIGIN}/v1/${part}`;
}

export async function resolveBook(input: BookInput, deps: BookResolverDeps): Promise<ResolvedBook> {
  const key = cacheKeyOf(input);
  const hit = await deps.cache?.match(key).catch(() => undefined);
  if (hit) return { ...((await hit.json()) as { card: BookCard | null; isbn: string | null }), unavailable: false };
  try {
    const r = await resolveUncached(input, deps);
    if (deps.cache) {
      const res = new Response(JSON.stringify(r), { headers: { "content-type": "application/json", "cache-control": `public, max-age=${CACHE_SECONDS}` } });
      const put = deps.cache.put(key, res).catch(() => undefined);
      if (deps.defer) deps.defer(put);
      else await put;
    }
    return { ...r, unavailable: false };
  } catch (err) {
    if (!isUpstreamError(err) && !(err instanceof RangeError)) throw err;
    return { card: null, isbn: input.kind === "isbn" ? input.isbn : null, unavailable: isUpstreamError(err) };
  }
}
