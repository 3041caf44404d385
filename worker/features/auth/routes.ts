import { Hono } from "hono";
import { authMessages, LoginResponse } from "../../../contract/auth";
import type { AppEnv } from "../../lib/context";
import { bindEndpoint } from "../../lib/endpoint";
import { type UserRow } from "../../lib/roles";
import { services } from "../../services";
import { writeCookie } from "../../lib/cookies";
import { authDeps, DEVICE_COOKIE, DEVICE_COOKIE_MS } from "./deps";
import { saveMobile, sendMobileCode, verifyMobile } from "./mobile";
import { confirmPasswordReset, requestPasswordReset } from "./password-reset";
import { authenticate, deviceToken, registerUser } from "./service";
import { clearSessionCookie, createSession, revokeSession } from "./sessions";
import { buildUserInfo } from "./user-info";
import type { Context } from "hono";
import { authApi } from "../../../contract/endpoints/auth";

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

bindEndpoint(authRoutes, authApi.login, async (c, { body }) => {
  const user = await authenticate(authDeps(c), { identifier: body.email, password: body.password });
  return signIn(c, user, body.remember === true);
});

bindEndpoint(authRoutes, authApi.logout, async (c) => {
  if (c.var.session) await revokeSession(c.var.db, c.var.session.id, c.var.now());
  clearSessionCookie(c);
  return c.json({ status: "ok" as const });
});

bindEndpoint(authRoutes, authApi.register, async (c, { body }) => {
  const user = await registerUser(authDeps(c), body);
  return signIn(c, user, false);
});

bindEndpoint(authRoutes, authApi.updateMobile, async (c, { body, user }) => {
  await saveMobile(authDeps(c), user, body.mobile, body.current_password);
  return c.json({ status: "ok" as const });
});

bindEndpoint(authRoutes, authApi.sendMobileCode, async (c, { body, user }) => {
  await sendMobileCode(authDeps(c), user, body.mobile, body.current_password);
  return c.json({ status: "ok" as const });
});

bindEndpoint(authRoutes, authApi.verifyMobile, async (c, { body, user }) => {
  await verifyMobile(authDeps(c), user, body.code);
  return c.json({ status: "ok" as const });
});

bindEndpoint(authRoutes, authApi.resetRequest, async (c, { body }) => {
  const { channel } = await requestPasswordReset(authDeps(c), body.identifier);
  return c.json({ status: "ok" as const, channel, message: channel === "sms" ? authMessages.resetSentSms : authMessages.resetSentEmail });
});

bindEndpoint(authRoutes, authApi.resetConfirm, async (c, { body }) => {
  const { userId } = await confirmPasswordReset(authDeps(c), body);
  // The caller's own session went with the others.
  if (c.var.user?.id === userId) clearSessionCookie(c);
  return c.json({ status: "ok" as const, message: authMessages.resetDone });
});
