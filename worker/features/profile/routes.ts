import { Hono, type Context } from "hono";
import { profileMessages } from "../../../contract/profile";
import type { AppEnv } from "../../lib/context";
import { bindEndpoint } from "../../lib/endpoint";
import { DomainError } from "../../lib/errors";
import { authDeps } from "../auth/deps";
import { changePassword, confirmEmailChange, endOtherSessions, endSession, listSessions, profileDetails, requestEmailChange, updateDetails } from "./service";
import { profileApi } from "../../../contract/endpoints/profile";

export const profileRoutes = new Hono<AppEnv>();
const currentSession = (c: Context<AppEnv>) => c.var.session?.id ?? null;
const ok = (c: Context<AppEnv>, message: string) => c.json({ status: "ok" as const, message });

bindEndpoint(profileRoutes, profileApi.details, async (c, { user }) => c.json(await profileDetails(authDeps(c), user, currentSession(c))));

bindEndpoint(profileRoutes, profileApi.updateDetails, async (c, { body, user }) => {
  await updateDetails(authDeps(c), user, body);
  return ok(c, profileMessages.detailsSaved);
});

bindEndpoint(profileRoutes, profileApi.changeEmail, async (c, { body, user }) => {
  await requestEmailChange(authDeps(c), user, body.email, body.current_password);
  return ok(c, profileMessages.emailLinkSent(body.email));
});

bindEndpoint(profileRoutes, profileApi.verifyEmail, async (c, { body }) => {
  if (!(await confirmEmailChange(authDeps(c), body.token))) throw new DomainError(profileMessages.emailLinkInvalid);
  return ok(c, profileMessages.emailChanged);
});

bindEndpoint(profileRoutes, profileApi.changePassword, async (c, { body, user }) => {
  await changePassword(authDeps(c), user, body, currentSession(c));
  return ok(c, profileMessages.passwordChanged);
});

bindEndpoint(profileRoutes, profileApi.sessions, async (c, { user }) => c.json(await listSessions(authDeps(c), user.id, currentSession(c))));

bindEndpoint(profileRoutes, profileApi.endSession, async (c, { body, user }) => {
  await endSession(authDeps(c), user.id, body.id, currentSession(c));
  return ok(c, profileMessages.sessionEnded);
});

bindEndpoint(profileRoutes, profileApi.endOtherSessions, async (c, { user }) => {
  await endOtherSessions(authDeps(c), user.id, currentSession(c));
  return ok(c, profileMessages.otherSessionsEnded);
});
