import { useCallback } from "react";
import { authApi } from "../../../contract/endpoints/auth";
import { call } from "../../lib/api";
import { messages } from "../../lib/messages";
import { usePageData } from "../../lib/page-data-context";
import { toast } from "../ui/toast";

/** POST /logout, forget the user, then reload (accounts spec §4); a failure shows the generic error toast. */
export function useLogout(after: "reload" | "home" = "reload") {
  const { setUserInfo } = usePageData();
  return useCallback(async () => {
    try {
      await call(authApi.logout);
    } catch (e) {
      const status = (e as { status?: number }).status ?? 0;
      toast.error(status ? messages.errorCode(status) : messages.network);
      return false;
    }
    setUserInfo(null);
    if (after === "home") window.location.assign("/");
    else window.location.reload();
    return true;
  }, [setUserInfo, after]);
}
