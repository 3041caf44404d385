import { useEffect } from "react";
import type { GetPdfResult } from "../../../contract/getpdf";
import { usePageData } from "../../lib/page-data-context";
import { useUiState } from "../../lib/ui-state";

/**
 * Accounts-and-purchases §4: a signed-in user's link download that ends `offline` with
 * `can_edit: false` (DOI and title known: the request is fully determined) opens the offline
 * request dialog by itself, read-only, with the 5-second countdown and the submit at 6 s; any edit
 * or closing cancels it there. A guest keeps the result dialog's button (login, then the saved
 * intent resumes the same way).
 */
export function useAutoOfflineRequest(result: GetPdfResult | null, enabled: boolean, close: () => void) {
  const { isGuest } = usePageData();
  const { openOfflineRequest } = useUiState();
  const due = enabled && !isGuest && result?.status === "offline" && result.can_edit === false ? result : null;
  useEffect(() => {
    if (!due) return;
    close();
    openOfflineRequest({
      url: due.url ?? undefined,
      doi: due.doi ?? undefined,
      desc: due.desc ?? undefined,
      canEdit: false,
      autoSubmit: true,
      kind: "article",
    });
    // Once per result.
  }, [due?.id]);
}
