/**
 * The `directaccess` product (listed in worker/products.ts): a basket `{siteId: days}` priced
 * from the admin's period prices, and bought as one grant per site (with a credential lent from the
 * site's pool) in the same D1 batch as the order row and the wallet debit. A member whose
 * contract lists direct_access (or tez_download, for thesis databases) pays nothing for those
 * sites: one unit of the monthly quota per site instead.
 */
import { z } from "zod";
import { newId } from "../../../db/ids";
import { DomainError, ValidationError } from "../../lib/errors";
import { consumeQuotaStatements, universityCover } from "../institutions/access";
import type { Fulfiller, OrderItem } from "../wallet/fulfilment";
import { directAccessMessages as m } from "./messages";
import { insertGrantStatement, lendCredentialStatements, poolCounts, sitesAndPrices } from "./queries";
import type { Db } from "../../../db/client";

// Site ids as written canonically: "01" and "1" would be two lines (two charges, two grants) for one site.
const Sites = z.record(z.string().regex(/^[1-9][0-9]{0,8}$/), z.number().int().positive().max(3650));

type Line = { siteId: number; days: number; price: number; thesisDatabase: boolean };

function basketOf(item: OrderItem): [number, number][] {
  const parsed = Sites.safeParse(item.data?.["sites"]);
  if (!parsed.success) throw new ValidationError({ cart: [m.siteNotFound] });
  return Object.entries(parsed.data).map(([id, days]) => [Number(id), days]);
}

/** Every site of the basket with its server price; unknown sites, missing periods and empty pools refuse. */
async function priceLines(db: Db, item: OrderItem, now: number): Promise<Line[]> {
  const basket = basketOf(item);
  const { sites, prices } = await sitesAndPrices(
    db,
    basket.map(([id]) => id),
  );
  const pools = await poolCounts(db, now);
  return basket.map(([siteId, days]) => {
    const site = sites.find((s) => s.id === siteId && s.active);
    if (!site) throw new ValidationError({ cart: [m.siteNotFound] });
    const price = prices.find((p) => p.siteId === siteId && p.days === days);
    if (!price) throw new ValidationError({ cart: [m.periodUnavailable(site.name)] });
    // A site with a pool must have an account to lend (a race past this check is handled in SQL).
    const pool = pools.get(siteId);
    if (pool && pool.total > 0 && pool.free <= 0) throw new DomainError(m.poolEmpty(site.name));
    return { siteId, days, price: price.price, thesisDatabase: site.thesisDatabase };
  });
}

/** Quota units a member's institution covers in a basket, per access key (one unit per site). */
const coveredBy = new WeakMap<OrderItem, { universityId: string; key: "direct_access" | "tez_download"; units: number }[]>();

/**
 * A member whose contract lists direct_access gets every site of the basket on the quota; one whose
 * contract lists tez_download gets the thesis databases (ProQuest Dissertations...). What the
 * quota cannot cover is priced as for anyone.
 */
async function coverLines(db: Db, item: OrderItem, lines: Line[], ctx: { userId: string; now: number }): Promise<number> {
  const all = await universityCover(db, ctx.userId, "direct_access", lines.length, ctx.now);
  if (all) {
    coveredBy.set(item, [{ ...all, key: "direct_access", units: lines.length }]);
    return 0;
  }
  const theses = lines.filter((l) => l.thesisDatabase);
  const cover = theses.length ? await universityCover(db, ctx.userId, "tez_download", theses.length, ctx.now) : null;
  if (!cover) return lines.reduce((s, l) => s + l.price, 0);
  coveredBy.set(item, [{ ...cover, key: "tez_download", units: theses.length }]);
  return lines.filter((l) => !l.thesisDatabase).reduce((s, l) => s + l.price, 0);
}

export const directAccessProduct: Fulfiller = {
  async price(db, item, ctx) {
    return coverLines(db, item, await priceLines(db, item, ctx.now), ctx);
  },
  async statements(db, item, ctx) {
    const basket = basketOf(item);
    const quota = (coveredBy.get(item) ?? []).flatMap((c) =>
      consumeQuotaStatements(db, { universityId: c.universityId, key: c.key, now: ctx.now, units: c.units }),
    );
    const grants = basket.flatMap(([siteId, days]) => {
      const grantId = newId("dag", ctx.now);
      return [
        insertGrantStatement(db, { grantId, userId: ctx.userId, siteId, days, orderId: ctx.orderId, now: ctx.now }),
        ...lendCredentialStatements(db, { grantId, userId: ctx.userId, siteId, now: ctx.now }),
      ];
    });
    return [...quota, ...grants];
  },
  // One site: straight to its access page; a basket of several: the list of the user's accesses.
  redirect(item) {
    const basket = Sites.safeParse(item.data?.["sites"]);
    const entries = basket.success ? Object.entries(basket.data) : [];
    return entries.length === 1 ? `/directaccess/${entries[0]![0]}/${entries[0]![1]}` : "/profile/vipServices";
  },
};
