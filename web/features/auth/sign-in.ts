import type { UserInfo } from "../../../contract/user-info";
import { readPendingIntent } from "../../lib/pending-intent";
import { toast } from "../../components/ui/toast";
import { destinationAfterSignIn } from "./rules";

/** Long enough to see the green toast before the page reloads. */
const RELOAD_DELAY_MS = 700;

/**
 * Login success (accounts spec §4): keep the first element of the answer as user info, show the
 * green toast, close the dialog, then reload (or go to / after ?login, or when a guest's intent waits on the home page).
 */
export function completeSignIn(info: UserInfo, opts: { setUserInfo(info: UserInfo): void; close(): void; message: string }) {
  opts.setUserInfo(info);
  toast.success(opts.message);
  opts.close();
  const target = destinationAfterSignIn(window.location, readPendingIntent() !== null);
  window.setTimeout(() => {
    if (target === "/") window.location.assign("/");
    else window.location.reload();
  }, RELOAD_DELAY_MS);
}
