import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { I18nProvider } from "react-aria-components";
import type { PageData } from "../contract/page-data";
import type { createAppRouter } from "./router";
import { PageDataProvider } from "./lib/page-data-context";
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
                <RouterProvider router={router} />
              </UiStateProvider>
            </PageDataProvider>
          </QueryClientProvider>
        </I18nProvider>
      </SsrModulesContext.Provider>
    </StrictMode>
  );
}
