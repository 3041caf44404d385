import { z } from "zod";

/**
 * A book (or chapter, report, standard) as the link box shows it: the edition's metadata that a
 * pasted ISBN, book link, book DOI or book reference resolved to, the catalogue's offer for that
 * edition, and the book request prefilled from it. Shared by the Worker (worker/features/books),
 * the fetch job (its meta) and the SPA's result dialog.
 */
export const BookKind = z.enum(["book", "chapter", "report", "standard"]);
export type BookKind = z.infer<typeof BookKind>;

export const BookCard = z.object({
  kind: BookKind,
  title: z.string(),
  subtitle: z.string().nullable(),
  /** As the source spells them, at most ten. */
  authors: z.array(z.string()).max(10),
  editors: z.array(z.string()).max(10),
  /** "2nd ed.", as the source states it. */
  edition: z.string().nullable(),
  year: z.number().int().nullable(),
  publisher: z.string().nullable(),
  /** This edition's ISBN-13 (the one asked for when the input named one). */
  isbn: z.string().nullable(),
  /** Every ISBN-13 of this edition (print, electronic). */
  isbns: z.array(z.string()).max(20),
  pages: z.number().int().nullable(),
  /** A cover image (Open Library's covers or the collection's own). */
  cover: z.string().nullable(),
  doi: z.string().nullable(),
  /** A chapter's book. */
  container: z.string().nullable(),
  /** A report's or standard's number. */
  number: z.string().nullable(),
  /** Where the metadata came from: "Open Library", "Crossref", "OAPEN", … */
  source: z.string().nullable(),
});
export type BookCard = z.infer<typeof BookCard>;

/** The catalogue's item for the book: this very edition (by ISBN), or another edition of it. */
export const CatalogOffer = z.object({
  id: z.number().int(),
  title: z.string(),
  edition: z.string().nullable(),
  year: z.number().int().nullable(),
  isbn: z.string().nullable(),
  /** Whole toman; null for a free item. */
  toman_price: z.number().int().nullable(),
  free: z.boolean(),
  /** False: another edition of the same work (shown as such, never as the one asked for). */
  same_edition: z.boolean(),
});
export type CatalogOffer = z.infer<typeof CatalogOffer>;

/** The book request's one line of description: title, authors, edition, publisher, year, pages. */
export function bookRequestDescription(
  b: Pick<BookCard, "title" | "subtitle" | "authors" | "editors" | "edition" | "publisher" | "year" | "isbn" | "container">,
): string {
  const people = b.authors.length ? b.authors.join(", ") : b.editors.length ? `${b.editors.join(", ")} (ed.)` : "";
  const title = b.subtitle ? `${b.title}: ${b.subtitle}` : b.title;
  const parts = [
    title,
    people,
    b.container ? `in: ${b.container}` : "",
    b.edition ?? "",
    b.publisher ?? "",
    b.year ? String(b.year) : "",
    b.isbn ? `ISBN ${b.isbn}` : "",
  ].filter(Boolean);
  return parts.join(" — ").slice(0, 1900);
}

/** What the book request's "link or title" field carries: the ISBN when there is one (the desk groups by it), else the title. */
export function bookRequestUrl(b: Pick<BookCard, "isbn" | "title" | "doi">, fallback?: string | null): string {
  if (b.isbn) return `ISBN ${b.isbn}`;
  if (fallback) return fallback;
  return b.doi ? `https://doi.org/${b.doi}` : b.title;
}
