import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startFakeUpstream } from "../tests/fakes/upstream-server";
import type { CallBudget } from "./budget";
import { BIBLIOGRAPHIC_SELECT, CrossrefWorkSchema, createCrossrefClient } from "./crossref";
import type { RateLimiter } from "./http";
import { caught, recorder, useFakeUpstream } from "./test-support";

const fake = useFakeUpstream(() => startFakeUpstream({ port: 0 }));
const { seen, fetch: recordingFetch } = recorder((input) => String(input));

function client(extra: { timeoutMs?: number; rateLimiter?: RateLimiter | null } = {}) {
  return createCrossrefClient({ fetch: recordingFetch, upstreamBase: fake.url, mailto: "dev@daryaft.test", rateLimiter: null, ...extra });
}

/** A client whose two budgets record which one each call took ("single" or "list") and how it ended. */
function budgetedClient() {
  const taken: string[] = [];
  const reported: (number | null)[] = [];
  const budget = (name: string): CallBudget => ({
    take: async () => {
      taken.push(name);
      return { done: async (o) => void reported.push(o.status) };
    },
    slowDown: async () => {},
  });
  const c = createCrossrefClient({
    fetch: recordingFetch,
    upstreamBase: fake.url,
    mailto: "dev@daryaft.test",
    rateLimiter: budget("single"),
    listRateLimiter: budget("list"),
  });
  return { c, taken, reported };
}

