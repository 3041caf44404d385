/**
 * The searches through the Worker's HTTP surface, against the seeded catalogue (db/seed-data)
 * and, for articles, the fake upstream (real Crossref wire format).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ValidationErrorBody } from "../../contract/common";
import { ArticleSearchResponse, BookSearchResponse, SearchOptions, StandardSearchResponse, ThesisSearchResponse, searchTexts } from "../../contract/search";
import { catalogItems, type CatalogItem } from "../../db/seed-data/catalog";
import { standardsOrganizations } from "../../db/seed-data/standards-organizations";
import { theses } from "../../db/seed-data/theses";
import { tokenize } from "../../worker/features/search/fts-query";
import { searchMessages } from "../../worker/features/search/messages";
import { Client, count, seedDemoData } from "./helpers";

beforeAll(async () => {
  await seedDemoData();
});

const seeded = catalogItems.map((c, i) => ({ ...c, id: i + 1 }));
const searchable = (c: CatalogItem) => [c.title, c.authors, c.publisher, c.isbn?.replaceAll("-", ""), c.standardNumber, c.keywords].join(" ");
const hasWord = (text: string, word: string) => tokenize(text).includes(word);
const hasStem = (text: string, stem: string) => tokenize(text).some((t) => t.startsWith(stem));

async function book(body: Record<string, unknown>, client = new Client()) {
  const res = await client.post("/book_search", body);
  expect(res.status).toBe(200);
  return BookSearchResponse.parse(await res.json());
}

async function invalid(path: string, body: Record<string, unknown>) {
  const res = await new Client().post(path, body);
  expect(res.status).toBe(422);
  return ValidationErrorBody.parse(await res.json());
}

const idsOf = (results: { id: number }[]) => results.map((r) => r.id).sort((a, b) => a - b);
/** The catalogue's own rows (the open collections' live results, after them, have negative ids). */
const catalogueOnly = <T extends { id: number }>(results: T[]) => results.filter((r) => r.id > 0);

// ---------------------------------------------------------------------------------- /book_search

