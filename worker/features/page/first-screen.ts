/**
 * The page's first screen, rendered by the SPA's server entry (a RenderPage from the composition
 * root). A guest's markup depends only on the path and the page data, which is the same for every
 * guest until the shared data changes, so it is kept per isolate: keyed by path, valid while the
 * page data is the very same JSON and for SHARED_TTL_MS, and dropped with the shared cache on an
 * admin change (docs/decisions/0010-server-rendered-first-screen.md). Signed-in users' pages are
 * rendered per request. Nothing per request (the CSRF token) is in the markup.
 */
import type { RenderedPage, RenderPage } from "../../../contract/page-render";
import type { PageData } from "../../../contract/page-data";
import { onSharedInvalidated, SHARED_TTL_MS } from "../../lib/shared-cache";

type Entry = { at: number; data: string; page: Promise<RenderedPage> };

/** Paths with parameters (/directaccess/:id) are many: the cache holds this many, the oldest goes first. */
const MAX_ENTRIES = 64;
const guestPages = new Map<string, Entry>();
onSharedInvalidated(() => guestPages.clear());

export type FirstScreenRequest = { url: URL; pageData: PageData; pageDataJson: string; now: number };

/** The rendered page, from the guest cache when it can be. */
export function firstScreen(render: RenderPage, { url, pageData, pageDataJson, now }: FirstScreenRequest): Promise<RenderedPage> {
  // Query strings (?getUrl=…) prefill the page, and are anyone's to vary: those render per request.
  const cacheable = pageData.isGuest && url.search === "";
  if (!cacheable) return render({ url: url.href, pageData });
  const key = url.pathname;
  const hit = guestPages.get(key);
  if (hit && hit.data === pageDataJson && now >= hit.at && now - hit.at < SHARED_TTL_MS) return hit.page;
  const page = render({ url: url.href, pageData });
  const entry = { at: now, data: pageDataJson, page };
  guestPages.delete(key);
  guestPages.set(key, entry);
  if (guestPages.size > MAX_ENTRIES) guestPages.delete(guestPages.keys().next().value!);
  page.catch(() => {
    if (guestPages.get(key) === entry) guestPages.delete(key);
  });
  return page;
}
