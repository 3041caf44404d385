import { Hono } from "hono";
import {
  authMessages,
  LoginInput,
  LoginResponse,
  MobileInput,
  MobileVerifyInput,
  RegisterInput,
  ResetConfirmInput,
  ResetConfirmResponse,
  ResetRequestInput,
  ResetRequestResponse,
} from "../../../contract/auth";
import { OkBody } from "../../../contract/common";
import type { AppEnv } from "../../lib/context";
import { defineEndpoint } from "../../lib/endpoint";
import { anyone, signedIn, type UserRow } from "../../lib/roles";
import { services } from "../../services";
import { writeCookie } from "../../lib/cookies";
import { authDeps, DEVICE_COOKIE, DEVICE_COOKIE_MS } from "./deps";
import { saveMobile, sendMobileCode, verifyMobile } from "./mobile";
import { confirmPasswordReset, requestPasswordReset } from "./password-reset";
import { authenticate, deviceToken, registerUser } from "./service";
import { clearSessionCookie, createSession, revokeSession } from "./sessions";
import { buildUserInfo } from "./user-info";
import type { Context } from "hono";

export const authRoutes = new Hono<AppEnv>();

/** Starts a fresh session for the user; the caller's old session (if any) is revoked, so the id always rotates. */
async function signIn(c: Context<AppEnv>, user: UserRow, remember: boolean) {
  const now = c.var.now();
  if (c.var.session) await revokeSession(c.var.db, c.var.session.id, now);
  await createSession(c, user.id, { remember });
  writeCookie(c, DEVICE_COOKIE, await deviceToken(services(c).signingSecret, user.id), { maxAge: DEVICE_COOKIE_MS / 1000 });
  c.set("user", user);
  return c.json([await buildUserInfo(c.var.db, user, now)] satisfies LoginResponse);
}

defineEndpoint(
  authRoutes,
  {
    method: "post",
    path: "/login",
    summary: "Log in by mobile, e-mail or username (`email` field); `remember` keeps the session 30 days. Answers [userInfo].",
    roles: anyone,
    body: LoginInput,
    response: LoginResponse,
    tag: "auth",
  },
  async (c, { body }) => {
    const user = await authenticate(authDeps(c), { identifier: body.email, password: body.password });
    return signIn(c, user, body.remember === true);
  },
);

defineEndpoint(
  authRoutes,
  {
    method: "post",
    path: "/logout",
    summary: "Log out: revokes the session row; answers ok even when already logged out",
    roles: anyone,
    response: OkBody,
    tag: "auth",
  },
  async (c) => {
    if (c.var.session) await revokeSession(c.var.db, c.var.session.id, c.var.now());
    clearSessionCookie(c);
    return c.json({ status: "ok" as const });
  },
);

defineEndpoint(
  authRoutes,
  {
    method: "post",
    path: "/register",
    summary: "Register (name, email, mobile, password, password_confirmation) and sign in; 422 lists the first message per field",
    roles: anyone,
    body: RegisterInput,
    response: LoginResponse,
    tag: "auth",
  },
  async (c, { body }) => {
    const user = await registerUser(authDeps(c), body);
    return signIn(c, user, false);
  },
);

defineEndpoint(
  authRoutes,
  {
    method: "post",
    path: "/profile/ajax/mobile_update",
    summary:
      "Mobile dialog step 0: save the mobile number (unverified until its code is entered); current_password is needed to replace a verified number, or any number once the account is past its first hour",
    roles: signedIn,
    body: MobileInput,
    response: OkBody,
    tag: "auth",
  },
  async (c, { body, user }) => {
    await saveMobile(authDeps(c), user, body.mobile, body.current_password);
    return c.json({ status: "ok" as const });
  },
);

defineEndpoint(
  authRoutes,
  {
    method: "post",
    path: "/profile/send/mobile/code",
    summary: "Mobile dialog step 1: send a 6-digit code (valid 4 minutes; resend after 240 s; 5 a day per number)",
    roles: signedIn,
    body: MobileInput,
    response: OkBody,
    tag: "auth",
  },
  async (c, { body, user }) => {
    await sendMobileCode(authDeps(c), user, body.mobile, body.current_password);
    return c.json({ status: "ok" as const });
  },
);

defineEndpoint(
  authRoutes,
  {
    method: "post",
    path: "/profile/mobile/verify",
    summary: "Mobile dialog step 2: check the code (5 tries per code)",
    roles: signedIn,
    body: MobileVerifyInput,
    response: OkBody,
    tag: "auth",
  },
  async (c, { body, user }) => {
    await verifyMobile(authDeps(c), user, body.code);
    return c.json({ status: "ok" as const });
  },
);

defineEndpoint(
  authRoutes,
  {
    method: "post",
    path: "/password/reset/request",
    summary:
      "Password reset: SMS code to a mobile, or a one-hour single-use link to the e-mail of an e-mail/username; same answer whether or not the account exists",
    roles: anyone,
    body: ResetRequestInput,
    response: ResetRequestResponse,
    tag: "auth",
  },
  async (c, { body }) => {
    const { channel } = await requestPasswordReset(authDeps(c), body.identifier);
    return c.json({ status: "ok" as const, channel, message: channel === "sms" ? authMessages.resetSentSms : authMessages.resetSentEmail });
  },
);

defineEndpoint(
  authRoutes,
  {
    method: "post",
    path: "/password/reset/confirm",
    summary: "Password reset: new password with the SMS code (and the mobile) or the link's token; ends every session",
    roles: anyone,
    body: ResetConfirmInput,
    response: ResetConfirmResponse,
    tag: "auth",
  },
  async (c, { body }) => {
    const { userId } = await confirmPasswordReset(authDeps(c), body);
    // The caller's own session went with the others.
    if (c.var.user?.id === userId) clearSessionCookie(c);
    return c.json({ status: "ok" as const, message: authMessages.resetDone });
  },
);
