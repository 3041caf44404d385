import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { usageMonth } from "../../worker/features/institutions/access";
import { grantByUniversity } from "../../worker/features/institutions/enforce";
import { db } from "./auth-helpers";
import { check, deliver, jobState, LICENSED_ENV, scenarioDoi, seedProcessingJob } from "./getpdf-helpers";
import { makeUniversity, member, rowOf } from "./institutions-factories";

async function used(universityId: string, key: string) {
  const row = await env.DB.prepare("SELECT used FROM university_usage WHERE university_id = ? AND month = ? AND access_key = ?")
    .bind(universityId, usageMonth(Date.now()), key)
    .first<{ used: number }>();
  return row?.used ?? 0;
}

async function licensedJob() {
  const job = await seedProcessingJob(scenarioDoi("licensed"));
  await deliver(job, { env: LICENSED_ENV });
  expect(await jobState(job.key)).toMatchObject({ phase: "found", file: { access: "licensed" } });
  return job;
}

describe("article_download in the getpdf pipeline's licensed path", () => {
  it("a member with article_download gets the licensed copy from the quota, once per document", async () => {
    const uni = await makeUniversity({ access: ["article_download"], quotas: { article_download: 5 } });
    const m = await member(uni);
    const job = await licensedJob();
    await m.client.token(); // one CSRF cookie before the parallel calls
    const results = await Promise.all(Array.from({ length: 4 }, () => check(m.client, job.id)));
    for (const r of results) expect(r.status).toBe("ok");
    expect(await used(uni.id, "article_download")).toBe(1);
    const ent = await env.DB.prepare("SELECT credit_kind FROM article_entitlements WHERE user_id = ? AND job_key = ?")
      .bind(m.user.id, job.key)
      .first<{ credit_kind: string }>();
    expect(ent?.credit_kind).toBe("university:article_download");
  });

  it("a member whose contract lacks article_download, or whose quota is used up, is asked to buy", async () => {
    const without = await makeUniversity({ access: ["book_download"], quotas: { article_download: 5 } });
    const a = await member(without);
    const job = await licensedJob();
    expect((await check(a.client, job.id)).status).toBe("buy");
    expect(await used(without.id, "article_download")).toBe(0);

    const full = await makeUniversity({ access: ["article_download"], quotas: { article_download: 1 } });
    const b = await member(full);
    expect((await check(b.client, job.id)).status).toBe("ok");
    const job2 = await licensedJob();
    expect((await check(b.client, job2.id)).status).toBe("buy");
    expect(await used(full.id, "article_download")).toBe(1);
  });

  it("an unverified member gets nothing from the institution", async () => {
    const uni = await makeUniversity({ access: ["article_download"], quotas: { article_download: 5 } });
    const m = await member(uni, { verified: false });
    const job = await licensedJob();
    expect((await check(m.client, job.id)).status).toBe("buy");
    expect(await used(uni.id, "article_download")).toBe(0);
  });
});

describe("grantByUniversity for the other keys (standards, books, theses, direct access, checks)", () => {
  it.each([["standard_download"], ["book_download"], ["tez_download"], ["direct_access"], ["ithenticate"], ["grammarly"]] as const)(
    "%s: granted only when listed, once per document, within the quota",
    async (key) => {
      const listed = await makeUniversity({ access: [key], quotas: { [key]: 2 } });
      const unlisted = await makeUniversity({ access: ["article_download"], quotas: { [key]: 2 } });
      const a = await member(listed);
      const b = await member(unlisted);
      const now = Date.now();
      expect(await grantByUniversity(db(), await rowOf(b.user.id), key, `${key}:1`, now)).toEqual({ granted: false, reason: "not_in_access_list" });
      expect(await grantByUniversity(db(), await rowOf(a.user.id), key, `${key}:1`, now)).toEqual({ granted: true, already: false });
      expect(await grantByUniversity(db(), await rowOf(a.user.id), key, `${key}:1`, now)).toEqual({ granted: true, already: true });
      expect(await grantByUniversity(db(), await rowOf(a.user.id), key, `${key}:2`, now)).toEqual({ granted: true, already: false });
      expect(await grantByUniversity(db(), await rowOf(a.user.id), key, `${key}:3`, now)).toEqual({ granted: false, reason: "quota_exhausted" });
      expect(await used(listed.id, key)).toBe(2);
      expect(await used(unlisted.id, key)).toBe(0);
    },
  );

  it("parallel grants of one document count one unit", async () => {
    const uni = await makeUniversity({ access: ["book_download"], quotas: { book_download: 10 } });
    const m = await member(uni);
    const user = await rowOf(m.user.id);
    const results = await Promise.all(Array.from({ length: 8 }, () => grantByUniversity(db(), user, "book_download", "book:42", Date.now())));
    expect(results.every((r) => r.granted)).toBe(true);
    expect(await used(uni.id, "book_download")).toBe(1);
  });
});
