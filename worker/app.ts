import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { bodyBudget } from "./middleware/body-budget";
import { bodyLimits } from "./middleware/body-limits";
import { csrf } from "./lib/csrf";
import { extensionCors } from "./lib/extension-access";
import type { AppEnv } from "./lib/context";
import { handleError } from "./lib/errors";
import { coreMessages } from "./lib/messages";
import { invalidateOnAdminChange } from "./lib/shared-cache";
import { requestLog, securityHeaders } from "./middleware/security-headers";
import { drainUnreadBody } from "./middleware/drain-body";
import { requireSecrets } from "./middleware/require-secrets";
import { requestServices } from "./services";
import { session } from "./middleware/session";
import { products } from "./products";
import { directAccessRoutes } from "./features/direct-access/routes";
import { vipRoutes } from "./features/vip/routes";
import { openApiRoutes } from "./features/openapi/routes";
import { pageRoutes } from "./features/page/routes";
import { systemRoutes } from "./features/system/routes";
import { identifyRoutes } from "./features/getpdf/identify-route";
import { getpdfRoutes } from "./features/getpdf/routes";
import { filesRoutes } from "./features/files/routes";
import { extensionRoutes } from "./features/extension/routes";
import { batchRoutes } from "./features/batch/routes";
import { fileReportRoutes } from "./features/file-reports/routes";
import { shareRoutes } from "./features/share/routes";
import { authRoutes } from "./features/auth/routes";
import { profileRoutes } from "./features/profile/routes";
import { offlineRoutes } from "./features/offline/routes";
import { walletRoutes } from "./features/wallet/routes";
import { searchRoutes } from "./features/search/routes";
import { institutionRoutes } from "./features/institutions/routes";
import { panelRoutes } from "./features/panel/routes";
import { adminRoutes } from "./features/admin/routes";
import { devRoutes } from "./dev";
import { endpoints } from "./endpoints";
import type { RenderPage } from "../contract/page-render";
import { z } from "zod";

// Persian messages for zod's built-in checks (schemas add their own where the spec words them).
z.config(z.locales.fa());

/**
 * The whole HTTP surface: shared middleware, then one sub-app per feature, then the SPA pages.
 * `renderPage` (the SPA's server entry, from the composition root) draws each page's first screen.
 */
export function createApp({ renderPage }: { renderPage?: RenderPage } = {}) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use("*", drainUnreadBody());
  app.use("*", requireSecrets());
  // The product registry reaches the order path through the request's services (the kernel imports no product).
  app.use("*", requestServices({ products }));
  // Only Vite's dev server (hot reload scripts) relaxes the CSP; tests see production headers.
  app.use("*", securityHeaders({ dev: !!import.meta.env?.DEV && import.meta.env?.MODE !== "test" }));
  app.use("*", requestLog());
  // Who is asking (reads cookies and D1, never the body): the body limits depend on the roles.
  app.use("*", session());
  // A text body's 6 MB everywhere; more only on the few upload routes, for the roles they serve.
  const tooLarge: Parameters<typeof bodyLimit>[0]["onError"] = (c) => c.json({ status: "error", error: coreMessages.tooLarge }, 413);
  app.use("*", bodyLimits(tooLarge));
  // JSON's nesting and values, a form's fields, a multipart body's parts counted before anything parses them.
  app.use("*", bodyBudget(tooLarge));
  // Before CSRF and the 404 for unknown non-GETs: the extension's preflight (OPTIONS) ends here.
  app.use("*", extensionCors());
  app.use("*", csrf());
  // Admin changes (news, blog, prices, direct-access sites…) drop this isolate's shared-data cache.
  app.use("/admin/*", invalidateOnAdminChange());

  app.route("/", systemRoutes);
  app.route("/", openApiRoutes(endpoints));
  app.route("/", directAccessRoutes);
  app.route("/", vipRoutes);
  app.route("/", identifyRoutes);
  app.route("/", getpdfRoutes);
  // The signed /files/… links getpdf, lists and the desk hand out.
  app.route("/", filesRoutes);
  app.route("/", batchRoutes);
  app.route("/", fileReportRoutes);
  app.route("/", shareRoutes);
  app.route("/", extensionRoutes);
  app.route("/", authRoutes);
  app.route("/", profileRoutes);
  app.route("/", offlineRoutes);
  app.route("/", walletRoutes);
  app.route("/", searchRoutes);
  app.route("/", institutionRoutes);
  app.route("/", panelRoutes);
  app.route("/", adminRoutes);
  // Development only: every route in dev.ts is devOnly (404 and left out of /openapi.json elsewhere).
  app.route("/", devRoutes);

  // Non-GET requests to unknown paths: a Persian 404 in the error shape, never an HTML page.
  app.all("*", async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    return c.json({ status: "error", error: coreMessages.notFound }, 404);
  });
  app.route("/", pageRoutes(renderPage));
  return app;
}

/** The app without the page renderer: API tests that call it directly never need the SPA. */
export const app = createApp();
