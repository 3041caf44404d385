/**
 * Daryaft's service worker, built into /sw.js by vite.config.ts (`serviceWorker()`), which fills in
 * the build's id, the files to keep ahead (the app's entry scripts, styles and the two Persian fonts
 * the page preloads) and the font the offline page uses. What it does per request: policy.ts.
 * Repeat visits take the build's files from the cache (no revalidation round trips); pages always
 * come from the network, so a signed-in user never sees a stored page, nobody else's included.
 */
import { offlinePage } from "./offline-page";
import { cacheable, cacheName, CACHE_PREFIX, requestPolicy } from "./policy";

declare const __BUILD_ID__: string;
declare const __PRECACHE__: string[];
declare const __OFFLINE_FONT__: string | null;

/** The parts of the service worker's global scope used here (the web project's types are the page's). */
type ExtendableEvent = Event & { waitUntil(p: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; preloadResponse: Promise<Response | undefined>; respondWith(r: Promise<Response> | Response): void };
type ServiceWorkerScope = {
  addEventListener(type: "install" | "activate", listener: (e: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (e: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  location: Location;
  registration: { navigationPreload?: { enable(): Promise<void> } };
};
const sw = globalThis as unknown as ServiceWorkerScope;

const CACHE = cacheName(__BUILD_ID__);
const ORIGIN = sw.location.origin;

sw.addEventListener("install", (event) => {
  // A file that fails to arrive is fetched on first use instead: installing never fails for it.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => Promise.allSettled(__PRECACHE__.map((path) => cache.add(path))))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Earlier builds' files, and anything else of ours not of this build.
      for (const name of await caches.keys()) if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      await sw.registration.navigationPreload?.enable().catch(() => undefined);
    })(),
  );
});

sw.addEventListener("fetch", (event) => {
  const policy = requestPolicy(event.request, ORIGIN);
  if (policy === "static") event.respondWith(fromCache(event.request));
  else if (policy === "navigate") event.respondWith(fromNetwork(event));
  // "pass": not answered here, the browser goes to the network as if there were no service worker.
});

async function fromCache(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (cacheable(response)) await cache.put(request, response.clone()).catch(() => undefined);
  return response;
}

/** A page: the preloaded or fetched answer, never stored; the offline page only when the network fails. */
async function fromNetwork(event: FetchEvent): Promise<Response> {
  try {
    const preloaded = await event.preloadResponse.catch(() => undefined);
    return preloaded ?? (await fetch(event.request));
  } catch {
    return new Response(offlinePage(__OFFLINE_FONT__), { status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
  }
}
