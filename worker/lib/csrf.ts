import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";
import { readCookie, writeCookie } from "./cookies";
import { bodyKind } from "./body-type";
import { coreMessages } from "./messages";
import { randomToken, timingSafeEqualStrings } from "./crypto";
import { EXT_CSRF_COOKIE, fromExtension } from "./extension-access";

const CSRF_COOKIE = "daryaft_csrf" as const;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Paths a third party posts to (the bank's callback), which carry their own proof. */
const EXEMPT = [/^\/gateway\/[^/]+\/callback$/];

/**
 * Double-submit token: a random value in an HttpOnly cookie, echoed by the page in a meta tag
 * and sent back as `X-CSRF-TOKEN` or the `_token` field. A cross-site page can neither read it nor set it.
 */
export function csrf(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Our extension's cross-site calls carry its own SameSite=None token cookie (extension-access.ts).
    const ext = fromExtension(c);
    const read = () => readCookie(c, ext ? EXT_CSRF_COOKIE : CSRF_COOKIE);
    let token = read();
    if (!token || token.length < 32) {
      token = randomToken(32);
      writeCookie(c, ext ? EXT_CSRF_COOKIE : CSRF_COOKIE, token);
    }
    c.set("csrfToken", token);
    const path = new URL(c.req.url).pathname;
    if (SAFE_METHODS.has(c.req.method) || EXEMPT.some((re) => re.test(path))) return next();
    const cookie = read();
    const sent = c.req.header("x-csrf-token") ?? (await tokenFromBody(c));
    if (!cookie || !sent || !timingSafeEqualStrings(cookie, sent)) {
      return c.json({ message: coreMessages.csrf, status: "error", error: coreMessages.csrf }, 419 as never);
    }
    await next();
  };
}

/** `_token` of a body the budget measured as JSON or a form (lib/body-type.ts: the same rule); no other body is read. */
async function tokenFromBody(c: Context): Promise<string | undefined> {
  const kind = bodyKind(c.req.header("content-type"));
  try {
    if (kind === "json") {
      const body = (await c.req.json()) as unknown;
      return body && typeof body === "object" && typeof (body as { _token?: unknown })._token === "string" ? (body as { _token: string })._token : undefined;
    }
    if (kind === "form" || kind === "multipart") {
      const form = await c.req.parseBody();
      return typeof form._token === "string" ? form._token : undefined;
    }
  } catch {
    return undefined;
  }
  return undefined;
}
