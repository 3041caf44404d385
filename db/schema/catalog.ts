import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

/** 0 book, 1 solution manual, 2 standard, 3 report (the spec's `type`). */
export const catalogTypes = [0, 1, 2, 3] as const;

export const catalogItems = sqliteTable(
  "catalog_items",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    type: integer().notNull(),
    title: text().notNull(),
    authors: text().notNull().default(""),
    year: integer(),
    publisher: text(),
    isbn: text(),
    /**
     * The ISBN without hyphens or spaces: seeds store "978-0-262-03384-8", imports
     * "9780262033848"; both must be one book for upserts and ISBN search.
     */
    isbnKey: text().generatedAlwaysAs(sql`upper(replace(replace(isbn, '-', ''), ' ', ''))`, { mode: "virtual" }),
    edition: text(),
    pages: integer(),
    language: text().notNull().default("English"),
    sizeBytes: integer(),
    extension: text(),
    free: integer({ mode: "boolean" }).notNull().default(false),
    license: text(),
    links: text({ mode: "json" }).notNull().$type<string[]>().default([]),
    tomanPrice: integer(),
    coverUrl: text(),
    standardNumber: text(),
    organization: text(),
    cdName: text(),
    publicationDate: text(),
    keywords: text().notNull().default(""),
    /** Operator's own id for upserts from catalogue imports. */
    externalId: text(),
    /** The collection a record was imported from ("OAPEN", "Project Gutenberg", "NASA NTRS"…); null for the operator's own. */
    source: text(),
    /** Demo data of a local site (db/seed-data): shown as such, never as a real offer. */
    demo: integer({ mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // catalog:import upserts ON CONFLICT(isbn_key), whatever the hyphenation
    uniqueIndex("catalog_items_isbn_key_unique").on(t.isbnKey),
    // catalog:import upserts ON CONFLICT(external_id)
    uniqueIndex("catalog_items_external_unique").on(t.externalId),
    // No index on type, year or organization: every search filters inside the FTS index
    // (tag tokens, see db/migrations/0005 and 0006), and each extra b-tree slows imports of
    // millions of rows. Other reads are by primary key.
  ],
);

export const theses = sqliteTable(
  "theses",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    title: text().notNull(),
    author: text().notNull(),
    degree: text().notNull(),
    department: text().notNull(),
    language: text().notNull(),
    year: integer(),
    university: text(),
    downloadLink: text().notNull(),
    abstract: text().notNull().default(""),
    free: integer({ mode: "boolean" }).notNull().default(true),
    /** The licence as the repository states it; null when unknown. */
    license: text(),
    /** Where the record came from (repository or harvest), e.g. "DSpace@MIT" or "OpenAlex snapshot". */
    source: text(),
    externalId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("theses_external_unique").on(t.externalId),
    // thesis filters
    index("theses_department_year_idx").on(t.department, t.year),
  ],
);

export const standardOrganizations = sqliteTable("standard_organizations", {
  code: text().primaryKey(),
  name: text().notNull(),
  country: text().notNull(),
});
