// The app, imported by web/boot.ts after the first paint.
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppRoot } from "./app-root";
import { createAppRouter, createQueryClient } from "./router";
import { reportHydrationError } from "./lib/hydration";
import { initialSearchType } from "./features/home/hash-shortcuts";
import { preloadPanels } from "./features/home/search-panel";
import { registerServiceWorker } from "./lib/service-worker";
import { emptyPageData, readPageData } from "./lib/page-data";
import { sessionOf } from "./lib/route-data";

const rootElement = document.getElementById("root")!;
const serverMarkup = !!rootElement.firstElementChild;
const queryClient = createQueryClient();
const router = createAppRouter({ queryClient, session: sessionOf(readPageData() ?? emptyPageData), deferData: serverMarkup });

/**
 * The Worker sent this page's first screen (web/entry-server.tsx): hydrate it. First the router
 * resolves the route and loads its page's code (preloaded by the head), and on home the panels load
 * (the server's type 1, and the one a hash shortcut names, which replaces it after hydration without
 * a loading state), so the first render is the server's markup, whole. `router.ssr` makes the router
 * render as it did on the server (no Suspense around the root match).
 */
async function hydrate() {
  router.ssr = { manifest: undefined };
  const panels = location.pathname === "/" ? preloadPanels([1, initialSearchType()]).catch(() => {}) : null;
  await Promise.all([router.load(), panels]);
  hydrateRoot(rootElement, <AppRoot router={router} queryClient={queryClient} />, { onRecoverableError: reportHydrationError });
}

// Not a top-level await: the entry chunk would then keep none of the modules it shares with lazy chunks.
if (serverMarkup) void hydrate();
// No server markup (a redirecting route, or a render that failed): draw the page here, starting on
// the search type a home hash shortcut names.
else createRoot(rootElement).render(<AppRoot router={router} queryClient={queryClient} initialTypeOfSearch={initialSearchType()} />);

// zod's Persian messages for client forms, in their own chunk, fetched at the first interaction:
// no form validates before someone points, taps, types or tabs, and the page load skips zod.
const loadZodLocale = () => {
  for (const type of INTERACTIONS) removeEventListener(type, loadZodLocale, true);
  void import("./lib/zod-locale");
};
const INTERACTIONS = ["pointerdown", "keydown", "focusin", "touchstart"] as const;
for (const type of INTERACTIONS) addEventListener(type, loadZodLocale, { capture: true, passive: true });

// Repeat visits take the build's files from the service worker's cache; pages never (web/sw/policy.ts).
registerServiceWorker();
