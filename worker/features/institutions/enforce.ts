/**
 * A document taken on the institution's account: one quota unit and an entitlement row
 * (article_entitlements, credit_kind "university:<key>") in ONE batch. The entitlement's primary
 * key (user, document) makes a repeat free and a race harmless: a duplicate aborts the batch, so
 * the unit is never counted twice; the quota CHECK aborts it when the month is used up.
 */
import { and, eq } from "drizzle-orm";
import { schema, type Db } from "../../../db/client";
import type { UserRow } from "../../lib/roles";
import { consumeQuotaStatements, isQuotaExceeded, universityAccess, type AccessDenial, type AccessKey } from "./access";

type UniversityGrant = { granted: true; already: boolean } | { granted: false; reason: AccessDenial };

export async function grantByUniversity(db: Db, user: UserRow | null, key: AccessKey, docKey: string, now: number): Promise<UniversityGrant> {
  if (!user) return { granted: false, reason: "not_member" };
  const [existing] = await db
    .select({ kind: schema.articleEntitlements.creditKind })
    .from(schema.articleEntitlements)
    .where(and(eq(schema.articleEntitlements.userId, user.id), eq(schema.articleEntitlements.jobKey, docKey)));
  if (existing) return { granted: true, already: true };
  const access = await universityAccess(db, user, key, now);
  if (!access.allowed || !access.universityId) return { granted: false, reason: access.reason as AccessDenial };
  const d1 = db.$client;
  try {
    await d1.batch([
      ...consumeQuotaStatements(db, { universityId: access.universityId, key, now }),
      d1
        .prepare("INSERT INTO article_entitlements (user_id, job_key, credit_kind, created_at) VALUES (?, ?, ?, ?)")
        .bind(user.id, docKey, `university:${key}`, now),
    ]);
  } catch (err) {
    if (isQuotaExceeded(err)) return { granted: false, reason: "quota_exhausted" };
    // Someone (a parallel request) entitled this user to the document first.
    if (/UNIQUE constraint failed: article_entitlements/i.test(String((err as Error).message))) return { granted: true, already: true };
    throw err;
  }
  return { granted: true, already: false };
}

/** For callers that only have a user id (the getpdf pipeline's viewer). */
export async function grantByUniversityForUserId(db: Db, userId: string, key: AccessKey, docKey: string, now: number): Promise<boolean> {
  const user = await db.query.users.findFirst({ where: eq(schema.users.id, userId) });
  if (!user?.universityId) return false;
  return (await grantByUniversity(db, user, key, docKey, now)).granted;
}
