import { eq } from "drizzle-orm";
import { authMessages, parseIdentifier, type ResetChannel, type ResetConfirmInput } from "../../../contract/auth";
import { schema } from "../../../db/client";
import { DomainError, RateLimitError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import { checkSmsCode, consumeLinkToken, discardCode, issueLinkToken, issueSmsCode, RESEND_AFTER_MS, reserveSmsCode, voidAccountLinks } from "./codes";
import type { AuthDeps } from "./deps";
import { codeFailureMessage } from "./mobile";
import { findUserById, findUserByIdentifier } from "./queries";
import { clearHits, release, reserve, type Window } from "./rate-limit";
import { hashPassword } from "./password";
import { revokeAllSessions } from "./sessions";
import { loginKeys } from "./service";

/**
 * Limits on asking for a reset, counted per identifier whether or not an account has it, so the
 * answers (including 429s) are the same for every identifier.
 */
const RESET_RESEND: Window = { limit: 1, windowMs: RESEND_AFTER_MS };
const RESET_PER_DAY: Window = { limit: 5, windowMs: 86_400_000 };
const RESET_PER_IP: Window = { limit: 20, windowMs: 3_600_000 };

/**
 * A mobile gets an SMS code; an e-mail or username gets a single-use link valid one hour.
 * The answer depends only on the identifier's shape, never on whether the account exists.
 */
export async function requestPasswordReset(deps: AuthDeps, identifier: string): Promise<{ channel: ResetChannel }> {
  const { db, now } = deps;
  const ident = parseIdentifier(identifier);
  const channel: ResetChannel = ident.kind === "mobile" ? "sms" : "email";
  const idKey = `reset:id:${ident.value}`;
  const ipKey = `reset:ip:${deps.ip}`;
  // Reserved in one step before anything else, so parallel requests cannot both get a code out.
  const reservation = await reserve(
    db,
    [
      { key: idKey, ...RESET_RESEND },
      { key: idKey, ...RESET_PER_DAY },
      { key: ipKey, ...RESET_PER_IP },
    ],
    now,
  );
  if (!reservation.ok) throw new RateLimitError(reservation.wait, authMessages.tooManyResets(reservation.wait));

  const user = await findUserByIdentifier(db, ident);
  if (!user || user.blockedAt) {
    deps.log.info("auth.reset_requested", { channel, found: false });
    return { channel };
  }
  if (channel === "sms" && !user.mobileVerifiedAt) {
    // A code only to a number the account has proved: anyone can type an unverified number into a profile.
    deps.log.info("auth.reset_requested", { channel, found: true, user: user.id, sent: false, reason: "mobile_unverified" });
    return { channel };
  }
  // The answer does not wait for the code or link to be made and sent: an e-mail or SMS provider's
  // round trip would make "an account has this identifier" measurable.
  deps.defer(() => sendReset(deps, user, ident.value, channel));
  return { channel };
}

/** Issues and sends the code or link; every failure is logged, never answered (the answer is gone). */
async function sendReset(deps: AuthDeps, user: UserRow, identifier: string, channel: ResetChannel): Promise<void> {
  const { db, now } = deps;
  try {
    if (channel === "sms") {
      // The number's own limits are enforced silently here: a refusal would tell that the account exists.
      let sms: number[];
      try {
        sms = await reserveSmsCode(db, "password_reset_sms", identifier, now);
      } catch (err) {
        if (!(err instanceof RateLimitError)) throw err;
        deps.log.warn("auth.reset_sms_capped", { user: user.id });
        return;
      }
      const { id, code } = await issueSmsCode(db, deps.signingSecret, { purpose: "password_reset_sms", mobile: identifier, userId: user.id, now });
      try {
        await deps.notifier.notify({ mobile: identifier, template: "reset_code", params: { code } });
      } catch (err) {
        await discardCode(db, id);
        await release(db, sms);
        throw err;
      }
    } else {
      const { id, token } = await issueLinkToken(db, { purpose: "password_reset_email", userId: user.id, target: user.email, now });
      const link = `${deps.origin}/password/reset?token=${encodeURIComponent(token)}`;
      try {
        await deps.notifier.notify({ email: user.email, template: "reset_link", params: { link } });
      } catch (err) {
        await discardCode(db, id);
        throw err;
      }
    }
    deps.log.info("auth.reset_requested", { channel, found: true, user: user.id });
  } catch (err) {
    // The operator sees the failure in the logs; the caller got the same answer as for a missing account.
    deps.log.error("auth.reset_send_failed", { user: user.id, channel, error: String((err as Error)?.message ?? err) });
  }
}

/** Sets the new password from an SMS code or an e-mailed link, then ends every session of the account. */
export async function confirmPasswordReset(deps: AuthDeps, input: ResetConfirmInput): Promise<{ userId: string }> {
  const { db, now } = deps;
  let userId: string | null = null;
  let proved: "mobile" | "email";
  let mobile: string | null = null;
  if (input.token) {
    const row = await consumeLinkToken(db, "password_reset_email", input.token, now);
    if (!row?.userId) throw new DomainError(authMessages.resetLinkInvalid);
    userId = row.userId;
    proved = "email";
    const user = await findUserById(db, userId);
    // The link was for the address the account had then; a changed address voids it.
    if (!user || user.email !== row.target) throw new DomainError(authMessages.resetLinkInvalid);
  } else {
    const ident = parseIdentifier(input.identifier ?? "");
    if (ident.kind !== "mobile") throw new DomainError(authMessages.codeExpired);
    const result = await checkSmsCode(db, deps.signingSecret, { purpose: "password_reset_sms", mobile: ident.value, code: input.code!, now });
    if (!result.ok) throw new DomainError(codeFailureMessage(result.reason));
    userId = result.userId;
    proved = "mobile";
    mobile = ident.value;
  }
  const user = userId ? await findUserById(db, userId) : null;
  if (!user || user.blockedAt || (mobile && user.mobile !== mobile)) throw new DomainError(authMessages.resetLinkInvalid);

  const passwordHash = await hashPassword(input.password, deps.passwordPepper, deps.hashParams);
  await db
    .update(schema.users)
    .set({
      passwordHash,
      updatedAt: new Date(now),
      // Receiving the code or the link proves the channel too.
      ...(proved === "mobile" && !user.mobileVerifiedAt ? { mobileVerifiedAt: new Date(now) } : {}),
      ...(proved === "email" && !user.emailVerifiedAt ? { emailVerifiedAt: new Date(now) } : {}),
    })
    .where(eq(schema.users.id, user.id));
  await revokeAllSessions(db, user.id, now);
  await voidAccountLinks(db, user.id, now);
  // Failed logins against the old password no longer matter.
  for (const v of [user.email, user.mobile, user.username]) if (v) await clearHits(db, loginKeys.identifier(v.toLowerCase()));
  deps.log.info("auth.password_reset", { user: user.id, via: proved });
  return { userId: user.id };
}
