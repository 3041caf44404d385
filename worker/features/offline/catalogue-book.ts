/**
 * The catalogue as a book resolver: an ISBN our catalogue holds gives its title, authors, edition,
 * year, publisher and cover (request-metadata.ts `MetadataSources.isbn`).
 */
import type { Db } from "../../../db/client";
import { editionOf, isbnsIn } from "./citation-parts";
import { catalogBookFor } from "./queries";
import type { BookRecord } from "./request-metadata";

export async function catalogueBook(db: Db, isbn13: string): Promise<BookRecord | null> {
  const row = await catalogBookFor(db, isbn13);
  if (!row) return null;
  // The catalogue keeps the edition as text ("4", "4th", "Fourth Edition").
  const edition = row.edition ? (/^\s*\d{1,2}\s*$/.test(row.edition) ? Number(row.edition) : editionOf(`${row.edition}${/ed/i.test(row.edition) ? "" : " edition"}`)) : null;
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
