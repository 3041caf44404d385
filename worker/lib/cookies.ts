import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { CookieOptions } from "hono/utils/cookie";

const isHttps = (c: Context) => new URL(c.req.url).protocol === "https:";

/**
 * On https every cookie is `__Host-` prefixed: the browser then accepts it only with Secure,
 * Path=/ and no Domain, so a sibling subdomain or a plain-http page cannot plant or shadow it.
 * Plain http (local development, tests) keeps the bare name, which browsers require there.
 */
const cookieName = (c: Context, base: string) => (isHttps(c) ? `__Host-${base}` : base);

export function readCookie(c: Context, base: string): string | undefined {
  return getCookie(c, cookieName(c, base));
}

export function writeCookie(c: Context, base: string, value: string, opts: Omit<CookieOptions, "path" | "secure" | "domain"> = {}) {
  setCookie(c, cookieName(c, base), value, { httpOnly: true, sameSite: "Lax", ...opts, path: "/", secure: isHttps(c) });
}

export function removeCookie(c: Context, base: string) {
  deleteCookie(c, cookieName(c, base), { path: "/", secure: isHttps(c) });
}
