/**
 * D1 access of the searches: FTS5 MATCH, bm25 ranking over a bounded window, capped counts
 * (the statements and the reasons for the bounds are in search-sql.ts).
 */
import { asc } from "drizzle-orm";
import { schema, type Db } from "../../../db/client";
import { splitMatch } from "./fts-query";
import { CATALOG_COUNT_SQL, CATALOG_FILTERED_PAGE_SQL, CATALOG_PAGE_SQL, COUNT_CAP, RANK_WINDOW, THESIS_WEIGHTS } from "./search-sql";

export { COUNT_CAP, RANK_WINDOW } from "./search-sql";

// Drizzle's D1 batch cannot carry raw SQL, and FTS5 MATCH has no query-builder form: these
// statements go to D1 directly, with bound parameters, in one batch (one round trip).
const d1 = (db: Db): D1Database => db.$client;

export type CatalogRow = {
  id: number;
  type: number;
  title: string;
  authors: string;
  year: number | null;
  publisher: string | null;
  isbn: string | null;
  edition: string | null;
  pages: number | null;
  language: string;
  size_bytes: number | null;
  extension: string | null;
  free: number;
  license: string | null;
  links: string;
  toman_price: number | null;
  cover_url: string | null;
  standard_number: string | null;
  organization: string | null;
  cd_name: string | null;
  publication_date: string | null;
  source: string | null;
  demo: number;
};

type ThesisRow = {
  id: number;
  title: string;
  author: string;
  degree: string;
  department: string;
  language: string;
  year: number | null;
  university: string | null;
  download_link: string;
  abstract: string;
  license: string | null;
  source: string | null;
};

type Counted<T> = { rows: T[]; counted: number };

function countOf(result: D1Result<{ n: number }>): number {
  return Number(result.results[0]?.n ?? 0);
}

/** One round trip: the capped count and one ranked page of catalogue items. */
export async function searchCatalog(db: Db, match: string, limit: number, offset: number): Promise<Counted<CatalogRow>> {
  const client = d1(db);
  const { words, tags } = splitMatch(match);
  const [count, page] = (await client.batch([
    client.prepare(CATALOG_COUNT_SQL).bind(match),
    tags ? client.prepare(CATALOG_FILTERED_PAGE_SQL).bind(match, limit, offset, words, tags) : client.prepare(CATALOG_PAGE_SQL).bind(match, limit, offset),
  ])) as [D1Result<{ n: number }>, D1Result<CatalogRow>];
  return { counted: countOf(count), rows: page.results };
}

type ThesisOrder = "relevance" | "newest" | "oldest";

/** Theses: ranked by bm25, or by year within the ranked window. */
const THESIS_ORDER: Record<ThesisOrder, string> = {
  relevance: "w.score, w.id",
  newest: "t.year IS NULL, t.year DESC, w.score, w.id",
  oldest: "t.year IS NULL, t.year ASC, w.score, w.id",
};

export async function searchTheses(db: Db, match: string, order: ThesisOrder, limit: number, offset: number): Promise<Counted<ThesisRow>> {
  const client = d1(db);
  const [count, page] = (await client.batch([
    client.prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM theses_fts WHERE theses_fts MATCH ?1 LIMIT ${COUNT_CAP + 1})`).bind(match),
    client
      .prepare(
        `SELECT t.id, t.title, t.author, t.degree, t.department, t.language, t.year, t.university, t.download_link, t.abstract, t.license, t.source
         FROM (
           SELECT rowid AS id, bm25(theses_fts, ${THESIS_WEIGHTS}) AS score
           FROM theses_fts WHERE theses_fts MATCH ?1 LIMIT ${RANK_WINDOW}
         ) AS w JOIN theses AS t ON t.id = w.id
         ORDER BY ${THESIS_ORDER[order]} LIMIT ?2 OFFSET ?3`,
      )
      .bind(match, limit, offset),
  ])) as [D1Result<{ n: number }>, D1Result<ThesisRow>];
  return { counted: countOf(count), rows: page.results };
}

/** The dropdown lists: organisations, and the thesis departments and languages in the catalogue. */
export async function searchOptionLists(db: Db) {
  const [organizations, departments, languages] = await db.batch([
    db
      .select({ code: schema.standardOrganizations.code, name: schema.standardOrganizations.name })
      .from(schema.standardOrganizations)
      .orderBy(asc(schema.standardOrganizations.code)),
    // theses_department_year_idx makes this an index walk, not a table scan
    db.selectDistinct({ v: schema.theses.department }).from(schema.theses).orderBy(asc(schema.theses.department)),
    db.selectDistinct({ v: schema.theses.language }).from(schema.theses).orderBy(asc(schema.theses.language)),
  ]);
  // A thesis whose department is not known has "" (db/seed-data/theses.ts): not a choice.
  return { organizations, departments: departments.map((d) => d.v).filter((d) => d !== ""), languages: languages.map((l) => l.v) };
}