describe("crossref getWork", () => {
  it("maps the recorded work (tests/fixtures/crossref/work_single.json)", async () => {
    const w = await client().getWork("10.1371/journal.pone.0033693");
    expect(w).not.toBeNull();
    expect(CrossrefWorkSchema.parse(w)).toEqual(w);
    expect(w!.doi).toBe("10.1371/journal.pone.0033693");
    expect(w!.title).toBe("Methylphenidate Exposure Induces Dopamine Neuron Loss and Activation of Microglia in the Basal Ganglia of Mice");
    expect(w!.type).toBe("journal-article");
    expect(w!.publisher).toBe("Public Library of Science (PLoS)");
    expect(w!.containerTitle).toBe("PLoS ONE");
    expect([w!.volume, w!.issue, w!.issuedYear]).toEqual(["7", "3", 2012]);
    expect(w!.authors).toHaveLength(6);
    expect(w!.authors[0]).toMatchObject({ given: "Shankar", family: "Sadasivan", name: "Shankar Sadasivan", sequence: "first" });
    expect(w!.licenses).toEqual([{ url: "http://creativecommons.org/licenses/by/4.0/", start: "2012-03-21", delayInDays: 0, contentVersion: "unspecified" }]);
    expect(w!.links[0]).toMatchObject({ url: "http://dx.plos.org/10.1371/journal.pone.0033693", contentType: "unspecified" });
    expect(w!.updatedBy).toEqual([
      { doi: "10.1371/annotation/c76da2c1-ccb8-4797-94c1-359d3ceceeda", type: "correction", label: "Correction", date: "2012-05-08", source: "publisher" },
    ]);
    expect(w!.isRetracted).toBe(false);
    expect(w!.language).toBe("en");
    expect(w!.issn).toEqual(["1932-6203"]);
  });

  it("asks for the polite pool and accepts a doi.org URL as input", async () => {
    seen.length = 0;
    await client().getWork("https://doi.org/10.5555/oa-unpaywall-101");
    expect(seen).toHaveLength(1);
    const u = new URL(seen[0]!);
    expect(u.pathname).toBe("/api.crossref.org/works/10.5555/oa-unpaywall-101");
    expect(u.searchParams.get("mailto")).toBe("dev@daryaft.test");
    expect(fake.state.hits.get("crossref:10.5555/oa-unpaywall-101")).toBe(1);
  });

  it("strips JATS markup from titles and keeps link content types", async () => {
    const treebase = await client().getWork("10.1111/j.2041-210x.2012.00247.x");
    expect(treebase!.title).toBe("Treebase: anRpackage for discovery, access and manipulation of online phylogenies");
    const trap = await client().getWork("10.1111/ele.14024");
    expect(trap!.links.find((l) => l.contentType === "application/pdf")?.url).toBe("https://onlinelibrary.wiley.com/doi/pdf/10.1111/ele.14024");
    expect(trap!.authors[0]!.orcid).toBe("https://orcid.org/0000-0002-1642-628X");
  });

  it("reports retractions from both sides: updated-by on the work, update-to on the notice", async () => {
    const retracted = await client().getWork("10.5555/retracted-102");
    expect(retracted!.isRetracted).toBe(true);
    expect(retracted!.updatedBy).toEqual([
      { doi: "10.5555/retraction-notice-102", type: "retraction", label: "Retraction", date: expect.stringMatching(/^\d{4}-06-01$/), source: "publisher" },
    ]);
    const notice = await client().getWork("10.5555/retraction-notice-102");
    expect(notice!.isRetracted).toBe(false);
    expect(notice!.updateTo.map((u) => [u.doi, u.type])).toEqual([["10.5555/retracted-102", "retraction"]]);
  });

  it("keeps a Persian title and the language code", async () => {
    const w = await client().getWork("10.5555/persian-103");
    expect(w!.language).toBe("fa");
    expect(w!.title).toMatch(/^بررسی روش‌های نوین/);
  });

  it("tolerates a record with almost every field missing", async () => {
    const w = await client().getWork("10.5555/sparse-104");
    expect(w).toMatchObject({
      doi: "10.5555/sparse-104",
      title: null,
      publisher: null,
      containerTitle: null,
      issuedYear: null,
      authors: [],
      licenses: [],
      links: [],
      updatedBy: [],
      language: null,
    });
  });

  it("returns null for an unknown DOI (plain-text 404) and refuses a non-DOI without calling out", async () => {
    expect(await client().getWork("10.5555/unknown-105")).toBeNull();
    seen.length = 0;
    await expect(client().getWork("not a doi")).rejects.toThrow(RangeError);
    expect(seen).toHaveLength(0);
  });

  it("maps 429 to rate_limited (pausing the limiter), 500 to http, garbage to parse", async () => {
    const pauses: number[] = [];
    let acquired = 0;
    const limiter: RateLimiter = {
      acquire: async () => {
        acquired++;
      },
      pause: (ms) => pauses.push(ms),
    };
    const limited = await caught(client({ rateLimiter: limiter }).getWork("10.5555/fail-429-106"));
    expect(limited.kind).toBe("rate_limited");
    expect(limited.retryAfterSeconds).toBe(7);
    expect(acquired).toBe(1);
    expect(pauses).toEqual([7000]);

    const boom = await caught(client().getWork("10.5555/fail-500-106"));
    expect([boom.kind, boom.status, boom.provider]).toEqual(["http", 500, "crossref"]);
    expect((await caught(client().getWork("10.5555/fail-malformed-106"))).kind).toBe("parse");
  });

  it("times out", async () => {
    const err = await caught(client({ timeoutMs: 200 }).getWork("10.5555/fail-slow-107"));
    expect(err.kind).toBe("timeout");
  });
});

