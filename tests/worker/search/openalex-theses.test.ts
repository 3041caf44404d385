/**
 * The live thesis source: OpenAlex open dissertations through the real client
 * (clients/openalex.ts) against the fake upstream's recorded list format
 * (tests/fakes/providers/openalex.ts: 42 open dissertations for `type:dissertation`), merged after
 * the catalogue's hits, mapped to the spec's thesis fields, and cached.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ThesisSearchRequest, ThesisSearchResponse } from "../../../contract/search";
import { createOpenAlexClient } from "../../../clients/openalex";
import { searchTheses } from "../../../worker/features/search/service";
import { db } from "../helpers/auth-helpers";
import { seedDemoData } from "../helpers/helpers";

beforeAll(async () => {
  await seedDemoData();
});

const stats = async () => (await (await fetch(`${env.UPSTREAM_BASE}/__stats`)).json()) as Record<string, number>;

function live(cache?: Cache) {
  const client = createOpenAlexClient({ fetch: (...a) => fetch(...a), upstreamBase: env.UPSTREAM_BASE, apiKey: "test-openalex-key", rateLimiter: null });
  return { client, cache, defer: (p: Promise<unknown>) => void p };
}
const req = (over: Record<string, unknown>) => ThesisSearchRequest.parse({ search_from: "free", count: 15, ...over });

describe("thesis search with the OpenAlex source", () => {
  it("without an OpenAlex key (no live deps) answers from the catalogue only", async () => {
    const body = ThesisSearchResponse.parse(await searchTheses(db(), req({ keywords: "Shannon" })));
    expect(body.data.every((d) => d.id > 0)).toBe(true);
  });

  it("puts the catalogue's hits first, then OpenAlex dissertations mapped to the spec's fields", async () => {
    const body = ThesisSearchResponse.parse(await searchTheses(db(), req({ keywords: "Shannon" }), live()));
    expect(body.data[0]!.Download_Link).toBe("https://dspace.mit.edu/handle/1721.1/11173");
    expect(body.data[0]!.id).toBeGreaterThan(0);
    const catalogue = body.data.filter((d) => d.id > 0).length;
    expect(body.total_results).toBe(catalogue + 42);
    const first = body.data[catalogue]!;
    expect(first).toMatchObject({ Source: "OpenAlex", Title: "Shannon: a doctoral thesis 1", Degree: "", Department: "" });
    expect(first.id).toBeLessThan(0);
    expect(first.Download_Link).toMatch(/\/bitstream\/10\.5555\/thesis-1\.pdf$/);
    expect(body.data).toHaveLength(15);
  });

  it("pages through the merged list without gaps or repeats", async () => {
    const p1 = await searchTheses(db(), req({ keywords: "Hawking", page: 1 }), live());
    const p2 = await searchTheses(db(), req({ keywords: "Hawking", page: 2 }), live());
    const p3 = await searchTheses(db(), req({ keywords: "Hawking", page: 3 }), live());
    const p4 = await searchTheses(db(), req({ keywords: "Hawking", page: 4 }), live());
    const titles = [...p1.data, ...p2.data, ...p3.data, ...p4.data].map((d) => d.Title);
    expect(p1.total_results).toBe(1 + 42);
    expect(titles).toHaveLength(43);
    expect(new Set(titles).size).toBe(43);
    expect(titles[0]).toBe("Properties of Expanding Universes");
    expect(titles.slice(1)).toEqual(Array.from({ length: 42 }, (_, i) => `Hawking: a doctoral thesis ${i + 1}`));
    expect(p1.total_pages).toBe(3);
  });

  it("asks OpenAlex once per page and answers a repeat from the cache", async () => {
    const cache = await caches.open(`openalex-theses-${Date.now()}`);
    const keywords = `graphene ${Date.now()}`;
    const before = (await stats())[`openalex:search:${keywords}`] ?? 0;
    await searchTheses(db(), req({ keywords }), live(cache));
    await new Promise((r) => setTimeout(r, 50));
    await searchTheses(db(), req({ keywords }), live(cache));
    expect((await stats())[`openalex:search:${keywords}`]).toBe(before + 1);
  });

  it("a department filter is answered by the catalogue alone (OpenAlex has no departments)", async () => {
    const keywords = `machine ${Date.now()}`;
    const body = await searchTheses(db(), req({ keywords, department: "Electrical Engineering" }), live());
    expect(body.data.every((d) => d.Department === "Electrical Engineering")).toBe(true);
    expect((await stats())[`openalex:search:${keywords}`]).toBeUndefined();
  });

  it("OpenAlex failing (500) leaves the catalogue's answer standing", async () => {
    const body = await searchTheses(db(), req({ keywords: "Shannon fake:500" }), live());
    expect(body.data.every((d) => d.id > 0)).toBe(true);
  });
});
