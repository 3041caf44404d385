import { asc, eq } from "drizzle-orm";
import type { DirectAccessSite } from "../../../contract/direct-access";
import { schema, type Db } from "../../../db/client";

/** The spec's price map: key = "price_" (six characters) + days. */
export const priceKey = (days: number) => `price_${days}`;

export async function listDirectAccessSites(db: Db): Promise<DirectAccessSite[]> {
  const [sites, prices] = await db.batch([
    db.select().from(schema.directAccessSites).where(eq(schema.directAccessSites.active, true)).orderBy(asc(schema.directAccessSites.sortOrder), asc(schema.directAccessSites.id)),
    db.select().from(schema.directAccessPrices).orderBy(asc(schema.directAccessPrices.days)),
  ]);
  return sites.map((s) => ({
    id: s.id,
    name: s.name,
    description: s.description,
    url: s.url,
    type: s.type,
    link: s.link,
    link2: s.link2,
    expire: s.expireText,
    prices: Object.fromEntries(prices.filter((p) => p.siteId === s.id).map((p) => [priceKey(p.days), p.price])),
  }));
}
