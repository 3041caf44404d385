import type {
  EmailChangeInput,
  EmailVerifyInput,
  EndSessionInput,
  PasswordChangeInput,
  ProfileDetails,
  ProfileOk,
  UpdateDetailsInput,
} from "../profile";
import { endpoint } from "../endpoint";

/** The profile page: details, email, password and sessions (worker/features/profile/routes.ts). */
export const profileApi = {
  details: endpoint<{ response: typeof ProfileDetails }>()("get", "/profile/ajax/details"),
  updateDetails: endpoint<{ body: typeof UpdateDetailsInput; response: typeof ProfileOk }>()("post", "/profile/ajax/details"),
  changeEmail: endpoint<{ body: typeof EmailChangeInput; response: typeof ProfileOk }>()("post", "/profile/ajax/email"),
  verifyEmail: endpoint<{ body: typeof EmailVerifyInput; response: typeof ProfileOk }>()("post", "/profile/email/verify"),
  changePassword: endpoint<{ body: typeof PasswordChangeInput; response: typeof ProfileOk }>()("post", "/profile/ajax/password"),
  endSession: endpoint<{ body: typeof EndSessionInput; response: typeof ProfileOk }>()("post", "/profile/ajax/sessions/end"),
  endOtherSessions: endpoint<{ response: typeof ProfileOk }>()("post", "/profile/ajax/sessions/end_others"),
};
