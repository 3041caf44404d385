/**
 * Offline requests for a reading list's rest paid from the wallet, through the ordinary order path
 * (POST /order with the cart {name: "batch_offline", id}): priced before confirming (credits first,
 * the wallet for the rest), one request and one spend ledger entry per offline row, charged once —
 * twice in a row, twice at once, replayed with the same idempotency key — and never for another
 * user's batch or a wallet that does not cover it.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { BATCH_OFFLINE_PRODUCT, BatchOfflineQuote } from "../../contract/batch";
import { OrderResponse } from "../../contract/wallet";
import { makeUser } from "./auth-helpers";
import { createBatch, waitForBatch } from "./batch-helpers";
import { scenarioDoi, uniqueN } from "./getpdf-helpers";
import { seedDemoData, type Client } from "./helpers";
import { balancesOf, expectLedgerConsistent, fundedClient, signedInClient } from "./wallet-factories";

vi.setConfig({ testTimeout: 90_000 });

// The price table (offline_article: 45,000 toman).
beforeAll(async () => {
  await seedDemoData();
});

const key = () => `batch-${crypto.randomUUID()}`;
const cartOf = (id: string) => ({ name: BATCH_OFFLINE_PRODUCT, id, title: "درخواست آفلاین فهرست منابع" });
const order = (c: Client, id: string, idempotencyKey = key()) => c.post("/order", { cart: cartOf(id) }, { headers: { "Idempotency-Key": idempotencyKey } });

async function quote(c: Client, id: string) {
  const res = await c.get(`/batch/${id}/offline`);
  expect(res.status).toBe(200);
  return BatchOfflineQuote.parse(await res.json());
}

async function requestsOf(userId: string) {
  const { results } = await env.DB.prepare("select id, doc_key, status, kind from offline_requests where user_id = ? order by doc_key")
    .bind(userId)
    .all<{ id: string; doc_key: string; status: string; kind: string }>();
  return results;
}

async function ledgerOf(userId: string) {
  const { results } = await env.DB.prepare(
    "select account, delta, reason, ref_type, ref_id from ledger_entries where user_id = ? and reason != 'admin_adjust' order by created_at, id",
  )
    .bind(userId)
    .all<{ account: string; delta: number; reason: string; ref_type: string; ref_id: string }>();
  return results;
}

/** A signed-in user's batch of one open-access row and `offline` rows that are not found anywhere. */
async function batchWithOfflineRows(c: Client, offline: number) {
  const list = [scenarioDoi("oa-unpaywall"), ...Array.from({ length: offline }, () => scenarioDoi("none"))];
  const { id } = await createBatch(c, { text: list.join("\n") });
  const view = await waitForBatch(c, id);
  expect(view.counts).toMatchObject({ ok: 1, offline });
  return id;
}

