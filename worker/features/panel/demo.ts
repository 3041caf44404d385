/**
 * Development only: demo activity for a partner's institution (six months of quota usage and
 * members' downloads), so the panel's charts have something to draw on a fresh local database.
 * Deterministic ids make a second call a no-op.
 */
import type { Db } from "../../../db/client";
import { grantedKeys, quotaOf } from "../institutions/access";
import { lastMonths, tehranDay } from "./months";
import * as q from "./queries";

export async function seedDemoActivity(db: Db, universityId: string, now: number): Promise<{ months: number; downloads: number }> {
  const uni = await q.universityRow(db, universityId);
  if (!uni) return { months: 0, downloads: 0 };
  const d1 = db.$client;
  const months = lastMonths(now, 6);
  const members = await d1.prepare("SELECT id FROM users WHERE university_id = ? ORDER BY id LIMIT 5").bind(universityId).all<{ id: string }>();
  const statements: D1PreparedStatement[] = [];
  months.forEach((month, i) => {
    for (const key of grantedKeys(uni)) {
      const quota = quotaOf(uni.quotas, key);
      // A rising curve that reaches the quota in the busiest month.
      const used = quota === null ? 10 + i * 3 : Math.min(quota, Math.round(quota * (0.25 + 0.15 * i)));
      statements.push(
        d1.prepare("INSERT OR IGNORE INTO university_usage (university_id, month, access_key, used, quota) VALUES (?, ?, ?, ?, ?)").bind(universityId, month, key, used, quota),
      );
    }
  });
  let downloads = 0;
  const today = tehranDay(now);
  members.results.forEach((m, mi) => {
    for (let back = 0; back < 150; back += 9 + mi) {
      const at = (today - back) * 86_400_000 + 6 * 3_600_000;
      const outcome = (back + mi) % 5 === 0 ? "error" : "ok";
      statements.push(
        d1
          .prepare("INSERT OR IGNORE INTO downloads (id, user_id, job_key, outcome, doi, url, title, source, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'demo', ?)")
          .bind(`dl_demo_${m.id}_${back}`, m.id, `doi:10.5555/demo.${mi}.${back}`, outcome, `10.5555/demo.${mi}.${back}`, `https://doi.org/10.5555/demo.${mi}.${back}`, `Demo article ${mi + 1}-${back}`, at),
      );
      downloads += 1;
    }
  });
  for (let i = 0; i < statements.length; i += 50) await d1.batch(statements.slice(i, i + 50));
  return { months: months.length, downloads };
}
