/**
 * How many downloads one user and one address may start. Each start may run
 * the whole resolver chain against outside services, so it is counted before any work: the
 * attempt is recorded first and counted after, so requests racing each other cannot all pass
 * (exactly `limit` of a burst get through; refused attempts count too, so hammering keeps the
 * window full). The retry time is an upper bound (from the oldest hit in the window).
 *
 * The windows sum weights, not rows: a paste weighs a whole start (START_COST); an entry of a
 * signed-in user's reading list weighs a tenth of one (LIST_ENTRY_COST), because it waits in the
 * list lane, yields to every paste at each provider's budget and is held to LIST_IN_FLIGHT per list,
 * so the providers' budgets, not this window, decide how fast lists run. A user may still start no
 * more than 60 pastes, or 600 list entries, or a mix, in 10 minutes. A guest's entries weigh a
 * whole start (a guest's list is short, and guests share an address).
 *
 * The address limit is high on purpose: a university or a mobile carrier puts thousands of users
 * behind one address. A request without cf-connecting-ip (local development, tests that do not
 * name an address) is limited per user only; on Cloudflare the edge always sets it.
 */
import { and, asc, eq, gt, lte, min, sql } from "drizzle-orm";
import { schema, type Db } from "../../../db/client";
import { RateLimitError } from "../../lib/errors";
import type { Window } from "../auth/rate-limit";
import { getpdfMessages as m } from "./messages";

export const START_LIMITS = {
  /** A researcher pasting a reading list: 60 documents in 10 minutes. */
  user: { limit: 60, windowMs: 10 * 60_000 },
  /** A campus NAT: 600 in 10 minutes from one address. */
  address: { limit: 600, windowMs: 10 * 60_000 },
} satisfies Record<string, Window>;

/** What one start (a paste, a guest's list entry) weighs in a window. */
export const START_COST = 10;
/** What a signed-in user's reading-list entry weighs: a tenth of a start. */
export const LIST_ENTRY_COST = 1;

export type StartWho = { userId: string | null; address: string | null };

/** The windows a start counts against: the user's, and the address's. */
function startWindows(who: StartWho): [string, Window][] {
  const checks: [string, Window][] = [];
  if (who.userId) checks.push([`getpdf_start:user:${who.userId}`, START_LIMITS.user]);
  if (who.address) checks.push([`getpdf_start:ip:${who.address}`, START_LIMITS.address]);
  return checks;
}

const capacity = (w: Window) => w.limit * START_COST;

export async function spendStartAllowance(db: Db, who: StartWho, now: number): Promise<void> {
  for (const [key, w] of startWindows(who)) {
    // Our hit first; then the weight of the window up to ours (ids grow with each insert), so of a
    // burst exactly the first `limit` pass, whatever order the sums run in.
    const [mine] = await db
      .insert(schema.rateLimitHits)
      .values({ key, at: new Date(now), cost: START_COST })
      .returning({ id: schema.rateLimitHits.id });
    const [row] = await db
      .select({ used: sql<number>`coalesce(sum(${schema.rateLimitHits.cost}), 0)`, oldest: min(schema.rateLimitHits.at) })
      .from(schema.rateLimitHits)
      .where(and(eq(schema.rateLimitHits.key, key), gt(schema.rateLimitHits.at, new Date(now - w.windowMs)), lte(schema.rateLimitHits.id, mine!.id)));
    if (Number(row?.used ?? 0) > capacity(w)) {
      const oldest = row?.oldest?.getTime() ?? now;
      throw new RateLimitError(Math.max(1, Math.ceil((oldest + w.windowMs - now) / 1000)), m.startLimited(Math.ceil((oldest + w.windowMs - now) / 1000)));
    }
  }
}

/**
 * Up to `wanted` starts at once from the same windows as /getpdf/start (a reading list's entries,
 * each weighing LIST_ENTRY_COST for a signed-in owner, START_COST for a guest): one INSERT…SELECT
 * takes, on every window, one row weighing all the entries the windows have room for, so parallel
 * reads of lists cannot together pass a window. Entries not granted are not recorded: an entry that
 * waits is not an attempt, and it is started by a later read once the window has room. Returns how
 * many may start now and, when some must wait, the seconds until the windows have room for one.
 */
export async function takeStarts(db: Db, who: StartWho, now: number, wanted: number): Promise<{ granted: number; waitSeconds: number | null }> {
  const windows = startWindows(who);
  if (wanted <= 0) return { granted: 0, waitSeconds: null };
  if (!windows.length) return { granted: wanted, waitSeconds: null };
  const cost = who.userId ? LIST_ENTRY_COST : START_COST;
  const keys = sql.join(
    windows.map(([key]) => sql`select ${key} as key`),
    sql` union all `,
  );
  const rooms = windows.map(
    ([key, w]) => sql`(select ${capacity(w)} - coalesce(sum(cost), 0) from rate_limit_hits where key = ${key} and at > ${now - w.windowMs})`,
  );
  // One argument to min() would be SQLite's aggregate, not the scalar.
  const room = rooms.length === 1 ? rooms[0]! : sql`min(${sql.join(rooms, sql`, `)})`;
  const rows = await db.all<{ cost: number }>(sql`
    with grant_ as (select min(${wanted}, (${room}) / ${cost}) as n)
    insert into rate_limit_hits (key, at, cost)
    select k.key, ${now}, grant_.n * ${cost} from grant_, (${keys}) as k
    where grant_.n > 0
    returning cost`);
  const granted = rows.length ? Math.floor(Number(rows[0]!.cost) / cost) : 0;
  if (granted >= wanted) return { granted, waitSeconds: null };
  const waits = await Promise.all(windows.map(([key, w]) => secondsUntilRoom(db, key, w, now, cost)));
  return { granted, waitSeconds: Math.max(1, ...waits) };
}

/** Seconds until the window has room for `need` more weight: when enough of its oldest hits fall out. */
async function secondsUntilRoom(db: Db, key: string, w: Window, now: number, need: number): Promise<number> {
  const hits = schema.rateLimitHits;
  const rows = await db
    .select({ at: hits.at, cost: hits.cost })
    .from(hits)
    .where(and(eq(hits.key, key), gt(hits.at, new Date(now - w.windowMs))))
    .orderBy(asc(hits.at));
  let used = rows.reduce((n, r) => n + r.cost, 0);
  for (const r of rows) {
    if (capacity(w) - used >= need) break;
    used -= r.cost;
    if (capacity(w) - used >= need) return Math.max(1, Math.ceil((r.at.getTime() + w.windowMs - now) / 1000));
  }
  return 0;
}