describe("crossref searchWorks", () => {
  it("sends query, paging, filters, publisher and sort the way Crossref expects", async () => {
    seen.length = 0;
    const list = await client().searchWorks({
      query: "graph neural networks",
      page: 3,
      rows: 5,
      fromYear: 2019,
      untilYear: 2022,
      type: "journal-article",
      publisher: "Wiley",
      sort: "published",
      order: "desc",
    });
    const q = new URL(seen[0]!).searchParams;
    expect(q.get("query")).toBe("graph neural networks");
    expect(q.get("rows")).toBe("5");
    expect(q.get("offset")).toBe("10");
    expect(q.get("filter")).toBe("from-pub-date:2019,until-pub-date:2022,type:journal-article");
    expect(q.get("query.publisher-name")).toBe("Wiley");
    expect([q.get("sort"), q.get("order"), q.get("mailto")]).toEqual(["published", "desc", "dev@daryaft.test"]);

    expect(list.totalResults).toBe(137);
    expect(list.startIndex).toBe(10);
    expect(list.items).toHaveLength(5);
    for (const item of list.items) {
      expect(item.issuedYear).toBeGreaterThanOrEqual(2019);
      expect(item.issuedYear).toBeLessThanOrEqual(2022);
      expect(item.publisher).toBe("Wiley");
      expect(item.title).toContain("graph neural networks");
    }
  });

  it("maps the recorded list items first on an unfiltered first page", async () => {
    const list = await client().searchWorks({ query: "ecology", rows: 6 });
    expect(list.items.slice(0, 4).map((i) => i.doi)).toEqual([
      "10.1111/ele.14024",
      "10.1101/055319",
      "10.1111/j.2041-210x.2012.00247.x",
      "10.32614/cran.package.rfishbase",
    ]);
    const dataset = list.items[3]!;
    expect(dataset).toMatchObject({ type: "dataset", volume: null, issue: null, links: [], licenses: [] });
    expect(list.items[1]!.type).toBe("posted-content");
  });

  it("returns an empty list for no hits", async () => {
    const list = await client().searchWorks({ query: "fake:empty" });
    expect(list).toEqual({ totalResults: 0, itemsPerPage: 20, startIndex: 0, items: [] });
  });

  it("refuses invalid parameters before calling out", async () => {
    seen.length = 0;
    await expect(client().searchWorks({ query: "x", rows: 1001 })).rejects.toThrow();
    await expect(client().searchWorks({ query: "  " })).rejects.toThrow();
    await expect(client().searchWorks({ query: "x", page: 502, rows: 20 })).rejects.toThrow(RangeError);
    expect(seen).toHaveLength(0);
  });

  it("surfaces upstream failures as typed errors", async () => {
    expect((await caught(client().searchWorks({ query: "fake:500" }))).status).toBe(500);
    expect((await caught(client().searchWorks({ query: "fake:malformed" }))).kind).toBe("parse");
    expect((await caught(client({ timeoutMs: 200 }).searchWorks({ query: "fake:slow" }))).kind).toBe("timeout");
  });
});

describe("crossref searchBibliographic (query.bibliographic)", () => {
  it("sends the reference with rows, select and mailto, and maps the ranked items", async () => {
    seen.length = 0;
    const list = await client().searchBibliographic("Sadasivan S. Open access through Unpaywall: test article 731. J Fake Res. 2021.");
    const u = new URL(seen[0]!);
    expect(u.pathname).toBe("/api.crossref.org/works");
    expect(u.searchParams.get("query.bibliographic")).toContain("test article 731");
    expect(u.searchParams.get("rows")).toBe("5");
    expect(u.searchParams.get("select")).toBe(BIBLIOGRAPHIC_SELECT.join(","));
    expect(u.searchParams.get("mailto")).toBe("dev@daryaft.test");
    expect(list.items.length).toBeGreaterThan(1);
    expect(list.items.length).toBeLessThanOrEqual(5);
    expect(list.items[0]).toMatchObject({ doi: "10.5555/oa-unpaywall-731", title: "Open access through Unpaywall: test article 731", type: "journal-article" });
    expect(list.items[0]!.authors[0]!.family).toBe("Sadasivan");
    // select: only the chosen fields came back, so nothing else was mapped
    expect(list.items[0]!.links).toEqual([]);
    expect(list.items[0]!.licenses).toEqual([]);
  });

  it("answers the recorded 400 for a field select does not know, and no items for text matching nothing", async () => {
    const res = await fetch(`${fake.url}/api.crossref.org/works?query.bibliographic=x&select=DOI,nonsense`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: "failed", "message-type": "validation-failure" });
    expect((await client().searchBibliographic("qwxz plorf zzyzx")).items).toEqual([]);
  });

  it("goes through the limiter and reuses a cached answer instead of asking again", async () => {
    const store = new Map<string, string>();
    const cache = {
      match: async (k: string) => (store.has(k) ? new Response(store.get(k)) : undefined),
      put: async (k: string, r: Response) => void store.set(k, await r.text()),
    };
    let acquired = 0;
    const limiter: RateLimiter = { acquire: async () => void acquired++, pause: () => undefined };
    const c = createCrossrefClient({
      fetch: recordingFetch,
      upstreamBase: fake.url,
      mailto: "dev@daryaft.test",
      rateLimiter: null,
      listRateLimiter: limiter,
      cache,
    });
    const text = "Open access through OpenAlex: test article 732";
    const first = await c.searchBibliographic(text);
    const second = await c.searchBibliographic(text);
    expect(second).toEqual(first);
    expect(acquired).toBe(1);
    expect(fake.state.hits.get(`crossref:search:${text}`)).toBe(1);
    // the cache key never carries the contact address
    expect([...store.keys()][0]).not.toContain("mailto");
  });

  it("a failing Crossref is a typed error (the matcher answers offline, not a 500)", async () => {
    const err = await caught(client().searchBibliographic("fake:500 a title"));
    expect(err.kind).toBe("http");
  });
});

