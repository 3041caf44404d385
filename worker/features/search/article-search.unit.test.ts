/**
 * Article search against the fake upstream (real Scopus and Crossref wire formats, tests/fakes):
 * the real clients, the mapping into the spec's response, validated with the contract schema,
 * and the §8 error outcomes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArticleSearchRequest, ArticleSearchResponse } from "../../../contract/search";
import { startFakeUpstream, type FakeUpstream } from "../../../tests/fakes/upstream-server";
import { createCrossrefClient } from "../../../clients/crossref";
import { createScopusClient } from "../../../clients/scopus";
import { articleCacheKey, cachedArticleSearch } from "./article-cache";
import { NoResultsError, reachablePages, searchArticles, SourceFailedError, type ArticleSearchDeps } from "./article-search";
import { searchMessages } from "./messages";

let fake: FakeUpstream;

beforeAll(async () => {
  fake = await startFakeUpstream({ port: 0, latencyMs: 0 });
});
afterAll(() => fake.close());

function deps(opts: { scopusKey?: string | null; timeoutMs?: number } = {}): ArticleSearchDeps {
  const base = { fetch: (...a: Parameters<typeof fetch>) => fetch(...a), upstreamBase: fake.url, rateLimiter: null, timeoutMs: opts.timeoutMs ?? 5_000 };
  const key = opts.scopusKey === undefined ? "test-key" : opts.scopusKey;
  return {
    scopus: key ? createScopusClient({ ...base, apiKey: key }) : null,
    crossref: createCrossrefClient({ ...base, mailto: "support@daryaft.test" }),
  };
}

const req = (input: Record<string, unknown>) => ArticleSearchRequest.parse(input);

async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a failure");
}

describe("Scopus", () => {
  it("maps the recorded entries into the spec's response", async () => {
    const body = ArticleSearchResponse.parse(
      await searchArticles(deps(), req({ search_from: "scopus", keywords: "heterogeneity meta-analysis", count: "10" })),
    );
    expect(body.current_page).toBe(1);
    expect(body.total_results).toBe(93);
    expect(body.total_pages).toBe(10);
    expect(body.data).toHaveLength(10);
    const first = body.data[0]!;
    expect(first.doi).toMatch(/^10\./);
    expect(first.title).toBeTruthy();
    expect(first.url).toMatch(/^https?:\/\//);
    expect(first.document_details).toContain(String(first.year));
    // The STANDARD view has no publisher: the field is there, null.
    expect(body.data.every((d) => d.publisher === null)).toBe(true);
  });

  it("tolerates entries without volume (every 4th synthetic entry)", async () => {
    const body = ArticleSearchResponse.parse(await searchArticles(deps(), req({ search_from: "scopus", keywords: "tolerance", count: "20", page: "2" })));
    expect(body.current_page).toBe(2);
    const missing = body.data.filter((d) => d.volume === null);
    expect(missing.length).toBeGreaterThan(0);
    for (const d of missing) expect(d.document_details ?? "").not.toContain("null");
  });

  it("sends the query built from the form fields", async () => {
    await searchArticles(
      deps(),
      req({
        search_from: "scopus",
        keywords: "graphene oxide",
        search_type: "any",
        search_in: "title",
        year_from: "۲۰۱۸",
        year_to: "2020",
        language: "english",
        subject: "MATE",
        type: "ar",
      }),
    );
    const hits = Object.keys(Object.fromEntries(fake.state.hits));
    expect(hits).toContain(
      "scopus:search:TITLE(graphene OR oxide) AND PUBYEAR > 2017 AND PUBYEAR < 2021 AND LANGUAGE(english) AND SUBJAREA(MATE) AND DOCTYPE(ar)",
    );
  });

  it("an empty result set is 'no result found'", async () => {
    const err = await failure(searchArticles(deps(), req({ search_from: "scopus", keywords: "fake:empty nothing" })));
    expect(err).toBeInstanceOf(NoResultsError);
    expect(err.message).toBe(searchMessages.noResults);
  });

  it.each([
    ["invalid-key", 401],
    ["forbidden-key", 403],
    ["quota-key", 429],
  ])("key %s -> an error with code %i in Persian digits", async (key, status) => {
    const err = await failure(searchArticles(deps({ scopusKey: key }), req({ search_from: "scopus", keywords: `key test ${key}` })));
    expect(err).toBeInstanceOf(SourceFailedError);
    expect(err.message).toBe(searchMessages.errorCode(status));
    expect(err.message).toMatch(/[۰-۹]{3}/);
  });

  it.each([
    ["fake:500", 500],
    ["fake:malformed", 502],
  ])("%s -> code %i", async (marker, status) => {
    const err = await failure(searchArticles(deps(), req({ search_from: "scopus", keywords: `x ${marker}` })));
    expect(err.message).toBe(searchMessages.errorCode(status));
  });

  it("a timeout -> code 504", async () => {
    const err = await failure(searchArticles(deps({ timeoutMs: 300 }), req({ search_from: "scopus", keywords: "x fake:slow" })));
    expect(err.message).toBe(searchMessages.errorCode(504));
  });

  it("without a key the source says so instead of failing", async () => {
    const err = await failure(searchArticles(deps({ scopusKey: null }), req({ search_from: "scopus", keywords: "anything" })));
    expect(err.message).toBe(searchMessages.scopusNotConfigured);
  });

  it("pages beyond Scopus's 5,000-result offset are refused before calling it", async () => {
    const err = await failure(searchArticles(deps(), req({ search_from: "scopus", keywords: "deep paging", page: "501", count: "10" })));
    expect(err.constructor.name).toBe("ValidationError");
  });
});

describe("Crossref", () => {
  it("maps the recorded works (markup, missing volume/issue/link) into the response", async () => {
    const body = ArticleSearchResponse.parse(await searchArticles(deps(), req({ search_from: "cross", keywords: "ecology" })));
    expect(body.total_results).toBe(137);
    expect(body.total_pages).toBe(14);
    expect(body.data).toHaveLength(10);
    const dataset = body.data.find((d) => d.type === "dataset")!;
    expect(dataset.volume).toBeNull();
    expect(dataset.issue).toBeNull();
    expect(body.data.every((d) => d.doi && d.url)).toBe(true);
    expect(body.data.some((d) => d.title?.includes("<"))).toBe(false);
    expect(body.data[0]!.authors).toMatch(/Boettiger/);
  });

  it("passes filters, publisher, sort and paging to Crossref", async () => {
    const body = ArticleSearchResponse.parse(
      await searchArticles(
        deps(),
        req({
          search_from: "crossref",
          keywords: "soil",
          year_from: "2019",
          year_to: "2020",
          type: "book-chapter",
          publisher: "Acme Press",
          sort_by: "newest",
          page: "3",
          count: "15",
        }),
      ),
    );
    expect(body.current_page).toBe(3);
    expect(body.data.every((d) => d.type === "book-chapter" && d.publisher === "Acme Press")).toBe(true);
    expect(body.data.every((d) => d.year !== null && d.year >= 2019 && d.year <= 2020)).toBe(true);
  });

  it("the subject joins the free-text query (Crossref has no subject filter)", async () => {
    await searchArticles(deps(), req({ search_from: "crossref", keywords: "robots", subject: "COMP" }));
    expect([...fake.state.hits.keys()]).toContain("crossref:search:robots Computer Science");
  });

  it("an empty answer is 'no result found'", async () => {
    const err = await failure(searchArticles(deps(), req({ search_from: "crossref", keywords: "fake:empty" })));
    expect(err.message).toBe(searchMessages.noResults);
  });

  it.each([
    ["fake:500", 500],
    ["fake:429", 429],
    ["fake:malformed", 502],
  ])("%s -> code %i", async (marker, status) => {
    const err = await failure(searchArticles(deps(), req({ search_from: "crossref", keywords: `y ${marker}` })));
    expect(err).toBeInstanceOf(SourceFailedError);
    expect(err.message).toBe(searchMessages.errorCode(status));
  });

  it("a timeout -> code 504", async () => {
    const err = await failure(searchArticles(deps({ timeoutMs: 300 }), req({ search_from: "crossref", keywords: "y fake:slow" })));
    expect(err.message).toBe(searchMessages.errorCode(504));
  });
});

describe("paging limits", () => {
  it("never offers pages the source cannot serve", () => {
    expect(reachablePages(93, 10, "scopus")).toBe(10);
    expect(reachablePages(1_000_000, 20, "scopus")).toBe(250);
    expect(reachablePages(1_000_000, 15, "scopus")).toBe(334);
    expect(reachablePages(1_000_000, 20, "crossref")).toBe(501);
    expect(reachablePages(0, 10, "crossref")).toBe(0);
  });
});

describe("the one-hour cache", () => {
  function memoryCache(): Cache & { puts: number } {
    const store = new Map<string, Response>();
    const cache = {
      puts: 0,
      async match(key: RequestInfo | URL) {
        return store.get(String(key))?.clone();
      },
      async put(key: RequestInfo | URL, res: Response) {
        cache.puts++;
        expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
        store.set(String(key), res);
      },
    };
    return cache as unknown as Cache & { puts: number };
  }

  it("keys identical searches alike: case, spaces, digits and fields the source ignores", () => {
    const a = articleCacheKey(req({ search_from: "crossref", keywords: "Deep  Learning ۲۰۲۰", search_in: "title" }));
    const b = articleCacheKey(req({ search_from: "cross", keywords: "deep learning 2020", search_in: "abstract" }));
    const c = articleCacheKey(req({ search_from: "scopus", keywords: "deep learning 2020", search_in: "abstract" }));
    const d = articleCacheKey(req({ search_from: "crossref", keywords: "deep learning 2020", page: 2 }));
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(d).not.toBe(a);
    expect(new URL(a).protocol).toBe("https:");
  });

  it("answers the second identical search without calling the source, and caches 'no results' too", async () => {
    const cache = memoryCache();
    let calls = 0;
    const compute = async () => {
      calls++;
      return searchArticles(deps(), req({ search_from: "crossref", keywords: "cache me" }));
    };
    const key = articleCacheKey(req({ search_from: "crossref", keywords: "cache me" }));
    const first = await cachedArticleSearch(cache, key, compute);
    const second = await cachedArticleSearch(cache, key, compute);
    expect([first.hit, second.hit, calls]).toEqual([false, true, 1]);
    expect(second.body).toEqual(first.body);

    const emptyKey = articleCacheKey(req({ search_from: "crossref", keywords: "fake:empty" }));
    const empty = () => searchArticles(deps(), req({ search_from: "crossref", keywords: "fake:empty" }));
    await expect(cachedArticleSearch(cache, emptyKey, empty)).rejects.toBeInstanceOf(NoResultsError);
    await expect(cachedArticleSearch(cache, emptyKey, () => Promise.reject(new Error("not called")))).rejects.toBeInstanceOf(NoResultsError);
  });

  it("never caches failures", async () => {
    const cache = memoryCache();
    const key = articleCacheKey(req({ search_from: "crossref", keywords: "z fake:500" }));
    await expect(
      cachedArticleSearch(cache, key, () => searchArticles(deps(), req({ search_from: "crossref", keywords: "z fake:500" }))),
    ).rejects.toBeInstanceOf(SourceFailedError);
    expect(cache.puts).toBe(0);
  });
});
