import { createRootRouteWithContext, createRoute, lazyRouteComponent, redirect, type RouteComponent } from "@tanstack/react-router";
import { RootLayout } from "./root-layout";
import { NotFound } from "../components/shell/not-found";
import { PageLoading } from "../components/shell/page-loading";
import { RequireAccess } from "../components/shell/require-access";
import { useHydrated } from "../lib/hydration";
import { loadPageQueries, type RouterContext } from "../lib/route-data";
import { pageLoads, type PageLoad } from "./page-loads";
import { HomePage } from "../features/home/home-page";
import { parseHomeSearch } from "../features/home/query-forms";

// Every page of both specs. Home ships in the entry chunk; every other page is its own chunk,
// loaded when visited (or preloaded when a link to it is hovered).

// Page modules by their path in the repository, which also keys the client build's asset map: the
// server names a page's stylesheets and code in its HTML (web/entry-server.tsx, staticData.module).
// Site pages (static text and page data) are drawn by the server too. Feature pages are the
// browser's: their content comes from calls the server does not make, and their code (react-aria's
// tables, forms, dialogs) would weigh on the Worker, so the server draws the loading state the
// browser shows while a page's code arrives, and the page replaces it once hydrated.
type PageModule = { default: RouteComponent };
const sitePageModules = import.meta.glob<PageModule>(["/web/routes/pages/*-page.tsx", "!/web/routes/pages/static-page.tsx"]);
const featurePageModules = import.meta.env.SSR ? {} : import.meta.glob<PageModule>(["/web/features/*/pages/*.tsx", "!**/*.test.tsx"]);
// What feature pages load and who they are for: the browser's alone (the server fetches nothing).
const loads: Readonly<Record<string, PageLoad>> = import.meta.env.SSR ? {} : pageLoads;

function pageModule(file: string, load: PageLoad | undefined) {
  const staticData = { module: file.slice(1) };
  const site = sitePageModules[file];
  if (site) return { component: lazyRouteComponent(site), staticData };
  if (import.meta.env.SSR) return { component: PageLoading, staticData };
  const feature = featurePageModules[file];
  if (!feature) throw new Error(`no page module ${file}`);
  return { component: afterHydration(lazyRouteComponent(feature), load?.ownGuard ? undefined : load?.access), staticData };
}

/** A page the server left to the browser: its loading state until hydrated, as the server drew it; then the page, or its guard's prompt. */
function afterHydration(Page: RouteComponent, access: PageLoad["access"]): RouteComponent {
  const BrowserPage = () =>
    !useHydrated() ? (
      <PageLoading />
    ) : access ? (
      <RequireAccess access={access}>
        <Page />
      </RequireAccess>
    ) : (
      <Page />
    );
  return Object.assign(BrowserPage, { preload: Page.preload });
}

/** A route's loader: the page's first screen of data (web/lib/route-data.ts). */
function pageLoader(load: PageLoad | undefined) {
  const queries = load?.queries;
  if (!queries) return undefined;
  return ({ context, params, deps }: { context: RouterContext; params: Record<string, string>; deps: Record<string, unknown> }) =>
    loadPageQueries(context, load, () => queries({ params, search: deps }));
}

/** The named search values as text (the router reads `?invoice=5` as a number). */
function searchText<K extends string>(s: Record<string, unknown>, keys: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const k of keys) {
    const v = s[k];
    if ((typeof v === "string" && v) || typeof v === "number") out[k] = String(v);
  }
  return out;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

// Generic over the path so the route tree keeps every path's literal type (typed `to` in links).
const page = <const TPath extends string>(path: TPath, file: string) =>
  createRoute({ getParentRoute: () => rootRoute, path, ...pageModule(file, loads[path]), loader: pageLoader(loads[path]) });

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: "/", validateSearch: parseHomeSearch, component: HomePage });

// Site pages (web/routes/pages).
const sitePages = [
  page("/services", "/web/routes/pages/services-page.tsx"),
  page("/enterprisePurchase", "/web/routes/pages/enterprise-purchase-page.tsx"),
  page("/contact", "/web/routes/pages/contact-page.tsx"),
  page("/terms", "/web/routes/pages/terms-page.tsx"),
  page("/about", "/web/routes/pages/about-page.tsx"),
  page("/extension", "/web/routes/pages/extension-page.tsx"),
  page("/prices", "/web/routes/pages/prices-page.tsx"),
  page("/logout", "/web/routes/pages/logout-page.tsx"),
];

