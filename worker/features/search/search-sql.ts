/**
 * The SQL text of the catalogue searches, shared by the Worker (queries.ts) and bench:search,
 * which runs the very same statements on the SQLite file.
 *
 * Why a window: FTS5's bm25 costs a few microseconds per matching row, so ranking every match of
 * a common word in a million-row catalogue takes hundreds of milliseconds. The search ranks the
 * first RANK_WINDOW matches (all of them whenever there are fewer, which is almost every real
 * query) and counts up to COUNT_CAP. Both bounds are reported to the client (total_capped,
 * total_pages), never hidden. No LIKE anywhere: every search goes through the FTS index.
 */

/** Matches ranked per query; also the deepest result a user can page to. */
export const RANK_WINDOW = 1000;
/** Matches counted per query; beyond it the total is reported as "more than". */
export const COUNT_CAP = 10_000;

/** bm25 column weights: title, authors, publisher, isbn, standard_number, keywords, tags (0: filters only). */
const CATALOG_WEIGHTS = "10.0, 4.0, 1.0, 5.0, 8.0, 2.0, 0.0";
/** title, author, abstract, department, tags. */
export const THESIS_WEIGHTS = "10.0, 4.0, 1.0, 2.0, 0.0";

/** ?1 = MATCH expression. */
export const CATALOG_COUNT_SQL = `SELECT count(*) AS n FROM (SELECT 1 FROM catalog_fts WHERE catalog_fts MATCH ?1 LIMIT ${COUNT_CAP + 1})`;
/** ?1 = MATCH expression, ?2 = page size, ?3 = offset; ranked by bm25 within the window. */
export const CATALOG_PAGE_SQL = `
  SELECT c.id, c.type, c.title, c.authors, c.year, c.publisher, c.isbn, c.edition, c.pages, c.language, c.size_bytes,
         c.extension, c.free, c.license, c.links, c.toman_price, c.cover_url, c.standard_number, c.organization,
         c.cd_name, c.publication_date, c.source, c.demo
  FROM (
    SELECT id, score FROM (
      SELECT rowid AS id, bm25(catalog_fts, ${CATALOG_WEIGHTS}) AS score
      FROM catalog_fts WHERE catalog_fts MATCH ?1 LIMIT ${RANK_WINDOW}
    ) ORDER BY score, id LIMIT ?2 OFFSET ?3
  ) AS w JOIN catalog_items AS c ON c.id = w.id
  ORDER BY w.score, w.id`;