describe("POST /book_search", () => {
  it("finds every item holding the word, ranks the title match first, in the spec's shape", async () => {
    const body = await book({ keywords: "algorithms", search_from: "all", count: 30 });
    const expected = seeded.filter((c) => hasWord(searchable(c), "algorithms")).map((c) => c.id);
    expect(expected.length).toBeGreaterThan(1);
    for (const id of expected) expect(idsOf(body.results)).toContain(id);
    for (const r of body.results)
      expect(hasStem(`${r.Title} ${r["Author(s)"]} ${r.Publisher} ${r.ISBN} ${r.Number} ${seeded[r.id - 1]!.keywords}`, "algorithm")).toBe(true);
    expect(body.results[0]!.Title).toBe("Introduction to Algorithms");
    expect(body.total_results).toBe(body.results.length);
    expect(body).toMatchObject({ current_page: 1, total_pages: 1, total_capped: false });
  });

  it("returns the §3 fields: cover, type, price for paid items, links and licence for free ones", async () => {
    const paid = (await book({ keywords: "978-0-262-03384-8" })).results;
    expect(paid).toHaveLength(1);
    const item = paid[0]!;
    const seed = seeded.find((c) => c.isbn === "978-0-262-03384-8")!;
    expect(item).toMatchObject({
      id: seed.id,
      type: 0,
      Title: seed.title,
      "Author(s)": seed.authors,
      Year: seed.year,
      Publisher: seed.publisher,
      ISBN: seed.isbn,
      Edition: seed.edition,
      Pages_biblio: seed.pages,
      Language: "English",
      Extension: "pdf",
      toman_price: seed.tomanPrice,
      free: false,
      link1: null,
      ebookrally_url: null,
    });
    expect(item.Cover).toBe("https://covers.openlibrary.org/b/isbn/9780262033848-M.jpg");

    const free = catalogueOnly((await book({ keywords: "openstax", search_from: "free", count: 30 })).results);
    expect(free.length).toBeGreaterThan(0);
    for (const r of free) {
      const s = seeded[r.id - 1]!;
      expect(r.free).toBe(true);
      expect(r.toman_price).toBeNull();
      expect(r.link1).toBe(s.links[0]);
      expect(r.Url).toBe(s.links[0]);
      expect(r.license).toBe(s.license);
    }
  });

  it("finds a book by its ISBN with or without hyphens, and by ISBN-10", async () => {
    for (const q of ["9780262033848", "978-0-262-03384-8", "0-262-03384-4"]) {
      expect((await book({ keywords: q })).results.map((r) => r.Title)).toEqual(["Introduction to Algorithms"]);
    }
  });

  it.each([
    ["solutions", 1],
    ["standard", 2],
    ["report", 3],
  ] as const)("source %s keeps type %i only", async (source, type) => {
    const word = "concrete";
    const body = await book({ keywords: word, search_from: source, count: 30 });
    const expected = seeded.filter((c) => c.type === type && hasWord(searchable(c), word)).map((c) => c.id);
    expect(body.results.every((r) => r.type === type)).toBe(true);
    for (const id of expected) expect(idsOf(body.results)).toContain(id);
  });

  it("source all spans every type; source free keeps open items of any type", async () => {
    const all = await book({ keywords: "concrete", search_from: "all", count: 30 });
    expect(new Set(all.results.map((r) => r.type)).size).toBeGreaterThanOrEqual(3);
    const free = await book({ keywords: "energy", search_from: "free", count: 30 });
    const expected = seeded.filter((c) => c.free && hasWord(searchable(c), "energy")).map((c) => c.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(idsOf(free.results)).toEqual(expect.arrayContaining(expected));
    expect(free.results.every((r) => r.free && r.link1)).toBe(true);
  });

  it("match types: exact phrase within all words within any word", async () => {
    const q = { keywords: "machine learning", search_from: "all", count: 30 };
    const exact = idsOf((await book({ ...q, type: "exact" })).results);
    const all = idsOf((await book({ ...q, type: "all" })).results);
    const any = idsOf((await book({ ...q, type: "any" })).results);
    expect(exact.length).toBeGreaterThan(0);
    expect(all).toEqual(expect.arrayContaining(exact));
    expect(any).toEqual(expect.arrayContaining(all));
    expect(any.length).toBeGreaterThan(all.length);
    for (const id of exact) expect(searchable(seeded[id - 1]!).toLowerCase()).toMatch(/machine learning/);
    for (const id of all) expect(hasStem(searchable(seeded[id - 1]!), "machin") && hasStem(searchable(seeded[id - 1]!), "learn")).toBe(true);
    for (const id of any) expect(hasStem(searchable(seeded[id - 1]!), "machin") || hasStem(searchable(seeded[id - 1]!), "learn")).toBe(true);
  });

  it("the year range is inclusive and combines with the source", async () => {
    const body = await book({ keywords: "concrete", year_from: "2015", year_to: "2019", count: 30 });
    const expected = seeded.filter((c) => c.year >= 2015 && c.year <= 2019 && hasWord(searchable(c), "concrete")).map((c) => c.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.results.every((r) => r.Year! >= 2015 && r.Year! <= 2019)).toBe(true);
    expect(idsOf(body.results)).toEqual(expect.arrayContaining(expected));
    const standards = await book({ keywords: "concrete", search_from: "standard", year_from: 2019, year_to: 2019 });
    expect(standards.results.every((r) => r.type === 2 && r.Year === 2019)).toBe(true);
  });

  it("pages: numbering continues, pages do not overlap, totals agree", async () => {
    const first = await book({ keywords: "engineering", count: 10, page: 1 });
    expect(first.total_results).toBeGreaterThan(10);
    expect(first.total_pages).toBe(Math.ceil(first.total_results / 10));
    const second = await book({ keywords: "engineering", count: 10, page: 2 });
    expect(second.current_page).toBe(2);
    expect(first.results).toHaveLength(10);
    const overlap = second.results.filter((r) => first.results.some((f) => f.id === r.id));
    expect(overlap).toEqual([]);
    const everything = await book({ keywords: "engineering", count: 30 });
    expect(everything.results.slice(0, 20).map((r) => r.id)).toEqual([...first.results, ...second.results].map((r) => r.id));
  });

  it("accepts a urlencoded form with Persian digits, as the spec's forms post it", async () => {
    const c = new Client();
    const res = await c.postForm("/book_search", {
      keywords: "concrete",
      search_from: "all",
      type: "all",
      year_from: "۲۰۱۵",
      year_to: "۲۰۱۹",
      page: "۱",
      count: "۱۰",
    });
    expect(res.status).toBe(200);
    const body = BookSearchResponse.parse(await res.json());
    expect(body.results.every((r) => r.Year! >= 2015 && r.Year! <= 2019)).toBe(true);
  });

  it("an unknown word finds nothing (an empty page, not an error)", async () => {
    const body = await book({ keywords: "qwzxv nonexistentword" });
    expect(body).toMatchObject({ results: [], total_results: 0, total_pages: 0 });
  });

  it.each([
    [{ keywords: "" }, "keywords", searchTexts.noPhrase],
    [{}, "keywords", searchTexts.noPhrase],
    [{ keywords: "   " }, "keywords", searchTexts.noPhrase],
    [{ keywords: "!!! ---" }, "keywords", searchTexts.noPhrase],
    [{ keywords: "x", count: "7" }, "count", searchTexts.badCount],
    [{ keywords: "x", count: 100 }, "count", searchTexts.badCount],
    [{ keywords: "x", page: "0" }, "page", searchTexts.badPage],
    [{ keywords: "x", page: "two" }, "page", searchTexts.badPage],
    [{ keywords: "x", page: 101, count: 10 }, "page", searchMessages.pageOutOfRange],
    [{ keywords: "x", year_from: "20x" }, "year_from", searchTexts.badYear],
    [{ keywords: "x", year_from: 2020, year_to: 2010 }, "year_from", searchTexts.yearOrder],
    [{ keywords: "x", search_from: "magazines" }, "search_from", searchTexts.noSource],
    [{ keywords: "x", type: "some" }, "type", searchTexts.badOption],
  ])("%j -> 422 on %s", async (body, field, message) => {
    const before = await count("catalog_items");
    const err = await invalid("/book_search", body);
    expect(err.errors[field]).toEqual([message]);
    expect(err.message).toBe(message);
    expect(await count("catalog_items")).toBe(before);
  });

  it("refuses a post without the CSRF token (419) and is open to guests", async () => {
    const res = await new Client().fetch("/book_search", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ keywords: "algorithms" }),
    });
    expect(res.status).toBe(419);
  });

  it("the FTS index follows inserts, updates and deletes of catalog_items", async () => {
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO catalog_items (id, type, title, authors, year, language, free, links, toman_price, keywords, external_id, created_at) VALUES (9001, 3, 'Xylophonic Resonance Survey', 'Test Author', 2001, 'English', 0, '[]', 50000, 'acoustics', 'test-9001', ?)",
    )
      .bind(now)
      .run();
    expect(catalogueOnly((await book({ keywords: "xylophonic", search_from: "report", year_from: 2001, year_to: 2001 })).results).map((r) => r.id)).toEqual([
      9001,
    ]);
    await env.DB.prepare("UPDATE catalog_items SET title = 'Marimbaphonic Resonance Survey', type = 1, year = 1999 WHERE id = 9001").run();
    expect((await book({ keywords: "xylophonic" })).results).toEqual([]);
    expect(catalogueOnly((await book({ keywords: "xylophonic", search_from: "report" })).results)).toEqual([]);
    expect((await book({ keywords: "marimbaphonic", search_from: "solutions", year_from: 1999, year_to: 1999 })).results.map((r) => r.id)).toEqual([9001]);
    expect(catalogueOnly((await book({ keywords: "marimbaphonic", search_from: "report" })).results)).toEqual([]);
    await env.DB.prepare("DELETE FROM catalog_items WHERE id = 9001").run();
    expect((await book({ keywords: "marimbaphonic" })).results).toEqual([]);
    await env.DB.prepare("INSERT INTO catalog_fts(catalog_fts, rank) VALUES('integrity-check', 1)").run();
  });
});

