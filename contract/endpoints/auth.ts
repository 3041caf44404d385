import type { OkBody } from "../common";
import type {
  LoginInput,
  LoginResponse,
  MobileInput,
  MobileVerifyInput,
  RegisterInput,
  ResetConfirmInput,
  ResetConfirmResponse,
  ResetRequestInput,
  ResetRequestResponse,
} from "../auth";
import { endpoint } from "../endpoint";

/** Sign-in, registration, the mobile number and password reset (worker/features/auth/routes.ts). */
export const authApi = {
  login: endpoint<{ body: typeof LoginInput; response: typeof LoginResponse }>()("post", "/login"),
  logout: endpoint<{ response: typeof OkBody }>()("post", "/logout"),
  register: endpoint<{ body: typeof RegisterInput; response: typeof LoginResponse }>()("post", "/register"),
  updateMobile: endpoint<{ body: typeof MobileInput; response: typeof OkBody }>()("post", "/profile/ajax/mobile_update"),
  sendMobileCode: endpoint<{ body: typeof MobileInput; response: typeof OkBody }>()("post", "/profile/send/mobile/code"),
  verifyMobile: endpoint<{ body: typeof MobileVerifyInput; response: typeof OkBody }>()("post", "/profile/mobile/verify"),
  resetRequest: endpoint<{ body: typeof ResetRequestInput; response: typeof ResetRequestResponse }>()("post", "/password/reset/request"),
  resetConfirm: endpoint<{ body: typeof ResetConfirmInput; response: typeof ResetConfirmResponse }>()("post", "/password/reset/confirm"),
};
