import type { UserInfo } from "../../../contract/user-info";

/**
 * When the mobile dialog opens by itself (accounts spec §4): once user info loads, never for a
 * university user; step 0 without a number, step 1 when SMS confirmation is on and the number is unverified.
 */
export function autoMobileStep(opts: { userInfo: UserInfo | null; userType: "ordinary" | "university"; mobileSmsConfirmation: boolean }): 0 | 1 | null {
  const { userInfo } = opts;
  if (!userInfo || opts.userType === "university") return null;
  if (!userInfo.mobile) return 0;
  if (opts.mobileSmsConfirmation && userInfo.mobile_verifed !== 1) return 1;
  return null;
}

/** Step 0 → 1 after a save only when SMS confirmation is on and the number is unverified; otherwise the dialog closes. */
export function stepAfterSave(opts: { mobileSmsConfirmation: boolean; verified: boolean }): 1 | "close" {
  return opts.mobileSmsConfirmation && !opts.verified ? 1 : "close";
}

/** After a login or registration: to / when the address carried ?login, or when a guest's buy/offline intent waits for the home page; else reload. */
export function destinationAfterSignIn(location: { pathname: string; search: string }, hasPendingIntent: boolean): "reload" | "/" {
  if (new URLSearchParams(location.search).has("login")) return "/";
  if (hasPendingIntent && location.pathname !== "/") return "/";
  return "reload";
}