describe("crossref worksByDoi (filter=doi:…)", () => {
  it("asks for many works in one list request and keys them by lower-case DOI, the same records getWork maps", async () => {
    seen.length = 0;
    const { c, taken } = budgetedClient();
    const works = await c.worksByDoi([
      "10.5555/OA-Unpaywall-811",
      "https://doi.org/10.5555/retracted-811",
      "10.1371/journal.pone.0033693",
      "10.5555/not-a-scenario-811",
    ]);
    expect(seen).toHaveLength(1);
    expect(taken).toEqual(["list"]);
    const u = new URL(seen[0]!);
    expect(u.pathname).toBe("/api.crossref.org/works");
    expect(u.searchParams.get("filter")).toBe(
      "doi:10.5555/oa-unpaywall-811,doi:10.5555/retracted-811,doi:10.1371/journal.pone.0033693,doi:10.5555/not-a-scenario-811",
    );
    expect(u.searchParams.get("rows")).toBe("4");
    // An unknown DOI is simply absent; each record is the one the single request maps.
    expect([...works.keys()].sort()).toEqual(["10.1371/journal.pone.0033693", "10.5555/oa-unpaywall-811", "10.5555/retracted-811"]);
    expect(works.get("10.5555/retracted-811")!.isRetracted).toBe(true);
    expect(works.get("10.1371/journal.pone.0033693")).toEqual(await client().getWork("10.1371/journal.pone.0033693"));
  });

  it("leaves out what a filter cannot carry (a comma, not a DOI) and asks nothing for nothing", async () => {
    seen.length = 0;
    expect((await client().worksByDoi(["not a doi", "10.5555/a,b-1"])).size).toBe(0);
    expect(seen).toHaveLength(0);
    const many = Array.from({ length: 30 }, (_, i) => `10.5555/oa-unpaywall-${900 + i}`);
    const works = await client().worksByDoi(many);
    expect(seen).toHaveLength(1);
    expect(works.size).toBe(20);
  });
});

