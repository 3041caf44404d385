import { endpoints } from "../endpoint";
import { anyone, signedIn } from "../roles";

const api = endpoints({ tag: "auth", schemas: () => Promise.all([import("../auth"), import("../common")]) });

/** Sign-in, registration, the mobile number and password reset (worker/features/auth/routes.ts). */
export const authApi = {
  login: api.post("/login", {
    summary: "Log in by mobile, e-mail or username (`email` field); `remember` keeps the session 30 days. Answers [userInfo].",
    roles: anyone,
    body: (s) => s.LoginInput,
    response: (s) => s.LoginResponse,
  }),
  logout: api.post("/logout", {
    summary: "Log out: revokes the session row; answers ok even when already logged out",
    roles: anyone,
    response: (s) => s.OkBody,
  }),
  register: api.post("/register", {
    summary: "Register (name, email, mobile, password, password_confirmation) and sign in; 422 lists the first message per field",
    roles: anyone,
    body: (s) => s.RegisterInput,
    response: (s) => s.LoginResponse,
  }),
  updateMobile: api.post("/profile/ajax/mobile_update", {
    summary:
      "Mobile dialog step 0: save the mobile number (unverified until its code is entered); current_password is needed to replace a verified number, or any number once the account is past its first hour",
    roles: signedIn,
    body: (s) => s.MobileInput,
    response: (s) => s.OkBody,
  }),
  sendMobileCode: api.post("/profile/send/mobile/code", {
    summary: "Mobile dialog step 1: send a 6-digit code (valid 4 minutes; resend after 240 s; 5 a day per number)",
    roles: signedIn,
    body: (s) => s.MobileInput,
    response: (s) => s.OkBody,
  }),
  verifyMobile: api.post("/profile/mobile/verify", {
    summary: "Mobile dialog step 2: check the code (5 tries per code)",
    roles: signedIn,
    body: (s) => s.MobileVerifyInput,
    response: (s) => s.OkBody,
  }),
  resetRequest: api.post("/password/reset/request", {
    summary:
      "Password reset: SMS code to a mobile, or a one-hour single-use link to the e-mail of an e-mail/username; same answer whether or not the account exists",
    roles: anyone,
    body: (s) => s.ResetRequestInput,
    response: (s) => s.ResetRequestResponse,
  }),
  resetConfirm: api.post("/password/reset/confirm", {
    summary: "Password reset: new password with the SMS code (and the mobile) or the link's token; ends every session",
    roles: anyone,
    body: (s) => s.ResetConfirmInput,
    response: (s) => s.ResetConfirmResponse,
  }),
};
