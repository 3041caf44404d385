/**
 * The operator's list prices per kind (book, standard, solution manual), set on the desk beside its
 * hours: the price field starts with them when neither the request's group nor the catalogue gives a
 * price. Staff still press to price; a blank list price leaves the field empty.
 */
import { eq } from "drizzle-orm";
import { DEFAULT_DESK_PRICES, DeskPrices } from "../../../contract/offline";
import { schema, type Db } from "../../../db/client";

const DESK_PRICES_KEY = "desk.prices";

export async function deskPrices(db: Db): Promise<DeskPrices> {
  const [row] = await db.select().from(schema.settings).where(eq(schema.settings.key, DESK_PRICES_KEY)).limit(1);
  const parsed = DeskPrices.partial().safeParse(row?.value ?? {});
  return { ...DEFAULT_DESK_PRICES, ...(parsed.success ? parsed.data : {}) };
}

export async function saveDeskPrices(db: Db, prices: DeskPrices): Promise<void> {
  await db
    .insert(schema.settings)
    .values({ key: DESK_PRICES_KEY, value: prices })
    .onConflictDoUpdate({ target: schema.settings.key, set: { value: prices } });
}
