import { Hono, type Context } from "hono";
import {
  EmailChangeInput,
  EmailVerifyInput,
  EndSessionInput,
  PasswordChangeInput,
  ProfileDetails,
  ProfileOk,
  ProfileSession,
  UpdateDetailsInput,
  profileMessages,
} from "../../../contract/profile";
import { z } from "zod";
import type { AppEnv } from "../../lib/context";
import { defineEndpoint } from "../../lib/endpoint";
import { DomainError } from "../../lib/errors";
import { anyone, signedIn } from "../../lib/roles";
import { authDeps } from "../auth/deps";
import { changePassword, confirmEmailChange, endOtherSessions, endSession, listSessions, profileDetails, requestEmailChange, updateDetails } from "./service";

export const profileRoutes = new Hono<AppEnv>();
const currentSession = (c: Context<AppEnv>) => c.var.session?.id ?? null;
const ok = (c: Context<AppEnv>, message: string) => c.json({ status: "ok" as const, message });

defineEndpoint(
  profileRoutes,
  {
    method: "get",
    path: "/profile/ajax/details",
    summary: "The signed-in user's details, credits and active sessions",
    roles: signedIn,
    response: ProfileDetails,
    tag: "profile",
  },
  async (c, { user }) => c.json(await profileDetails(authDeps(c), user, currentSession(c))),
);

defineEndpoint(
  profileRoutes,
  {
    method: "post",
    path: "/profile/ajax/details",
    summary: "Edit the user's details (name)",
    roles: signedIn,
    body: UpdateDetailsInput,
    response: ProfileOk,
    tag: "profile",
  },
  async (c, { body, user }) => {
    await updateDetails(authDeps(c), user, body);
    return ok(c, profileMessages.detailsSaved);
  },
);

defineEndpoint(
  profileRoutes,
  {
    method: "post",
    path: "/profile/ajax/email",
    summary: "Change the e-mail (needs the current password): a one-hour link goes to the new address, which applies when opened; the old address is told",
    roles: signedIn,
    body: EmailChangeInput,
    response: ProfileOk,
    tag: "profile",
  },
  async (c, { body, user }) => {
    await requestEmailChange(authDeps(c), user, body.email, body.current_password);
    return ok(c, profileMessages.emailLinkSent(body.email));
  },
);

defineEndpoint(
  profileRoutes,
  {
    method: "post",
    path: "/profile/email/verify",
    summary: "The e-mail change link's page posts its token here: applies the new, now verified, address",
    // The link may be opened in another browser, signed in or not: the token is the proof.
    roles: anyone,
    body: EmailVerifyInput,
    response: ProfileOk,
    tag: "profile",
  },
  async (c, { body }) => {
    if (!(await confirmEmailChange(authDeps(c), body.token))) throw new DomainError(profileMessages.emailLinkInvalid);
    return ok(c, profileMessages.emailChanged);
  },
);

defineEndpoint(
  profileRoutes,
  {
    method: "post",
    path: "/profile/ajax/password",
    summary: "Change the password (needs the current one); ends the user's other sessions",
    roles: signedIn,
    body: PasswordChangeInput,
    response: ProfileOk,
    tag: "profile",
  },
  async (c, { body, user }) => {
    await changePassword(authDeps(c), user, body, currentSession(c));
    return ok(c, profileMessages.passwordChanged);
  },
);

defineEndpoint(
  profileRoutes,
  { method: "get", path: "/profile/ajax/sessions", summary: "The user's active sessions", roles: signedIn, response: z.array(ProfileSession), tag: "profile" },
  async (c, { user }) => c.json(await listSessions(authDeps(c), user.id, currentSession(c))),
);

defineEndpoint(
  profileRoutes,
  {
    method: "post",
    path: "/profile/ajax/sessions/end",
    summary: "End one of the user's other sessions",
    roles: signedIn,
    body: EndSessionInput,
    response: ProfileOk,
    tag: "profile",
  },
  async (c, { body, user }) => {
    await endSession(authDeps(c), user.id, body.id, currentSession(c));
    return ok(c, profileMessages.sessionEnded);
  },
);

defineEndpoint(
  profileRoutes,
  {
    method: "post",
    path: "/profile/ajax/sessions/end_others",
    summary: "End every session of the user except this one",
    roles: signedIn,
    response: ProfileOk,
    tag: "profile",
  },
  async (c, { user }) => {
    await endOtherSessions(authDeps(c), user.id, currentSession(c));
    return ok(c, profileMessages.otherSessionsEnded);
  },
);
