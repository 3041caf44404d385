import { QueryClient } from "@tanstack/react-query";
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { PageLoading } from "./components/shell/page-loading";
import { RouteError } from "./components/shell/route-error";
import type { Session } from "./lib/route-data";
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
 * browser's first render does not have). `session` is who the page data says is signed in (the
 * loaders read nothing the session may not; web/app-root.tsx keeps it current); `deferData` is set
 * for the load that hydrates the server's markup (web/lib/route-data.ts).
 */
export function createAppRouter({
  queryClient,
  history,
  session,
  deferData = false,
}: {
  queryClient: QueryClient;
  history?: RouterHistory;
  session: Session;
  deferData?: boolean;
}) {
  return createRouter({
    routeTree,
    context: { queryClient, session, deferData },
    ...(history ? { history, isServer: true } : {}),
    // A hovered or focused link loads the page's code and runs its loader, which reads its data.
    defaultPreload: "intent",
    // The loaders ask the query cache, which keeps data as long as it holds: the router keeps none.
    defaultPreloadStaleTime: 0,
    // A lazy page's chunk usually arrives at once; show the loader only when it does not.
    defaultPendingComponent: PageLoading,
    defaultPendingMs: 300,
    defaultErrorComponent: RouteError,
    scrollRestoration: !history,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
