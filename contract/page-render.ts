import type { PageData } from "./page-data";

/** One page request as the SPA's server entry (web/entry-server.tsx) renders it. */
export type PageRenderInput = {
  /** The request's URL (the hash never reaches the server). */
  url: string;
  /** The page data the same response carries: the markup is rendered from it, and the SPA hydrates from it. */
  pageData: PageData;
};

export type RenderedPage = {
  /** The markup inside `<div id="root">`; empty when the page is left to the browser (a redirect route). */
  html: string;
  /**
   * Repository paths of the lazily loaded modules the markup contains (a route's page, home's first
   * panel). The page route puts their CSS into the head and preloads their code, read from the
   * client build's asset map.
   */
  modules: string[];
};

/**
 * Renders a page's first screen. The Worker's composition root (worker/index.ts) hands the SPA's
 * renderer to the page route; the Worker knows it only by this type.
 */
export type RenderPage = (input: PageRenderInput) => Promise<RenderedPage>;
