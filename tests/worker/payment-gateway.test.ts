/**
 * Card payment for the shortfall: the development bank and Zarinpal (against the fake speaking
 * the real wire format). Credits happen once, replays change nothing, refusals credit nothing.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { Invoice } from "../../contract/wallet";
import { walletMessages } from "../../worker/features/wallet/messages";
import { MIN_PAYMENT } from "../../worker/features/wallet/payments";
import { newClient } from "./auth-helpers";
import { devbank, paymentOf, startGateway } from "./gateway-helpers";
import { count, seedDemoData } from "./helpers";
import { balancesOf, expectLedgerConsistent, fundedClient, signedInClient } from "./wallet-factories";

const ARTICLE = 29_000;
const LIMITED = 390_000;

beforeAll(async () => {
  await seedDemoData();
});

const cartJson = (cart: unknown) => JSON.stringify(cart);

describe("development bank", () => {
  it("buys a limited pack with an empty wallet: pays the shortfall, completes the order, credits once", async () => {
    const { user, client } = await fundedClient({ balance: 40_000 });
    const location = await startGateway(client, "devbank", {
      amount: "1",
      cart: cartJson({ name: { limited_article: 1 }, price: 5 }),
      idempotency_key: "cart-key-000001",
    });
    const { callback, result } = await devbank(client, location, "pay");
    const p = await paymentOf(client, result);
    expect(p).toMatchObject({
      status: "paid",
      amount: LIMITED - 40_000,
      order_status: "completed",
      message: walletMessages.paymentPaidOrderDone,
      redirect: "/profile/booksAndArticles/",
    });
    let b = await expectLedgerConsistent(user.id);
    expect(b.balance).toBe(0);
    expect(b.limited_article_credit).toBe(30);
    // replaying the bank's return changes nothing
    expect((await client.get(callback)).status).toBe(302);
    expect((await client.get(callback)).status).toBe(302);
    b = await expectLedgerConsistent(user.id);
    expect(b).toMatchObject({ balance: 0, limited_article_credit: 30 });
    const orders = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = ?").bind(user.id).first<{ n: number }>();
    expect(orders!.n).toBe(1);
  });

  it("a small shortfall is raised to the minimum payment; the surplus stays in the wallet", async () => {
    const { user, client } = await fundedClient({ balance: ARTICLE - 10 });
    const { result } = await devbank(client, await startGateway(client, "devbank", { cart: cartJson({ name: { article: 1 } }) }), "pay");
    expect((await paymentOf(client, result)).amount).toBe(MIN_PAYMENT);
    expect((await expectLedgerConsistent(user.id)).balance).toBe(MIN_PAYMENT - 10);
  });

  it("cancel at the bank: nothing credited, payment cancelled, a replayed OK for it credits nothing", async () => {
    const { user, client } = await fundedClient();
    const { callback, result } = await devbank(client, await startGateway(client, "devbank", { cart: cartJson({ name: { article: 2 } }) }), "cancel");
    expect(await paymentOf(client, result)).toMatchObject({ status: "cancelled", message: walletMessages.paymentCancelled, order_status: "none" });
    await client.get(callback.replace("Status=NOK", "Status=OK"));
    expect(await balancesOf(user.id)).toMatchObject({ balance: 0, unlimited_article_credit: 0 });
    expect(await count("ledger_entries")).toBeGreaterThan(0);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM ledger_entries WHERE user_id = ?").bind(user.id).first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });

  it("a plain top-up credits the amount", async () => {
    const { user, client } = await fundedClient();
    const { result } = await devbank(client, await startGateway(client, "devbank", { amount: "50000" }), "pay");
    expect(await paymentOf(client, result)).toMatchObject({ status: "paid", amount: 50_000, order_status: "none", message: walletMessages.paymentPaid });
    expect((await expectLedgerConsistent(user.id)).balance).toBe(50_000);
  });

  it("if the wallet already covers the cart, the form buys from the wallet and goes to the product page", async () => {
    const { user, client } = await fundedClient({ balance: 100_000 });
    const location = await startGateway(client, "devbank", { cart: cartJson({ name: "offline_article" }) });
    expect(location).toBe("/profile/offilneArticles/");
    expect((await expectLedgerConsistent(user.id)).offline_article_credit).toBe(1);
  });

  it("a url cart returns to the download after paying", async () => {
    const { client } = await fundedClient();
    const location = await startGateway(client, "devbank", { cart: cartJson({ name: "article" }), articleUrl: "https://doi.org/10.1/abc" });
    const { result } = await devbank(client, location, "pay");
    expect((await paymentOf(client, result)).redirect).toBe("/?getUrl=https%3A%2F%2Fdoi.org%2F10.1%2Fabc");
  });

  it("an order that can no longer complete still credits the wallet (and says so)", async () => {
    const { user, client } = await fundedClient();
    const location = await startGateway(client, "devbank", { cart: cartJson({ name: { article: 1 } }) });
    // the price rises while the user is at the bank
    await env.DB.prepare("UPDATE prices SET price = price * 10 WHERE key = 'article'").run();
    try {
      const { result } = await devbank(client, location, "pay");
      const p = await paymentOf(client, result);
      expect(p).toMatchObject({ status: "paid", order_status: "failed", amount: ARTICLE });
      expect(p.message).toBe(walletMessages.insufficientBalance);
      expect(await expectLedgerConsistent(user.id)).toMatchObject({ balance: ARTICLE, unlimited_article_credit: 0 });
    } finally {
      await env.DB.prepare("UPDATE prices SET price = price / 10 WHERE key = 'article'").run();
    }
  });

  it("bad forms: 422, unknown gateway 404, guest 401, no CSRF 419 — and no payment row", async () => {
    const { client } = await fundedClient();
    const before = await count("payments");
    const bad = await client.postForm("/gateway/devbank", { cart: "{not json" });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ message: walletMessages.badCart, errors: { cart: [walletMessages.badCart] } });
    const tooSmall = await client.postForm("/gateway/devbank", { amount: "10" });
    expect(tooSmall.status).toBe(422);
    const emptyPkg = await client.postForm("/gateway/devbank", { cart: cartJson({ name: { article: 0 } }) });
    expect(emptyPkg.status).toBe(422);
    expect((await client.postForm("/gateway/paypal", { amount: "5000" })).status).toBe(404);
    expect((await newClient().postForm("/gateway/devbank", { amount: "5000" })).status).toBe(401);
    const noToken = await client.fetch("/gateway/devbank", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "amount=5000",
    });
    expect(noToken.status).toBe(419);
    expect(await count("payments")).toBe(before);
  });

  it("a payment's result is its owner's only", async () => {
    const { client } = await fundedClient();
    const { result } = await devbank(client, await startGateway(client, "devbank", { amount: "5000" }), "pay");
    const id = new URL(result, "https://x").searchParams.get("id")!;
    const { client: other } = await fundedClient();
    expect((await other.get(`/payments/${id}`)).status).toBe(404);
    expect((await newClient().get(`/payments/${id}`)).status).toBe(401);
  });

  it("an unknown authority changes nothing", async () => {
    const before = { l: await count("ledger_entries"), p: await count("payments") };
    const res = await newClient().get("/gateway/devbank/callback?Authority=DEVnot00000000000000000000&Status=OK");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/payment?error=not_found");
    expect({ l: await count("ledger_entries"), p: await count("payments") }).toEqual(before);
  });
});

/** Follows Zarinpal's StartPay page on the fake to its pay/cancel link; answers our callback path. */
async function zarinpalBank(location: string, action: "pay" | "cancel") {
  expect(location.startsWith(env.UPSTREAM_BASE!)).toBe(true);
  expect(location).toMatch(/\/payment\.zarinpal\.com\/pg\/StartPay\/A[A-Za-z0-9]{35}$|\/sandbox\.zarinpal\.com\/pg\/StartPay\/A[A-Za-z0-9]{35}$/);
  const page = await fetch(location);
  expect(page.status).toBe(200);
  const res = await fetch(`${location}/${action}`, { redirect: "manual" });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("location")!);
  expect(back.pathname).toBe("/gateway/zarinpal/callback");
  return `${back.pathname}${back.search}`;
}

