import { Hono } from "hono";
import { isPagePath } from "../../../contract/pages";
import type { RenderedPage, RenderPage } from "../../../contract/page-render";
import type { AppEnv } from "../../lib/context";
import { services } from "../../services";
import { firstScreen } from "./first-screen";
import { loadPageData } from "./page-data";
import { assetMap, moduleLinks, pageShell } from "./shell";

/** JSON inside <script> must not be able to close the tag. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

// Up to 11 letters: ".webmanifest" (the installed app's manifest) is a file too.
const ASSET_PATH = /\.[a-z0-9]{1,11}$/i;
const noPage: RenderedPage = { html: "", modules: [] };

/**
 * Page routes: the built index.html (read once per isolate) with the CSRF meta tag and the page
 * data inserted before `</head>` and, given a renderer, the page's first screen inside
 * `<div id="root">` with the stylesheets of the lazy parts it drew and the names of their code. The
 * SPA hydrates that markup. A render that fails is logged and the page goes out empty, for the SPA to draw as
 * it would without a server. Files (anything with an extension) go straight to static assets.
 */
export function pageRoutes(render?: RenderPage) {
  return new Hono<AppEnv>().get("*", async (c) => {
    const url = new URL(c.req.url);
    const { assets } = services(c);
    if (ASSET_PATH.test(url.pathname) && !url.pathname.endsWith(".html")) {
      // Asset responses have immutable headers; copy so the security-header middleware can add its own.
      const asset = await assets.fetch(c.req.raw);
      return new Response(asset.body, asset);
    }
    const known = isPagePath(url.pathname);
    const [shell, data, map] = await Promise.all([pageShell(assets, url), loadPageData(c), render ? assetMap(assets, url) : {}]);
    const dataJson = scriptSafeJson(data);
    const head = `<meta name="csrf-token" content="${c.var.csrfToken}"><script id="page-data" type="application/json">${dataJson}</script>`;
    let html: string;
    if ("raw" in shell) html = shell.raw + head;
    else {
      let page = noPage;
      if (render) {
        try {
          page = await firstScreen(render, { url, pageData: data, pageDataJson: dataJson, now: c.var.now() });
        } catch (error) {
          c.var.log.error("page.render_failed", { path: url.pathname, error: error instanceof Error ? error.message : String(error) });
        }
      }
      html = shell.head + head + moduleLinks(map, page.modules) + shell.body + page.html + shell.end;
    }
    const headers = new Headers();
    headers.set("Content-Type", "text/html; charset=utf-8");
    // Page data is per user: never cached by a shared cache.
    headers.set("Cache-Control", "private, no-store");
    // Keep what earlier middleware set on c.res (the CSRF and session cookies).
    for (const cookie of c.res.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return new Response(html, { status: known ? 200 : 404, headers });
  });
}
