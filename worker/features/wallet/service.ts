/** Wallet verbs used by the routes: prices, balances, orders (re-exported from their modules). */
import { eq } from "drizzle-orm";
import { applyPackageRules, type BalanceResponse, type PriceResponse } from "../../../contract/wallet";
import { schema, type Db } from "../../../db/client";
import type { UserRow } from "../../lib/roles";
import { buildUserInfo } from "../auth/user-info";
import { expireLots } from "./ledger";
import { loadPriceTable, packSizeFrom, unitFrom } from "./prices";

export { placeOrder } from "./orders";

/** POST /price: unit prices and the total for the counts (package rules applied). */
export async function quote(
  db: Db,
  counts: { article?: number | undefined; offline_article?: number | undefined; limited_article?: number | undefined; standard?: number | undefined },
): Promise<PriceResponse> {
  const table = await loadPriceTable(db);
  const c = applyPackageRules({
    article: counts.article ?? 0,
    offline_article: counts.offline_article ?? 0,
    limited_article: counts.limited_article ?? 0,
    standard: counts.standard ?? 0,
  });
  const unit = {
    article: unitFrom(table, "article"),
    offline_article: unitFrom(table, "offline_article"),
    limited_article: unitFrom(table, "limited_article"),
    standard: unitFrom(table, "standard"),
  };
  const sum = c.article * unit.article + c.offline_article * unit.offline_article + c.limited_article * unit.limited_article + c.standard * unit.standard;
  return {
    article: { unit_price: unit.article },
    offline_article: { unit_price: unit.offline_article },
    limited_article: { unit_price: unit.limited_article },
    standard: { unit_price: unit.standard },
    counts: c,
    limited_article_pack_size: packSizeFrom(table),
    sum_total: sum,
    status: "ok",
    error: null,
  };
}

/** The user's row as it is now (after a purchase), and their userInfo. */
export async function freshUserInfo(db: Db, userId: string, now: number) {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!user) throw new Error(`user ${userId} vanished`);
  return buildUserInfo(db, user, now);
}

/** GET /show/balance: every balance and credit, expired limited lots written off first. */
export async function balanceOf(db: Db, user: UserRow, now: number): Promise<BalanceResponse> {
  await expireLots(db, user.id, now);
  const info = await freshUserInfo(db, user.id, now);
  return {
    balance: info.balance,
    standard_credit: info.standard_credit,
    offline_article_credit: info.offline_article_credit,
    unlimited_vip_credits: info.unlimited_vip_credits,
    limited_vip_credits: info.limited_vip_credits,
  };
}