async function verifyAtFake(authority: string, amount: number) {
  const res = await fetch(`${env.UPSTREAM_BASE}/sandbox.zarinpal.com/pg/v4/payment/verify.json`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ merchant_id: "00000000-0000-4000-8000-000000000000", amount, authority }),
  });
  return (await res.json()) as { data: { code?: number } };
}

describe("Zarinpal v4 (fake gateway, real wire format)", () => {
  it("pays the shortfall, verifies with our own amount, credits once; replays change nothing", async () => {
    const { user, client } = await fundedClient();
    const location = await startGateway(client, "zarinpal", { cart: cartJson({ name: { article: 2 } }) });
    const callback = await zarinpalBank(location, "pay");
    const done = await client.get(callback);
    expect(done.status).toBe(302);
    const p = await paymentOf(client, done.headers.get("location")!);
    expect(p).toMatchObject({ status: "paid", amount: 2 * ARTICLE, order_status: "completed", gateway: "zarinpal" });
    expect(p.ref_id).toMatch(/^[0-9]+$/);
    expect(p.card_pan).toBe("502229******5995");
    for (let i = 0; i < 3; i++) await newClient().get(callback);
    expect(await expectLedgerConsistent(user.id)).toMatchObject({ balance: 0, unlimited_article_credit: 2 });
  });

  it("already verified at the bank (code 101) still credits exactly once", async () => {
    const { user, client } = await fundedClient();
    const callback = await zarinpalBank(await startGateway(client, "zarinpal", { amount: "7000" }), "pay");
    const authority = new URLSearchParams(callback.split("?")[1]).get("Authority")!;
    expect((await verifyAtFake(authority, 7000)).data.code).toBe(100); // someone verified first
    await Promise.all([client.get(callback), client.get(callback), newClient().get(callback)]);
    expect((await expectLedgerConsistent(user.id)).balance).toBe(7000);
    const p = await env.DB.prepare("SELECT status FROM payments WHERE authority = ?").bind(authority).first<{ status: string }>();
    expect(p!.status).toBe("paid");
  });

  it("amount mismatch (-50): nothing credited, payment failed with the Persian reason", async () => {
    const { user, client } = await fundedClient();
    const callback = await zarinpalBank(await startGateway(client, "zarinpal", { amount: "9000" }), "pay");
    const authority = new URLSearchParams(callback.split("?")[1]).get("Authority")!;
    // our record says another amount than the bank's: verify must not pass
    await env.DB.prepare("UPDATE payments SET amount = 90000 WHERE authority = ?").bind(authority).run();
    const p = await paymentOf(client, (await client.get(callback)).headers.get("location")!);
    expect(p).toMatchObject({ status: "failed", message: "مبلغ پرداخت‌شده با مبلغ سفارش یکسان نیست." });
    expect((await expectLedgerConsistent(user.id)).balance).toBe(0);
  });

  it("a foreign authority the bank does not know (-54): nothing credited, payment failed", async () => {
    const { user, client } = await fundedClient();
    const id = `pay_foreign${Date.now()}`;
    const authority = `A${"9".repeat(35)}`;
    await env.DB.prepare(
      "INSERT INTO payments (id, user_id, gateway, amount, authority, status, created_at, updated_at) VALUES (?, ?, 'zarinpal', 5000, ?, 'pending', ?, ?)",
    )
      .bind(id, user.id, authority, Date.now(), Date.now())
      .run();
    const res = await client.get(`/gateway/zarinpal/callback?Authority=${authority}&Status=OK`);
    expect(res.headers.get("location")).toBe(`/payment?id=${id}`);
    const p = await paymentOf(client, `/payment?id=${id}`);
    expect(p).toMatchObject({ status: "failed", message: "شناسه پرداخت معتبر نیست." });
    expect((await balancesOf(user.id)).balance).toBe(0);
  });

  it("a devbank authority sent to the zarinpal callback is not found; nothing changes", async () => {
    const { user, client } = await fundedClient();
    const location = await startGateway(client, "devbank", { amount: "5000" });
    const page = await client.get(location);
    expect(page.status).toBe(200);
    const authority = (await env.DB.prepare("SELECT authority FROM payments WHERE user_id = ?").bind(user.id).first<{ authority: string }>())!.authority;
    const res = await client.get(`/gateway/zarinpal/callback?Authority=${authority}&Status=OK`);
    expect(res.headers.get("location")).toBe("/payment?error=not_found");
    expect((await balancesOf(user.id)).balance).toBe(0);
  });

  it("cancelled at the bank (NOK): nothing credited; a forged OK afterwards is refused by verify", async () => {
    const { user, client } = await fundedClient();
    const callback = await zarinpalBank(await startGateway(client, "zarinpal", { amount: "6000" }), "cancel");
    expect(callback).toContain("Status=NOK");
    const p = await paymentOf(client, (await client.get(callback)).headers.get("location")!);
    expect(p.status).toBe("cancelled");
    await client.get(callback.replace("Status=NOK", "Status=OK"));
    expect((await balancesOf(user.id)).balance).toBe(0);
  });
});

