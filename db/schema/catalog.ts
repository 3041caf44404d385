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
    createdAt: createdAt(),
  },
  (t) => [
    // upsert by ISBN / external id on import
    uniqueIndex("catalog_items_isbn_unique").on(t.isbn),
    uniqueIndex("catalog_items_external_unique").on(t.externalId),
    // filter by type and year after the FTS match
    index("catalog_items_type_year_idx").on(t.type, t.year),
    // standard search by organisation
    index("catalog_items_org_idx").on(t.organization),
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
