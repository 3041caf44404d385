import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { CookieOptions } from "hono/utils/cookie";

/**
 * The one writer of cookies: every cookie the Worker sends is listed here with what it needs, and
 * written, read and removed only through these functions (a unit test fails on any other
 * `setCookie`/`deleteCookie`/`Set-Cookie` in worker/, and tests/worker/security/cookies.test.ts checks every
 * Set-Cookie the Worker sends on https).
 *
 * - On https every cookie is `__Host-` prefixed: the browser then accepts it only with Secure,
 *   Path=/ and no Domain, so a sibling subdomain or a plain-http page cannot plant or shadow it,
 *   and it is read only under that name. Plain http (local development, tests) keeps the bare name,
 *   which browsers require there.
 * - All are HttpOnly (no script reads any of them; the CSRF token reaches the page in a meta tag).
 * - SameSite=Lax for the site's own cookies; None (always Secure) for the browser extension's
 *   companions, which its cross-site calls carry (docs/decisions/0006-extension-access.md).
 */
export const COOKIES = {
  daryaft_session: { sameSite: "Lax" },
  daryaft_csrf: { sameSite: "Lax" },
  /** Marks a browser that signed in before (login limits, worker/features/auth/deps.ts). */
  daryaft_device: { sameSite: "Lax" },
  /** A guest's reading lists are bound to it (its SHA-256 is stored with each list). */
  batch_owner: { sameSite: "Lax" },
  daryaft_ext_session: { sameSite: "None" },
  daryaft_ext_csrf: { sameSite: "None" },
} as const satisfies Record<string, { sameSite: "Lax" | "Strict" | "None" }>;

export type CookieName = keyof typeof COOKIES;

const isHttps = (c: Context) => new URL(c.req.url).protocol === "https:";

const cookieName = (c: Context, base: CookieName) => (isHttps(c) ? `__Host-${base}` : base);

/** Path=/, no Domain, HttpOnly; Secure on https (and always with SameSite=None, which browsers require). */
function options(c: Context, base: CookieName): CookieOptions {
  const { sameSite } = COOKIES[base];
  return { httpOnly: true, sameSite, path: "/", secure: isHttps(c) || sameSite === "None" };
}

export function readCookie(c: Context, base: CookieName): string | undefined {
  return getCookie(c, cookieName(c, base));
}

export function writeCookie(c: Context, base: CookieName, value: string, lifetime: Pick<CookieOptions, "expires" | "maxAge"> = {}) {
  setCookie(c, cookieName(c, base), value, { ...options(c, base), ...lifetime });
}

export function removeCookie(c: Context, base: CookieName) {
  deleteCookie(c, cookieName(c, base), options(c, base));
}
