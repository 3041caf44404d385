/**
 * Article credits spent by the fetch pipeline under a race (a credit is spent once, whatever races it):
 * 50 different licensed documents checked at once by a user who holds exactly 10 credits (4 limited,
 * 6 unlimited) → exactly 10 answer `ok`, 40 answer `buy`, no credit goes below zero, limited ones
 * are used up with the unlimited ones, and the ledger sums to the balances.
 */
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { LICENSED_ENV, check, deliver, jobState, scenarioDoi, seedProcessingJob } from "../helpers/getpdf-helpers";
import { DAY, expectLedgerConsistent, fundedClient } from "../helpers/wallet-factories";
import { expectBooksBalanced } from "../helpers/money-invariants";

it("50 licensed documents at once with 10 credits: 10 ok, 40 buy, credits end at zero", { timeout: 120_000 }, async () => {
  const jobs = [];
  for (let i = 0; i < 50; i++) {
    const job = await seedProcessingJob(scenarioDoi("licensed"));
    await deliver(job, { env: LICENSED_ENV });
    expect(await jobState(job.key)).toMatchObject({ phase: "found", file: { access: "licensed" } });
    jobs.push(job);
  }
  const { user, client } = await fundedClient({ unlimited: 6, limited: [{ count: 4, expiresAt: Date.now() + 10 * DAY }] });
  await client.token(); // one CSRF cookie before the parallel calls
  const results = await Promise.all(jobs.map((j) => check(client, j.id)));
  const statuses = results.map((r) => r.status);
  expect(statuses.filter((s) => s === "ok")).toHaveLength(10);
  expect(statuses.filter((s) => s === "buy")).toHaveLength(40);
  const balances = await expectLedgerConsistent(user.id);
  expect(balances).toMatchObject({ limited_article_credit: 0, unlimited_article_credit: 0 });
  const ent = await env.DB.prepare("SELECT count(*) AS n FROM article_entitlements WHERE user_id = ?").bind(user.id).first<{ n: number }>();
  expect(ent!.n).toBe(10);
});

it("the whole books balance after these races (payments, invoices, orders, refunds, quotas)", async () => {
  await expectBooksBalanced();
});
