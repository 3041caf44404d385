import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { ProgressBar } from "../../components/ui/progress-bar";
import { browserOnly } from "../../lib/hydration";
import { useSsrModule } from "../../lib/ssr-modules";
import { initialSearchType } from "./hash-shortcuts";
import { homeMessages as m } from "./messages";
import type { LinkPanelStart } from "./query-forms";

// Every panel is its own chunk so the search features can grow without weighing on the first
// paint. The panel the page opens with (type 1, or the type a home hash shortcut names) is
// requested as soon as this module runs, in parallel with the rest of the page, so it is usually
// there by the time it renders and nothing shifts when it arrives. Modules are found by their
// repository path, which also names them in the client build's asset map (the server puts the
// CSS of the panel it rendered into the page's head).
type Panel = ComponentType<LinkPanelStart>;
type PanelModule = { default: Panel };
// The server draws type 1 only (the hash, which names another, never reaches it): the others' code stays out of the Worker.
const panelModules = import.meta.env.SSR
  ? import.meta.glob<PanelModule>("/web/features/getpdf/panels/link-panel.tsx")
  : import.meta.glob<PanelModule>("/web/features/*/panels/*-panel.tsx");
const panelFiles: Record<number, string> = {
  1: "/web/features/getpdf/panels/link-panel.tsx",
  2: "/web/features/search/panels/article-search-panel.tsx",
  3: "/web/features/search/panels/book-search-panel.tsx",
  4: "/web/features/search/panels/thesis-search-panel.tsx",
  5: "/web/features/search/panels/standard-search-panel.tsx",
  6: "/web/features/vip/panels/direct-access-panel.tsx",
  7: "/web/features/vip/panels/vip-services-panel.tsx",
};

const requests = new Map<number, Promise<PanelModule>>();
/** The panel's module, requested once (a failed request is tried again next time). */
function request(type: number): Promise<PanelModule> {
  let pending = requests.get(type);
  if (!pending) {
    const load = panelModules[panelFiles[type] ?? ""];
    if (!load && !import.meta.env.SSR) throw new Error(`no panel module for type ${type}`);
    pending = load ? load() : browserOnly();
    requests.set(type, pending);
    pending.catch(() => requests.delete(type));
  }
  return pending;
}
if (!import.meta.env.SSR) void request(initialSearchType()).catch(() => {});

/** Panels whose code is already here (preloadPanels), drawn without suspending. */
const loaded = new Map<number, Panel>();
const lazies = new Map<number, Panel>();
function panelComponent(type: number): Panel {
  let component = loaded.get(type) ?? lazies.get(type);
  if (!component) lazies.set(type, (component = lazy(() => request(type))));
  return component;
}

/**
 * Loads these panels' code before the page hydrates (web/main.tsx), so the server's panel
 * hydrates in the first pass and a hash shortcut's panel replaces it without a loading state.
 */
export async function preloadPanels(types: number[]): Promise<void> {
  await Promise.all(types.map(async (type) => loaded.set(type, (await request(type)).default)));
}

function ChosenPanel({ type, linkStart }: { type: number; linkStart: LinkPanelStart }) {
  const known = panelFiles[type] ? type : 1;
  useSsrModule(panelFiles[known]!.slice(1));
  const Component = panelComponent(known);
  return known === 1 ? <Component {...linkStart} /> : <Component />;
}

/** Calls `onReady` once, when it first commits: inside the panel's Suspense, that is when the panel is in. */
function ReadySignal({ onReady }: { onReady?: () => void }) {
  useEffect(() => onReady?.(), []);
  return null;
}

/**
 * The search area below the selector: the chosen type's panel. `onReady` tells the home page when
 * the first panel has arrived, so what sits below it can wait instead of being pushed down by it.
 */
export function SearchPanel({ type, linkStart, onReady }: { type: number; linkStart: LinkPanelStart; onReady?: () => void }) {
  return (
    <div className="search-panel" data-search-type={type}>
      <Suspense fallback={<ProgressBar isIndeterminate aria-label={m.panelLoading} />}>
        <ReadySignal onReady={onReady} />
        <ChosenPanel type={type} linkStart={linkStart} />
      </Suspense>
    </div>
  );
}
