/**
 * Book search totals and pages at the bounds of the ranked window (RANK_WINDOW) and the counting
 * cap (COUNT_CAP), through the Worker's HTTP surface: the total comes from the same statement as
 * the page (counted from the window, then past it), with and without filters, whichever way a
 * filter is ranked (broad: keywords alone over the window; narrow: the whole expression).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { BookSearchResponse } from "../../../contract/search";
import { BROAD_FILTER_ROWS, COUNT_CAP, RANK_WINDOW } from "../../../worker/features/search/search-sql";
import { Client } from "../helpers/helpers";

/** More rows than the cap holds, more free rows than a broad filter needs. */
const ROWS = 12_000;
const FREE_ROWS = 10_500;

beforeAll(async () => {
  expect(RANK_WINDOW).toBe(1000);
  expect(COUNT_CAP).toBe(10_000);
  expect(FREE_ROWS).toBeGreaterThanOrEqual(BROAD_FILTER_ROWS);
  // Every row holds "quorvex" (once or twice in the title, so the ranking is not by id alone); the
  // first 999, 1000 and 1001 rows also hold qalpha, qbeta and qgamma, the rows after 6000 qdelta.
  // Types 0-3 and years 1990-2019 in turn; rows up to FREE_ROWS are free.
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO catalog_items (id, type, title, authors, year, language, free, links, keywords, external_id, created_at)
     SELECT i, i % 4,
       'Quorvex ' || CASE WHEN i % 7 = 0 THEN 'Quorvex ' ELSE '' END || 'Handbook ' || i,
       substr('Ada Lovelace; Alan Turing; Grace Hopper', 1, 12 + i % 27),
       1990 + i % 30, 'English', i <= ?2, '[]',
       CASE WHEN i <= 999 THEN 'qalpha ' ELSE '' END || CASE WHEN i <= 1000 THEN 'qbeta ' ELSE '' END || CASE WHEN i <= 1001 THEN 'qgamma ' ELSE '' END || CASE WHEN i > 6000 THEN 'qdelta ' ELSE '' END || 'filler',
       'totals-' || i, 0
     FROM n`,
  )
    .bind(ROWS, FREE_ROWS)
    .run();
}, 120_000);

async function book(body: Record<string, unknown>) {
  const res = await new Client().post("/book_search", { search_from: "all", type: "all", ...body });
  expect(res.status).toBe(200);
  return BookSearchResponse.parse(await res.json());
}

/** The catalogue's part of a total (sources free, report and standard add the open collections' live results). */
const catalogueTotal = (body: BookSearchResponse) => body.total_results - (body.live ?? []).reduce((n, s) => n + s.count, 0);

async function rowsWhere(where: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM catalog_items WHERE ${where}`).first<{ n: number }>();
  return row!.n;
}

describe("book search totals at the window and the cap", () => {
  it.each([
    ["qalpha", 999, 9],
    ["qbeta", 1000, 10],
    ["qgamma", 1001, 10],
  ])("%s: %i matches counted exactly; the last page the window reaches is full up to it", async (keywords, total, onLastPage) => {
    const first = await book({ keywords, count: 10 });
    expect(first).toMatchObject({ total_results: total, total_capped: false, total_pages: 100 });
    expect(first.results).toHaveLength(10);
    const last = await book({ keywords, count: 10, page: 100 });
    expect(last).toMatchObject({ total_results: total, total_capped: false, total_pages: 100 });
    expect(last.results).toHaveLength(onLastPage);
    expect((await new Client().post("/book_search", { keywords, search_from: "all", type: "all", count: 10, page: 101 })).status).toBe(422);
  });

  it("more matches than the cap: the total is the cap, reported as capped", async () => {
    const body = await book({ keywords: "quorvex", count: 30 });
    expect(body).toMatchObject({ total_results: COUNT_CAP, total_capped: true, total_pages: Math.ceil(RANK_WINDOW / 30) });
    expect(body.results).toHaveLength(30);
    // the title holding the word twice ranks first
    expect(body.results[0]!.Title).toMatch(/^Quorvex Quorvex Handbook/);
  });

  it("a broad filter (free): counted past the window and capped; the same pages as without it when every match passes", async () => {
    const free = await book({ keywords: "quorvex", search_from: "free", count: 10 });
    expect(free.total_capped).toBe(true);
    expect(catalogueTotal(free)).toBe(COUNT_CAP);
    for (const r of free.results) expect(r.free).toBe(true);
    // qgamma's 1001 rows are all free: the filter changes nothing, pages included
    for (const page of [1, 37, 100]) {
      const all = await book({ keywords: "qgamma", count: 10, page });
      const filtered = await book({ keywords: "qgamma", search_from: "free", count: 10, page });
      expect(filtered.results.filter((r) => r.id > 0).map((r) => r.id)).toEqual(all.results.map((r) => r.id));
      expect(catalogueTotal(filtered)).toBe(1001);
    }
    // more matches than the window, fewer than the cap: exact
    const delta = await book({ keywords: "qdelta", search_from: "free", count: 10 });
    expect(delta.total_capped).toBe(false);
    expect(catalogueTotal(delta)).toBe(await rowsWhere("id > 6000 AND free = 1"));
  });

  it("narrow filters (type, years): the exact total of the rows that pass", async () => {
    const standards = await book({ keywords: "quorvex", search_from: "solutions", count: 30 });
    expect(standards.total_results).toBe(await rowsWhere("type = 1"));
    expect(standards.total_capped).toBe(false);
    for (const r of standards.results) expect(r.type).toBe(1);
    const years = await book({ keywords: "qgamma", year_from: 1995, year_to: 2004, count: 30 });
    expect(years.total_results).toBe(await rowsWhere("id <= 1001 AND year BETWEEN 1995 AND 2004"));
    for (const r of years.results) expect(r.Year).toBeGreaterThanOrEqual(1995);
    const none = await book({ keywords: "qalpha", search_from: "solutions", year_from: 1800, year_to: 1801 });
    expect(none).toMatchObject({ total_results: 0, total_pages: 0, results: [] });
  });
});
