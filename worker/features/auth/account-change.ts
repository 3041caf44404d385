/**
 * What guards a change to an account's e-mail, mobile or password (profile/, and auth/mobile.ts for a
 * verified mobile replaced): the current password, and a notice to the old address afterwards.
 */
import { authMessages } from "../../../contract/auth";
import { profileMessages } from "../../../contract/profile";
import { RateLimitError, ValidationError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import { NotifyError } from "../notify/notifier";
import type { AuthDeps } from "./deps";
import { verifyPassword } from "./password";
import { release, reserve, type Window } from "./rate-limit";

const WRONG_CURRENT_PASSWORD: Window = { limit: 5, windowMs: 60_000 };

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
  if (!(await verifyPassword(password, user.passwordHash, deps.passwordPepper))) {
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
