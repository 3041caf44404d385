/**
 * How many downloads one user and one address may start (issue 15 item 11). Each start may run
 * the whole resolver chain against outside services, so it is counted before any work: the
 * attempt is recorded first and counted after, so requests racing each other cannot all pass
 * (exactly `limit` of a burst get through; refused attempts count too, so hammering keeps the
 * window full). The retry time is an upper bound (from the oldest hit in the window).
 *
 * The address limit is high on purpose: a university or a mobile carrier puts thousands of users
 * behind one address. A request without cf-connecting-ip (local development, tests that do not
 * name an address) is limited per user only; on Cloudflare the edge always sets it.
 */
import { and, count, eq, gt, lte, min } from "drizzle-orm";
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

export async function spendStartAllowance(db: Db, who: { userId: string | null; address: string | null }, now: number): Promise<void> {
  const checks: [string, Window][] = [];
  if (who.userId) checks.push([`getpdf_start:user:${who.userId}`, START_LIMITS.user]);
  if (who.address) checks.push([`getpdf_start:ip:${who.address}`, START_LIMITS.address]);
  for (const [key, w] of checks) {
    // Our hit first; then the hits of the window up to ours (ids grow with each insert), so of a
    // burst exactly the first `limit` pass, whatever order the counts run in.
    const [mine] = await db.insert(schema.rateLimitHits).values({ key, at: new Date(now) }).returning({ id: schema.rateLimitHits.id });
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
