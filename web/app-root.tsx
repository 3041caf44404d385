import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, useEffect, useMemo, useRef } from "react";
import { I18nProvider } from "react-aria-components";
import type { PageData } from "../contract/page-data";
import type { createAppRouter } from "./router";
import { PageDataProvider, usePageData } from "./lib/page-data-context";
import { sessionOf } from "./lib/route-data";
import { SsrModulesContext } from "./lib/ssr-modules";
import { UiStateProvider } from "./lib/ui-state";

/**
 * The whole app: the same tree in the browser (web/main.tsx) and on the server
 * (web/entry-server.tsx), so the server's markup is what the browser's first render hydrates.
 */
export function AppRoot({
  router,
  queryClient,
  pageData,
  initialTypeOfSearch,
  ssrModules = null,
}: {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
  pageData?: PageData;
  initialTypeOfSearch?: number;
  /** On the server: collects the lazy modules the render draws. */
  ssrModules?: Set<string> | null;
}) {
  return (
    <StrictMode>
      <SsrModulesContext.Provider value={ssrModules}>
        <I18nProvider locale="fa-IR">
          <QueryClientProvider client={queryClient}>
            <PageDataProvider initial={pageData}>
              <UiStateProvider initialTypeOfSearch={initialTypeOfSearch}>
                <AppRouter router={router} />
              </UiStateProvider>
            </PageDataProvider>
          </QueryClientProvider>
        </I18nProvider>
      </SsrModulesContext.Provider>
    </StrictMode>
  );
}

/**
 * The router, told who is signed in: its loaders read only what the session may, and when the
 * session changes (login, logout) the current page's loaders run again for the new one.
 */
function AppRouter({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const { isGuest, isAdmin, isSolver, isContract } = usePageData();
  const session = useMemo(() => sessionOf({ isGuest, isAdmin, isSolver, isContract }), [isGuest, isAdmin, isSolver, isContract]);
  const shown = useRef(session);
  useEffect(() => {
    if (shown.current === session) return;
    shown.current = session;
    void router.invalidate();
  }, [router, session]);
  // From the first render on, loaders wait for their data (only the hydrating load does not).
  return <RouterProvider router={router} context={{ session, deferData: false }} />;
}
