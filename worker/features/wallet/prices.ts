/** The admin-managed price table (whole toman): every purchase is priced from here, never from the client. */
import { eq } from "drizzle-orm";
import { schema, type Db } from "../../../db/client";
import { LIMITED_ARTICLE_PACK_SIZE } from "../../../db/seed-data/site-content";
import { DomainError } from "../../lib/errors";
import { walletMessages } from "./messages";

/** Limited credits last one month (accounts spec §1, §9); kept as 30 days. */
export const LIMITED_LOT_DAYS = 30;
export const DAY_MS = 86_400_000;

export async function loadPriceTable(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ key: schema.prices.key, price: schema.prices.price }).from(schema.prices);
  return new Map(rows.map((r) => [r.key, r.price]));
}

/** The unit price of a product key; a missing row is a configuration error shown in Persian. */
export async function unitPrice(db: Db, key: string): Promise<number> {
  const [row] = await db.select({ price: schema.prices.price }).from(schema.prices).where(eq(schema.prices.key, key));
  if (!row) throw new DomainError(walletMessages.priceMissing);
  return row.price;
}

export function unitFrom(table: Map<string, number>, key: string): number {
  const v = table.get(key);
  if (v === undefined) throw new DomainError(walletMessages.priceMissing);
  return v;
}

export function packSizeFrom(table: Map<string, number>): number {
  return table.get("limited_article_pack_size") ?? LIMITED_ARTICLE_PACK_SIZE;
}

export async function pricePackage(db: Db, id: number) {
  const [row] = await db.select().from(schema.pricePackages).where(eq(schema.pricePackages.id, id));
  return row ?? null;
}
