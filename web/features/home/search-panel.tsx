import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { ProgressBar } from "../../components/ui/progress-bar";
import { initialSearchType } from "./hash-shortcuts";
import { homeMessages as m } from "./messages";
import type { LinkPanelStart } from "./query-forms";

// Every panel is its own chunk so the search features can grow without weighing on the first
// paint. The panel the page opens with (type 1, or the type a home hash shortcut names) is
// requested as soon as this module runs, in parallel with the rest of the page, so it is usually
// there by the time it renders and nothing shifts when it arrives.
const loaders: Record<number, () => Promise<{ default: ComponentType<never> }>> = {
  1: () => import("../getpdf/panels/link-panel"),
  2: () => import("../search/panels/article-search-panel"),
  3: () => import("../search/panels/book-search-panel"),
  4: () => import("../search/panels/thesis-search-panel"),
  5: () => import("../search/panels/standard-search-panel"),
  6: () => import("../vip/panels/direct-access-panel"),
  7: () => import("../vip/panels/vip-services-panel"),
};
const firstType = initialSearchType();
const firstRequest = loaders[firstType]!();
function panel<P>(type: number) {
  const load = loaders[type]!;
  return lazy(() => (type === firstType ? firstRequest.catch(load) : load()) as Promise<{ default: ComponentType<P> }>);
}
const LinkPanel = panel<LinkPanelStart>(1);
const ArticleSearchPanel = panel<object>(2);
const BookSearchPanel = panel<object>(3);
const ThesisSearchPanel = panel<object>(4);
const StandardSearchPanel = panel<object>(5);
const DirectAccessPanel = panel<object>(6);
const VipServicesPanel = panel<object>(7);

function Panel({ type, linkStart }: { type: number; linkStart: LinkPanelStart }) {
  switch (type) {
    case 2:
      return <ArticleSearchPanel />;
    case 3:
      return <BookSearchPanel />;
    case 4:
      return <ThesisSearchPanel />;
    case 5:
      return <StandardSearchPanel />;
    case 6:
      return <DirectAccessPanel />;
    case 7:
      return <VipServicesPanel />;
    default:
      return <LinkPanel {...linkStart} />;
  }
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
        <Panel type={type} linkStart={linkStart} />
      </Suspense>
    </div>
  );
}
