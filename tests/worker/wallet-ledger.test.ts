/** The ledger's guards under concurrency: nothing goes below zero and the ledger always sums to the balances. */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  AssertionFailedError,
  InsufficientFundsError,
  assertStatement,
  changed,
  debitWallet,
  expireLots,
  grantLimitedCredits,
  ledgerChange,
  limitedCreditsOf,
  runMoneyBatch,
  spendArticleCredit,
  spendLimitedCredit,
} from "../../worker/features/wallet/ledger";
import { DAY, balancesOf, db, expectLedgerConsistent, fundedUser } from "./wallet-factories";

const now = Date.now();

describe("ledgerChange (skip mode)", () => {
  it("50 concurrent debits against a balance covering 10: exactly 10 apply", async () => {
    const user = await fundedUser({ balance: 10_000 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => runMoneyBatch(db(), ledgerChange(db(), { userId: user.id, account: "balance", delta: -1_000, reason: "order", now }))),
    );
    expect(results.filter((r) => changed(r, 0)).length).toBe(10);
    const b = await expectLedgerConsistent(user.id);
    expect(b.balance).toBe(0);
  });

  it("a debit larger than the balance writes nothing", async () => {
    const user = await fundedUser({ standard: 2 });
    const r = await runMoneyBatch(db(), ledgerChange(db(), { userId: user.id, account: "standard_credit", delta: -3, reason: "spend_standard", now }));
    expect(changed(r, 0)).toBe(false);
    expect(changed(r, 1)).toBe(false);
    expect((await expectLedgerConsistent(user.id)).standard_credit).toBe(2);
  });

  it("rejects a zero delta and an unknown user writes nothing", async () => {
    expect(() => ledgerChange(db(), { userId: "usr_x", account: "balance", delta: 0, reason: "x", now })).toThrow(RangeError);
    const r = await runMoneyBatch(db(), ledgerChange(db(), { userId: "usr_missing", account: "balance", delta: 5, reason: "x", now }));
    expect(changed(r, 0)).toBe(false);
  });
});

describe("debitWallet (abort mode)", () => {
  it("50 concurrent all-or-nothing batches: exactly 10 commit, the rest roll back every statement", async () => {
    const user = await fundedUser({ balance: 10_000 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        runMoneyBatch(db(), [
          ...debitWallet(db(), { userId: user.id, amount: 1_000, reason: "order", refId: `o${i}`, now }),
          // a "fulfilment" in the same batch: it must vanish with a failed debit
          ...ledgerChange(db(), { userId: user.id, account: "standard_credit", delta: 1, reason: "order", refId: `o${i}`, now }),
        ]),
      ),
    );
    const ok = outcomes.filter((o) => o.status === "fulfilled").length;
    expect(ok).toBe(10);
    for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toBeInstanceOf(InsufficientFundsError);
    const b = await expectLedgerConsistent(user.id);
    expect(b.balance).toBe(0);
    expect(b.standard_credit).toBe(10);
  });

  it("an assertion statement rolls the whole batch back", async () => {
    const user = await fundedUser({ balance: 500 });
    await expect(
      runMoneyBatch(db(), [...debitWallet(db(), { userId: user.id, amount: 100, reason: "order", now }), assertStatement(db(), "1 = 0")]),
    ).rejects.toBeInstanceOf(AssertionFailedError);
    expect((await expectLedgerConsistent(user.id)).balance).toBe(500);
  });
});

