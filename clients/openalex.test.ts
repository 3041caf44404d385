import { describe, expect, it } from "vitest";
import { startFakeUpstream } from "../tests/fakes/upstream-server";
import type { RateLimiter } from "./http";
import { OpenAlexWorkSchema, abstractFromInvertedIndex, createOpenAlexClient, openAlexFilter } from "./openalex";
import { caught, recorder, useFakeUpstream } from "./test-support";

const fake = useFakeUpstream(() => startFakeUpstream({ port: 0 }));
const { seen, fetch: recordingFetch } = recorder((input) => String(input));

function client(extra: { timeoutMs?: number; apiKey?: string; rateLimiter?: RateLimiter | null } = {}) {
  return createOpenAlexClient({ fetch: recordingFetch, upstreamBase: fake.url, mailto: "dev@daryaft.org", rateLimiter: null, ...extra });
}

describe("openalex getWorkByDoi", () => {
  it("maps the recorded gold-OA work with all its locations", async () => {
    seen.length = 0;
    const w = await client({ apiKey: "k1" }).getWorkByDoi("10.1371/journal.pone.0000030");
    const u = new URL(seen[0]!);
    expect(u.pathname).toBe("/api.openalex.org/works/doi:10.1371/journal.pone.0000030");
    expect([u.searchParams.get("mailto"), u.searchParams.get("api_key")]).toEqual(["dev@daryaft.org", "k1"]);
    expect(OpenAlexWorkSchema.parse(w)).toEqual(w);
    expect(w).toMatchObject({
      id: "https://openalex.org/W1982728624",
      doi: "10.1371/journal.pone.0000030",
      type: "article",
      language: "en",
      publicationYear: 2006,
      openAccess: { isOa: true, oaStatus: "gold", oaUrl: "https://journals.plos.org/plosone/article/file?id=10.1371/journal.pone.0000030&type=printable" },
    });
    expect(w!.title).toMatch(/^Triose Phosphate Isomerase Deficiency/);
    expect(w!.locations).toHaveLength(3);
    expect(w!.locations[0]).toEqual({
      isOa: true,
      landingPageUrl: "https://doi.org/10.1371/journal.pone.0000030",
      pdfUrl: "https://journals.plos.org/plosone/article/file?id=10.1371/journal.pone.0000030&type=printable",
      license: "cc-by",
      version: "publishedVersion",
      sourceName: "PLoS ONE",
      sourceType: "journal",
    });
    expect(w!.locations[2]).toMatchObject({ isOa: false, sourceName: null, version: "submittedVersion" });
    expect(w!.abstract!.split(" ").slice(0, 4)).toEqual(["Triosephosphate", "isomerase", "(TPI)", "deficiency"]);
  });

  it("maps the recorded closed dissertation and the green preprint", async () => {
    const thesis = await client().getWorkByDoi("10.14264/uql.2020.791");
    expect(thesis).toMatchObject({ type: "dissertation", bestOaLocation: null, openAccess: { isOa: false, oaStatus: "closed", oaUrl: null } });
    expect(thesis!.locations.every((l) => l.pdfUrl === null)).toBe(true);
    expect(thesis!.locations[1]!.landingPageUrl).toBeNull();
    const preprint = await client().getWorkByDoi("https://doi.org/10.1101/097196");
    expect(preprint!.bestOaLocation!.pdfUrl).toBe("https://www.biorxiv.org/content/biorxiv/early/2017/10/09/097196.full.pdf");
    expect(preprint!.openAccess.oaStatus).toBe("green");
  });

  it("finds the repository copy in the oa-openalex scenario", async () => {
    const w = await client().getWorkByDoi("10.5555/oa-openalex-301");
    expect(w!.locations.map((l) => [l.isOa, l.pdfUrl])).toEqual([
      [false, null],
      [true, "https://repo.example.test/bitstream/10.5555/oa-openalex-301.pdf"],
    ]);
    expect(w!.bestOaLocation!.sourceType).toBe("repository");
  });

  it("tolerates a work with almost every field missing", async () => {
    const w = await client().getWorkByDoi("10.5555/sparse-302");
    expect(w).toMatchObject({ title: null, type: null, language: null, publicationYear: null, authors: [], abstract: null, bestOaLocation: null });
    expect(w!.openAccess.isOa).toBe(true); // derived from the one OA location
    expect(w!.locations[0]!.pdfUrl).toBe("https://oa.publisher.test/pdf/10.5555/sparse-302.pdf");
  });

  it("returns null for an unknown DOI and maps failures", async () => {
    expect(await client().getWorkByDoi("10.5555/none-303")).toBeNull();
    expect((await caught(client().getWorkByDoi("10.5555/fail-500-303"))).status).toBe(500);
    expect((await caught(client().getWorkByDoi("10.5555/fail-429-303"))).kind).toBe("rate_limited");
    expect((await caught(client().getWorkByDoi("10.5555/fail-malformed-303"))).kind).toBe("parse");
    expect((await caught(client({ timeoutMs: 200 }).getWorkByDoi("10.5555/fail-slow-303"))).kind).toBe("timeout");
  });
});

