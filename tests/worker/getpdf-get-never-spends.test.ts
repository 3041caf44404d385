/**
 * Issue 15 item 3: a GET never spends. A link on another site opens with the user's cookie
 * (SameSite=Lax on top-level navigation), so GET /getpdf/start and GET /getpdf/check only show:
 * a licensed copy not yet paid for answers `buy` asking to confirm; the credit (or the
 * institution's quota unit) is spent by a CSRF-checked POST only.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { usageMonth } from "../../worker/features/institutions/access";
import { getpdfMessages } from "../../worker/features/getpdf/messages";
import { check, deliver, jobState, LICENSED_ENV, scenarioDoi, seedProcessingJob, start } from "./getpdf-helpers";
import { count } from "./helpers";
import { makeUniversity, member } from "./institutions-factories";
import { DAY, expectLedgerConsistent, fundedClient } from "./wallet-factories";

async function licensedJob() {
  const job = await seedProcessingJob(scenarioDoi("licensed"));
  await deliver(job, { env: LICENSED_ENV });
  expect(await jobState(job.key)).toMatchObject({ phase: "found", file: { access: "licensed" } });
  return job;
}

const entitlements = (userId: string) => count(`article_entitlements where user_id = '${userId}'`);

describe("GET /getpdf/* never spends", () => {
  it("GET check and GET start with credits answer buy (confirm) and spend nothing; the POST spends once; GET afterwards shows ok for free", async () => {
    const job = await licensedJob();
    const { user, client } = await fundedClient({ unlimited: 1, limited: [{ count: 1, expiresAt: Date.now() + 10 * DAY }] });
    for (const r of [
      await check(client, job.id, { get: true }),
      await start(client, job.message.input.raw, { get: true }),
      await check(client, job.id, { get: true }),
    ]) {
      expect(r).toMatchObject({ status: "buy", download_link: null, msg: getpdfMessages.confirmSpend });
    }
    expect(await expectLedgerConsistent(user.id)).toMatchObject({ limited_article_credit: 1, unlimited_article_credit: 1 });
    expect(await entitlements(user.id)).toBe(0);

    // the user's own click: a POST with the CSRF token
    expect((await check(client, job.id)).status).toBe("ok");
    expect(await expectLedgerConsistent(user.id)).toMatchObject({ limited_article_credit: 0, unlimited_article_credit: 1 });
    // paid for: GET now shows the download, and nothing more is spent
    const shown = await check(client, job.id, { get: true });
    expect(shown.status).toBe("ok");
    expect(shown.download_link).toBeTruthy();
    expect(await expectLedgerConsistent(user.id)).toMatchObject({ limited_article_credit: 0, unlimited_article_credit: 1 });
  });

  it("a cross-site POST without the CSRF token is refused and spends nothing", async () => {
    const job = await licensedJob();
    const { user, client } = await fundedClient({ unlimited: 2 });
    const res = await client.fetch("/getpdf/check", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: job.id }) });
    expect(res.status).toBe(419);
    expect(await expectLedgerConsistent(user.id)).toMatchObject({ unlimited_article_credit: 2 });
  });

  it("a university member's quota is not used by a GET either", async () => {
    const uni = await makeUniversity({ access: ["article_download"], quotas: { article_download: 5 } });
    const m = await member(uni);
    const job = await licensedJob();
    expect((await check(m.client, job.id, { get: true })).status).toBe("buy");
    const used = async () =>
      (
        await env.DB.prepare("SELECT used FROM university_usage WHERE university_id = ? AND month = ? AND access_key = 'article_download'")
          .bind(uni.id, usageMonth(Date.now()))
          .first<{ used: number }>()
      )?.used ?? 0;
    expect(await used()).toBe(0);
    expect(await entitlements(m.user.id)).toBe(0);
    expect((await check(m.client, job.id)).status).toBe("ok");
    expect(await used()).toBe(1);
  });
});
