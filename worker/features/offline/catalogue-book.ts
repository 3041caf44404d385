/**
 * The catalogue as a book resolver: an ISBN our catalogue holds gives its title, authors, edition,
 * year, publisher and cover (request-metadata.ts `MetadataSources.isbn`); an ISBN it does not hold is
 * asked of the link box's book resolver (`outsideBook`).
 */
import type { Db } from "../../../db/client";
import { editionOf, isbnsIn } from "./citation-parts";
import { catalogBookFor } from "./queries";
import type { BookRecord } from "./request-metadata";
import { resolveBook, type BookResolverDeps } from "../books/resolve-book";

export async function catalogueBook(db: Db, isbn13: string): Promise<BookRecord | null> {
  const row = await catalogBookFor(db, isbn13);
  if (!row) return null;
  // The catalogue keeps the edition as text ("4", "4th", "Fourth Edition").
  const edition = row.edition
    ? /^\s*\d{1,2}\s*$/.test(row.edition)
      ? Number(row.edition)
      : editionOf(`${row.edition}${/ed/i.test(row.edition) ? "" : " edition"}`)
    : null;
  return {
    title: row.title,
    authors: row.authors
      .split(/\s*(?:;|,(?=\s*\p{Lu}\p{Ll}+\s)|\band\b|&)\s*/u)
      .map((a) => a.trim())
      .filter(Boolean),
    edition,
    year: row.year,
    publisher: row.publisher,
    cover: row.coverUrl,
    isbns: [isbn13, ...isbnsIn(row.isbn)],
    source: "catalogue",
  };
}

/** The book resolver's edition of an ISBN (worker/features/books), in the request's terms; null when no source knows it. */
export async function outsideBook(isbn13: string, deps: BookResolverDeps): Promise<BookRecord | null> {
  const { card } = await resolveBook({ kind: "isbn", isbn: isbn13, url: null }, deps);
  if (!card || card.kind !== "book") return null;
  return {
    title: card.subtitle ? `${card.title}: ${card.subtitle}` : card.title,
    authors: card.authors,
    edition: card.edition
      ? /^\s*\d{1,2}\s*$/.test(card.edition)
        ? Number(card.edition)
        : editionOf(/ed/i.test(card.edition) ? card.edition : `${card.edition} edition`)
      : null,
    year: card.year,
    publisher: card.publisher,
    cover: card.cover,
    isbns: [...new Set([isbn13, ...card.isbns])],
    source: "book_resolver",
  };
}
