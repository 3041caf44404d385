import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SiteInfo } from "../../contract/page-data";
import { newId } from "../../db/ids";
import { loadSiteInfo } from "../../worker/features/home/site-info";
import { db } from "./auth-helpers";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 10:00 in Tehran on 1 Azar 1405 (06:30 UTC).
const NOW = Date.UTC(2026, 10, 22, 6, 30);
// Tehran midnight of that day, written out by hand: 21 Nov 20:30 UTC.
const TODAY_START = Date.UTC(2026, 10, 21, 20, 30);
const YESTERDAY_START = TODAY_START - DAY;

type Event = { at: number; outcome: "ok" | "buy" | "offline" | "error" };

/** A deterministic spread of events over four days, with some right at the day boundaries. */
function events(): Event[] {
  const out: Event[] = [];
  const outcomes: Event["outcome"][] = ["ok", "ok", "error", "ok", "buy", "offline", "ok", "error"];
  for (let i = 0; i < 97; i++) out.push({ at: NOW - 3 * DAY + i * 53 * 60_000, outcome: outcomes[i % outcomes.length]! });
  out.push(
    { at: YESTERDAY_START, outcome: "ok" },
    { at: TODAY_START - 1, outcome: "error" },
    { at: TODAY_START, outcome: "ok" },
    { at: YESTERDAY_START - 1, outcome: "ok" },
  );
  return out;
}

async function seed(list: Event[], users: number, centers: { active: boolean }[]) {
  const d1 = env.DB;
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < users; i++) {
    statements.push(
      d1
        .prepare("INSERT INTO users (id, name, email, password_hash, created_at, updated_at) VALUES (?, 'x', ?, 'h', ?, ?)")
        .bind(newId("usr"), `s${i}-${Math.random()}@example.org`, NOW, NOW),
    );
  }
  for (const c of centers) {
    statements.push(
      d1
        .prepare("INSERT INTO universities (id, name, access, quotas, active, created_at, updated_at) VALUES (?, 'u', '[]', '{}', ?, ?, ?)")
        .bind(newId("uni"), c.active ? 1 : 0, NOW, NOW),
    );
  }
  for (const e of list) {
    statements.push(
      d1
        .prepare("INSERT INTO downloads (id, user_id, job_key, outcome, created_at) VALUES (?, NULL, ?, ?, ?)")
        .bind(newId("dl"), `doi:${Math.random()}`, e.outcome, e.at),
    );
  }
  for (let i = 0; i < statements.length; i += 50) await d1.batch(statements.slice(i, i + 50));
}

describe("the statistics strip (site info)", () => {
  it("equals counts computed independently from the seeded events", async () => {
    const before = await env.DB.prepare(
      "SELECT (SELECT COUNT(*) FROM users) AS u, (SELECT COUNT(*) FROM downloads) AS d, (SELECT COUNT(*) FROM universities) AS c",
    ).first<{ u: number; d: number; c: number }>();
    expect(before).toEqual({ u: 0, d: 0, c: 0 });
    const list = events();
    await seed(list, 13, [{ active: true }, { active: true }, { active: false }, { active: true }]);

    const ok = list.filter((e) => e.outcome === "ok");
    const yesterday = list.filter((e) => e.at >= YESTERDAY_START && e.at < TODAY_START);
    const yesterdayOk = yesterday.filter((e) => e.outcome === "ok");
    const percent = Math.round((yesterdayOk.length / yesterday.length) * 1000) / 10;

    const info = SiteInfo.parse(await loadSiteInfo(db(), NOW, { fresh: true }));
    expect(info).toEqual({
      successful_download: ok.length,
      successful_download_percent: percent,
      successful_download_yesterday: yesterdayOk.length,
      number_of_users: 13,
      contract_centers: 3,
    });
    // Sanity: the fixture really has both kinds of rows yesterday.
    expect(yesterday.length).toBeGreaterThan(yesterdayOk.length);
    expect(yesterdayOk.length).toBeGreaterThan(0);
  });

  it("is cached for a few minutes, then recomputed", async () => {
    const first = await loadSiteInfo(db(), NOW + HOUR, { fresh: true });
    await seed([{ at: NOW, outcome: "ok" }], 2, [{ active: true }]);
    const cached = await loadSiteInfo(db(), NOW + HOUR + 2 * 60_000);
    expect(cached).toEqual(first);
    const fresh = await loadSiteInfo(db(), NOW + HOUR + 4 * 60_000);
    expect(fresh.successful_download).toBe(first.successful_download + 1);
    expect(fresh.number_of_users).toBe(first.number_of_users + 2);
    expect(fresh.contract_centers).toBe(first.contract_centers + 1);
  });

  it("is 0 percent, not NaN, when nothing happened yesterday", async () => {
    const later = NOW + 30 * DAY;
    const info = await loadSiteInfo(db(), later, { fresh: true });
    expect(info.successful_download_percent).toBe(0);
    expect(info.successful_download_yesterday).toBe(0);
  });
});
