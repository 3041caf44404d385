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
      // A rising curve that meets the quota once; the current month is still under way.
      const share = [0.42, 0.55, 0.71, 0.88, 1, 0.63][i] ?? 0.5;
      const used = quota === null ? 10 + i * 3 : Math.min(quota, Math.round(quota * share));
      statements.push(
        d1
          .prepare("INSERT OR IGNORE INTO university_usage (university_id, month, access_key, used, quota) VALUES (?, ?, ?, ?, ?)")
          .bind(universityId, month, key, used, quota),
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
          .prepare(
            "INSERT OR IGNORE INTO downloads (id, user_id, job_key, outcome, doi, url, title, source, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'demo', ?)",
          )
          .bind(
            `dl_demo_${m.id}_${back}`,
            m.id,
            `doi:10.5555/demo.${mi}.${back}`,
            outcome,
            `10.5555/demo.${mi}.${back}`,
            `https://doi.org/10.5555/demo.${mi}.${back}`,
            `Demo article ${mi + 1}-${back}`,
            at,
          ),
      );
      downloads += 1;
    }
  });
  // A few offline requests a month from the first member.
  const first = members.results[0];
  if (first) {
    for (let back = 3; back < 180; back += 11) {
      const at = (today - back) * 86_400_000 + 9 * 3_600_000;
      const kind = back % 2 ? "book" : "article";
      statements.push(
        d1
          .prepare(
            "INSERT OR IGNORE INTO offline_requests (id, user_id, kind, url, doc_key, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'delivered', ?, ?)",
          )
          .bind(`off_demo_${first.id}_${back}`, first.id, kind, `Demo ${kind} request ${back}`, `demo:${kind}:${back}`, at, at),
      );
    }
  }
  for (let i = 0; i < statements.length; i += 50) await d1.batch(statements.slice(i, i + 50));
  return { months: months.length, downloads };
}
