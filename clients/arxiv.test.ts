import { describe, expect, it } from "vitest";
import { fixtureText } from "../tests/fakes/providers/_shared";
import { startFakeUpstream } from "../tests/fakes/upstream-server";
import { ArxivEntrySchema, createArxivClient, normalizeArxivId, parseArxivFeed } from "./arxiv";
import { PROVIDER_LIMITS, createRateLimiter, type RateLimiter } from "./http";
import { caught, recorder, useFakeUpstream } from "./test-support";

const fake = useFakeUpstream(() => startFakeUpstream({ port: 0 }));
const { seen, fetch: recordingFetch } = recorder((input) => String(input));

function client(extra: { timeoutMs?: number; rateLimiter?: RateLimiter | null } = {}) {
  return createArxivClient({ fetch: recordingFetch, upstreamBase: fake.url, rateLimiter: null, ...extra });
}

describe("arxiv getById", () => {
  it("reads the recorded 2025 feed (bare link hrefs)", async () => {
    seen.length = 0;
    const e = await client().getById("2201.13452");
    const q = new URL(seen[0]!).searchParams;
    expect([q.get("id_list"), q.get("max_results")]).toEqual(["2201.13452", "1"]);
    expect(ArxivEntrySchema.parse(e)).toEqual(e);
    expect(e).toMatchObject({
      id: "2201.13452v1",
      baseId: "2201.13452",
      title: "Asymptotic Analysis for a Nonlinear Reaction-Diffusion System Modeling an Infectious Disease",
      authors: ["Hong-Ming Yin", "Jun Zou"],
      published: "2022-01-31T18:59:34Z",
      pdfUrl: "https://arxiv.org/pdf/2201.13452v1",
      absUrl: "https://arxiv.org/abs/2201.13452v1",
      doi: null,
      primaryCategory: "math.AP",
      comment: "34 pages",
    });
    expect(e!.summary).toMatch(/^In this paper we study a nonlinear reaction-diffusion system/);
  });

  it("reads the older feed form: rel/title links, inline namespaces, DOI, journal ref; upgrades to https", async () => {
    const e = await client().getById("arXiv:2012.04321");
    expect(e).toMatchObject({
      id: "2012.04321v2",
      pdfUrl: "https://arxiv.org/pdf/2012.04321v2",
      absUrl: "https://arxiv.org/abs/2012.04321v2",
      doi: "10.5555/arxiv-2012.04321",
      journalRef: "J. Fake Stud. 1 (2021) 1-8",
      comment: "8 pages, 2 figures",
      authors: ["Ada Lovelace"],
      summary: "An older-format feed entry.",
    });
    expect(e!.title).toBe("A fake e-print about diffusion & reaction <systems> 2012.04321");
  });

  it("decodes entities and collapses the multi-line summary of a modern entry", async () => {
    const e = await client().getById("https://arxiv.org/abs/2101.01234");
    expect(e!.summary).toBe("We study a nonlinear reaction-diffusion system. The abstract spans several lines & uses entities.");
    expect(fake.state.hits.get("arxiv:2101.01234")).toBe(1);
  });

  it("tolerates a sparse entry, building the PDF link from the id", async () => {
    const e = await client().getById("2101.12345");
    expect(e).toMatchObject({ summary: null, authors: [], published: null, pdfUrl: "https://arxiv.org/pdf/2101.12345v1", doi: null });
  });

  it("returns null for an empty feed (recorded and synthetic)", async () => {
    expect(await client().getById("1201.56789")).toBeNull();
    expect(await client().getById("2305.00001")).toBeNull();
    expect(parseArxivFeed(fixtureText("arxiv/query_id_list_not_found.xml"), "1201.56789")).toBeNull();
  });

  it("returns null when the feed holds only a different id", () => {
    expect(parseArxivFeed(fixtureText("arxiv/query_id_list.xml"), "2201.13455")).toBeNull();
  });

  it("turns the Error entry into a typed error, even on HTTP 200", async () => {
    const err = await caught(client().getById("2101.90400"));
    expect([err.kind, err.status]).toEqual(["http", 200]);
    expect(err.providerMessage).toBe("incorrect id format for 2101.90400");
  });

  it("refuses a malformed id without calling out", async () => {
    seen.length = 0;
    await expect(client().getById("not-an-id")).rejects.toThrow(RangeError);
    expect(seen).toHaveLength(0);
    expect(normalizeArxivId("hep-th/9901001v3")).toBe("hep-th/9901001v3");
    expect(normalizeArxivId("https://arxiv.org/pdf/2101.01234v2.pdf")).toBe("2101.01234v2");
  });

  it('maps 500, "Rate exceeded.", malformed XML and a hang to typed errors', async () => {
    expect((await caught(client().getById("2101.90500"))).status).toBe(500);
    const limited = await caught(client().getById("2101.90503"));
    expect([limited.kind, limited.status]).toEqual(["rate_limited", 503]);
    expect((await caught(client().getById("2101.90000"))).kind).toBe("parse");
    expect((await caught(client({ timeoutMs: 200 }).getById("2101.90408"))).kind).toBe("timeout");
  });

  it("spaces calls by the arXiv limit (one per 3.75 s)", async () => {
    let t = 0;
    const slept: number[] = [];
    const limiter = createRateLimiter({
      ...PROVIDER_LIMITS.arxiv,
      now: () => t,
      sleep: async (ms) => {
        slept.push(ms);
        t += ms;
      },
    });
    const c = client({ rateLimiter: limiter });
    await c.getById("2101.00001");
    await c.getById("2101.00002");
    expect(slept).toEqual([3750]);
  });
});
