/**
 * What the service worker does with a request (web/sw/service-worker.ts). Pure, so the rule that
 * keeps private data out of the cache is tested on its own (policy.test.ts).
 *
 * - `static`: Vite's build output under /assets/. Every name carries its content hash, so a cached
 *   copy can never be stale, and nothing there is per user (scripts, styles, fonts, images of the
 *   build). Served from the cache, fetched and kept on a miss.
 * - `navigate`: a page. Never cached: its HTML carries the signed-in user's page data and CSRF token.
 *   Always from the network (with navigation preload); only when the network fails, a built-in
 *   offline page that names nobody.
 * - `pass`: everything else goes to the network untouched, never into the cache: the API, /files
 *   (signed, per-user documents), /dev, /share, /sw.js, the manifest and icons, other origins, any
 *   method but GET.
 */
export type RequestPolicy = "static" | "navigate" | "pass";

/** Vite's hashed output: `/assets/<name>-<hash>.<ext>`, one level, no query. */
const HASHED_ASSET = /^\/assets\/[A-Za-z0-9._-]+-[A-Za-z0-9_-]{8,}\.(?:js|css|woff2?|ttf|svg|png|jpe?g|webp|avif|gif|ico)$/;

export function requestPolicy(request: { url: string; method: string; mode: string }, origin: string): RequestPolicy {
  if (request.method !== "GET") return "pass";
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return "pass";
  }
  if (url.origin !== origin) return "pass";
  if (request.mode === "navigate") return "navigate";
  if (url.search === "" && HASHED_ASSET.test(url.pathname)) return "static";
  return "pass";
}

/** Only whole, plain, same-origin answers are kept (no errors, no partial ranges, nothing marked private or no-store). */
export function cacheable(response: { ok: boolean; status: number; type: string; headers: { get(name: string): string | null } }): boolean {
  if (!response.ok || response.status !== 200 || response.type !== "basic") return false;
  const cc = response.headers.get("Cache-Control") ?? "";
  return !/\b(?:no-store|private)\b/i.test(cc) && !response.headers.get("Set-Cookie");
}

/** This build's cache; older builds' caches are deleted when it activates. */
export const CACHE_PREFIX = "daryaft-static-";
export const cacheName = (buildId: string) => `${CACHE_PREFIX}${buildId}`;
