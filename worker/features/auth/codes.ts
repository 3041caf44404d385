import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { authMessages, CODE_STILL_VALID } from "../../../contract/auth";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { hmacHex, randomToken, sha256Hex, timingSafeEqualStrings } from "../../lib/crypto";
import { RateLimitError } from "../../lib/errors";
import { reserve, retryAfter, type Limit } from "./rate-limit";

/** accounts spec §9 and the issue's abuse limits. */
const CODE_TTL_MS = 4 * 60_000;
export const RESEND_AFTER_MS = 240_000;
const MAX_TRIES_PER_CODE = 5;
const MAX_SMS_CODES_PER_DAY = 5;
const LINK_TTL_MS = 3_600_000;
const DAY_MS = 86_400_000;

type SmsPurpose = "mobile_verify" | "password_reset_sms";
type LinkPurpose = "password_reset_email" | "email_change";

const codes = schema.verificationCodes;

/** Six uniformly random digits (rejection sampling avoids the modulo bias). */
function randomSixDigits(): string {
  const buf = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0]! < limit) return String(buf[0]! % 1_000_000).padStart(6, "0");
  }
}

/** Keyed hash: a copy of the table alone does not let anyone try the million codes offline. */
function smsCodeHash(secret: string, purpose: SmsPurpose, mobile: string, code: string) {
  return hmacHex(secret, `${purpose}\u0000${mobile}\u0000${code}`);
}

const smsKeys = {
  /** Every code to a mobile, all purposes together: five a day. */
  mobile: (mobile: string) => `sms:to:${mobile}`,
  /** One purpose's resend countdown for a mobile. */
  resend: (purpose: SmsPurpose, mobile: string) => `sms:to:${purpose}:${mobile}`,
};

/**
 * Reserves the sending of one code: not before the 240-second countdown ends, at most five codes a
 * day to one mobile (all purposes), plus any `extra` limits, in one atomic step before anything is
 * sent (two parallel requests cannot both pass). Throws RateLimitError with the seconds to wait;
 * release the ids if the message could not be sent.
 */
export async function reserveSmsCode(db: Db, purpose: SmsPurpose, mobile: string, now: number, extra: Limit[] = []): Promise<number[]> {
  const resend: Limit = { key: smsKeys.resend(purpose, mobile), limit: 1, windowMs: RESEND_AFTER_MS };
  const r = await reserve(db, [resend, { key: smsKeys.mobile(mobile), limit: MAX_SMS_CODES_PER_DAY, windowMs: DAY_MS }, ...extra], now);
  if (r.ok) return r.ids;
  const resendWait = await retryAfter(db, resend.key, resend, now);
  // The code sent before is still live for as long as the wait: `code_still_valid` lets the dialog
  // go straight to entering it instead of leaving the user stuck on "send".
  if (resendWait) throw new RateLimitError(resendWait, authMessages.resendTooSoon(resendWait), { code: CODE_STILL_VALID });
  throw new RateLimitError(r.wait, authMessages.dailyCodeLimit(r.wait));
}

/** Stores a new code (hashed) and supersedes any earlier live code for the same purpose and mobile. */
export async function issueSmsCode(
  db: Db,
  secret: string,
  opts: { purpose: SmsPurpose; mobile: string; userId: string | null; now: number },
): Promise<{ id: string; code: string }> {
  const code = randomSixDigits();
  const id = newId("vc", opts.now);
  await db.batch([
    db
      .update(codes)
      .set({ consumedAt: new Date(opts.now) })
      .where(and(eq(codes.purpose, opts.purpose), eq(codes.target, opts.mobile), isNull(codes.consumedAt))),
    db.insert(codes).values({
      id,
      purpose: opts.purpose,
      userId: opts.userId,
      target: opts.mobile,
      codeHash: await smsCodeHash(secret, opts.purpose, opts.mobile, code),
      expiresAt: new Date(opts.now + CODE_TTL_MS),
      createdAt: new Date(opts.now),
    }),
  ]);
  return { id, code };
}

/** A code whose message could not be sent does not count against the user. */
export async function discardCode(db: Db, id: string) {
  await db.delete(codes).where(eq(codes.id, id));
}

export type CodeCheck = { ok: true; userId: string | null } | { ok: false; reason: "wrong" | "expired" | "locked" };

/**
 * Checks a code against the latest live code for the mobile. Each try is reserved with a guarded
 * increment first, so parallel guesses cannot exceed five tries; a right code is consumed once.
 */