describe("offline requests for the rest, paid from the wallet", () => {
  it("prices credits first and the wallet for the rest, then charges once: one request and one spend entry per row", async () => {
    const { user, client: c } = await fundedClient({ offline: 1, balance: 1_000_000 });
    const id = await batchWithOfflineRows(c, 3);
    const q = await quote(c, id);
    expect(q).toMatchObject({ count: 3, credits_available: 1, shortfall: 2, balance: 1_000_000 });
    expect(q.unit_price).toBe(45_000);
    expect(q.wallet_total).toBe(90_000);
    // the quote charges nothing
    expect(await balancesOf(user.id)).toMatchObject({ balance: 1_000_000, offline_article_credit: 1 });

    const k = key();
    const res = await order(c, id, k);
    const body = OrderResponse.parse(await res.json());
    expect(body.redirect).toBe("/profile/offilneArticles/");
    expect(await balancesOf(user.id)).toMatchObject({ balance: 1_000_000 - q.wallet_total!, offline_article_credit: 0 });
    const requests = await requestsOf(user.id);
    expect(requests).toHaveLength(3);
    expect(requests.every((r) => r.kind === "article" && r.status === "registered")).toBe(true);
    const ledger = await ledgerOf(user.id);
    // the wallet debit, the two credits bought, and one spend per request naming it
    expect(ledger.filter((l) => l.account === "balance")).toEqual([
      expect.objectContaining({ delta: -q.wallet_total!, reason: "order", ref_type: "order", ref_id: body.order_id }),
    ]);
    expect(ledger.filter((l) => l.reason === "order" && l.account === "offline_article_credit")).toEqual([
      expect.objectContaining({ delta: 2, ref_id: body.order_id }),
    ]);
    const spends = ledger.filter((l) => l.reason === "spend_offline");
    expect(spends.map((l) => l.delta)).toEqual([-1, -1, -1]);
    expect(spends.map((l) => l.ref_id).sort()).toEqual(requests.map((r) => r.id).sort());
    await expectLedgerConsistent(user.id);

    // replayed with the same key: the same order, nothing more
    const replay = OrderResponse.parse(await (await order(c, id, k)).json());
    expect(replay.order_id).toBe(body.order_id);
    // twice in a row with a new key: nothing left to request, nothing charged
    const again = await (await order(c, id)).json();
    expect(again).toMatchObject({ status: "error" });
    expect(JSON.stringify(again)).toContain("مبلغی کسر نشد");
    expect(await balancesOf(user.id)).toMatchObject({ balance: 1_000_000 - q.wallet_total!, offline_article_credit: 0 });
    expect(await requestsOf(user.id)).toHaveLength(3);
    expect(await quote(c, id)).toMatchObject({ count: 0, already: 3, wallet_total: 0 });
    await expectLedgerConsistent(user.id);
  });

  it("charges once when two orders with different keys arrive at once", async () => {
    const { user, client: c } = await fundedClient({ balance: 1_000_000 });
    const id = await batchWithOfflineRows(c, 2);
    const q = await quote(c, id);
    expect(q).toMatchObject({ count: 2, shortfall: 2 });
    const answers = await Promise.all([order(c, id), order(c, id), order(c, id)].map(async (r) => (await r).json()));
    expect(answers.filter((a) => (a as { order_id?: string }).order_id)).toHaveLength(1);
    expect(await balancesOf(user.id)).toMatchObject({ balance: 1_000_000 - q.wallet_total!, offline_article_credit: 0 });
    expect(await requestsOf(user.id)).toHaveLength(2);
    const spends = (await ledgerOf(user.id)).filter((l) => l.reason === "spend_offline");
    expect(spends).toHaveLength(2);
    const orders = await env.DB.prepare("select count(*) n from orders where user_id = ?").bind(user.id).first<{ n: number }>();
    expect(orders!.n).toBe(1);
    await expectLedgerConsistent(user.id);
  });

  it("refuses another user's batch id, and a wallet that does not cover it, writing nothing", async () => {
    const { user: owner, client: c } = await fundedClient({ balance: 1_000_000 });
    const id = await batchWithOfflineRows(c, 2);
    const { user: thief, client: t } = await fundedClient({ balance: 1_000_000 });
    const res = await order(t, id);
    expect(res.status).toBe(404);
    expect(JSON.stringify(await res.json())).toContain("پیدا نشد");
    expect((await t.get(`/batch/${id}/offline`)).status).toBe(404);
    expect(await balancesOf(thief.id)).toMatchObject({ balance: 1_000_000, offline_article_credit: 0 });
    expect(await requestsOf(thief.id)).toHaveLength(0);
    expect(await requestsOf(owner.id)).toHaveLength(0);

    const { user: poor, client: p } = await fundedClient({ balance: 1 });
    const pid = await batchWithOfflineRows(p, 1);
    const refused = await (await order(p, pid)).json();
    expect(refused).toMatchObject({ status: "error" });
    expect(JSON.stringify(refused)).toContain("موجودی کیف پول");
    expect(await balancesOf(poor.id)).toMatchObject({ balance: 1, offline_article_credit: 0 });
    expect(await requestsOf(poor.id)).toHaveLength(0);
    await expectLedgerConsistent(poor.id);
  });

  it("needs no wallet money when the credits cover every row, and leaves out a book asked as an article", async () => {
    const { user, client: c } = await fundedClient({ offline: 5 });
    const isbn = `ISBN 978-0-306-40615-7 ${uniqueN()}`;
    const { id } = await createBatch(c, { text: [scenarioDoi("none"), isbn].join("\n") });
    const view = await waitForBatch(c, id);
    const q = await quote(c, id);
    expect(q).toMatchObject({ shortfall: 0, wallet_total: 0 });
    expect(q.count + q.refused).toBe(view.counts.offline);
    expect(q.refused).toBe(1);
    OrderResponse.parse(await (await order(c, id)).json());
    expect((await balancesOf(user.id)).offline_article_credit).toBe(5 - q.count);
    expect(await requestsOf(user.id)).toHaveLength(q.count);
    await expectLedgerConsistent(user.id);
    const stranger = await signedInClient((await makeUser()).id);
    expect((await order(stranger, id)).status).toBe(404);
  });
});
