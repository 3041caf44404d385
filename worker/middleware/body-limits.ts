import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { pathMatches, type Endpoint } from "../../contract/endpoint";
import { offlineApi } from "../../contract/endpoints/offline";
import { vipApi } from "../../contract/endpoints/vip";
import { MAX_OFFLINE_FILE_BYTES } from "../../contract/offline";
import { MAX_UPLOAD_BYTES } from "../../contract/vip";
import type { AppEnv } from "../lib/context";
import { TEXT_BODY_MAX_BYTES } from "./body-budget";

const MB = 1024 * 1024;

/**
 * The routes that take a file larger than a text body, and who may send one (their roles). A body is read whole
 * before anything answers it (the part count, the CSRF check's `_token`, the form), and workerd
 * holds it several times over while a form is parsed: a guest's 24 MB multipart to any route
 * (allowed by a general 25 MB cap) made it hold 120 MB, a guest's 100 MB one to the desk's
 * delivery route 500 MB. So every other route, and these for anyone without the role, take no more
 * than a text body; the session is known before this runs.
 */
export const UPLOAD_ROUTES: { endpoint: Endpoint; maxSize: number }[] = [
  // Room past the file's own limit, so a file a little too large is told so by the form (422), not 413.
  { endpoint: vipApi.upload, maxSize: MAX_UPLOAD_BYTES + 5 * MB },
  { endpoint: vipApi.reportService, maxSize: MAX_UPLOAD_BYTES + 5 * MB },
  { endpoint: offlineApi.deliver, maxSize: MAX_OFFLINE_FILE_BYTES + MB },
];

/** The size a request's body may have: its upload route's when the caller has the role, else a text body's (413 past it). */
export function bodyLimits(tooLarge: Parameters<typeof bodyLimit>[0]["onError"]): MiddlewareHandler<AppEnv> {
  const text = bodyLimit({ maxSize: TEXT_BODY_MAX_BYTES, onError: tooLarge });
  const uploads = UPLOAD_ROUTES.map((u) => ({ ...u, limit: bodyLimit({ maxSize: u.maxSize, onError: tooLarge }) }));
  return (c, next) => {
    const roles = c.var.roles ?? [];
    const upload = uploads.find((u) => pathMatches(u.endpoint, c.req.path) && roles.some((r) => u.endpoint.roles.includes(r)));
    return (upload?.limit ?? text)(c, next);
  };
}
