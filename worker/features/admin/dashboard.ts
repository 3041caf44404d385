/** The admin dashboard's figures, each counted from its own table (downloads, offline requests, payments, users). */
import type { AdminDashboard } from "../../../contract/admin";
import type { OfflineStatus } from "../../../contract/offline";
import { overdue, promiseBroken } from "../../../contract/offline-promise";
import type { Db } from "../../../db/client";

export const DAY_MS = 86_400_000;
/** Tehran has kept UTC+3:30 all year since 2022 (no daylight saving). */
const TEHRAN_OFFSET_MS = 3.5 * 3_600_000;

/** Start of the Tehran calendar day holding `now`, in epoch ms. */
export function tehranDayStart(now: number): number {
  const local = now + TEHRAN_OFFSET_MS;
  return local - (local % DAY_MS) - TEHRAN_OFFSET_MS;
}

const OPEN = "('registered', 'priced', 'paid', 'in_progress')";
type PromiseRow = { status: OfflineStatus; promise_at: number | null; deliver_by: number | null; answered_at: number | null; delivered_at: number | null };
const percent = (ok: number, total: number) => (total ? Math.round((ok / total) * 1000) / 10 : null);

export async function dashboard(db: Db, now: number): Promise<AdminDashboard> {
  const today = tehranDayStart(now);
  const yesterday = today - DAY_MS;
  const tomorrow = today + DAY_MS;
  const month = today - 29 * DAY_MS;
  const d1 = db.$client;
  const [downloads, open, promise, revenue, users] = await d1.batch([
    d1
      .prepare(
        `SELECT COALESCE(SUM(created_at >= ?1), 0) AS total_today, COALESCE(SUM(created_at >= ?1 AND outcome = 'ok'), 0) AS ok_today,
                COALESCE(SUM(created_at < ?1), 0) AS total_yesterday, COALESCE(SUM(created_at < ?1 AND outcome = 'ok'), 0) AS ok_yesterday
         FROM downloads WHERE created_at >= ?2 AND created_at < ?3`,
      )
      .bind(today, yesterday, tomorrow),
    d1.prepare(`SELECT kind, COUNT(*) AS n FROM offline_requests WHERE status IN ${OPEN} GROUP BY kind`),
    // Every request that made a promise; contract/offline-promise.ts says which are broken.
    d1.prepare(`SELECT status, promise_at, deliver_by, answered_at, delivered_at FROM offline_requests WHERE promise_at IS NOT NULL OR deliver_by IS NOT NULL`),
    d1
      .prepare(
        `SELECT COALESCE(SUM(CASE WHEN verified_at >= ?1 THEN amount END), 0) AS today,
                COALESCE(SUM(CASE WHEN verified_at >= ?2 AND verified_at < ?1 THEN amount END), 0) AS yesterday,
                COALESCE(SUM(amount), 0) AS month, COUNT(*) AS payments
         FROM payments WHERE status = 'paid' AND verified_at >= ?3 AND verified_at < ?4`,
      )
      .bind(today, yesterday, month, tomorrow),
    d1
      .prepare(
        `SELECT COALESCE(SUM(created_at >= ?1 AND created_at < ?4), 0) AS today, COALESCE(SUM(created_at >= ?2 AND created_at < ?1), 0) AS yesterday,
                COALESCE(SUM(created_at >= ?3 AND created_at < ?4), 0) AS month, COUNT(*) AS total
         FROM users`,
      )
      .bind(today, yesterday, month, tomorrow),
  ]);
  const dl = downloads!.results[0] as Record<string, number>;
  const byKind = { article: 0, book: 0, standard: 0 };
  for (const r of open!.results as { kind: keyof typeof byKind; n: number }[]) byKind[r.kind] = r.n;
  const p = { broken: 0, overdue: 0 };
  for (const row of promise!.results as PromiseRow[]) {
    const r = { status: row.status, promiseAt: row.promise_at, deliverBy: row.deliver_by, answeredAt: row.answered_at, deliveredAt: row.delivered_at };
    if (promiseBroken(r, now)) p.broken++;
    if (overdue(r, now)) p.overdue++;
  }
  const rev = revenue!.results[0] as Record<string, number>;
  const u = users!.results[0] as Record<string, number>;
  return {
    now: new Date(now).toISOString(),
    downloads: {
      today: { total: dl.total_today!, ok: dl.ok_today!, success_percent: percent(dl.ok_today!, dl.total_today!) },
      yesterday: { total: dl.total_yesterday!, ok: dl.ok_yesterday!, success_percent: percent(dl.ok_yesterday!, dl.total_yesterday!) },
    },
    offline: { open: byKind.article + byKind.book + byKind.standard, open_by_kind: byKind, promise_breached: p.broken, overdue_now: p.overdue },
    revenue: { today: rev.today!, yesterday: rev.yesterday!, last_30_days: rev.month!, payments_30_days: rev.payments! },
    users: { today: u.today!, yesterday: u.yesterday!, last_30_days: u.month!, total: u.total! },
  };
}
