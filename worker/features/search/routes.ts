/**
 * HTTP of the searches (search-and-download.md §7): /article_search, /book_search, /tez_search,
 * /standard_search (POST, open to guests), and GET /search_options for the filter dropdowns.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import {
  ArticleSearchRequest,
  ArticleSearchResponse,
  BookSearchRequest,
  BookSearchResponse,
  SearchOptions,
  StandardSearchRequest,
  StandardSearchResponse,
  ThesisSearchRequest,
  ThesisSearchResponse,
} from "../../../contract/search";
import { clientAddress } from "../../lib/client-address";
import type { AppEnv } from "../../lib/context";
import { services } from "../../services";
import { defineEndpoint } from "../../lib/endpoint";
import { anyone } from "../../lib/roles";
import { articleCacheKey, cachedArticleSearch } from "./article-cache";
import { searchArticles, type ArticleSearchDeps } from "./article-search";
import { assertSourceConfigured, spendArticleSearchBudget } from "./budget";
import type { LiveDeps } from "./live-sources";
import { searchBooks, searchOptions, searchStandards, searchTheses } from "./service";

export const searchRoutes = new Hono<AppEnv>();

function articleDeps(c: Context<AppEnv>): ArticleSearchDeps {
  const { clients, log } = services(c);
  return { scopus: clients.scopus(), crossref: clients.crossref(), log };
}

/** The live thesis source, when this server has an OpenAlex key. */
function liveTheses(c: Context<AppEnv>) {
  const client = services(c).clients.openAlex(6_000);
  if (!client) return undefined;
  return { client, cache: edgeCache(), defer: deferOf(c), log: c.var.log };
}

/** The lawful open collections searched after the catalogue (sources free, report, standard). */
function liveBooks(c: Context<AppEnv>): LiveDeps {
  return { fetch: (...a) => fetch(...a), env: c.env, cache: edgeCache(), defer: deferOf(c), log: c.var.log };
}

/** waitUntil when the runtime gives one (always in production), else let it run. */
function deferOf(c: Context<AppEnv>): (p: Promise<unknown>) => void {
  return (p) => {
    try {
      c.executionCtx.waitUntil(p);
    } catch {
      void p;
    }
  };
}

const edgeCache = (): Cache | undefined => (typeof caches === "undefined" ? undefined : (caches as unknown as { default: Cache }).default);

defineEndpoint(
  searchRoutes,
  {
    method: "post",
    path: "/article_search",
    summary: "Article search (type 2) in Scopus or Crossref; identical searches are cached for an hour",
    roles: anyone,
    body: ArticleSearchRequest,
    response: ArticleSearchResponse,
    tag: "search",
  },
  async (c, { body }) => {
    const deps = articleDeps(c);
    assertSourceConfigured(deps, body);
    const { body: result, hit } = await cachedArticleSearch(
      edgeCache(),
      articleCacheKey(body),
      async () => {
        // Only searches that reach Scopus/Crossref count against the caller's budget.
        await spendArticleSearchBudget(c.var.db, clientAddress(c) ?? "local", c.var.now());
        return searchArticles(deps, body);
      },
      deferOf(c),
    );
    c.header("x-search-cache", hit ? "hit" : "miss");
    return c.json(result);
  },
);

defineEndpoint(
  searchRoutes,
  {
    method: "post",
    path: "/book_search",
    summary:
      "Book, solution-manual, standard and report search (type 3) over the D1 catalogue (FTS5, bm25), then the lawful open collections live (free: OAPEN, Project Gutenberg; report: NASA NTRS, OSTI; standard: IETF RFCs), each cached an hour",
    roles: anyone,
    body: BookSearchRequest,
    response: BookSearchResponse,
    tag: "search",
  },
  async (c, { body }) => c.json(await searchBooks(c.var.db, body, liveBooks(c))),
);

defineEndpoint(
  searchRoutes,
  {
    method: "post",
    path: "/tez_search",
    summary: "Thesis search (type 4) over the free thesis catalogue, then OpenAlex's open dissertations when OPENALEX_API_KEY is set",
    roles: anyone,
    body: ThesisSearchRequest,
    response: ThesisSearchResponse,
    tag: "search",
  },
  async (c, { body }) => c.json(await searchTheses(c.var.db, body, liveTheses(c))),
);

defineEndpoint(
  searchRoutes,
  {
    method: "post",
    path: "/standard_search",
    summary: "Standard search (type 5): title, standard code or keywords, by organisation and year",
    roles: anyone,
    body: StandardSearchRequest,
    response: StandardSearchResponse,
    tag: "search",
  },
  async (c, { body }) => c.json(await searchStandards(c.var.db, body)),
);

defineEndpoint(
  searchRoutes,
  {
    method: "get",
    path: "/search_options",
    summary: "Filter lists of the searches: standards organisations, thesis departments and languages",
    roles: anyone,
    response: SearchOptions,
    tag: "search",
  },
  async (c) => {
    c.header("cache-control", "public, max-age=300");
    return c.json(await searchOptions(c.var.db));
  },
);
