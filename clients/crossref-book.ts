/**
 * A book's or chapter's card (the result dialog's book card) from its Crossref record: one mapping
 * for the link box's book resolver (a record found by ISBN) and the pipeline (a book DOI's record).
 */
import type { BookCard } from "../contract/books";
import { toIsbn13 } from "../lib/identify";
import type { CrossrefWork } from "./crossref";

/** Crossref's types for books and their parts. */
export const CROSSREF_BOOK_TYPES = new Set([
  "book",
  "monograph",
  "edited-book",
  "reference-book",
  "book-set",
  "book-series",
  "book-chapter",
  "book-part",
  "book-section",
]);
export const CROSSREF_CHAPTER_TYPES = new Set(["book-chapter", "book-part", "book-section"]);

/**
 * The card of `w` as a book or one of its chapters. `isbn`: the edition asked for (listed first and
 * named as the card's ISBN); a chapter names no ISBN of its own. `cover`: when the caller knows one.
 */
export function bookCardFromCrossref(w: CrossrefWork & { title: string }, opts: { kind: "book" | "chapter"; isbn?: string; cover?: string | null }): BookCard {
  const isbns = [...new Set(w.isbn.flatMap((i) => toIsbn13(i) ?? []))];
  const chapter = opts.kind === "chapter";
  return {
    kind: opts.kind,
    title: w.title,
    subtitle: w.subtitle,
    authors: w.authors.map((a) => a.name).slice(0, 10),
    editors: [],
    edition: null,
    year: w.issuedYear,
    publisher: w.publisher,
    isbn: opts.isbn ?? (chapter ? null : (isbns[0] ?? null)),
    isbns: (opts.isbn && !isbns.includes(opts.isbn) ? [opts.isbn, ...isbns] : isbns).slice(0, 20),
    pages: null,
    cover: opts.cover ?? null,
    doi: w.doi,
    container: chapter ? w.containerTitle : null,
    number: null,
    source: "Crossref",
  };
}