describe("invoices", () => {
  it("an admin invoice for a user is paid through the same gateway path; the invoice closes, the wallet nets zero", async () => {
    const admin = await signedInClient("usr_dev_admin");
    const { user, client } = await fundedClient({ balance: 3_000 });
    const res = await admin.post("/admin/createInvoice", { user: user.email, title: "اشتراک سازمانی", amount: 120_000 });
    expect(res.status).toBe(200);
    const invoice = Invoice.parse(await res.json());
    expect(invoice).toMatchObject({ status: "open", amount: 120_000, user_id: user.id, pay_url: `/payment?invoice=${invoice.id}` });
    expect(Invoice.parse(await (await client.get(`/invoices/${invoice.id}`)).json()).id).toBe(invoice.id);
    const { client: stranger } = await fundedClient();
    expect((await stranger.get(`/invoices/${invoice.id}`)).status).toBe(404);
    expect((await stranger.postForm("/gateway/devbank", { invoice_id: invoice.id })).status).toBe(404);

    const { callback } = await devbank(client, await startGateway(client, "devbank", { invoice_id: invoice.id }), "pay");
    await client.get(callback);
    const after = Invoice.parse(await (await client.get(`/invoices/${invoice.id}`)).json());
    expect(after.status).toBe("paid");
    const rows = await env.DB.prepare("SELECT reason, delta FROM ledger_entries WHERE user_id = ? AND reason IN ('topup','invoice') ORDER BY delta DESC")
      .bind(user.id)
      .all<{ reason: string; delta: number }>();
    expect(rows.results).toEqual([
      { reason: "topup", delta: 120_000 },
      { reason: "invoice", delta: -120_000 },
    ]);
    expect((await expectLedgerConsistent(user.id)).balance).toBe(3_000);
    // paying a paid invoice again is refused
    const again = await client.postForm("/gateway/devbank", { invoice_id: invoice.id });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: "error", error: walletMessages.invoiceNotOpen });
  });

  it("only admins create invoices; the form validates", async () => {
    const { client } = await fundedClient();
    expect((await client.post("/admin/createInvoice", { user: "x", title: "t", amount: 5000 })).status).toBe(403);
    const admin = await signedInClient("usr_dev_admin");
    const res = await admin.post("/admin/createInvoice", { title: "", amount: 10 });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(["amount", "title", "user"]);
    const unknown = await admin.post("/admin/createInvoice", { user: "nobody@nowhere.test", title: "t", amount: 5000 });
    expect(unknown.status).toBe(422);
  });
});