export async function checkSmsCode(
  db: Db,
  secret: string,
  opts: { purpose: SmsPurpose; mobile: string; code: string; now: number; userId?: string },
): Promise<CodeCheck> {
  const conditions = [eq(codes.purpose, opts.purpose), eq(codes.target, opts.mobile), isNull(codes.consumedAt)];
  if (opts.userId) conditions.push(eq(codes.userId, opts.userId));
  const [row] = await db
    .select()
    .from(codes)
    .where(and(...conditions))
    .orderBy(desc(codes.createdAt))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= opts.now) return { ok: false, reason: "expired" };
  const reserved = await db
    .update(codes)
    .set({ attempts: sql`${codes.attempts} + 1` })
    .where(and(eq(codes.id, row.id), sql`${codes.attempts} < ${MAX_TRIES_PER_CODE}`, isNull(codes.consumedAt)))
    .returning({ attempts: codes.attempts });
  if (!reserved.length) return { ok: false, reason: "locked" };
  const expected = await smsCodeHash(secret, opts.purpose, opts.mobile, opts.code);
  if (!timingSafeEqualStrings(expected, row.codeHash)) return { ok: false, reason: "wrong" };
  const consumed = await db
    .update(codes)
    .set({ consumedAt: new Date(opts.now) })
    .where(and(eq(codes.id, row.id), isNull(codes.consumedAt)))
    .returning({ id: codes.id });
  return consumed.length ? { ok: true, userId: row.userId } : { ok: false, reason: "expired" };
}

/** A single-use link token (e-mail): 256 random bits, stored as SHA-256. Earlier live links of the user for the purpose die. */
export async function issueLinkToken(
  db: Db,
  opts: { purpose: LinkPurpose; userId: string; target: string; payload?: Record<string, string>; now: number; ttlMs?: number },
): Promise<{ id: string; token: string }> {
  const token = randomToken(32);
  const id = newId("vc", opts.now);
  await db.batch([
    db
      .update(codes)
      .set({ consumedAt: new Date(opts.now) })
      .where(and(eq(codes.purpose, opts.purpose), eq(codes.userId, opts.userId), isNull(codes.consumedAt))),
    db.insert(codes).values({
      id,
      purpose: opts.purpose,
      userId: opts.userId,
      target: opts.target,
      codeHash: await sha256Hex(token),
      payload: opts.payload ?? null,
      expiresAt: new Date(opts.now + (opts.ttlMs ?? LINK_TTL_MS)),
      createdAt: new Date(opts.now),
    }),
  ]);
  return { id, token };
}

/** Looks a link token up without using it (to show the reset form only for a live link). */
async function peekLinkToken(db: Db, purpose: LinkPurpose, token: string, now: number) {
  const [row] = await db
    .select()
    .from(codes)
    .where(and(eq(codes.codeHash, await sha256Hex(token)), eq(codes.purpose, purpose)))
    .limit(1);
  if (!row || row.consumedAt || row.expiresAt.getTime() <= now) return null;
  return row;
}

/** Uses a link token once; null when unknown, expired or already used. */
export async function consumeLinkToken(db: Db, purpose: LinkPurpose, token: string, now: number) {
  const row = await peekLinkToken(db, purpose, token, now);
  if (!row) return null;
  const consumed = await db
    .update(codes)
    .set({ consumedAt: new Date(now) })
    .where(and(eq(codes.id, row.id), isNull(codes.consumedAt)))
    .returning({ id: codes.id });
  return consumed.length ? row : null;
}

/**
 * A new password ends what the old one could start: every live password-reset code or link and
 * e-mail-change link of the user. Someone who held the session or the password before (and
 * asked for one of these) cannot use it after the owner took the account back.
 */
export async function voidAccountLinks(db: Db, userId: string, now: number) {
  await db
    .update(codes)
    .set({ consumedAt: new Date(now) })
    .where(and(eq(codes.userId, userId), isNull(codes.consumedAt), inArray(codes.purpose, ["email_change", "password_reset_email", "password_reset_sms"])));
}

/** The user's e-mail change waiting for its link, if any. */
export async function pendingLinkTarget(db: Db, purpose: LinkPurpose, userId: string, now: number): Promise<string | null> {
  const [row] = await db
    .select({ target: codes.target })
    .from(codes)
    .where(and(eq(codes.purpose, purpose), eq(codes.userId, userId), isNull(codes.consumedAt), gt(codes.expiresAt, new Date(now))))
    .orderBy(desc(codes.createdAt))
    .limit(1);
  return row?.target ?? null;
}
