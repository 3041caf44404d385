import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  consumeQuotaStatements,
  consumeUniversityQuota,
  grantedKeys,
  isQuotaExceeded,
  universityAccess,
  usageMonth,
  accessKeys,
} from "../../worker/features/institutions/access";
import { db, makeUser } from "./auth-helpers";
import { makeUniversity, member, rowOf } from "./institutions-factories";

const NOW = Date.UTC(2026, 10, 22, 8, 0); // 1405-09-01 in Tehran

async function usedOf(universityId: string, key: string, month = usageMonth(NOW)) {
  const row = await env.DB.prepare("SELECT used FROM university_usage WHERE university_id = ? AND month = ? AND access_key = ?")
    .bind(universityId, month, key)
    .first<{ used: number }>();
  return row?.used ?? 0;
}

describe("usageMonth", () => {
  it("counts Solar Hijri months in Tehran time", () => {
    expect(usageMonth(Date.UTC(2026, 2, 20, 12))).toBe("1404-12"); // 29 Esfand 1404
    expect(usageMonth(Date.UTC(2026, 2, 21, 12))).toBe("1405-01"); // 1 Farvardin 1405
    // 21:00 UTC on 21 Mar is already the next day in Tehran (UTC+3:30), still Farvardin
    expect(usageMonth(Date.UTC(2026, 3, 20, 21))).toBe("1405-02");
  });
});

describe("grantedKeys", () => {
  it("maps new_access keys as the spec says", () => {
    const keys = grantedKeys({
      access: [],
      newAccess: [
        { key: "article", description: "" },
        { key: "grammarly", description: "" },
        { key: "offline_article", description: "" },
        { key: "ieee", description: "" },
      ],
    });
    expect([...keys].sort()).toEqual(["article_download", "grammarly", "standard_download"]);
  });
});

describe("universityAccess", () => {
  it("refuses users without a verified institution", async () => {
    const uni = await makeUniversity({ access: [...accessKeys] });
    const plain = await makeUser();
    expect((await universityAccess(db(), await rowOf(plain.id), "article_download", NOW)).reason).toBe("not_member");
    const unverified = await member(uni, { verified: false });
    expect((await universityAccess(db(), await rowOf(unverified.user.id), "article_download", NOW)).allowed).toBe(false);
    expect((await universityAccess(db(), null, "article_download", NOW)).reason).toBe("not_member");
  });

  it.each(accessKeys.map((k) => [k]))("enforces the access list for %s", async (key) => {
    const others = accessKeys.filter((k) => k !== key);
    const without = await makeUniversity({ access: others });
    const withKey = await makeUniversity({ access: [key] });
    const a = await member(without);
    const b = await member(withKey);
    const denied = await universityAccess(db(), await rowOf(a.user.id), key, NOW);
    expect(denied).toMatchObject({ allowed: false, reason: "not_in_access_list" });
    await expect(consumeUniversityQuota(db(), await rowOf(a.user.id), key, NOW)).rejects.toThrow(/قرارداد/);
    const granted = await universityAccess(db(), await rowOf(b.user.id), key, NOW);
    expect(granted).toMatchObject({ allowed: true, remaining: null, universityId: withKey.id });
  });

  it("refuses an inactive contract", async () => {
    const uni = await makeUniversity({ access: ["book_download"], active: false });
    const m = await member(uni);
    expect((await universityAccess(db(), await rowOf(m.user.id), "book_download", NOW)).reason).toBe("inactive");
  });
});

