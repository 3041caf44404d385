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

const PAGE_COLUMNS = `c.id, c.type, c.title, c.authors, c.year, c.publisher, c.isbn, c.edition, c.pages, c.language, c.size_bytes,
         c.extension, c.free, c.license, c.links, c.toman_price, c.cover_url, c.standard_number, c.organization,
         c.cd_name, c.publication_date, c.source, c.demo`;

/**
 * The capped total, from a window of the first RANK_WINDOW matches in rowid order: a window that is
 * not full holds every match; a full one is followed by a count of the matches after its last row,
 * up to COUNT_CAP + 1 in all. So the count never walks the matches the window already read, and a
 * search with fewer matches than the window costs no count at all. ?1 = MATCH expression.
 */
function totalOf(window: string): string {
  return `total AS (
    SELECT count(*) + CASE WHEN count(*) < ${RANK_WINDOW} THEN 0 ELSE (
      SELECT count(*) FROM (
        SELECT 1 FROM catalog_fts WHERE catalog_fts MATCH ?1 AND rowid > (SELECT max(id) FROM ${window}) LIMIT ${COUNT_CAP + 1 - RANK_WINDOW}
      )
    ) END AS n FROM ${window}
  )`;
}

/** The page's rows joined to their items, with the total on every row (one row of NULLs and the total when the page is empty). */
function pageOf(ranked: string): string {
  return `
  SELECT total.n AS total_matches, ${PAGE_COLUMNS}
  FROM total LEFT JOIN (
    SELECT id, score FROM (${ranked}) ORDER BY score, id LIMIT ?2 OFFSET ?3
  ) AS w LEFT JOIN catalog_items AS c ON c.id = w.id
  ORDER BY w.score, w.id`;
}

/**
 * One statement per search (one D1 round trip): the capped total and one ranked page.
 * ?1 = MATCH expression, ?2 = page size, ?3 = offset; ranked by bm25 within the window.
 */
export const CATALOG_PAGE_SQL = `
  WITH win AS MATERIALIZED (
    SELECT rowid AS id, bm25(catalog_fts, ${CATALOG_WEIGHTS}) AS score
    FROM catalog_fts WHERE catalog_fts MATCH ?1 ORDER BY rowid LIMIT ${RANK_WINDOW}
  ),
  ${totalOf("win")}${pageOf("SELECT id, score FROM win")}`;

/** A filter whose tags are in at least this many rows is "broad" (catalogFilteredPageSql). */
export const BROAD_FILTER_ROWS = 10_000;

/**
 * The ranked page of a search with filters: the same rows in the same order, and the same total,
 * as CATALOG_PAGE_SQL, cheaper when the filter is broad. bm25 counts, once per query, the rows of
 * every phrase of the expression, tags included (their weight 0 keeps them out of the score, not
 * out of that count): a filter in most rows (every record of an imported open collection is free)
 * costs a walk of most of the index. So:
 *   - the window: the first RANK_WINDOW rows matching keywords AND filter (a doclist intersection
 *     that stops at the window); the total is counted from it;
 *   - a narrow filter (its tags in fewer than BROAD_FILTER_ROWS rows, a count that stops there):
 *     the window's rows get bm25 of the whole expression as they are read (its tags cost little);
 *   - a broad one: the window is read without bm25, then ranked by bm25 of the keywords alone over
 *     the window's rowid span, kept to the window's rows (an empty span when the filter is narrow
 *     or the window empty, which FTS5 answers without reading the index).
 * Same rows, same scores either way (tag phrases add 0 to the score).
 * ?1 = MATCH expression, ?2 = page size, ?3 = offset, ?4 = its keyword part, ?5 = its filter part
 * (splitMatch). broadRows: tests choose the branch.
 */
export function catalogFilteredPageSql(broadRows: number = BROAD_FILTER_ROWS): string {
  return `
  WITH broad AS MATERIALIZED (
    SELECT count(*) >= ${broadRows} AS yes FROM (SELECT 1 FROM catalog_fts WHERE catalog_fts MATCH ?5 LIMIT ${broadRows})
  ),
  cand AS MATERIALIZED (
    SELECT rowid AS id, CASE WHEN (SELECT yes FROM broad) THEN NULL ELSE bm25(catalog_fts, ${CATALOG_WEIGHTS}) END AS score
    FROM catalog_fts WHERE catalog_fts MATCH ?1 ORDER BY rowid LIMIT ${RANK_WINDOW}
  ),
  ${totalOf("cand")},
  win_broad AS (
    SELECT rowid AS id, bm25(catalog_fts, ${CATALOG_WEIGHTS}) AS score
    FROM catalog_fts
    WHERE catalog_fts MATCH ?4
      AND rowid >= coalesce((SELECT min(id) FROM cand), 1)
      AND rowid <= CASE WHEN NOT EXISTS (SELECT 1 FROM cand) THEN 0 WHEN (SELECT yes FROM broad) THEN (SELECT max(id) FROM cand) ELSE 0 END
      AND +rowid IN (SELECT id FROM cand)
  )${pageOf("SELECT id, score FROM cand WHERE score IS NOT NULL UNION ALL SELECT id, score FROM win_broad")}`;
}

export const CATALOG_FILTERED_PAGE_SQL = catalogFilteredPageSql();
