/**
 * The SPA's server entry: renders a page's first screen for the Worker's page route (handed to it
 * by worker/index.ts as a RenderPage). The same providers and routes as the browser, a memory
 * history at the requested URL and a fresh query client, so nothing is shared between visitors;
 * queries stay pending (the browser fetches them), so a page's data-driven parts render their
 * loading state, as the browser's first render does.
 *
 * `prerender` (react-dom/static, the edge build in workerd) waits for every lazy part the render
 * reaches, so the markup is complete and can be cached (the page route keeps guests' markup).
 */
import { createMemoryHistory } from "@tanstack/react-router";
import { prerender } from "react-dom/static";
import type { RenderPage } from "../contract/page-render";
import { AppRoot } from "./app-root";
import { createAppRouter, createQueryClient } from "./router";
import { emptyPageData } from "./lib/page-data";
import { sessionOf } from "./lib/route-data";

export const renderPage: RenderPage = async ({ url, pageData }) => {
  const { pathname, search } = new URL(url);
  const queryClient = createQueryClient();
  const router = createAppRouter({
    queryClient,
    session: sessionOf(pageData ?? emptyPageData),
    history: createMemoryHistory({ initialEntries: [pathname + search] }),
  });
  await router.load();
  // A redirecting route (/panel → /panel2/statistics) is left to the browser's router.
  if (router._serverResult?.type === "redirect") return { html: "", modules: [] };
  const modules = new Set<string>();
  for (const match of router.state.matches) if (match.staticData.module) modules.add(match.staticData.module);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <AppRoot router={router} queryClient={queryClient} pageData={pageData} ssrModules={modules} />,
    // Every boundary inline, however large: React would otherwise send big ones after the rest, to be
    // moved into place by inline scripts (which the CSP refuses and which are no use to a cached page).
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  queryClient.clear();
  // A part that failed on the server would be drawn by the browser anyway, but as a hydration
  // error: better to send no markup and let the browser render the page as before.
  if (errors.length) throw new AggregateError(errors, `page render failed: ${errors.map((e) => (e instanceof Error ? e.message : String(e))).join("; ")}`);
  return { html, modules: [...modules] };
};
