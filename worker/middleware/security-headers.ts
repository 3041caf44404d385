import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/context";

/** CSP for the SPA: own scripts, styles and fonts only; images also from https (book covers). */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self' https://payment.zarinpal.com https://sandbox.zarinpal.com",
  "object-src 'none'",
].join("; ");

export function securityHeaders(opts: { dev: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    // Responses passed through from fetch() or ASSETS have immutable headers.
    try {
      c.res.headers.set("X-Content-Type-Options", "nosniff");
    } catch {
      c.res = new Response(c.res.body, c.res);
    }
    const h = c.res.headers;
    // Vite's dev server injects inline scripts for hot reload; production is strict.
    if (!opts.dev && !h.has("Content-Security-Policy")) h.set("Content-Security-Policy", CSP);
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("X-Frame-Options", "DENY");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    // Served over https, the browser keeps to https for two years (plain-http local runs send none).
    if (new URL(c.req.url).protocol === "https:") h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  };
}

export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const start = Date.now();
    await next();
    const url = new URL(c.req.url);
    // Path only: query strings may carry tokens (e-mail links).
    c.var.log?.info("request", { method: c.req.method, path: url.pathname, status: c.res.status, ms: Date.now() - start, user: c.var.user?.id ?? null });
  };
}
