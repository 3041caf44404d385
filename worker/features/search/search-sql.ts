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

/** A filter whose tags are in at least this many rows is "broad" (CATALOG_FILTERED_PAGE_SQL). */
export const BROAD_FILTER_ROWS = 50_000;

const PAGE_COLUMNS = `c.id, c.type, c.title, c.authors, c.year, c.publisher, c.isbn, c.edition, c.pages, c.language, c.size_bytes,
         c.extension, c.free, c.license, c.links, c.toman_price, c.cover_url, c.standard_number, c.organization,
         c.cd_name, c.publication_date, c.source, c.demo`;

/**
 * The ranked page of a search with filters: the same rows in the same order as CATALOG_PAGE_SQL,
 * cheaper when the filter is broad. bm25 counts, once per query, the rows of every phrase of the
 * expression, tags included (their weight 0 keeps them out of the score, not out of that count):
 * a filter in most rows (every record of an imported open collection is free) costs a walk of
 * most of the index. So:
 *   - the window: the first RANK_WINDOW rows matching keywords AND filter, without bm25 (a
 *     doclist intersection that stops at the window);
 *   - a broad filter (its tags in BROAD_FILTER_ROWS rows or more, a count that stops there):
 *     bm25 of the keywords alone, over the window's rowid span, kept to the window's rows;
 *   - a narrow one: bm25 of the whole expression as in CATALOG_PAGE_SQL (its tags cost little).
 * The unused branch gets an empty rowid range, which FTS5 answers without reading the index.
 * Same rows, same scores either way (tag phrases add 0 to the score).
 * ?1 = MATCH expression, ?2 = page size, ?3 = offset, ?4 = its keyword part, ?5 = its filter part
 * (splitMatch). broadRows: tests choose the branch.
 */
export function catalogFilteredPageSql(broadRows: number = BROAD_FILTER_ROWS): string {
  return `
  WITH cand AS (SELECT rowid AS id FROM catalog_fts WHERE catalog_fts MATCH ?1 LIMIT ${RANK_WINDOW}),
  broad AS (SELECT count(*) >= ${broadRows} AS yes FROM (SELECT 1 FROM catalog_fts WHERE catalog_fts MATCH ?5 LIMIT ${broadRows})),
  win AS (
    SELECT rowid AS id, bm25(catalog_fts, ${CATALOG_WEIGHTS}) AS score
    FROM catalog_fts
    WHERE catalog_fts MATCH ?1 AND rowid <= (SELECT CASE WHEN yes THEN 0 ELSE 9223372036854775807 END FROM broad)
    LIMIT ${RANK_WINDOW}
  ),
  win_broad AS (
    SELECT rowid AS id, bm25(catalog_fts, ${CATALOG_WEIGHTS}) AS score
    FROM catalog_fts
    WHERE catalog_fts MATCH ?4
      AND rowid >= (SELECT CASE WHEN yes THEN coalesce((SELECT min(id) FROM cand), 1) ELSE 1 END FROM broad)
      AND rowid <= (SELECT CASE WHEN yes THEN coalesce((SELECT max(id) FROM cand), 0) ELSE 0 END FROM broad)
      AND +rowid IN (SELECT id FROM cand)
  )
  SELECT ${PAGE_COLUMNS}
  FROM (
    SELECT id, score FROM (SELECT id, score FROM win UNION ALL SELECT id, score FROM win_broad)
    ORDER BY score, id LIMIT ?2 OFFSET ?3
  ) AS w JOIN catalog_items AS c ON c.id = w.id
  ORDER BY w.score, w.id`;
}

export const CATALOG_FILTERED_PAGE_SQL = catalogFilteredPageSql();
