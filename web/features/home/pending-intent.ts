import { useEffect } from "react";
import { clearPendingIntent, readPendingIntent } from "../../lib/pending-intent";
import type { DialogName, OfflineRequestPrefill } from "../../lib/ui-state";

/**
 * On home load a signed-in user's interrupted action resumes (accounts spec §4): a pending buy
 * opens the package offer, a pending offline request opens its dialog with the saved details (and,
 * when the result said can_edit false, read-only with the auto-submit countdown, as for a user).
 */
export function useResumePendingIntent({
  isGuest,
  openDialog,
  openOfflineRequest,
}: {
  isGuest: boolean;
  openDialog(name: DialogName): void;
  openOfflineRequest(prefill: OfflineRequestPrefill): void;
}) {
  useEffect(() => {
    if (isGuest) return;
    const intent = readPendingIntent();
    if (!intent) return;
    clearPendingIntent();
    if (intent.run === "buy") openDialog("packageOffer");
    // A fully determined request (can_edit false) resumes as it would have opened: read-only, with the countdown.
    else openOfflineRequest({ url: intent.url, doi: intent.doi, desc: intent.desc, ...(intent.canEdit === false ? { canEdit: false, autoSubmit: true, kind: "article" as const } : {}) });
    // Once per sign-in state: the openers are not dependencies on purpose.
  }, [isGuest]);
}