describe("openalex searchWorks", () => {
  it("searches open theses with an object filter and charges a list 10 credits", async () => {
    seen.length = 0;
    const costs: number[] = [];
    const limiter: RateLimiter = { acquire: async (c = 1) => void costs.push(c), pause: () => {} };
    const list = await client({ rateLimiter: limiter }).searchWorks({
      search: "water treatment",
      filter: { type: "dissertation", is_oa: true },
      page: 2,
      perPage: 10,
    });
    const q = new URL(seen[0]!).searchParams;
    expect([q.get("search"), q.get("filter"), q.get("page"), q.get("per-page")]).toEqual(["water treatment", "type:dissertation,is_oa:true", "2", "10"]);
    expect(costs).toEqual([10]);
    expect(list.count).toBe(42);
    expect([list.page, list.perPage]).toEqual([2, 10]);
    expect(list.results).toHaveLength(10);
    for (const r of list.results) {
      expect(r.type).toBe("dissertation");
      expect(r.openAccess.isOa).toBe(true);
      expect(r.bestOaLocation!.pdfUrl).toMatch(/^https:\/\/repo\.example\.test\/bitstream\/10\.5555\/thesis-\d+\.pdf$/);
    }
    expect(list.results[0]!.doi).toBe("10.5555/thesis-11");
  });

  it("returns an empty page and refuses bad parameters", async () => {
    const empty = await client().searchWorks({ search: "fake:empty", filter: "type:dissertation" });
    expect(empty).toMatchObject({ count: 0, results: [] });
    await expect(client().searchWorks({ search: "x", perPage: 201 })).rejects.toThrow();
    await expect(client().searchWorks({ search: "x", page: 51, perPage: 200 })).rejects.toThrow(RangeError);
    const bad = await caught(client().searchWorks({ search: "x", filter: "nonsense:1" }));
    expect([bad.kind, bad.status, bad.providerMessage]).toEqual(["http", 400, "Invalid query parameters error. nonsense is not a valid filter."]);
  });

  it("maps failures", async () => {
    expect((await caught(client().searchWorks({ search: "fake:500" }))).status).toBe(500);
    expect((await caught(client().searchWorks({ search: "fake:malformed" }))).kind).toBe("parse");
    expect((await caught(client({ timeoutMs: 200 }).searchWorks({ search: "fake:slow" }))).kind).toBe("timeout");
  });
});

describe("openalex helpers", () => {
  it("builds filters from objects, OR-ing lists and neutralising separators", () => {
    expect(openAlexFilter({ type: "dissertation", is_oa: true, language: ["en", "de"] })).toBe("type:dissertation,is_oa:true,language:en|de");
    expect(openAlexFilter({ "authorships.institutions.id": "I1,I2" })).toBe("authorships.institutions.id:I1 I2");
    expect(() => openAlexFilter({ "bad key": 1 })).toThrow(RangeError);
  });
  it("rebuilds abstracts and ignores junk positions", () => {
    expect(abstractFromInvertedIndex({ world: [1], hello: [0, 2], bad: ["x"], neg: [-1] })).toBe("hello world hello");
    expect(abstractFromInvertedIndex(null)).toBeNull();
  });
});
