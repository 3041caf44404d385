/**
 * Isolate-level cache of data that is the same for every visitor (news, blog posts, price packages,
 * contact settings, the direct-access catalogue). Entries live SHARED_TTL_MS by the request clock
 * (`c.var.now()`, which tests move) and are dropped at once by `invalidateShared()` after any
 * successful admin change handled by this isolate (see `invalidateOnAdminChange` in app.ts).
 *
 * Across isolates (production runs many) another isolate keeps its copy until its TTL ends, so an
 * admin change is seen everywhere within SHARED_TTL_MS: bounded staleness, see
 * docs/decisions/0008-shared-data-cache.md. Never put anything per user, per session or with a CSRF
 * token here.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";

export const SHARED_TTL_MS = 30_000;

type Entry = { at: number; value: Promise<unknown> };
const entries = new Map<string, Entry>();

/**
 * The cached value of `key`, or `load()`'s result stored for SHARED_TTL_MS. Concurrent misses
 * share one load; a failed load is not kept.
 */
export function shared<T>(key: string, now: number, load: () => Promise<T>): Promise<T> {
  const hit = entries.get(key);
  // `now < hit.at` too: a test clock moved backwards must not see a value from its "future".
  if (hit && now >= hit.at && now - hit.at < SHARED_TTL_MS) return hit.value as Promise<T>;
  const value = load();
  const entry = { at: now, value };
  entries.set(key, entry);
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}

/** Caches kept elsewhere that are derived from shared data (the guests' page markup) and drop with it. */
const derived = new Set<() => void>();

/** Registers `drop` to run whenever the shared entries are dropped. */
export function onSharedInvalidated(drop: () => void): void {
  derived.add(drop);
}

/** Drops every shared entry in this isolate (an admin changed something), and what is derived from them. */
export function invalidateShared(): void {
  entries.clear();
  for (const drop of derived) drop();
}

/** After a successful non-GET request under /admin, the shared data may be stale: drop it. */
export function invalidateOnAdminChange(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.res.status < 400) invalidateShared();
  };
}
