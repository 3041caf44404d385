import { getRouteApi, useLocation, useNavigate } from "@tanstack/react-router";
import { lazy, memo, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import type { SiteInfo } from "../../../contract/page-data";
import { useDocumentTitle } from "../../lib/document-title";
import { browserOnly, useHydrated } from "../../lib/hydration";
import { useNearViewport } from "../../lib/near-viewport";
import { usePageData } from "../../lib/page-data-context";
import { useSearchType, useUiState } from "../../lib/ui-state";
import { toast } from "../../components/ui/toast";
import { arrivalScroll, type ArrivalScroll } from "./arrival-scroll";
import { useHashShortcuts } from "./hash-shortcuts";
import { Icon } from "../../components/ui/icon";
import { InfoBox } from "./info-box";
import { homeMessages as m } from "./messages";
import { useHomeStarts } from "./pending-intent";
import { Banners, PromoText } from "./promo";
import { linkPanelStartFrom } from "./query-forms";
import { SearchPanel } from "./search-panel";
import { SearchTypeSelector } from "./search-type-selector";
import { DEFAULT_SEARCH_TYPE, searchTypeOptions } from "./search-types";
import { StatsStrip } from "./stats-strip";
import { UniversityBox } from "./university-box";
import "./home.css";

// Below the fold on phones and the only home part that needs react-aria's tabs and collections:
// its own chunk, fetched when its place comes near the viewport.
const HomeTabs = lazy(import.meta.env.SSR ? browserOnly : () => import("./home-tabs"));
// Only signed-in users without an institution see it: kept out of the entry chunk. The server draws
// its stand-in, and the box replaces it after hydration.
const EmailVerifyBox = lazy(import.meta.env.SSR ? browserOnly : () => import("./email-verify-box"));

const homeRoute = getRouteApi("/");

/**
 * Stands in for the e-mail box while its chunk loads, at its height: the same heading and text (which
 * decide how it wraps) and blocks the size of its field and button in the same wrapping row. A
 * shorter stand-in pushed the search types ~180 px down on phones when the box arrived (a layout
 * shift, and taps landing on the wrong search type).
 */
function EmailVerifyBoxSkeleton() {
  return (
    <div className="card home-box email-verify-box" aria-hidden="true">
      <div className="email-verify-box__head">
        <Icon name="building" size={30} />
        <div>
          <h2 className="home-box__title">{m.emailVerify.heading}</h2>
          <p className="home-box__text">{m.emailVerify.text}</p>
        </div>
      </div>
      <div className="email-verify-box__form">
        <div className="ui-field email-verify-box__skeleton-field" />
        <div className="email-verify-box__skeleton-button" />
      </div>
      <div />
    </div>
  );
}

const MemoSearchPanel = memo(SearchPanel);

/** What sits below the search panel: the latest-data tabs (fetched when they near the viewport), statistics, promo and banners. */
const BelowPanel = memo(function BelowPanel({ siteInfo, hasUniversity }: { siteInfo: SiteInfo; hasUniversity: boolean }) {
  const [tabsPlace, tabsNear] = useNearViewport<HTMLDivElement>();
  return (
    <>
      {tabsNear ? (
        <Suspense fallback={<div className="card home-tabs-placeholder" aria-hidden="true" />}>
          <HomeTabs />
        </Suspense>
      ) : (
        <div ref={tabsPlace} className="card home-tabs-placeholder" aria-hidden="true" />
      )}

      <StatsStrip info={siteInfo} />
      <PromoText />
      <Banners hasUniversity={hasUniversity} />
    </>
  );
});

function scrollToSearch() {
  document.getElementById("search-area")?.scrollIntoView?.({ block: "start" });
}

/** The home page (search spec §2): service box, search-type selector and panel, latest-data tabs, statistics, info text, banners. */
export function HomePage() {
  useDocumentTitle();
  const hydrated = useHydrated();
  const { universityInfo, showOldTabStandardSearch, siteInfo, isGuest } = usePageData();
  const { openDialog, openOfflineRequest, openPackageOffer } = useUiState();
  const { typeOfSearch, setTypeOfSearch } = useSearchType();
  const search = homeRoute.useSearch();
  const hash = useLocation({ select: (l) => l.hash });
  const navigate = useNavigate();

  const options = useMemo(() => searchTypeOptions({ showOldTabStandardSearch, hasUniversity: !!universityInfo }), [showOldTabStandardSearch, universityInfo]);
  const available = options.map((o) => o.id);
  // A type that is not offered (e.g. 7 for a university user) falls back to the default.
  const type = available.includes(typeOfSearch) ? typeOfSearch : DEFAULT_SEARCH_TYPE;

  // The query forms: the link panel is drawn with the box filled in, starts once hydrated, and the address is cleaned.
  const [initialLinkStart] = useState(() => linkPanelStartFrom(search));
  const linkStart = useHomeStarts(search, initialLinkStart, {
    isGuest,
    openDialog,
    openOfflineRequest,
    openPackageOffer,
    showLinkBox: () => setTypeOfSearch(1),
  });
  useEffect(() => {
    // ?login stays: after logging in, the auth dialog goes to / when the address carried it.
    if (search.getUrl || search.shared || search.getOfflineUrl)
      void navigate({ to: "/", search: search.login ? { login: true } : {}, hash: hash || undefined, replace: true, resetScroll: false });
  }, [search.getUrl, search.shared, search.getOfflineUrl]);
  useEffect(() => {
    if (search.login) openDialog("login");
    // The institution joining link lands here with its outcome: say it once, then clean the address.
    if (search.university_verify) {
      const text = m.verifyOutcome[search.university_verify] ?? m.verifyOutcome.invalid!;
      if (search.university_verify === "joined") toast.success(text);
      else toast.error(text);
      void navigate({ to: "/", search: {}, hash: hash || undefined, replace: true, resetScroll: false });
    }
    // Once, on arrival.
  }, []);

  // The choice paints at once (the tiles, the bottom tab bar); the panel follows in a render of its
  // own that a next choice can interrupt, keeping the shown panel until the new one's code is here.
  const panelType = useDeferredValue(type);

  // What sits below the search panel appears once the first panel is in and is the chosen one: drawn
  // earlier, it would be pushed down when the panel's chunk arrives, or when a hash shortcut's panel
  // replaces the server's type 1 after hydration (a layout shift on /#book and the like). A shortcut's
  // scroll to the search area waits for it too, or the footer would be scrolled into view and pushed.
  const [panelReady, setPanelReady] = useState(false);
  const [belowShown, setBelowShown] = useState(false);
  if (!belowShown && panelReady && panelType === type) setBelowShown(true);
  const scrollWhenReady = useRef<ArrivalScroll | null>(null);
  const onPanelReady = useCallback(() => setPanelReady(true), []);
  useEffect(() => {
    // A frame after the one that drew the content below the panel: scrolled in the same frame, the
    // footer would count as shown at the old page height and then pushed down.
    const later = scrollWhenReady.current;
    if (belowShown && later) {
      scrollWhenReady.current = null;
      requestAnimationFrame(() => requestAnimationFrame(later.run));
    }
  }, [belowShown]);
  useEffect(() => () => scrollWhenReady.current?.cancel(), []);

  useHashShortcuts({
    hash,
    availableTypes: available,
    setType: (t) => {
      setTypeOfSearch(t);
      if (belowShown) scrollToSearch();
      else {
        scrollWhenReady.current?.cancel();
        scrollWhenReady.current = arrivalScroll(scrollToSearch);
      }
    },
    clearHash: () => void navigate({ to: "/", search: (s) => s, hash: undefined, replace: true, resetScroll: false, hashScrollIntoView: false }),
  });

  return (
    <div className="container home">
      <h1 className="visually-hidden">{m.pageHeading}</h1>
      {universityInfo ? (
        <UniversityBox info={universityInfo} />
      ) : isGuest ? (
        <InfoBox />
      ) : hydrated ? (
        <Suspense fallback={<EmailVerifyBoxSkeleton />}>
          <EmailVerifyBox />
        </Suspense>
      ) : (
        <EmailVerifyBoxSkeleton />
      )}

      <section id="search-area" className="card search-area" aria-label={m.searchPrompt}>
        <SearchTypeSelector options={options} value={type} onChange={setTypeOfSearch} />
        {/* The shown panel is no longer the chosen one until the next is drawn: it takes no input meanwhile
            (what was typed into it would be lost) and is dimmed. */}
        <div className="search-panel-frame" inert={panelType !== type} data-stale={panelType !== type || undefined}>
          <MemoSearchPanel type={panelType} linkStart={linkStart} onReady={onPanelReady} />
        </div>
      </section>

      {belowShown && <BelowPanel siteInfo={siteInfo} hasUniversity={!!universityInfo} />}
    </div>
  );
}
