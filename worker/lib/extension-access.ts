import type { Context, MiddlewareHandler } from "hono";
import { getpdfApi } from "../../contract/endpoints/getpdf";
import { systemApi } from "../../contract/endpoints/system";
import { isDaryaftExtensionOrigin, isPinnedExtensionOrigin } from "../../contract/extension";
import type { AppEnv } from "./context";

/**
 * The browser extension's popup calls the site from its own origin (chrome-extension://<our id>,
 * moz-extension://<uuid>) without host permissions, so its requests are cross-origin (CORS) and
 * cross-site (SameSite=Lax cookies are not sent). docs/decisions/0006-extension-access.md:
 * these paths only answer CORS to our extension, and for it read the session and CSRF token from
 * SameSite=None companions of the usual cookies. A web page cannot send an extension Origin.
 */
const EXTENSION_PATHS = new Set<string>([systemApi.csrfToken.path, getpdfApi.start.path, getpdfApi.check.path]);

/** Session and CSRF cookies the extension's requests carry (SameSite=None; Secure; HttpOnly: lib/cookies.ts). */
export const EXT_SESSION_COOKIE = "daryaft_ext_session" as const;
export const EXT_CSRF_COOKIE = "daryaft_ext_csrf" as const;

/** Whether this request is our extension calling one of the paths it may use. */
export function fromExtension(c: Context<AppEnv>): boolean {
  return isDaryaftExtensionOrigin(c.req.header("origin")) && EXTENSION_PATHS.has(c.req.path);
}

/**
 * Whether the extension's call may carry the user's session. Only the Chromium build's origin is
 * ours alone (fixed by the manifest key); a moz-extension:// origin is a random per-install UUID
 * that any Firefox extension has, so such a call is answered as a guest's (open access only; the
 * popup sends the user to the site for the rest). Otherwise any installed extension, without a
 * host permission, could spend the user's credits through these paths.
 */
export function extensionMayUseSession(c: Context<AppEnv>): boolean {
  return isPinnedExtensionOrigin(c.req.header("origin")) && EXTENSION_PATHS.has(c.req.path);
}

/** An extension origin that is not our pinned Chromium one calling the extension paths: always a guest. */
export function fromUnpinnedExtension(c: Context<AppEnv>): boolean {
  return fromExtension(c) && !isPinnedExtensionOrigin(c.req.header("origin"));
}

/** Answers the preflight and adds the CORS headers for the extension; leaves every other request alone. */
export function extensionCors(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!fromExtension(c)) return next();
    const origin = c.req.header("origin")!;
    const headers = { "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true", Vary: "Origin" };
    if (c.req.method === "OPTIONS") {
      return c.body(null, 204, {
        ...headers,
        "Access-Control-Allow-Methods": "GET, POST",
        "Access-Control-Allow-Headers": "Content-Type, X-CSRF-TOKEN, Accept",
        "Access-Control-Max-Age": "600",
      });
    }
    await next();
    for (const [k, v] of Object.entries(headers)) c.res.headers.set(k, v);
  };
}
