import { and, eq, gt } from "drizzle-orm";
import type { UniversityInfo, UserInfo } from "../../../contract/user-info";
import { schema, type Db } from "../../../db/client";
import type { UserRow } from "../../lib/roles";

const flag = (b: boolean) => (b ? 1 : 0) as 0 | 1;

/** The spec's userInfo for a user: balances from the user row, limited credits from unexpired lots. */
export async function buildUserInfo(db: Db, user: UserRow, now: number): Promise<UserInfo> {
  const lots = await db
    .select({ remaining: schema.creditLots.remaining, expiresAt: schema.creditLots.expiresAt })
    .from(schema.creditLots)
    .where(and(eq(schema.creditLots.userId, user.id), gt(schema.creditLots.expiresAt, new Date(now)), gt(schema.creditLots.remaining, 0)));
  const count = lots.reduce((s, l) => s + l.remaining, 0);
  const soonest = lots.reduce<Date | null>((m, l) => (!m || l.expiresAt < m ? l.expiresAt : m), null);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    mobile_verifed: flag(!!user.mobileVerifiedAt),
    balance: user.balance,
    standard_credit: user.standardCredit,
    offline_article_credit: user.offlineArticleCredit,
    unlimited_vip_credits: user.unlimitedArticleCredit,
    limited_vip_credits: { count, expiration: soonest ? soonest.toISOString() : null },
    admin: flag(user.isAdmin),
    solver: flag(user.isSolver),
    contract: flag(user.isPartner),
  };
}

export async function buildUniversityInfo(db: Db, user: UserRow | null): Promise<UniversityInfo | null> {
  if (!user?.universityId || !user.universityVerifiedAt) return null;
  const uni = await db.query.universities.findFirst({ where: eq(schema.universities.id, user.universityId) });
  if (!uni || !uni.active) return null;
  return { name: uni.name, logo: uni.logo, access: uni.access, new_access: uni.newAccess ?? null };
}