describe("limited credits", () => {
  it("spends the oldest unexpired lot first and never an expired one", async () => {
    const user = await fundedUser({
      limited: [
        { count: 1, expiresAt: now - DAY },
        { count: 2, expiresAt: now + 20 * DAY },
        { count: 2, expiresAt: now + 5 * DAY },
      ],
    });
    const lots = async () => {
      const { results } = await env.DB.prepare("SELECT expires_at AS e, remaining AS r FROM credit_lots WHERE user_id = ? ORDER BY expires_at")
        .bind(user.id)
        .all<{ e: number; r: number }>();
      return results.map((l) => l.r);
    };
    const spend = async () => changed(await runMoneyBatch(db(), spendLimitedCredit(db(), { userId: user.id, reason: "spend_download", now })), 0);
    expect(await spend()).toBe(true);
    expect(await spend()).toBe(true);
    expect(await lots()).toEqual([1, 0, 2]); // expired untouched, the sooner lot emptied first
    expect(await spend()).toBe(true);
    expect(await spend()).toBe(true);
    expect(await spend()).toBe(false); // only the expired credit is left
    expect(await lots()).toEqual([1, 0, 0]);
    await expectLedgerConsistent(user.id);
  });

  it("expiry write-off: expired remainders leave with an expiry row, once", async () => {
    const user = await fundedUser({
      limited: [
        { count: 3, expiresAt: now + DAY },
        { count: 4, expiresAt: now + 40 * DAY },
      ],
    });
    expect((await limitedCreditsOf(db(), user.id, now)).count).toBe(7);
    const later = now + 2 * DAY;
    expect((await limitedCreditsOf(db(), user.id, later)).count).toBe(4);
    await expireLots(db(), user.id, later);
    await expireLots(db(), user.id, later + 1);
    expect((await balancesOf(user.id)).limited_article_credit).toBe(4);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM ledger_entries WHERE user_id = ? AND reason = 'expiry'").bind(user.id).first<{ n: number }>();
    expect(rows!.n).toBe(1);
    await expectLedgerConsistent(user.id);
  });
});

describe("spendArticleCredit", () => {
  it("50 concurrent calls for different documents with 10 credits (4 limited + 6 unlimited): exactly 10 succeed, limited first", async () => {
    const user = await fundedUser({ unlimited: 6, limited: [{ count: 4, expiresAt: now + 10 * DAY }] });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => spendArticleCredit(db(), { userId: user.id, jobKey: `doi:10.1/${i}`, now })));
    const ok = results.filter((r) => r.ok);
    expect(ok.length).toBe(10);
    expect(results.filter((r) => r.ok && r.kind === "limited").length).toBe(4);
    expect(results.filter((r) => r.ok && r.kind === "unlimited").length).toBe(6);
    const b = await expectLedgerConsistent(user.id);
    expect(b.unlimited_article_credit).toBe(0);
    expect(b.limited_article_credit).toBe(0);
    const ent = await env.DB.prepare("SELECT COUNT(*) AS n FROM article_entitlements WHERE user_id = ?").bind(user.id).first<{ n: number }>();
    expect(ent!.n).toBe(10);
  });

  it("50 concurrent calls for the SAME document spend one credit; the others answer already", async () => {
    const user = await fundedUser({ unlimited: 5 });
    const results = await Promise.all(Array.from({ length: 50 }, () => spendArticleCredit(db(), { userId: user.id, jobKey: "doi:10.1/same", now })));
    expect(results.filter((r) => r.ok && r.kind === "unlimited").length).toBe(1);
    expect(results.filter((r) => r.ok && r.kind === "already").length).toBe(49);
    expect((await expectLedgerConsistent(user.id)).unlimited_article_credit).toBe(4);
  });

  it("expired limited credits are not spendable (controllable clock)", async () => {
    const user = await fundedUser({ limited: [{ count: 2, expiresAt: now + DAY }] });
    expect(await spendArticleCredit(db(), { userId: user.id, jobKey: "k1", now: now + 2 * DAY })).toEqual({ ok: false });
    await expectLedgerConsistent(user.id);
    expect((await balancesOf(user.id)).limited_article_credit).toBe(0);
  });

  it("with no credit at all answers ok:false and writes nothing", async () => {
    const user = await fundedUser({ balance: 100_000 });
    expect(await spendArticleCredit(db(), { userId: user.id, jobKey: "k", now })).toEqual({ ok: false });
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM article_entitlements WHERE user_id = ?").bind(user.id).first<{ n: number }>();
    expect(n!.n).toBe(0);
  });

  it("grantLimitedCredits then spend keeps per-lot sums", async () => {
    const user = await fundedUser();
    await runMoneyBatch(db(), grantLimitedCredits(db(), { userId: user.id, count: 30, expiresAt: now + 30 * DAY, reason: "order", now }));
    for (let i = 0; i < 3; i++) expect((await spendArticleCredit(db(), { userId: user.id, jobKey: `x${i}`, now })).ok).toBe(true);
    expect((await expectLedgerConsistent(user.id)).limited_article_credit).toBe(27);
  });
});
