import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { SiteInfo } from "../../../contract/page-data";
import { schema, type Db } from "../../../db/client";

const TEHRAN_OFFSET_MS = 3.5 * 3600 * 1000;
const CACHE_MS = 3 * 60 * 1000;
let cached: { at: number; value: SiteInfo } | null = null;

/** Start of "today" in Tehran, as epoch ms. */
export function tehranDayStart(now: number): number {
  const local = now + TEHRAN_OFFSET_MS;
  return local - (local % 86_400_000) - TEHRAN_OFFSET_MS;
}

/** The statistics strip, computed from recorded downloads; cached a few minutes per isolate. */
export async function loadSiteInfo(db: Db, now: number, opts: { fresh?: boolean } = {}): Promise<SiteInfo> {
  if (!opts.fresh && cached && now - cached.at < CACHE_MS) return cached.value;
  const today = tehranDayStart(now);
  const yesterday = today - 86_400_000;
  const d = schema.downloads;
  const [okAll, yOk, yAll, usersCount, centers] = await db.batch([
    db.select({ n: count() }).from(d).where(eq(d.outcome, "ok")),
    db
      .select({ n: count() })
      .from(d)
      .where(and(eq(d.outcome, "ok"), gte(d.createdAt, new Date(yesterday)), lt(d.createdAt, new Date(today)))),
    db
      .select({ n: count() })
      .from(d)
      .where(and(gte(d.createdAt, new Date(yesterday)), lt(d.createdAt, new Date(today)))),
    db.select({ n: count() }).from(schema.users),
    db.select({ n: count() }).from(schema.universities).where(sql`${schema.universities.active} = 1`),
  ]);
  const yesterdayOk = yOk[0]?.n ?? 0;
  const yesterdayAll = yAll[0]?.n ?? 0;
  const value: SiteInfo = {
    successful_download: okAll[0]?.n ?? 0,
    successful_download_percent: yesterdayAll ? Math.round((yesterdayOk / yesterdayAll) * 1000) / 10 : 0,
    successful_download_yesterday: yesterdayOk,
    number_of_users: usersCount[0]?.n ?? 0,
    contract_centers: centers[0]?.n ?? 0,
  };
  cached = { at: now, value };
  return value;
}