// ------------------------------------------------------------------------------ /standard_search

describe("POST /standard_search", () => {
  async function standards(body: Record<string, unknown>) {
    const res = await new Client().post("/standard_search", body);
    expect(res.status).toBe(200);
    return StandardSearchResponse.parse(await res.json());
  }
  const seededStandards = seeded.filter((c) => c.type === 2);

  it("matches the standard code and shows Number, Organization, CD_name, Publication_Date", async () => {
    const body = await standards({ keywords: "9001" });
    const iso9001 = seededStandards.find((c) => c.standardNumber === "ISO 9001:2015")!;
    expect(body.data[0]).toEqual({
      id: iso9001.id,
      title: iso9001.title,
      Number: "ISO 9001:2015",
      Organization: "ISO",
      CD_name: iso9001.cdName,
      Publication_Date: iso9001.publicationDate,
      free: false,
      toman_price: iso9001.tomanPrice,
    });
  });

  it("matches the code typed without its space (ISO9001) and keywords, never other types", async () => {
    expect((await standards({ keywords: "ISO9001" })).data.map((d) => d.Number)).toContain("ISO 9001:2015");
    const body = await standards({ keywords: "concrete", count: 20 });
    expect(body.data.length).toBeGreaterThan(0);
    for (const d of body.data) expect(seeded[d.id - 1]!.type).toBe(2);
  });

  it("filters by organisation and by publication year", async () => {
    const org = "ASTM";
    const body = await standards({ keywords: "steel", organization: org, count: 20 });
    const expected = seededStandards.filter((c) => c.organization === org && hasWord(searchable(c), "steel")).map((c) => c.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(idsOf(body.data)).toEqual(expect.arrayContaining(expected));
    expect(body.data.every((d) => d.Organization === org)).toBe(true);

    const dated = await standards({ keywords: "steel", year_from: 2018, year_to: 2022, count: 20 });
    expect(dated.data.length).toBeGreaterThan(0);
    for (const d of dated.data) expect(Number(d.Publication_Date!.slice(0, 4))).toBeGreaterThanOrEqual(2018);
    for (const d of dated.data) expect(Number(d.Publication_Date!.slice(0, 4))).toBeLessThanOrEqual(2022);
  });

  it("pages: numbering continues, pages do not overlap, totals agree", async () => {
    const all = await standards({ keywords: "requirements steel management safety testing quality specification", type: "any", count: 20 });
    expect(all.total_results).toBeGreaterThan(10);
    const first = await standards({ keywords: "requirements steel management safety testing quality specification", type: "any", count: 10, page: 1 });
    const second = await standards({ keywords: "requirements steel management safety testing quality specification", type: "any", count: 10, page: 2 });
    expect(first.total_pages).toBe(Math.ceil(first.total_results / 10));
    expect(second.current_page).toBe(2);
    expect(second.data.filter((d) => first.data.some((f) => f.id === d.id))).toEqual([]);
    expect([...first.data, ...second.data].map((d) => d.id)).toEqual(all.data.slice(0, first.data.length + second.data.length).map((d) => d.id));
  });

  it("match types work here too", async () => {
    const exact = await standards({ keywords: "management systems", type: "exact", count: 20 });
    const any = await standards({ keywords: "management systems", type: "any", count: 20 });
    expect(exact.data.length).toBeGreaterThan(0);
    expect(any.total_results).toBeGreaterThan(exact.total_results);
    for (const d of exact.data) expect(d.title.toLowerCase()).toContain("management systems");
  });

  it.each([
    [{ keywords: "" }, "keywords", searchTexts.noPhrase],
    [{ keywords: "iso", count: 30 }, "count", searchTexts.badCount],
    [{ keywords: "iso", year_from: 2030, year_to: 2000 }, "year_from", searchTexts.yearOrder],
  ])("%j -> 422", async (body, field, message) => {
    expect((await invalid("/standard_search", body)).errors[field]).toEqual([message]);
  });
});

// ----------------------------------------------------------------------------------- /tez_search

describe("POST /tez_search", () => {
  async function search(body: Record<string, unknown>) {
    const res = await new Client().post("/tez_search", body);
    expect(res.status).toBe(200);
    return ThesisSearchResponse.parse(await res.json());
  }
  const seededTheses = theses.map((t, i) => ({ ...t, id: i + 1 }));

  it("searches the real seeded theses by title and author; each has its real link, licence and source", async () => {
    const body = await search({ keywords: "Shannon" });
    const seed = seededTheses.find((t) => t.author === "Claude Elwood Shannon")!;
    expect(body.data.map((d) => d.id)).toContain(seed.id);
    expect(body.data.find((d) => d.id === seed.id)).toMatchObject({
      Title: "A Symbolic Analysis of Relay and Switching Circuits",
      Degree: "Master",
      Download_Link: "https://dspace.mit.edu/handle/1721.1/11173",
      Department: "Electrical Engineering",
      Year: 1940,
      Source: seed.source,
      License: seed.license,
    });
    const hawking = await search({ keywords: "expanding universes" });
    expect(hawking.data[0]).toMatchObject({ Author: "Stephen William Hawking", Download_Link: "https://doi.org/10.17863/CAM.11283" });
    expect(hawking.data[0]!.Abstract).toContain("singularity is inevitable");
  });

  it("filters by department and year; sorts by year", async () => {
    const body = await search({ keywords: "machine", department: "Electrical Engineering" });
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((d) => d.Department === "Electrical Engineering")).toBe(true);
    const years = await search({ keywords: "machine", year_from: 1960, year_to: 1970 });
    expect(years.data.length).toBeGreaterThan(0);
    expect(years.data.every((d) => d.Year! >= 1960 && d.Year! <= 1970)).toBe(true);
    const newest = (await search({ keywords: "machine", sort_by: "newest" })).data.map((d) => d.Year!);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
  });

  it("ProQuest is not searched here: the answer points to direct access", async () => {
    const res = await new Client().post("/tez_search", { keywords: "learning", search_from: "proquest" });
    expect(await res.json()).toEqual({ status: "error", error: searchMessages.proquestHint });
  });

  it.each([
    [{ keywords: "" }, "keywords", searchTexts.noPhrase],
    [{ keywords: "x", count: 10 }, "count", searchTexts.badCount],
    [{ keywords: "x", sort_by: "random" }, "sort_by", searchTexts.badOption],
  ])("%j -> 422", async (body, field, message) => {
    expect((await invalid("/tez_search", body)).errors[field]).toEqual([message]);
  });
});

