import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import { schema, type Db } from "../../../db/client";

/**
 * Sliding-window counters over `rate_limit_hits` (one row per counted event). D1 has no
 * transactions, so two racing requests may both pass a check; the limits here are about
 * abuse over minutes, where one extra attempt does not matter.
 */
export type Window = { limit: number; windowMs: number };

/** Seconds until `key` may be hit again, or null when it is under its limit now. */
export async function retryAfter(db: Db, key: string, w: Window, now: number): Promise<number | null> {
  const since = new Date(now - w.windowMs);
  const rows = await db
    .select({ at: schema.rateLimitHits.at })
    .from(schema.rateLimitHits)
    .where(and(eq(schema.rateLimitHits.key, key), gt(schema.rateLimitHits.at, since)))
    .orderBy(asc(schema.rateLimitHits.at));
  if (rows.length < w.limit) return null;
  // The window frees a slot when the oldest hit that keeps it full falls out.
  const blocking = rows[rows.length - w.limit]!.at.getTime();
  return Math.max(1, Math.ceil((blocking + w.windowMs - now) / 1000));
}

export async function recordHits(db: Db, keys: string[], now: number) {
  if (!keys.length) return;
  await db.insert(schema.rateLimitHits).values(keys.map((key) => ({ key, at: new Date(now) })));
}

export async function clearHits(db: Db, key: string) {
  await db.delete(schema.rateLimitHits).where(eq(schema.rateLimitHits.key, key));
}

/** Old rows serve no window (the longest is one day); dropped now and then by callers. */
export async function pruneHits(db: Db, now: number) {
  await db.delete(schema.rateLimitHits).where(lt(schema.rateLimitHits.at, new Date(now - 2 * 86_400_000)));
}

export async function countHits(db: Db, key: string, since: number): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(schema.rateLimitHits)
    .where(and(eq(schema.rateLimitHits.key, key), gt(schema.rateLimitHits.at, new Date(since))));
  return row[0]?.n ?? 0;
}
