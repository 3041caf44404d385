import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/context";

/** Past this, an unread body is cancelled rather than read (the connection may then close). */
const DRAIN_MAX_BYTES = 110 * 1024 * 1024;

/**
 * Reads whatever the handlers left of the request body before the answer goes out. A request
 * refused before its body was read (401, 403, 419, 404, 413, 503) otherwise leaves the body on
 * the connection; behind `vite preview` (miniflare's keep-alive pool to workerd) the next request
 * on that connection then failed with `TypeError: fetch failed`, a 500 the Worker never saw.
 */
export function drainUnreadBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const body = c.req.raw.body;
    if (!body || c.req.raw.bodyUsed || body.locked) return;
    const reader = body.getReader();
    try {
      let read = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        read += value.byteLength;
        if (read > DRAIN_MAX_BYTES) {
          await reader.cancel();
          return;
        }
      }
    } catch {
      // The client went away: nothing left to drain.
    } finally {
      reader.releaseLock();
    }
  };
}
