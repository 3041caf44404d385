import { useEffect, useRef, useState } from "react";
import { clearPendingIntent, readPendingIntent, sameDocument, takePendingIntent } from "../../lib/pending-intent";
import type { DialogName, OfflineRequestPrefill, PackageOfferFor } from "../../lib/ui-state";
import type { HomeSearch, LinkPanelStart } from "./query-forms";

type Openers = {
  isGuest: boolean;
  openDialog(name: DialogName): void;
  openOfflineRequest(prefill: OfflineRequestPrefill): void;
  openPackageOffer(purpose: PackageOfferFor): void;
  /** Shows the link box (type 1), where a document is started. */
  showLinkBox(): void;
};

/**
 * The home page's starts (search spec §2 query forms, accounts spec §4 pending intent), decided
 * once the page is the browser's (the server draws only the box filled in from ?getUrl=):
 * - ?getUrl=X (or ?shared=X, from the installed app's share target) starts X at once. Any site can link here, so it starts without spending: free
 *   copies are served at once and a licensed one asks first — unless the signed-in user's own
 *   pending purchase was for X (they came back from the bank): then it spends and downloads.
 * - ?getOfflineUrl=X opens the offline request for X, submitted by itself only when the user paid
 *   for exactly that request.
 * - Without a query form, a signed-in user's interrupted action resumes: a document they wanted
 *   is started again (spending, as they asked for it), a plain buy opens the package offer, an
 *   offline request opens prefilled. Only on arrival, never when signing in on this page flips
 *   the user (the page reloads then, and the action must survive that reload).
 * Runs on arrival and whenever an in-app navigation brings a query form (a wallet purchase
 * returns to /?getUrl= without reloading the page).
 */
export function useHomeStarts(search: HomeSearch, initial: LinkPanelStart, o: Openers): LinkPanelStart {
  const [start, setStart] = useState(initial);
  const ids = useRef(0);
  const latest = useRef(o);
  latest.current = o;
  const arrived = useRef(false);

  useEffect(() => {
    const { isGuest, openDialog, openOfflineRequest, openPackageOffer, showLinkBox } = latest.current;
    const firstRun = !arrived.current;
    arrived.current = true;
    if (search.getUrl || search.shared) {
      // Shared to the installed app (/share → /?shared=) starts as a link to /?getUrl= does.
      const url = (search.getUrl ?? search.shared)!;
      const paid = !isGuest && takePendingIntent((i) => i.run === "buy" && sameDocument(i.url, url)) !== null;
      showLinkBox();
      setStart((s) => ({ ...s, autoStart: { id: ++ids.current, url, spend: paid } }));
      return;
    }
    if (search.getOfflineUrl) {
      const url = search.getOfflineUrl;
      const paid = !isGuest && takePendingIntent((i) => i.run === "offline" && sameDocument(i.url, url)) !== null;
      showLinkBox();
      setStart((s) => ({ ...s, offlineStart: { id: ++ids.current, url, doi: search.doi, desc: search.desc, auto: paid } }));
      return;
    }
    if (!firstRun || isGuest) return;
    const intent = readPendingIntent();
    // A reading list's purchase is finished by the list's page.
    if (!intent || intent.run === "batch") return;
    clearPendingIntent();
    if (intent.run === "buy" && intent.url) {
      showLinkBox();
      setStart((s) => ({ ...s, autoStart: { id: ++ids.current, url: intent.url!, spend: true } }));
    } else if (intent.run === "buy") {
      if (intent.need) openPackageOffer({ need: intent.need });
      else openDialog("packageOffer");
    }
    // A fully determined request (can_edit false) resumes as it would have opened: read-only, with the countdown.
    else
      openOfflineRequest({
        url: intent.url,
        doi: intent.doi,
        desc: intent.desc,
        ...(intent.canEdit === false ? { canEdit: false, autoSubmit: true, kind: "article" as const } : {}),
      });
  }, [search.getUrl, search.shared, search.getOfflineUrl]);

  return start;
}
