/**
 * How many downloads one user and one address may start. Each start may run
 * the whole resolver chain against outside services, so it is counted before any work: the
 * attempt is recorded first and counted after, so requests racing each other cannot all pass
 * (exactly `limit` of a burst get through; refused attempts count too, so hammering keeps the
 * window full). The retry time is an upper bound (from the oldest hit in the window).
 *
 * The address limit is high on purpose: a university or a mobile carrier puts thousands of users
 * behind one address. A request without cf-connecting-ip (local development, tests that do not
 * name an address) is limited per user only; on Cloudflare the edge always sets it.
 */
import { and, count, eq, gt, lte, min, sql } from "drizzle-orm";
import { schema, type Db } from "../../../db/client";
import { RateLimitError } from "../../lib/errors";
import { retryAfter, type Window } from "../auth/rate-limit";
import { getpdfMessages as m } from "./messages";

export const START_LIMITS = {
  /** A researcher pasting a reading list: 60 documents in 10 minutes. */
  user: { limit: 60, windowMs: 10 * 60_000 },
  /** A campus NAT: 600 in 10 minutes from one address. */
  address: { limit: 600, windowMs: 10 * 60_000 },
} satisfies Record<string, Window>;

export type StartWho = { userId: string | null; address: string | null };

/** The windows a start counts against: the user's, and the address's. */
function startWindows(who: StartWho): [string, Window][] {
  const checks: [string, Window][] = [];
  if (who.userId) checks.push([`getpdf_start:user:${who.userId}`, START_LIMITS.user]);
  if (who.address) checks.push([`getpdf_start:ip:${who.address}`, START_LIMITS.address]);
  return checks;
}

export async function spendStartAllowance(db: Db, who: StartWho, now: number): Promise<void> {
  for (const [key, w] of startWindows(who)) {
    // Our hit first; then the hits of the window up to ours (ids grow with each insert), so of a
    // burst exactly the first `limit` pass, whatever order the counts run in.
    const [mine] = await db
      .insert(schema.rateLimitHits)
      .values({ key, at: new Date(now) })
      .returning({ id: schema.rateLimitHits.id });
    const [row] = await db
      .select({ n: count(), oldest: min(schema.rateLimitHits.at) })
      .from(schema.rateLimitHits)
      .where(and(eq(schema.rateLimitHits.key, key), gt(schema.rateLimitHits.at, new Date(now - w.windowMs)), lte(schema.rateLimitHits.id, mine!.id)));
    if ((row?.n ?? 0) > w.limit) {
      const oldest = row?.oldest?.getTime() ?? now;
      throw new RateLimitError(Math.max(1, Math.ceil((oldest + w.windowMs - now) / 1000)), m.startLimited(Math.ceil((oldest + w.windowMs - now) / 1000)));
    }
  }
}

/**
 * Up to `wanted` starts at once from the same windows as /getpdf/start (a reading list's entries):
 * one INSERT…SELECT takes as many hits on every window as all of them have room for, so parallel
 * reads of lists cannot together pass a window. Starts not granted are not recorded: an entry that
 * waits is not an attempt, and it is started by a later read once the window has room. Returns how
 * many may start now and, when some must wait, the seconds until a window frees a slot.
 */
export async function takeStarts(db: Db, who: StartWho, now: number, wanted: number): Promise<{ granted: number; waitSeconds: number | null }> {
  const windows = startWindows(who);
  if (wanted <= 0) return { granted: 0, waitSeconds: null };
  if (!windows.length) return { granted: wanted, waitSeconds: null };
  const keys = sql.join(
    windows.map(([key]) => sql`select ${key} as key`),
    sql` union all `,
  );
  const room = sql.join(
    windows.map(([key, w]) => sql`(select ${w.limit} - count(*) from rate_limit_hits where key = ${key} and at > ${now - w.windowMs})`),
    sql`, `,
  );
  const rows = await db.all<{ id: number }>(sql`
    with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${wanted})
    insert into rate_limit_hits (key, at)
    select k.key, ${now} from seq, (${keys}) as k
    where seq.n <= min(${wanted}, ${room})
    returning id`);
  const granted = Math.floor(rows.length / windows.length);
  if (granted >= wanted) return { granted, waitSeconds: null };
  const waits = await Promise.all(windows.map(([key, w]) => retryAfter(db, key, w, now)));
  const waitSeconds = Math.max(1, ...waits.map((x) => x ?? 0));
  return { granted, waitSeconds };
}
