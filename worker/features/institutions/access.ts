/**
 * What a university (contract) user may use without paying: the institution's access list and
 * its monthly quotas. Other features call these two things:
 *
 *   const access = await universityAccess(db, user, "ithenticate", now);
 *   if (access.allowed) {
 *     await runMoneyBatch(db, [...consumeQuotaStatements(db, { universityId: access.universityId!, key: "ithenticate", now }), ...mine]);
 *   }
 *
 * The consuming statements can never take a unit over the quota, even when requests race: the
 * UPDATE copies the contract's current quota into the usage row and the table's CHECK
 * (`used <= quota`) makes SQLite abort the WHOLE batch when it would be exceeded. Catch that with
 * `isQuotaExceeded(err)` (or let `consumeUniversityQuota` turn it into QuotaExhaustedError).
 * Months are Solar Hijri months in Tehran time ("1405-09"), the way contracts are written.
 */
import { and, eq } from "drizzle-orm";
import { grantedAccessKeys } from "../../../contract/university-access";
import { schema, type Db } from "../../../db/client";
import { universityAccessKeys } from "../../../db/schema/universities";
import { DomainError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import { institutionMessages } from "./messages";

export type AccessKey = (typeof universityAccessKeys)[number];
export const accessKeys: readonly AccessKey[] = universityAccessKeys;

export type AccessDenial = "not_member" | "inactive" | "not_in_access_list" | "quota_exhausted";

type UniversityAccess = {
  allowed: boolean;
  /** Units left this month; null when the contract sets no limit for the key (or access is denied before quotas). */
  remaining: number | null;
  universityId: string | null;
  month: string;
  reason: "ok" | AccessDenial;
};

const monthFormat = new Intl.DateTimeFormat("en-US-u-ca-persian-nu-latn", { timeZone: "Asia/Tehran", year: "numeric", month: "2-digit" });

/** The Solar Hijri month (Tehran time) that quotas are counted in, e.g. "1405-09". */
export function usageMonth(now: number): string {
  const parts = monthFormat.formatToParts(new Date(now));
  const year = parts.find((p) => p.type === "year")?.value ?? "0";
  const month = parts.find((p) => p.type === "month")?.value ?? "00";
  return `${year.replace(/\D/g, "")}-${month.padStart(2, "0")}`;
}

/** The access keys a contract grants (the rule lives in contract/user-info.ts, shared with the SPA). */
export function grantedKeys(uni: { access: string[]; newAccess: { key: string; description?: string }[] | null }): Set<AccessKey> {
  return grantedAccessKeys(uni.access, uni.newAccess);
}

/** The contract's monthly quota for a key; null = no limit. */
export function quotaOf(quotas: Record<string, number>, key: AccessKey): number | null {
  const q = quotas[key];
  return typeof q === "number" && Number.isFinite(q) ? Math.max(0, Math.floor(q)) : null;
}

/** May this user use `key` on their institution's account right now, and how many units are left this month? */
export async function universityAccess(db: Db, user: UserRow | null, key: AccessKey, now: number): Promise<UniversityAccess> {
  const month = usageMonth(now);
  const deny = (reason: AccessDenial, universityId: string | null = null, remaining: number | null = null): UniversityAccess => ({
    allowed: false,
    remaining,
    universityId,
    month,
    reason,
  });
  if (!user?.universityId || !user.universityVerifiedAt) return deny("not_member");
  const [unis, usage] = await db.batch([
    db.select().from(schema.universities).where(eq(schema.universities.id, user.universityId)),
    db
      .select({ used: schema.universityUsage.used })
      .from(schema.universityUsage)
      .where(
        and(eq(schema.universityUsage.universityId, user.universityId), eq(schema.universityUsage.month, month), eq(schema.universityUsage.accessKey, key)),
      ),
  ]);
  const uni = unis[0];
  if (!uni) return deny("not_member");
  if (!uni.active) return deny("inactive", uni.id);
  if (!grantedKeys(uni).has(key)) return deny("not_in_access_list", uni.id);
  const quota = quotaOf(uni.quotas, key);
  if (quota === null) return { allowed: true, remaining: null, universityId: uni.id, month, reason: "ok" };
  const remaining = Math.max(0, quota - (usage[0]?.used ?? 0));
  if (remaining <= 0) return deny("quota_exhausted", uni.id, 0);
  return { allowed: true, remaining, universityId: uni.id, month, reason: "ok" };
}

/**
 * Two raw D1 statements that take `units` of this month's quota for `key`; put them in your own
 * batch (they work with `runMoneyBatch` and `d1.batch`). Over the quota (or an inactive contract,
 * whose quota counts as 0) the batch fails with the `university_usage_within_quota` CHECK.
 */
export function consumeQuotaStatements(db: Db, input: { universityId: string; key: AccessKey; now: number; units?: number }): D1PreparedStatement[] {
  const d1 = db.$client;
  const month = usageMonth(input.now);
  const units = Math.max(1, Math.floor(input.units ?? 1));
  return [
    d1
      .prepare("INSERT INTO university_usage (university_id, month, access_key, used, quota) VALUES (?, ?, ?, 0, NULL) ON CONFLICT DO NOTHING")
      .bind(input.universityId, month, input.key),
    // The quota is read from the contract inside the same statement, so an admin's change applies at once.
    d1
      .prepare(
        `UPDATE university_usage SET used = used + ?,
           quota = (SELECT CASE WHEN u.active = 1 THEN json_extract(u.quotas, '$.' || ?) ELSE 0 END FROM universities u WHERE u.id = ?)
         WHERE university_id = ? AND month = ? AND access_key = ?`,
      )
      .bind(units, input.key, input.universityId, input.universityId, month, input.key),
  ];
}

/**
 * Gives back one unit of `key` taken in `month` (the Solar Hijri month of the purchase) by
 * something that then delivered nothing (a rejected request); never below zero. For the caller's
 * own batch, beside the change that ends the purchase.
 */
export function returnQuotaStatement(db: Db, input: { universityId: string; key: AccessKey; month: string }): D1PreparedStatement {
  return db.$client
    .prepare("UPDATE university_usage SET used = used - 1 WHERE university_id = ? AND month = ? AND access_key = ? AND used > 0")
    .bind(input.universityId, input.month, input.key);
}

/** Whether a failed batch failed because a university quota would have been exceeded. */
export function isQuotaExceeded(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    if (/university_usage_within_quota/.test(String((e as Error).message ?? e))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export class QuotaExhaustedError extends DomainError {
  constructor() {
    super(institutionMessages.quotaExhausted);
  }
}

/** The Persian refusal for a denied access. */
export function denialMessage(reason: AccessDenial): string {
  return {
    not_member: institutionMessages.notMember,
    inactive: institutionMessages.inactive,
    not_in_access_list: institutionMessages.notInAccessList,
    quota_exhausted: institutionMessages.quotaExhausted,
  }[reason];
}

/**
 * Check and take one unit (or `units`) on its own, for callers with nothing else to write.
 * Throws a DomainError (Persian) when the user may not use the key or the quota is used up.
 */
export async function consumeUniversityQuota(db: Db, user: UserRow | null, key: AccessKey, now: number, units = 1): Promise<UniversityAccess> {
  const access = await universityAccess(db, user, key, now);
  if (!access.allowed || !access.universityId) throw new DomainError(denialMessage(access.reason as AccessDenial));
  try {
    await db.$client.batch(consumeQuotaStatements(db, { universityId: access.universityId, key, now, units }));
  } catch (err) {
    if (isQuotaExceeded(err)) throw new QuotaExhaustedError();
    throw err;
  }
  return { ...access, remaining: access.remaining === null ? null : Math.max(0, access.remaining - units) };
}

/**
 * For a wallet fulfiller: does the buyer's institution cover `units` of `key` this month? Then the
 * item is priced 0 and its statements take the units with consumeQuotaStatements in the order's
 * own batch (a race past this check fails that batch on the quota CHECK: QuotaExhaustedError).
 * Otherwise null, and the buyer pays as anyone else does.
 */
export async function universityCover(db: Db, userId: string, key: AccessKey, units: number, now: number): Promise<{ universityId: string } | null> {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!user?.universityId) return null;
  const access = await universityAccess(db, user, key, now);
  if (!access.allowed || !access.universityId) return null;
  if (access.remaining !== null && access.remaining < units) return null;
  return { universityId: access.universityId };
}
