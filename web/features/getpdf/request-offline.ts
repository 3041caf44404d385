import { usePageData } from "../../lib/page-data-context";
import { savePendingIntent } from "../../lib/pending-intent";
import { useUiState } from "../../lib/ui-state";

/**
 * Opens the offline request prefilled with what the user typed (a title or reference the match
 * got wrong); a guest is sent to login first and the intent is kept.
 */
export function useRequestOfflineForText(): (text: string) => void {
  const { isGuest } = usePageData();
  const { openDialog, openOfflineRequest } = useUiState();
  return (text) => {
    if (isGuest) {
      savePendingIntent({ run: "offline", url: text });
      openDialog("login");
    } else openOfflineRequest({ url: text, canEdit: true, kind: "article" });
  };
}
