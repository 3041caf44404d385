/**
 * SQL of the catalogue searches: FTS5 MATCH, bm25 ranking over a bounded window, capped counts.
 *
 * Why a window: FTS5's bm25 costs a few microseconds per matching row, so ranking every match of
 * a common word in a million-row catalogue takes hundreds of milliseconds. The search ranks the
 * first RANK_WINDOW matches (all of them whenever there are fewer, which is almost every real
 * query) and counts up to COUNT_CAP. Both bounds are reported to the client (total_capped,
 * total_pages), never hidden. No LIKE anywhere: every search goes through the FTS index.
 */
import { asc } from "drizzle-orm";
import { schema, type Db } from "../../../db/client";

/** Matches ranked per query; also the deepest result a user can page to. */
export const RANK_WINDOW = 1000;
/** Matches counted per query; beyond it the total is reported as "more than". */
export const COUNT_CAP = 10_000;

/** bm25 column weights: title, authors, publisher, isbn, standard_number, keywords, tags (0: filters only). */
const CATALOG_WEIGHTS = "10.0, 4.0, 1.0, 5.0, 8.0, 2.0, 0.0";
/** title, author, abstract, department, tags. */
const THESIS_WEIGHTS = "10.0, 4.0, 1.0, 2.0, 0.0";

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
};

export type ThesisRow = {
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
};

export type Counted<T> = { rows: T[]; counted: number };

function countOf(result: D1Result<{ n: number }>): number {
  return Number(result.results[0]?.n ?? 0);
}

/** The statement text of a catalogue page; the bench runs the same SQL directly on SQLite. */
export const CATALOG_COUNT_SQL = `SELECT count(*) AS n FROM (SELECT 1 FROM catalog_fts WHERE catalog_fts MATCH ?1 LIMIT ${COUNT_CAP + 1})`;
export const CATALOG_PAGE_SQL = `
  SELECT c.id, c.type, c.title, c.authors, c.year, c.publisher, c.isbn, c.edition, c.pages, c.language, c.size_bytes,
         c.extension, c.free, c.license, c.links, c.toman_price, c.cover_url, c.standard_number, c.organization,
         c.cd_name, c.publication_date
  FROM (
    SELECT id, score FROM (
      SELECT rowid AS id, bm25(catalog_fts, ${CATALOG_WEIGHTS}) AS score
      FROM catalog_fts WHERE catalog_fts MATCH ?1 LIMIT ${RANK_WINDOW}
    ) ORDER BY score, id LIMIT ?2 OFFSET ?3
  ) AS w JOIN catalog_items AS c ON c.id = w.id
  ORDER BY w.score, w.id`;

/** One round trip: the capped count and one ranked page of catalogue items. */
export async function searchCatalog(db: Db, match: string, limit: number, offset: number): Promise<Counted<CatalogRow>> {
  const client = d1(db);
  const [count, page] = (await client.batch([
    client.prepare(CATALOG_COUNT_SQL).bind(match),
    client.prepare(CATALOG_PAGE_SQL).bind(match, limit, offset),
  ])) as [D1Result<{ n: number }>, D1Result<CatalogRow>];
  return { counted: countOf(count), rows: page.results };
}

export type ThesisOrder = "relevance" | "newest" | "oldest";

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
        `SELECT t.id, t.title, t.author, t.degree, t.department, t.language, t.year, t.university, t.download_link, t.abstract
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
    db.select({ code: schema.standardOrganizations.code, name: schema.standardOrganizations.name }).from(schema.standardOrganizations).orderBy(asc(schema.standardOrganizations.code)),
    // theses_department_year_idx makes this an index walk, not a table scan
    db.selectDistinct({ v: schema.theses.department }).from(schema.theses).orderBy(asc(schema.theses.department)),
    db.selectDistinct({ v: schema.theses.language }).from(schema.theses).orderBy(asc(schema.theses.language)),
  ]);
  return { organizations, departments: departments.map((d) => d.v), languages: languages.map((l) => l.v) };
}
