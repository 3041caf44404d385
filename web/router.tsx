import { QueryClient } from "@tanstack/react-query";
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { PageLoading } from "./components/shell/page-loading";
import { routeTree } from "./routes/tree";

/** The SPA's one query client in the browser; the server makes one per render (nothing is shared between visitors). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

/**
 * The router. The browser's uses the window's history; the server's (web/entry-server.tsx) a memory
 * history at the requested URL, and no scroll restoration (its inline script would be markup the
 * browser's first render does not have).
 */
export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history, isServer: true } : {}),
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
    // A lazy page's chunk usually arrives at once; show the loader only when it does not.
    defaultPendingComponent: PageLoading,
    defaultPendingMs: 300,
    scrollRestoration: !history,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
