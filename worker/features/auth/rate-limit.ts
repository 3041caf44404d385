import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { schema, type Db } from "../../../db/client";

/**
 * Sliding-window counters over `rate_limit_hits` (one row per counted event). An attempt is
 * reserved before the work it limits, in one conditional INSERT: D1 runs each statement alone,
 * so parallel requests cannot all see "under the limit" and all go ahead (check-then-act).
 */
export type Window = { limit: number; windowMs: number };
export type Limit = Window & { key: string };

const hits = schema.rateLimitHits;

/** Seconds until `key` may be hit again, or null when it is under its limit now. */
export async function retryAfter(db: Db, key: string, w: Window, now: number): Promise<number | null> {
  const since = new Date(now - w.windowMs);
  const rows = await db
    .select({ at: hits.at })
    .from(hits)
    .where(and(eq(hits.key, key), gt(hits.at, since)))
    .orderBy(asc(hits.at));
  if (rows.length < w.limit) return null;
  // The window frees a slot when the oldest hit that keeps it full falls out.
  const blocking = rows[rows.length - w.limit]!.at.getTime();
  return Math.max(1, Math.ceil((blocking + w.windowMs - now) / 1000));
}

type Reservation = { ok: true; ids: number[] } | { ok: false; wait: number };

/**
 * Takes one hit on every key at once when every limit has room, else none: a single
 * INSERT…SELECT whose WHERE counts each window. Returns the hit ids (release them when the
 * attempt should not count, e.g. a right password) or the seconds to wait.
 */
export async function reserve(db: Db, limits: Limit[], now: number): Promise<Reservation> {
  const keys = [...new Set(limits.map((l) => l.key))];
  if (!keys.length) return { ok: true, ids: [] };
  const rows = sql.join(
    keys.map((k) => sql`select ${k} as key`),
    sql` union all `,
  );
  const room = sql.join(
    limits.map((l) => sql`(select count(*) from rate_limit_hits where key = ${l.key} and at > ${now - l.windowMs}) < ${l.limit}`),
    sql` and `,
  );
  const inserted = await db.all<{ id: number }>(sql`insert into rate_limit_hits (key, at) select k.key, ${now} from (${rows}) as k where ${room} returning id`);
  if (inserted.length) return { ok: true, ids: inserted.map((r) => r.id) };
  const waits = await Promise.all(limits.map((l) => retryAfter(db, l.key, l, now)));
  // A limit full a moment ago may have freed since; one second is the shortest honest answer.
  return { ok: false, wait: Math.max(1, ...waits.map((w) => w ?? 0)) };
}

/** Gives reserved hits back (the attempt turned out not to count), all of them or only those on `key`. */
export async function release(db: Db, ids: number[], key?: string) {
  if (!ids.length) return;
  await db.delete(hits).where(key ? and(inArray(hits.id, ids), eq(hits.key, key)) : inArray(hits.id, ids));
}

export async function clearHits(db: Db, key: string) {
  await db.delete(hits).where(eq(hits.key, key));
}

/** Old rows serve no window (the longest is one day); dropped now and then by callers. */
export async function pruneHits(db: Db, now: number) {
  await db.delete(hits).where(lt(hits.at, new Date(now - 2 * 86_400_000)));
}
