import { savePendingIntent } from "../../lib/pending-intent";
import { usePageData } from "../../lib/page-data-context";
import { useUiState } from "../../lib/ui-state";
import { NativeButton } from "../ui/native-button";
import { Icon } from "../ui/icon";
import { shellMessages as m } from "./messages";

/**
 * The always-present offline request button. Signed-in users get the offline request dialog;
 * guests have the intent saved for after login (accounts spec §4) and see the login dialog.
 */
export function FloatingOfflineButton() {
  const { isGuest } = usePageData();
  const { openDialog, openOfflineRequest } = useUiState();
  // The dock gives the button a place of its own (shell.css): it is never drawn over the page.
  return (
    <div className="offline-dock">
      <NativeButton
        variant="secondary"
        className="offline-fab"
        onClick={() => {
          if (isGuest) {
            savePendingIntent({ run: "offline" });
            openDialog("login");
          } else openOfflineRequest({});
        }}
      >
        <Icon name="offline" size={22} />
        <span className="offline-fab__label">{m.offlineRequest}</span>
      </NativeButton>
    </div>
  );
}
