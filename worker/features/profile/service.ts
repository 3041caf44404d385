import { and, eq, isNull, ne } from "drizzle-orm";
import { authMessages } from "../../../contract/auth";
import { profileMessages, type ProfileDetails, type ProfileSession } from "../../../contract/profile";
import { schema } from "../../../db/client";
import { DomainError, RateLimitError, ValidationError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import { consumeLinkToken, issueLinkToken, pendingLinkTarget, voidAccountLinks } from "../auth/codes";
import type { AuthDeps } from "../auth/deps";
import { NotifyError } from "../notify/notifier";
import { hashPassword, verifyPassword } from "../auth/password";
import { activeSessionsOf, emailTaken, findUserById, uniqueViolation } from "../auth/queries";
import { release, reserve, type Window } from "../auth/rate-limit";
import { revokeSession } from "../auth/sessions";
import { buildUserInfo } from "../auth/user-info";

const EMAIL_CHANGES: Window = { limit: 5, windowMs: 3_600_000 };
const WRONG_CURRENT_PASSWORD: Window = { limit: 5, windowMs: 60_000 };

/** The public handle of a session: part of its stored hash, which is itself useless as a cookie. */
const sessionHandle = (sessionId: string) => sessionId.slice(0, 16);

export async function listSessions(deps: AuthDeps, userId: string, currentSessionId: string | null): Promise<ProfileSession[]> {
  const rows = await activeSessionsOf(deps.db, userId, deps.now);
  return rows
    .map((s) => ({
      id: sessionHandle(s.id),
      current: s.id === currentSessionId,
      remember: s.remember,
      user_agent: s.userAgent || null,
      ip: s.ip,
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
      expires_at: s.expiresAt.toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at));
}

export async function profileDetails(deps: AuthDeps, user: UserRow, currentSessionId: string | null): Promise<ProfileDetails> {
  const [info, sessions, pending] = await Promise.all([
    buildUserInfo(deps.db, user, deps.now),
    listSessions(deps, user.id, currentSessionId),
    pendingLinkTarget(deps.db, "email_change", user.id, deps.now),
  ]);
  return {
    user: info,
    username: user.username,
    email_verified: user.emailVerifiedAt ? 1 : 0,
    pending_email: pending,
    created_at: user.createdAt.toISOString(),
    sessions,
  };
}

export async function updateDetails(deps: AuthDeps, user: UserRow, input: { name: string }) {
  await deps.db
    .update(schema.users)
    .set({ name: input.name, updatedAt: new Date(deps.now) })
    .where(eq(schema.users.id, user.id));
}

/**
 * A session alone must not be enough to take the account: changing the password, the e-mail or a
 * verified mobile needs the current password. Each try is reserved before the hash (five a minute
 * per account), so parallel guesses cannot exceed it; a right password gives its try back.
 */
export async function confirmCurrentPassword(deps: AuthDeps, user: UserRow, password: string | undefined) {
  const { db, now } = deps;
  if (!password) throw new ValidationError({ current_password: [profileMessages.currentPasswordRequired] });
  const r = await reserve(db, [{ key: `pwcheck:${user.id}`, ...WRONG_CURRENT_PASSWORD }], now);
  if (!r.ok) throw new RateLimitError(r.wait, authMessages.tooManyLogins(r.wait));
  if (!(await verifyPassword(password, user.passwordHash, deps.pepper))) {
    throw new ValidationError({ current_password: [profileMessages.currentPasswordWrong] });
  }
  await release(db, r.ids);
}

/** Tells the account's (old) e-mail about a change to it; best effort, as the change itself stands. */
export async function noticeToOldEmail(deps: AuthDeps, user: UserRow, change: { kind: "email" | "mobile"; value: string }) {
  try {
    await deps.notifier.notify({ email: user.email, template: "account_change_notice", params: change });
  } catch (err) {
    if (!(err instanceof NotifyError)) throw err;
    deps.log.error("profile.change_notice_failed", { user: user.id, kind: change.kind });
  }
}

/** The new address gets a one-hour link; the account keeps its old address until the link is opened. */
export async function requestEmailChange(deps: AuthDeps, user: UserRow, email: string, currentPassword: string) {
  const { db, now } = deps;
  if (email === user.email) throw new ValidationError({ email: [profileMessages.emailUnchanged] });
  await confirmCurrentPassword(deps, user, currentPassword);
  // Reserved before the "taken" check: each answer about whether an address has an account is a
  // probe, so probes share the five-an-hour limit of real changes (parallel ones too).
  const key = `email_change:${user.id}`;
  const r = await reserve(db, [{ key, ...EMAIL_CHANGES }], now);
  if (!r.ok) throw new RateLimitError(r.wait, profileMessages.tooManyEmailChanges(r.wait));
  if (await emailTaken(db, email, user.id)) throw new ValidationError({ email: [authMessages.emailTaken] });
  const { token } = await issueLinkToken(db, { purpose: "email_change", userId: user.id, target: email, now });
  const link = `${deps.origin}/verify/email?token=${encodeURIComponent(token)}`;
  try {
    await deps.notifier.notify({ email, template: "email_change_link", params: { link, email } });
  } catch (err) {
    if (err instanceof NotifyError) throw new DomainError(authMessages.emailFailed, 502);
    throw err;
  }
  // The owner hears of it at the old address while the link is still unopened.
  await noticeToOldEmail(deps, user, { kind: "email", value: email });
  deps.log.info("profile.email_change_requested", { user: user.id });
}

/** Opening the link moves the account to the new (now verified) address. */
export async function confirmEmailChange(deps: AuthDeps, token: string): Promise<boolean> {
  const { db, now } = deps;
  const row = await consumeLinkToken(db, "email_change", token, now);
  if (!row?.userId) return false;
  const user = await findUserById(db, row.userId);
  if (!user || (await emailTaken(db, row.target, user.id))) return false;
  try {
    await db
      .update(schema.users)
      .set({ email: row.target, emailVerifiedAt: new Date(now), updatedAt: new Date(now) })
      .where(eq(schema.users.id, user.id));
  } catch (err) {
    if (uniqueViolation(err) === "email") return false;
    throw err;
  }
  deps.log.info("profile.email_changed", { user: user.id });
  return true;
}

/** Needs the current password; every other session of the account ends. */
export async function changePassword(deps: AuthDeps, user: UserRow, input: { current_password: string; password: string }, currentSessionId: string | null) {
  const { db, now } = deps;
  await confirmCurrentPassword(deps, user, input.current_password);
  const passwordHash = await hashPassword(input.password, deps.pepper, deps.params);
  await db
    .update(schema.users)
    .set({ passwordHash, updatedAt: new Date(now) })
    .where(eq(schema.users.id, user.id));
  await endOtherSessions(deps, user.id, currentSessionId);
  await voidAccountLinks(db, user.id, now);
  deps.log.info("profile.password_changed", { user: user.id });
}

export async function endOtherSessions(deps: AuthDeps, userId: string, currentSessionId: string | null) {
  const s = schema.sessions;
  const others = currentSessionId ? and(eq(s.userId, userId), isNull(s.revokedAt), ne(s.id, currentSessionId)) : and(eq(s.userId, userId), isNull(s.revokedAt));
  await deps.db
    .update(s)
    .set({ revokedAt: new Date(deps.now) })
    .where(others);
}

export async function endSession(deps: AuthDeps, userId: string, handle: string, currentSessionId: string | null) {
  const rows = await activeSessionsOf(deps.db, userId, deps.now);
  const target = rows.find((s) => sessionHandle(s.id) === handle);
  if (!target) throw new DomainError(profileMessages.sessionNotFound, 404);
  if (target.id === currentSessionId) throw new DomainError(profileMessages.cannotEndCurrent);
  await revokeSession(deps.db, target.id, deps.now);
}
