import { lazy, Suspense } from "react";
import { ProgressBar } from "../../components/ui/progress-bar";
import { homeMessages as m } from "./messages";
import type { LinkPanelStart } from "./query-forms";

// Every panel is its own chunk so the search features can grow without weighing on the first
// paint. Type 1 is the default: its chunk is requested as soon as this module runs, in parallel
// with the rest of the page, so it is usually there by the time it renders.
const loadLinkPanel = () => import("../getpdf/panels/LinkPanel");
const linkPanelRequest = loadLinkPanel();
const LinkPanel = lazy(() => linkPanelRequest.catch(loadLinkPanel));
const ArticleSearchPanel = lazy(() => import("../search/panels/ArticleSearchPanel"));
const BookSearchPanel = lazy(() => import("../search/panels/BookSearchPanel"));
const ThesisSearchPanel = lazy(() => import("../search/panels/ThesisSearchPanel"));
const StandardSearchPanel = lazy(() => import("../search/panels/StandardSearchPanel"));
const DirectAccessPanel = lazy(() => import("../vip/panels/DirectAccessPanel"));
const VipServicesPanel = lazy(() => import("../vip/panels/VipServicesPanel"));

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

/** The search area below the selector: the chosen type's panel. */
export function SearchPanel({ type, linkStart }: { type: number; linkStart: LinkPanelStart }) {
  return (
    <div className="search-panel" data-search-type={type}>
      <Suspense fallback={<ProgressBar isIndeterminate aria-label={m.panelLoading} />}>
        <Panel type={type} linkStart={linkStart} />
      </Suspense>
    </div>
  );
}
