/** Direct books: catalogue books and solution manuals sold for a toman price (the FTS triggers keep search in step). */
import { and, count, desc, eq, inArray, isNotNull, ne, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { DirectBook, DirectBookInput, DirectBookPriceInput, DirectBooksPage, DirectBooksQuery } from "../../../contract/admin";
import { schema, type Db } from "../../../db/client";
import { NotFoundError, ValidationError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import { adminMessages as m } from "./messages";
import { auditRow, contains } from "./users";

const c = schema.catalogItems;
/** What makes a catalogue item a direct book. */
const isDirectBook = and(inArray(c.type, [0, 1]), eq(c.free, false), isNotNull(c.tomanPrice))!;
const isbnKeyOf = (isbn: string) => isbn.replace(/[-\s]/g, "").toUpperCase();

function out(r: typeof c.$inferSelect): DirectBook {
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    authors: r.authors,
    year: r.year,
    publisher: r.publisher,
    isbn: r.isbn,
    edition: r.edition,
    pages: r.pages,
    language: r.language,
    extension: r.extension,
    cover_url: r.coverUrl,
    toman_price: r.tomanPrice ?? 0,
    created_at: r.createdAt.toISOString(),
  };
}

export async function listDirectBooks(db: Db, query: z.output<typeof DirectBooksQuery>): Promise<DirectBooksPage> {
  const where: SQL[] = [isDirectBook];
  if (query.q) where.push(or(contains(c.title, query.q), eq(c.isbnKey, isbnKeyOf(query.q)), eq(c.id, /^[0-9]{1,12}$/.test(query.q) ? Number(query.q) : -1))!);
  const cond = and(...where);
  const [rows, totals] = await db.batch([
    db
      .select()
      .from(c)
      .where(cond)
      .orderBy(desc(c.createdAt), desc(c.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(c).where(cond),
  ]);
  const total = totals[0]?.n ?? 0;
  return { data: rows.map(out), total, page: query.page, per_page: query.per_page, total_pages: Math.max(1, Math.ceil(total / query.per_page)) };
}

async function assertIsbnFree(db: Db, isbn: string | null | undefined, ownId: number | null) {
  if (!isbn) return;
  const key = isbnKeyOf(isbn);
  const [taken] = await db
    .select({ id: c.id })
    .from(c)
    .where(ownId === null ? eq(c.isbnKey, key) : and(eq(c.isbnKey, key), ne(c.id, ownId)));
  if (taken) throw new ValidationError({ isbn: [m.isbnTaken] });
}

const values = (input: z.output<typeof DirectBookInput>) => ({
  type: input.type,
  title: input.title,
  authors: input.authors ?? "",
  year: input.year ?? null,
  publisher: input.publisher ?? null,
  isbn: input.isbn ?? null,
  edition: input.edition ?? null,
  pages: input.pages ?? null,
  language: input.language ?? "English",
  extension: input.extension ?? null,
  coverUrl: input.cover_url ?? null,
  tomanPrice: input.toman_price,
  free: false,
});

async function directBook(db: Db, id: number): Promise<typeof c.$inferSelect> {
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.id, id), isDirectBook));
  if (!row) throw new NotFoundError(m.bookNotFound);
  return row;
}

export async function createDirectBook(db: Db, actor: UserRow, input: z.output<typeof DirectBookInput>, now: number): Promise<DirectBook> {
  await assertIsbnFree(db, input.isbn, null);
  const [row] = await db
    .insert(c)
    .values({ ...values(input), links: [], keywords: "", createdAt: new Date(now) })
    .returning();
  await auditRow(db, {
    actor,
    action: "direct_book.create",
    targetType: "catalog_item",
    targetId: String(row!.id),
    details: { title: input.title, price: input.toman_price },
    now,
  });
  return out(row!);
}

export async function updateDirectBook(db: Db, actor: UserRow, id: number, input: z.output<typeof DirectBookInput>, now: number): Promise<DirectBook> {
  const before = await directBook(db, id);
  await assertIsbnFree(db, input.isbn, id);
  const [[row]] = await db.batch([
    db.update(c).set(values(input)).where(eq(c.id, id)).returning(),
    auditRow(db, {
      actor,
      action: "direct_book.update",
      targetType: "catalog_item",
      targetId: String(id),
      details: { before: out(before), after: input },
      now,
    }),
  ]);
  return out(row!);
}

export async function setDirectBookPrice(db: Db, actor: UserRow, id: number, input: z.output<typeof DirectBookPriceInput>, now: number): Promise<DirectBook> {
  const before = await directBook(db, id);
  const [[row]] = await db.batch([
    db.update(c).set({ tomanPrice: input.toman_price }).where(eq(c.id, id)).returning(),
    auditRow(db, {
      actor,
      action: "direct_book.price",
      targetType: "catalog_item",
      targetId: String(id),
      details: { from: before.tomanPrice, to: input.toman_price },
      now,
    }),
  ]);
  return out(row!);
}