describe("crossref budgets and update feeds", () => {
  it("takes a single record's slot from one budget and a list's from the other, and reports a 429 to the budget", async () => {
    const { c, taken, reported } = budgetedClient();
    await c.getWork("10.5555/oa-unpaywall-731");
    await c.searchWorks({ query: "graphene", rows: 2 });
    await c.searchBibliographic("Open access through Unpaywall: test article 731");
    await caught(c.getWork("10.5555/fail-429-731"));
    expect(taken).toEqual(["single", "list", "list", "single"]);
    expect(reported).toEqual([200, 200, 200, 429]);
  });

  it("reads a notice feed by index days with cursor paging, stopping at a short page", async () => {
    seen.length = 0;
    const c = client();
    const items: string[] = [];
    let cursor = "*";
    let calls = 0;
    for (;;) {
      const page = await c.listUpdates({ feed: "notices", fromDay: "2026-09-01", untilDay: "2026-09-02", cursor, rows: 50 });
      calls++;
      items.push(...page.items.map((i) => i.updateTo[0]!.doi));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    // 96 warning notices a day (the fake's 120 less the new_version ones), two days: 192 = 3 full pages and a short one.
    expect(items).toHaveLength(192);
    expect(calls).toBe(4);
    expect(new Set(items).size).toBe(192);
    const first = new URL(seen[0]!).searchParams;
    expect(first.get("filter")).toContain("is-update:true,from-index-date:2026-09-01,until-index-date:2026-09-02,update-type:retraction");
    expect([first.get("cursor"), first.get("select"), first.get("rows")]).toEqual(["*", "DOI,title,update-to", "50"]);
  });

  it("reads the updated-works feed (Retraction Watch's updated-by) and refuses a bad day or cursor before asking", async () => {
    const page = await client().listUpdates({ feed: "updated", fromDay: "2026-09-03", untilDay: "2026-09-03", cursor: "*" });
    expect(page.items).toHaveLength(60);
    expect(page.items[0]).toMatchObject({
      doi: "10.5555/rw-updated-20260903-0",
      updatedBy: [{ doi: "10.5555/rw-notice-20260903-0", type: "retraction", source: "retraction-watch" }],
    });
    expect(page.nextCursor).toBeNull();
    await expect(client().listUpdates({ feed: "notices", fromDay: "yesterday", untilDay: "2026-09-03", cursor: "*" })).rejects.toThrow(RangeError);
    await expect(client().listUpdates({ feed: "notices", fromDay: "2026-09-03", untilDay: "2026-09-03", cursor: "a b" })).rejects.toThrow(RangeError);
  });
});

describe("crossref update feeds: the recorded shapes", () => {
  const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "../tests/fixtures/crossref", name), "utf8");
  const answering = (body: string) => (async () => new Response(body, { status: 200, headers: { "content-type": "application/json" } })) as typeof fetch;

  it("reads a page of notices: each item's update-to, the next cursor of a full page", async () => {
    const c = createCrossrefClient({ fetch: answering(fixture("works_update_notices_page.json")), mailto: "dev@daryaft.test", rateLimiter: null });
    const page = await c.listUpdates({ feed: "notices", fromDay: "2026-09-01", untilDay: "2026-09-02", cursor: "*", rows: 2 });
    expect(page.totalResults).toBe(469019);
    expect(page.nextCursor).toBe("DnF1ZXJ5VGhlbkZldGNoBgAAAAAA");
    expect(page.items.map((i) => [i.doi, i.updateTo.map((u) => [u.doi, u.type])])).toEqual([
      ["10.5555/12345678", [["10.5555/12345678", "corrigendum"]]],
      ["10.1007/s11356-024-33074-7", [["10.1007/s11356-023-27928-9", "retraction"]]],
    ]);
    // Asked for more than came: the last page, no further call.
    expect((await c.listUpdates({ feed: "notices", fromDay: "2026-09-01", untilDay: "2026-09-02", cursor: "*", rows: 1000 })).nextCursor).toBeNull();
  });

  it("reads Retraction Watch's records as the updated work's updated-by (no notice record of their own)", async () => {
    const c = createCrossrefClient({ fetch: answering(fixture("work_updated_by_retraction_watch.json")), mailto: "dev@daryaft.test", rateLimiter: null });
    const w = await c.getWork("10.1016/S0140-6736(97)11096-0");
    expect(w?.updateTo).toEqual([]);
    expect(w?.updatedBy.map((u) => [u.type, u.source])).toEqual([
      ["correction", "retraction-watch"],
      ["retraction", "retraction-watch"],
    ]);
    expect(w?.isRetracted).toBe(true);
  });
});
