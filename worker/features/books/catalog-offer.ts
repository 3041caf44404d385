/**
 * The catalogue's item for a book, edition-aware: the same edition is the one with one of its
 * ISBNs (13 or 10 digits, hyphenated or not: catalog_items.isbn_key); a catalogue item of the same
 * title and author under another ISBN is another edition, offered as such and never as the one
 * asked for.
 */
import { inArray } from "drizzle-orm";
import type { BookCard, CatalogOffer } from "../../../contract/books";
import { schema, type Db } from "../../../db/client";
import { toIsbn13 } from "../../../lib/identify";
import { foldText } from "../getpdf/match/reference-match";
import { bookSearchMatch } from "../search/matches";
import { searchCatalog } from "../search/queries";

/** The ISBN-10 of a 978 ISBN-13, else null. */
export function isbn10Of(isbn13: string): string | null {
  if (!/^978\d{10}$/.test(isbn13)) return null;
  const core = isbn13.slice(3, 12);
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (10 - i) * Number(core[i]);
  const check = (11 - (sum % 11)) % 11;
  return core + (check === 10 ? "X" : String(check));
}

const normTitle = (s: string) =>
  foldText(s)
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .replace(/\b(?:the|a|an)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();

export async function catalogOffer(db: Db, card: BookCard | null, isbn: string | null): Promise<CatalogOffer | null> {
  const isbns = [...new Set([isbn, ...(card?.isbns ?? [])].filter((x): x is string => !!x).map((x) => toIsbn13(x) ?? x))];
  const keys = [...new Set(isbns.flatMap((i) => [i, isbn10Of(i)]).filter((x): x is string => !!x))];
  const c = schema.catalogItems;
  if (keys.length) {
    const [row] = await db
      .select({ id: c.id, title: c.title, edition: c.edition, year: c.year, isbn: c.isbn, price: c.tomanPrice, free: c.free, type: c.type })
      .from(c)
      .where(inArray(c.isbnKey, keys))
      .limit(1);
    if (row)
      return {
        id: row.id,
        title: row.title,
        edition: row.edition,
        year: row.year,
        isbn: row.isbn,
        toman_price: row.free ? null : row.price,
        free: row.free,
        same_edition: true,
      };
  }
  if (!card) return null;
  // Another edition: the same title (folded) and the first author's surname, under another ISBN.
  const surname = card.authors[0]?.split(/[\s,]+/).filter(Boolean) ?? [];
  const family = card.authors[0]?.includes(",") ? surname[0] : surname.at(-1);
  const match = bookSearchMatch({
    keywords: `${card.title} ${family ?? ""}`.slice(0, 400),
    type: "all",
    search_from: "all",
    year_from: undefined,
    year_to: undefined,
  });
  if (!match) return null;
  const { rows } = await searchCatalog(db, match, 5, 0);
  const want = normTitle(card.title);
  const other = rows.find((r) => r.type === 0 && normTitle(r.title) === want && (!family || foldText(r.authors).includes(foldText(family))));
  if (!other) return null;
  return {
    id: other.id,
    title: other.title,
    edition: other.edition,
    year: other.year,
    isbn: other.isbn,
    toman_price: other.free === 1 ? null : other.toman_price,
    free: other.free === 1,
    same_edition: false,
  };
}