// Feature pages (web/features/<feature>/pages).
const featurePages = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: "/payment",
    // A card payment's result (?id=, from the gateway's return), an invoice to pay (?invoice=), or the return's error.
    validateSearch: (s: Record<string, unknown>) => searchText(s, ["id", "invoice", "error"]),
    loaderDeps: ({ search }) => search,
    loader: pageLoader(loads["/payment"]),
    ...pageModule("/web/features/wallet/pages/payment.tsx", loads["/payment"]),
  }),
  page("/directaccess/$id", "/web/features/vip/pages/direct-access-page.tsx"),
  page("/directaccess/$id/$d", "/web/features/vip/pages/direct-access-page.tsx"),
  page("/password/reset", "/web/features/account/pages/password-reset.tsx"),
  page("/password/reset/$token", "/web/features/account/pages/password-reset.tsx"),
  page("/verify/email", "/web/features/account/pages/verify-email.tsx"),
  page("/dev/outbox", "/web/features/account/pages/dev-outbox.tsx"),

  page("/profile", "/web/features/account/pages/profile.tsx"),
  page("/profile/financial", "/web/features/wallet/pages/financial.tsx"),
  page("/profile/scifinders", "/web/features/vip/pages/scifinders.tsx"),
  page("/profile/directBooks", "/web/features/search/pages/direct-books.tsx"),
  page("/profile/standards", "/web/features/wallet/pages/standards.tsx"),
  createRoute({
    getParentRoute: () => rootRoute,
    path: "/batch",
    validateSearch: (s: Record<string, unknown>): { id?: string } => (typeof s.id === "string" && s.id ? { id: s.id } : {}),
    loaderDeps: ({ search }) => search,
    loader: pageLoader(loads["/batch"]),
    ...pageModule("/web/features/batch/pages/batch-page.tsx", loads["/batch"]),
  }),
  page("/profile/booksAndArticles", "/web/features/getpdf/pages/books-and-articles.tsx"),
  page("/profile/offilneArticles", "/web/features/offline/pages/offline-articles.tsx"),
  page("/profile/offlineBooksStandards", "/web/features/offline/pages/offline-books-standards.tsx"),
  page("/profile/vipServices", "/web/features/vip/pages/vip-services.tsx"),

  page("/admin", "/web/features/admin/pages/admin-dashboard.tsx"),
  page("/admin/offlineArticles", "/web/features/offline/pages/admin-offline-articles.tsx"),
  page("/admin/offlineBooks", "/web/features/offline/pages/admin-offline-books.tsx"),
  page("/admin/directBooks", "/web/features/admin/pages/admin-direct-books.tsx"),
  page("/admin/directAccess", "/web/features/vip/pages/admin-direct-access.tsx"),
  page("/admin/contracts", "/web/features/admin/pages/admin-contracts.tsx"),
  page("/admin/users", "/web/features/admin/pages/admin-users.tsx"),
  page("/admin/solvers", "/web/features/admin/pages/admin-solvers.tsx"),
  page("/admin/transactions", "/web/features/wallet/pages/admin-transactions.tsx"),
  page("/admin/createInvoice", "/web/features/wallet/pages/create-invoice.tsx"),
  page("/admin/fileReports", "/web/features/file-reports/pages/file-reports-desk.tsx"),

  page("/panel2/statistics", "/web/features/panel/pages/panel2-statistics.tsx"),
  page("/panel2/users", "/web/features/panel/pages/panel2-users.tsx"),
  page("/panel2/userGroup", "/web/features/panel/pages/panel2-user-group.tsx"),
  page("/panel2/articles", "/web/features/panel/pages/panel2-articles.tsx"),

  page("/solver", "/web/features/offline/pages/solver.tsx"),
];

// The partner panel's group header (/panel) and bare /panel2 open its first page.
const panelRedirects = (["/panel", "/panel2"] as const).map((path) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: () => {
      throw redirect({ to: "/panel2/statistics", replace: true });
    },
  }),
);

export const routeTree = rootRoute.addChildren([homeRoute, ...sitePages, ...featurePages, ...panelRedirects]);

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** The page's module (repository path), for the server's list of rendered lazy modules. */
    module?: string;
  }
}
