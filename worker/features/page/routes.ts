import { Hono } from "hono";
import { isPagePath } from "../../../contract/pages";
import type { AppEnv } from "../../lib/context";
import { services } from "../../services";
import { loadPageData } from "./page-data";

/** JSON inside <script> must not be able to close the tag. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** The built index.html split at `</head>`; it never changes within an isolate (one deployment), so it is read once. */
type Shell = { before: string; after: string };
let shellCache: Promise<Shell> | null = null;

function pageShell(assets: Fetcher, indexUrl: URL): Promise<Shell> {
  shellCache ??= (async () => {
    const res = await assets.fetch(new Request(indexUrl, { headers: { accept: "text/html" } }));
    const text = await res.text();
    const at = text.lastIndexOf("</head>");
    // Not a usable build (a test run without one): answer with it this time, read it again next time.
    if (!res.ok || at < 0) {
      shellCache = null;
      return { before: text, after: "" };
    }
    return { before: text.slice(0, at), after: text.slice(at) };
  })();
  const shell = shellCache;
  // A failed read is not kept, nor is anything under Vite's dev server (index.html changes there).
  shell.catch(() => (shellCache = null));
  if (import.meta.env?.DEV && import.meta.env?.MODE !== "test") shellCache = null;
  return shell;
}

const ASSET_PATH = /\.[a-z0-9]{1,8}$/i;

/**
 * Page routes: the built index.html (read once per isolate) with the CSRF meta tag and the page
 * data inserted before `</head>`. Files (anything with an extension) go straight to static assets.
 */
export const pageRoutes = new Hono<AppEnv>().get("*", async (c) => {
  const url = new URL(c.req.url);
  if (ASSET_PATH.test(url.pathname) && !url.pathname.endsWith(".html")) {
    // Asset responses have immutable headers; copy so the security-header middleware can add its own.
    const asset = await services(c).assets.fetch(c.req.raw);
    return new Response(asset.body, asset);
  }
  const known = isPagePath(url.pathname);
  const [shell, data] = await Promise.all([pageShell(services(c).assets, new URL("/", url)), loadPageData(c)]);
  const token = c.var.csrfToken;
  // The same insertion HTMLRewriter's head.append made, on the cached text: no streaming parse per request.
  const head = `<meta name="csrf-token" content="${token}"><script id="page-data" type="application/json">${scriptSafeJson(data)}</script>`;
  const html = shell.before + head + shell.after;
  const headers = new Headers();
  headers.set("Content-Type", "text/html; charset=utf-8");
  // Page data is per user: never cached by a shared cache.
  headers.set("Cache-Control", "private, no-store");
  // Keep what earlier middleware set on c.res (the CSRF and session cookies).
  for (const cookie of c.res.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return new Response(html, { status: known ? 200 : 404, headers });
});
