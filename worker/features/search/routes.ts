/**
 * HTTP of the searches (search-and-download.md §7): /article_search, /book_search, /tez_search,
 * /standard_search (POST, open to guests), and GET /search_options for the filter dropdowns.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import type { AppEnv } from "../../lib/context";
import { services } from "../../services";
import { bindEndpoint } from "../../lib/endpoint";
import { articleCacheKey, cachedArticleSearch } from "./article-cache";
import { searchArticles, type ArticleSearchDeps } from "./article-search";
import { assertSourceConfigured, spendArticleSearchBudget } from "./budget";
import type { LiveDeps } from "./live-sources";
import { searchBooks, searchOptions, searchStandards, searchTheses } from "./service";
import { searchApi } from "../../../contract/endpoints/search";

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
  return { fetch: (...a) => fetch(...a), env: services(c).bindings, cache: edgeCache(), defer: deferOf(c), log: c.var.log };
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

bindEndpoint(searchRoutes, searchApi.article, async (c, { body }) => {
  const deps = articleDeps(c);
  assertSourceConfigured(deps, body);
  const { body: result, hit } = await cachedArticleSearch(
    edgeCache(),
    articleCacheKey(body),
    async () => {
      // Only searches that reach Scopus/Crossref count against the caller's budget.
      await spendArticleSearchBudget(c.var.db, services(c).ip, c.var.now());
      return searchArticles(deps, body);
    },
    deferOf(c),
  );
  c.header("x-search-cache", hit ? "hit" : "miss");
  return c.json(result);
});

bindEndpoint(searchRoutes, searchApi.book, async (c, { body }) => c.json(await searchBooks(c.var.db, body, liveBooks(c))));

bindEndpoint(searchRoutes, searchApi.thesis, async (c, { body }) => c.json(await searchTheses(c.var.db, body, liveTheses(c))));

bindEndpoint(searchRoutes, searchApi.standard, async (c, { body }) => c.json(await searchStandards(c.var.db, body)));

bindEndpoint(searchRoutes, searchApi.options, async (c) => {
  c.header("cache-control", "public, max-age=300");
  return c.json(await searchOptions(c.var.db));
});
