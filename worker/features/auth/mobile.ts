import { and, eq } from "drizzle-orm";
import { authMessages } from "../../../contract/auth";
import { schema } from "../../../db/client";
import { DomainError, RateLimitError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import { NotifyError } from "../notify/notifier";
import { checkSmsCode, discardCode, issueSmsCode, reserveSmsCode, type CodeCheck } from "./codes";
import { confirmCurrentPassword, noticeToOldEmail } from "./account-change";
import type { AuthDeps } from "./deps";
import { mobileTaken, uniqueViolation } from "./queries";
import { release, reserve, type Window } from "./rate-limit";

/** Numbers found held by another account, per account per hour: each such answer is a probe of who has an account. */
export const MOBILES_TAKEN_PER_ACCOUNT: Window = { limit: 5, windowMs: 3_600_000 };

/** Codes one account may have sent in a day across all the numbers it tries (each number has its own cap of five). */
const SMS_PER_USER: Window = { limit: 10, windowMs: 86_400_000 };

export function codeFailureMessage(reason: Exclude<CodeCheck, { ok: true }>["reason"]): string {
  return reason === "wrong" ? authMessages.codeWrong : reason === "locked" ? authMessages.codeLocked : authMessages.codeExpired;
}

/**
 * Right after signing up the new owner may correct the number they typed without the password
 * they have just chosen (the registration flow's mobile dialog); later a session alone must not
 * be enough to set the number that password resets by SMS go to.
 */
export const REGISTRATION_GRACE_MS = 3_600_000;

/**
 * Step 0: saves the number. A new number is unverified until its code comes back. Setting it needs
 * the current password when it replaces a verified number, or once the account is past its first
 * hour: a number proved by a code becomes a password-reset channel, so a stolen session could
 * otherwise set its own, verify it and reset the password. The account's e-mail is told.
 */
export async function saveMobile(deps: AuthDeps, user: UserRow, mobile: string, currentPassword?: string): Promise<{ changed: boolean }> {
  if (user.mobile === mobile) return { changed: false };
  const replacesVerified = !!user.mobile && !!user.mobileVerifiedAt;
  const registering = deps.now - user.createdAt.getTime() < REGISTRATION_GRACE_MS;
  if (replacesVerified || !registering) await confirmCurrentPassword(deps, user, currentPassword);
  // Whether a number is held by an account is worth probing: "taken" answers are limited per account,
  // reserved before the check (so parallel probes cannot pass it); a free number gives its hit back.
  const takenKey = `mobile_taken:${user.id}`;
  const r = await reserve(deps.db, [{ key: takenKey, ...MOBILES_TAKEN_PER_ACCOUNT }], deps.now);
  if (!r.ok) throw new RateLimitError(r.wait, authMessages.tooManyMobileChecks(r.wait));
  if (await mobileTaken(deps.db, mobile, user.id)) throw new DomainError(authMessages.mobileTaken);
  await release(deps.db, r.ids);
  try {
    await deps.db
      .update(schema.users)
      .set({ mobile, mobileVerifiedAt: null, updatedAt: new Date(deps.now) })
      .where(eq(schema.users.id, user.id));
  } catch (err) {
    if (uniqueViolation(err) === "mobile") throw new DomainError(authMessages.mobileTaken);
    throw err;
  }
  deps.log.info("auth.mobile_saved", { user: user.id });
  if (replacesVerified || !registering) await noticeToOldEmail(deps, user, { kind: "mobile", value: mobile });
  return { changed: true };
}

/** Step 1: sends a code to the user's number (saving it first when the dialog carries a different one). */
export async function sendMobileCode(deps: AuthDeps, user: UserRow, mobile: string, currentPassword?: string) {
  const { db, now } = deps;
  if (user.mobile === mobile && user.mobileVerifiedAt) throw new DomainError(authMessages.mobileAlreadyVerified);
  const reserved = await reserveSmsCode(db, "mobile_verify", mobile, now, [{ key: `sms:user:${user.id}`, ...SMS_PER_USER }]);
  try {
    await saveMobile(deps, user, mobile, currentPassword);
  } catch (err) {
    await release(db, reserved);
    throw err;
  }
  const { id, code } = await issueSmsCode(db, deps.signingSecret, { purpose: "mobile_verify", mobile, userId: user.id, now });
  try {
    await deps.notifier.notify({ mobile, template: "mobile_code", params: { code } });
  } catch (err) {
    if (!(err instanceof NotifyError)) throw err;
    // A code whose message could not be sent does not count against the user.
    await discardCode(db, id);
    await release(db, reserved);
    throw new DomainError(authMessages.smsFailed, 502);
  }
}

/** Step 2: the code proves the number; five wrong tries end the code. */
export async function verifyMobile(deps: AuthDeps, user: UserRow, code: string) {
  if (!user.mobile) throw new DomainError(authMessages.noMobile);
  if (user.mobileVerifiedAt) return;
  const result = await checkSmsCode(deps.db, deps.signingSecret, { purpose: "mobile_verify", mobile: user.mobile, userId: user.id, code, now: deps.now });
  if (!result.ok) {
    deps.log.info("auth.mobile_code_rejected", { user: user.id, reason: result.reason });
    throw new DomainError(codeFailureMessage(result.reason));
  }
  await deps.db
    .update(schema.users)
    .set({ mobileVerifiedAt: new Date(deps.now), updatedAt: new Date(deps.now) })
    .where(and(eq(schema.users.id, user.id), eq(schema.users.mobile, user.mobile)));
  deps.log.info("auth.mobile_verified", { user: user.id });
}
