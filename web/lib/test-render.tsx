// Test helpers for SPA component tests (happy-dom): the app's providers around a component or
// around the real route tree, on an in-memory history.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider, type AnyRouter } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import { useState, type ReactNode } from "react";
import { I18nProvider } from "react-aria-components";
import type { PageData } from "../../contract/page-data";
import type { UserInfo } from "../../contract/user-info";
import { emptyPageData } from "./page-data";
import { PageDataProvider, usePageData } from "./page-data-context";
import { UiStateProvider, useUiState } from "./ui-state";

export function testPageData(overrides: Partial<PageData> = {}): PageData {
  return { ...emptyPageData, ...overrides };
}

export function testUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: "usr_test",
    name: "کاربر آزمایشی",
    email: "user@daryaft.test",
    mobile: "09120000002",
    mobile_verifed: 1,
    balance: 0,
    standard_credit: 0,
    offline_article_credit: 0,
    unlimited_vip_credits: 0,
    limited_vip_credits: { count: 0, expiration: null },
    admin: 0,
    solver: 0,
    contract: 0,
    ...overrides,
  };
}

/** The app's shared state as the last render of `<AppStateProbe />` saw it: tests open dialogs with it and read what was saved. */
export const appState = {} as { ui: ReturnType<typeof useUiState>; page: ReturnType<typeof usePageData> };

/** Rendered inside the providers (nothing on screen), it keeps `appState` current. */
export function AppStateProbe() {
  appState.ui = useUiState();
  appState.page = usePageData();
  return null;
}

export function Providers({ pageData, children }: { pageData?: PageData; children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <I18nProvider locale="fa-IR">
      <QueryClientProvider client={queryClient}>
        <PageDataProvider initial={pageData ?? testPageData()}>
          <UiStateProvider>{children}</UiStateProvider>
        </PageDataProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}

/** Renders `ui` as the root route's component of a throwaway router (for components with router links). */
export function renderWithRouter(ui: ReactNode, { pageData, url = "/" }: { pageData?: PageData; url?: string } = {}) {
  const rootRoute = createRootRoute({ component: () => <>{ui}</> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [url] }) });
  const result = render(
    <Providers pageData={pageData}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router };
}

/** Renders a whole router (e.g. the app's route tree) inside the providers. */
export function renderRouter(router: AnyRouter, { pageData }: { pageData?: PageData } = {}) {
  return render(
    <Providers pageData={pageData}>
      <RouterProvider router={router} />
    </Providers>,
  );
}
