import type * as profileContract from "../profile";
import { endpoint } from "../endpoint";

/** The profile page: details, email, password and sessions (worker/features/profile/routes.ts). */
export const profileApi = {
  details: endpoint<{ response: typeof profileContract.ProfileDetails }>()("get", "/profile/ajax/details"),
  updateDetails: endpoint<{ body: typeof profileContract.UpdateDetailsInput; response: typeof profileContract.ProfileOk }>()("post", "/profile/ajax/details"),
  changeEmail: endpoint<{ body: typeof profileContract.EmailChangeInput; response: typeof profileContract.ProfileOk }>()("post", "/profile/ajax/email"),
  verifyEmail: endpoint<{ body: typeof profileContract.EmailVerifyInput; response: typeof profileContract.ProfileOk }>()("post", "/profile/email/verify"),
  changePassword: endpoint<{ body: typeof profileContract.PasswordChangeInput; response: typeof profileContract.ProfileOk }>()(
    "post",
    "/profile/ajax/password",
  ),
  endSession: endpoint<{ body: typeof profileContract.EndSessionInput; response: typeof profileContract.ProfileOk }>()("post", "/profile/ajax/sessions/end"),
  endOtherSessions: endpoint<{ response: typeof profileContract.ProfileOk }>()("post", "/profile/ajax/sessions/end_others"),
};
