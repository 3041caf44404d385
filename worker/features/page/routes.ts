import { Hono } from "hono";
import { isPagePath } from "../../../contract/pages";
import type { AppEnv } from "../../lib/context";
import { loadPageData } from "./page-data";

/** JSON inside <script> must not be able to close the tag. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

const ASSET_PATH = /\.[a-z0-9]{1,8}$/i;

/**
 * Page routes: the built index.html streamed through HTMLRewriter with the CSRF meta tag and
 * the shared state. Files (anything with an extension) go straight to static assets.
 */
export const pageRoutes = new Hono<AppEnv>().get("*", async (c) => {
  const url = new URL(c.req.url);
  if (ASSET_PATH.test(url.pathname) && !url.pathname.endsWith(".html")) {
    // Asset responses have immutable headers; copy so the security-header middleware can add its own.
    const asset = await c.env.ASSETS.fetch(c.req.raw);
    return new Response(asset.body, asset);
  }
  const known = isPagePath(url.pathname);
  const indexUrl = new URL("/", url);
  const [shell, data] = await Promise.all([c.env.ASSETS.fetch(new Request(indexUrl, { headers: { accept: "text/html" } })), loadPageData(c)]);
  const token = c.var.csrfToken;
  const rewritten = new HTMLRewriter()
    .on("head", {
      element(el) {
        el.append(`<meta name="csrf-token" content="${token}">`, { html: true });
        el.append(`<script id="page-data" type="application/json">${scriptSafeJson(data)}</script>`, { html: true });
      },
    })
    .transform(shell);
  const headers = new Headers(rewritten.headers);
  headers.set("Content-Type", "text/html; charset=utf-8");
  // Page data is per user: never cached by a shared cache.
  headers.set("Cache-Control", "private, no-store");
  headers.delete("ETag");
  // Keep what earlier middleware set on c.res (the CSRF and session cookies).
  for (const cookie of c.res.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return new Response(rewritten.body, { status: known ? 200 : 404, headers });
});