// -------------------------------------------------------------------------------- /search_options

describe("GET /search_options", () => {
  it("lists the organisations and the thesis departments and languages", async () => {
    const res = await new Client().get("/search_options");
    const body = SearchOptions.parse(await res.json());
    expect(body.organizations.map((o) => o.code).sort()).toEqual(standardsOrganizations.map((o) => o.code).sort());
    // a thesis whose department is not known has "": not a choice
    expect(body.departments).toEqual([...new Set(theses.map((t) => t.department))].filter((d) => d !== "").sort());
    expect(body.languages).toEqual([...new Set(theses.map((t) => t.language))].sort());
  });
});

// ------------------------------------------------------------------------------- /article_search

describe("POST /article_search", () => {
  const unique = () => crypto.randomUUID().slice(0, 8);

  async function upstreamHits(key: string): Promise<number> {
    const res = await fetch(`${env.UPSTREAM_BASE}/__stats`);
    return ((await res.json()) as Record<string, number>)[key] ?? 0;
  }

  it("Crossref: maps a page into the spec's response; an identical search comes from the cache", async () => {
    const q = `ecology ${unique()}`;
    const c = new Client({ "cf-connecting-ip": "198.51.100.1" });
    const first = await c.post("/article_search", { search_from: "cross", keywords: q, count: "15" });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-search-cache")).toBe("miss");
    const body = ArticleSearchResponse.parse(await first.json());
    expect(body).toMatchObject({ current_page: 1, total_results: 137, total_pages: 10 });
    expect(body.data).toHaveLength(15);
    for (const d of body.data) expect(d.doi && d.url).toBeTruthy();

    const again = await c.post("/article_search", { search_from: "crossref", keywords: `  ${q.toUpperCase()} `, count: 15, search_in: "title" });
    expect(again.headers.get("x-search-cache")).toBe("hit");
    expect(ArticleSearchResponse.parse(await again.json())).toEqual(body);
    expect(await upstreamHits(`crossref:search:${q}`)).toBe(1);
  });

  it("Scopus without SCOPUS_API_KEY says so in Persian", async () => {
    const res = await new Client().post("/article_search", { search_from: "scopus", keywords: "graphene" });
    expect(await res.json()).toEqual({ status: "error", error: searchMessages.scopusNotConfigured });
  });

  it("upstream no-results and failures become the §8 messages", async () => {
    const empty = await new Client().post("/article_search", { search_from: "crossref", keywords: `fake:empty ${unique()}` });
    expect(await empty.json()).toEqual({ status: "error", error: searchMessages.noResults });
    const failed = await new Client().post("/article_search", { search_from: "crossref", keywords: `fake:500 ${unique()}` });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ status: "error", error: "خطایی رخ داد، کد: ۵۰۰" });
  });

  it.each([
    [{ keywords: "x" }, "search_from", searchTexts.noSource],
    [{ keywords: "x", search_from: "none" }, "search_from", searchTexts.noSource],
    [{ keywords: "", search_from: "crossref" }, "keywords", searchTexts.noPhrase],
    [{ keywords: "x", search_from: "crossref", count: 30 }, "count", searchTexts.badCount],
    [{ keywords: "x", search_from: "crossref", type: "ar" }, "type", searchTexts.badOption],
    [{ keywords: "x", search_from: "scopus", subject: "XXXX" }, "subject", searchTexts.badOption],
  ])("%j -> 422", async (body, field, message) => {
    expect((await invalid("/article_search", body)).errors[field]).toEqual([message]);
  });

  it("one client may not spend the sources' quota alone; cached answers stay free", async () => {
    const c = new Client({ "cf-connecting-ip": "203.0.113.77" });
    const cached = `budget ${unique()}`;
    expect((await c.post("/article_search", { search_from: "crossref", keywords: cached })).status).toBe(200);
    for (let i = 1; i < 60; i++) {
      expect((await c.post("/article_search", { search_from: "crossref", keywords: `budget ${unique()} ${i}` })).status).toBe(200);
    }
    const refused = await c.post("/article_search", { search_from: "crossref", keywords: `budget ${unique()} over` });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(/[\u0600-\u06FF]/);
    expect((await c.post("/article_search", { search_from: "crossref", keywords: cached })).status).toBe(200);
    // another client is not affected
    expect(
      (await new Client({ "cf-connecting-ip": "203.0.113.78" }).post("/article_search", { search_from: "crossref", keywords: `budget ${unique()}` })).status,
    ).toBe(200);
  }, 60_000);
});
