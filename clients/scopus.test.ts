import { describe, expect, it } from "vitest";
import { fixtureJson } from "../tests/fakes/providers/_shared";
import { startFakeUpstream } from "../tests/fakes/upstream-server";
import { ScopusSearchResultSchema, buildScopusQuery, createScopusClient, mapScopusEntries } from "./scopus";
import { caught, recorder, useFakeUpstream } from "./test-support";

const fake = useFakeUpstream(() => startFakeUpstream({ port: 0 }));
const { seen, fetch: recordingFetch } = recorder<{ url: string; headers: Headers }>((input, init) => ({
  url: String(input),
  headers: new Headers(init?.headers),
}));

function client(apiKey = "good-key", extra: { instToken?: string; timeoutMs?: number } = {}) {
  return createScopusClient({ fetch: recordingFetch, upstreamBase: fake.url, apiKey, rateLimiter: null, ...extra });
}

describe("scopus search", () => {
  it("sends the key headers and maps the recorded entries (strings to numbers, links)", async () => {
    seen.length = 0;
    const r = await client("good-key", { instToken: "inst-1" }).search({ query: "TITLE-ABS-KEY(x)", sort: "-coverDate" });
    expect(seen[0]!.headers.get("x-els-apikey")).toBe("good-key");
    expect(seen[0]!.headers.get("x-els-insttoken")).toBe("inst-1");
    const q = new URL(seen[0]!.url).searchParams;
    expect([q.get("query"), q.get("start"), q.get("count"), q.get("sort"), q.get("view")]).toEqual(["TITLE-ABS-KEY(x)", "0", "25", "-coverDate", "STANDARD"]);
    expect(ScopusSearchResultSchema.parse(r)).toEqual(r);
    expect(r.totalResults).toBe(93);
    expect(r.entries).toHaveLength(25);
    const first = r.entries[0]!;
    expect(first).toMatchObject({
      eid: "2-s2.0-84926254728",
      scopusId: "84926254728",
      doi: "10.1016/j.ajhg.2015.01.015",
      creator: "Gordon C.",
      volume: "96",
      issue: "4",
      year: 2015,
      citedByCount: 5,
      subtype: "ar",
      pii: "S0002929715000233",
      fullTextUrl: "http://api.elsevier.com/content/article/eid/1-s2.0-S0002929715000233",
      openAccess: null,
    });
    expect(first.affiliations).toHaveLength(2);
    const modern = r.entries[3]!;
    expect(modern).toMatchObject({ title: "Measuring inconsistency in meta-analyses", citedByCount: 43352, openAccess: false, year: 2003 });
    expect(modern.freeToRead).toEqual(["all", "repository", "repositoryvor", "repositoryam"]);
    expect(r.quota).toEqual({ limit: 20000, remaining: 19999, resetAt: 1900000000 });
  });

  it("tolerates entries with missing fields", async () => {
    const r = await client().search({ query: "x", start: 0, count: 10 });
    const withoutVolume = r.entries.find((e) => e.volume === null);
    expect(withoutVolume).toBeDefined();
    expect(withoutVolume!.doi).toMatch(/^10\.5555\//);
    expect(mapScopusEntries({ "dc:title": "only a title" })).toEqual([expect.objectContaining({ title: "only a title", doi: null, citedByCount: null })]);
  });

  it('maps the "Result set was empty" entry to no entries', async () => {
    const r = await client().search({ query: "TITLE(fake:empty)" });
    expect(r.entries).toEqual([]);
    expect(r.totalResults).toBe(0);
    expect(mapScopusEntries(fixtureJson("scopus/search_empty_minimal.json")["search-results"].entry)).toEqual([]);
  });

  it("caps count at 200 (STANDARD) / 25 (COMPLETE) and at the 5,000 offset limit", async () => {
    seen.length = 0;
    await client().search({ query: "x", count: 500 });
    expect(new URL(seen[0]!.url).searchParams.get("count")).toBe("200");
    await client("k", { instToken: "t" }).search({ query: "x", count: 100, view: "COMPLETE" });
    expect(new URL(seen[1]!.url).searchParams.get("count")).toBe("25");
    const tail = await client().search({ query: "x", start: 4990, count: 25 });
    expect(new URL(seen[2]!.url).searchParams.get("count")).toBe("10");
    expect(tail.entries).toEqual([]);
    await expect(client().search({ query: "x", start: 5000 })).rejects.toThrow(RangeError);
    expect(seen).toHaveLength(3);
  });

  it("maps 401 and 403 to auth, keeping Scopus's status text", async () => {
    const missing = await caught(client("").search({ query: "x" }));
    expect(missing.kind).toBe("auth");
    const unauthorized = await caught(client("invalid-key").search({ query: "x" }));
    expect([unauthorized.kind, unauthorized.status]).toEqual(["auth", 401]);
    expect(unauthorized.providerMessage).toContain("AUTHORIZATION_ERROR");
    const forbidden = await caught(client("forbidden-key").search({ query: "x" }));
    expect([forbidden.kind, forbidden.status]).toEqual(["auth", 403]);
    expect(forbidden.providerMessage).toContain("Requestor configuration settings insufficient");
    const complete = await caught(client().search({ query: "x", view: "COMPLETE" }));
    expect(complete.status).toBe(401);
  });

  it("maps quota exhaustion to rate_limited with the reset time", async () => {
    const err = await caught(client("quota-key").search({ query: "x" }));
    expect(err.kind).toBe("rate_limited");
    expect(err.retryAfterSeconds).toBeGreaterThanOrEqual(55);
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(61);
    expect(err.providerMessage).toContain("Quota Exceeded");
  });

  it("surfaces 500, malformed bodies and timeouts as typed errors", async () => {
    expect((await caught(client().search({ query: "fake:500" }))).status).toBe(500);
    expect((await caught(client().search({ query: "fake:malformed" }))).kind).toBe("parse");
    expect((await caught(client("good-key", { timeoutMs: 200 }).search({ query: "fake:slow" }))).kind).toBe("timeout");
  });
});

describe("buildScopusQuery", () => {
  it("builds the documented example", () => {
    expect(
      buildScopusQuery({
        keywords: "deep learning",
        searchIn: "title-abs-key",
        searchType: "all",
        yearFrom: 2020,
        language: "English",
        subject: "engi",
        docType: "ar",
      }),
    ).toBe("TITLE-ABS-KEY(deep AND learning) AND PUBYEAR > 2019 AND LANGUAGE(english) AND SUBJAREA(ENGI) AND DOCTYPE(ar)");
  });

  it("supports every field and match type", () => {
    expect(buildScopusQuery({ keywords: "a b", searchIn: "title", searchType: "any" })).toBe("TITLE(a OR b)");
    expect(buildScopusQuery({ keywords: "heat transfer", searchIn: "abstract", searchType: "exact" })).toBe('ABS("heat transfer")');
    expect(buildScopusQuery({ keywords: "x", searchIn: "keywords" })).toBe("KEY(x)");
    expect(buildScopusQuery({ keywords: "smith", searchIn: "authors" })).toBe("AUTH(smith)");
    expect(buildScopusQuery({ keywords: "x", searchIn: "all" })).toBe("ALL(x)");
  });

  it("writes year bounds as inclusive ranges", () => {
    expect(buildScopusQuery({ keywords: "x", yearFrom: 2018, yearTo: 2021 })).toBe("TITLE-ABS-KEY(x) AND PUBYEAR > 2017 AND PUBYEAR < 2022");
    expect(buildScopusQuery({ keywords: "x", yearTo: 2010 })).toBe("TITLE-ABS-KEY(x) AND PUBYEAR < 2011");
    expect(buildScopusQuery({ keywords: "x", yearFrom: 2020, yearTo: 2020 })).toBe("TITLE-ABS-KEY(x) AND PUBYEAR = 2020");
    expect(() => buildScopusQuery({ keywords: "x", yearFrom: 2021, yearTo: 2020 })).toThrow(RangeError);
  });

  it("never lets user text become query syntax", () => {
    expect(buildScopusQuery({ keywords: 'a) OR ALL(b "c', searchType: "all" })).toBe("TITLE-ABS-KEY(a AND ALL AND b AND c)");
    expect(buildScopusQuery({ keywords: "cats and dogs or NOT mice", searchType: "all" })).toBe("TITLE-ABS-KEY(cats AND dogs AND mice)");
    expect(buildScopusQuery({ keywords: 'say "hi" {x}', searchType: "exact" })).toBe('TITLE-ABS-KEY("say hi x")');
    expect(() => buildScopusQuery({ keywords: " () " })).toThrow(RangeError);
    expect(() => buildScopusQuery({ keywords: "x", subject: "XXXX" })).toThrow(RangeError);
    expect(() => buildScopusQuery({ keywords: "x", docType: "zz" })).toThrow(RangeError);
    expect(() => buildScopusQuery({ keywords: "x", language: "en glish)" })).toThrow(RangeError);
  });
});
