import type * as commonContract from "../common";
import type * as authContract from "../auth";
import { endpoint } from "../endpoint";

/** Sign-in, registration, the mobile number and password reset (worker/features/auth/routes.ts). */
export const authApi = {
  login: endpoint<{ body: typeof authContract.LoginInput; response: typeof authContract.LoginResponse }>()("post", "/login"),
  logout: endpoint<{ response: typeof commonContract.OkBody }>()("post", "/logout"),
  register: endpoint<{ body: typeof authContract.RegisterInput; response: typeof authContract.LoginResponse }>()("post", "/register"),
  updateMobile: endpoint<{ body: typeof authContract.MobileInput; response: typeof commonContract.OkBody }>()("post", "/profile/ajax/mobile_update"),
  sendMobileCode: endpoint<{ body: typeof authContract.MobileInput; response: typeof commonContract.OkBody }>()("post", "/profile/send/mobile/code"),
  verifyMobile: endpoint<{ body: typeof authContract.MobileVerifyInput; response: typeof commonContract.OkBody }>()("post", "/profile/mobile/verify"),
  resetRequest: endpoint<{ body: typeof authContract.ResetRequestInput; response: typeof authContract.ResetRequestResponse }>()(
    "post",
    "/password/reset/request",
  ),
  resetConfirm: endpoint<{ body: typeof authContract.ResetConfirmInput; response: typeof authContract.ResetConfirmResponse }>()(
    "post",
    "/password/reset/confirm",
  ),
};