describe("quota consumption", () => {
  it("counts down and stops at the quota; the month after starts again", async () => {
    const uni = await makeUniversity({ access: ["ithenticate"], quotas: { ithenticate: 3 } });
    const m = await member(uni);
    const user = await rowOf(m.user.id);
    expect((await universityAccess(db(), user, "ithenticate", NOW)).remaining).toBe(3);
    for (const left of [2, 1, 0]) {
      expect((await consumeUniversityQuota(db(), user, "ithenticate", NOW)).remaining).toBe(left);
    }
    expect(await usedOf(uni.id, "ithenticate")).toBe(3);
    expect(await universityAccess(db(), user, "ithenticate", NOW)).toMatchObject({ allowed: false, reason: "quota_exhausted", remaining: 0 });
    await expect(consumeUniversityQuota(db(), user, "ithenticate", NOW)).rejects.toThrow(/سهمیه/);
    expect(await usedOf(uni.id, "ithenticate")).toBe(3);
    const nextMonth = NOW + 31 * 86_400_000;
    expect((await universityAccess(db(), user, "ithenticate", nextMonth)).remaining).toBe(3);
  });

  it("aborts the caller's whole batch when over the quota (statement guard, not the pre-check)", async () => {
    const uni = await makeUniversity({ access: ["grammarly"], quotas: { grammarly: 1 } });
    const d1 = env.DB;
    await d1.exec("CREATE TABLE IF NOT EXISTS quota_probe (id TEXT PRIMARY KEY)");
    await d1.batch([
      ...consumeQuotaStatements(db(), { universityId: uni.id, key: "grammarly", now: NOW }),
      d1.prepare("INSERT INTO quota_probe VALUES ('first')"),
    ]);
    let error: unknown = null;
    try {
      await d1.batch([
        ...consumeQuotaStatements(db(), { universityId: uni.id, key: "grammarly", now: NOW }),
        d1.prepare("INSERT INTO quota_probe VALUES ('second')"),
      ]);
    } catch (e) {
      error = e;
    }
    expect(isQuotaExceeded(error)).toBe(true);
    const probes = await d1.prepare("SELECT id FROM quota_probe ORDER BY id").all<{ id: string }>();
    expect(probes.results.map((r) => r.id)).toEqual(["first"]);
    expect(await usedOf(uni.id, "grammarly")).toBe(1);
  });

  it("never goes over the quota under 20 concurrent consumers", async () => {
    const uni = await makeUniversity({ access: ["direct_access"], quotas: { direct_access: 7 } });
    const members = await Promise.all(Array.from({ length: 4 }, () => member(uni)));
    const rows = await Promise.all(members.map((m) => rowOf(m.user.id)));
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => consumeUniversityQuota(db(), rows[i % 4]!, "direct_access", NOW)));
    const ok = results.filter((r) => r.status === "fulfilled").length;
    expect(ok).toBe(7);
    for (const r of results) if (r.status === "rejected") expect(String(r.reason.message)).toMatch(/سهمیه/);
    expect(await usedOf(uni.id, "direct_access")).toBe(7);
  });

  it("applies a lowered quota at once and an inactive contract counts as zero", async () => {
    const uni = await makeUniversity({ access: ["tez_download"], quotas: { tez_download: 5 } });
    const run = () => env.DB.batch(consumeQuotaStatements(db(), { universityId: uni.id, key: "tez_download", now: NOW }));
    await run();
    await run();
    await env.DB.prepare("UPDATE universities SET quotas = json('{\"tez_download\":2}') WHERE id = ?").bind(uni.id).run();
    await expect(run()).rejects.toSatisfy(isQuotaExceeded);
    await env.DB.prepare("UPDATE universities SET quotas = json('{\"tez_download\":9}'), active = 0 WHERE id = ?").bind(uni.id).run();
    await expect(run()).rejects.toSatisfy(isQuotaExceeded);
    expect(await usedOf(uni.id, "tez_download")).toBe(2);
  });

  it("has no limit for a key without a quota", async () => {
    const uni = await makeUniversity({ access: ["standard_download"], quotas: {} });
    const m = await member(uni);
    for (let i = 0; i < 5; i++) expect((await consumeUniversityQuota(db(), await rowOf(m.user.id), "standard_download", NOW)).remaining).toBeNull();
    expect(await usedOf(uni.id, "standard_download")).toBe(5);
  });
});
