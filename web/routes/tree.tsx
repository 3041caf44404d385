import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, createRoute, lazyRouteComponent, redirect } from "@tanstack/react-router";
import { RootLayout } from "./root-layout";
import { NotFound } from "../components/shell/not-found";
import { HomePage } from "../features/home/home-page";
import { parseHomeSearch } from "../features/home/query-forms";

// Every page of both specs. Home ships in the entry chunk; every other page is its own chunk,
// loaded when visited (or preloaded when a link to it is hovered).

export const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

// Generic over the path so the route tree keeps every path's literal type (typed `to` in links).
const page = <const TPath extends string>(path: TPath, load: Parameters<typeof lazyRouteComponent>[0]) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: lazyRouteComponent(load) });

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: "/", validateSearch: parseHomeSearch, component: HomePage });

// Site pages (web/routes/pages).
const sitePages = [
  page("/services", () => import("./pages/services-page")),
  page("/enterprisePurchase", () => import("./pages/enterprise-purchase-page")),
  page("/contact", () => import("./pages/contact-page")),
  page("/terms", () => import("./pages/terms-page")),
  page("/about", () => import("./pages/about-page")),
  page("/extension", () => import("./pages/extension-page")),
  page("/prices", () => import("./pages/prices-page")),
  page("/logout", () => import("./pages/logout-page")),
];

// Feature pages (web/features/<feature>/pages).
const featurePages = [
  page("/payment", () => import("../features/wallet/pages/payment")),
  page("/directaccess/$id", () => import("../features/vip/pages/direct-access-page")),
  page("/directaccess/$id/$d", () => import("../features/vip/pages/direct-access-page")),
  page("/password/reset", () => import("../features/account/pages/password-reset")),
  page("/password/reset/$token", () => import("../features/account/pages/password-reset")),
  page("/verify/email", () => import("../features/account/pages/verify-email")),
  page("/dev/outbox", () => import("../features/account/pages/dev-outbox")),

  page("/profile", () => import("../features/account/pages/profile")),
  page("/profile/financial", () => import("../features/wallet/pages/financial")),
  page("/profile/scifinders", () => import("../features/vip/pages/scifinders")),
  page("/profile/directBooks", () => import("../features/search/pages/direct-books")),
  page("/profile/standards", () => import("../features/wallet/pages/standards")),
  createRoute({ getParentRoute: () => rootRoute, path: "/batch", validateSearch: (s: Record<string, unknown>): { id?: string } => (typeof s.id === "string" && s.id ? { id: s.id } : {}), component: lazyRouteComponent(() => import("../features/batch/pages/batch-page")) }),
  page("/profile/booksAndArticles", () => import("../features/getpdf/pages/books-and-articles")),
  page("/profile/offilneArticles", () => import("../features/offline/pages/offline-articles")),
  page("/profile/offlineBooksStandards", () => import("../features/offline/pages/offline-books-standards")),
  page("/profile/vipServices", () => import("../features/vip/pages/vip-services")),

  page("/admin", () => import("../features/admin/pages/admin-dashboard")),
  page("/admin/offlineArticles", () => import("../features/offline/pages/admin-offline-articles")),
  page("/admin/offlineBooks", () => import("../features/offline/pages/admin-offline-books")),
  page("/admin/directBooks", () => import("../features/admin/pages/admin-direct-books")),
  page("/admin/directAccess", () => import("../features/vip/pages/admin-direct-access")),
  page("/admin/contracts", () => import("../features/admin/pages/admin-contracts")),
  page("/admin/users", () => import("../features/admin/pages/admin-users")),
  page("/admin/solvers", () => import("../features/admin/pages/admin-solvers")),
  page("/admin/transactions", () => import("../features/wallet/pages/admin-transactions")),
  page("/admin/createInvoice", () => import("../features/wallet/pages/create-invoice")),

  page("/panel2/statistics", () => import("../features/panel/pages/panel2-statistics")),
  page("/panel2/users", () => import("../features/panel/pages/panel2-users")),
  page("/panel2/userGroup", () => import("../features/panel/pages/panel2-user-group")),
  page("/panel2/articles", () => import("../features/panel/pages/panel2-articles")),

  page("/solver", () => import("../features/offline/pages/solver")),
];

// The partner panel's group header (/panel) and bare /panel2 open its first page.
const panelRedirects = ["/panel", "/panel2"].map((path) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: () => {
      throw redirect({ to: "/panel2/statistics", replace: true });
    },
  }),
);

export const routeTree = rootRoute.addChildren([homeRoute, ...sitePages, ...featurePages, ...panelRedirects]);
