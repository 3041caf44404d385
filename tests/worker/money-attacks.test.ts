/**
 * Money and accounts under misuse, found by attacking the merged fixes of issue 15 (each case
 * failed before its fix). After every attack the whole books are checked (money-invariants.ts):
 * cached columns equal their ledgers, payments credited once, invoices and orders debited once,
 * refunds at most once, quotas never passed.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../contract/auth";
import { profileMessages } from "../../contract/profile";
import { OrderResponse, walletTexts } from "../../contract/wallet";
import { walletMessages } from "../../worker/features/wallet/messages";
import worker from "../../worker/index";
import { PASSWORD, latestLink, makeUser, newClient, uniqueEmail } from "./auth-helpers";
import { devbank, startGateway } from "./gateway-helpers";
import { count, seedDemoData, type Client } from "./helpers";
import { expectBooksBalanced } from "./money-invariants";
import { makeUniversity, member } from "./institutions-factories";
import { docxBytes, upload } from "./vip-helpers";
import { createDb } from "../../db/client";
import { createLogger } from "../../lib/logger";
import type { AuthDeps } from "../../worker/features/auth/deps";
import { TEST_PARAMS } from "../../worker/features/auth/password";
import { requestPasswordReset } from "../../worker/features/auth/password-reset";
import type { Notifier } from "../../worker/features/notify/notifier";
import { balancesOf, fundedClient, signedInClient } from "./wallet-factories";

beforeAll(async () => {
  await seedDemoData();
});

const ARTICLE = 29_000;
const STANDARD = 59_000;
let seq = 0;
const key = () => `attack-${Date.now()}-${++seq}`;
const json = async (res: Response) => (await res.json()) as Record<string, unknown>;
const ordersOf = async (userId: string) => (await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;
const paymentsOf = async (userId: string) =>
  (
    await env.DB.prepare("SELECT id, status, amount FROM payments WHERE user_id = ? ORDER BY created_at, id")
      .bind(userId)
      .all<{ id: string; status: string; amount: number }>()
  ).results;

describe("counts and amounts in every shape", () => {
  it("a standard cart's count sent as its name obeys the 0–50 rule: 64 nines are a 422, not a 500, and nothing is charged", async () => {
    const { user, client } = await fundedClient({ balance: 10 * STANDARD });
    for (const name of ["9".repeat(64), "51", "99999999"]) {
      const res = await client.post("/order", { cart: { name, type: "standard" }, idempotency_key: key() });
      expect(res.status, name).toBe(422);
      expect(await json(res), name).toEqual({ message: walletTexts.countRange, errors: { "cart.name": [walletTexts.countRange] } });
    }
    expect(await ordersOf(user.id)).toBe(0);
    // The dialog's own form still works, in Persian digits too.
    expect((await client.post("/order", { cart: { name: "۳", type: "standard" }, idempotency_key: key() })).status).toBe(200);
    expect(await balancesOf(user.id)).toMatchObject({ balance: 7 * STANDARD, standard_credit: 3 });
    await expectBooksBalanced();
  });

  it("amounts and periods are digits only: exponents, hex, fractions and Infinity are 422 (Persian digits are fine)", async () => {
    const { user, client } = await fundedClient({ balance: 5_000_000 });
    for (const amount of ["1e4", "0x2710", "10000.0", "Infinity", "1e-0", "0b10011100010000"]) {
      const res = await client.postForm("/gateway/devbank", { amount });
      expect(res.status, amount).toBe(422);
      expect(await json(res), amount).toEqual({ message: walletTexts.amountInvalid, errors: { amount: [walletTexts.amountInvalid] } });
    }
    expect(await paymentsOf(user.id)).toEqual([]);
    expect((await client.postForm("/gateway/devbank", { amount: "۱۰۰۰۰" })).status).toBe(303);
    expect((await paymentsOf(user.id)).map((p) => p.amount)).toEqual([10_000]);

    for (const days of ["3e1", "0x1e", "30.0"]) {
      const res = await client.post("/order", { cart: { name: { directaccess: { "1": days } } }, idempotency_key: key() });
      expect(res.status, days).toBe(422);
    }
    const admin = await signedInClient("usr_dev_admin");
    for (const delta of ["1e3", "0x10", "-1e3"]) {
      const res = await admin.post(`/admin/users/${user.id}/adjust`, { account: "balance", delta, reason: "آزمایش ورودی" });
      expect(res.status, delta).toBe(422);
    }
    expect((await admin.post("/admin/createInvoice", { user: user.id, title: "صورت‌حساب", amount: "5e3" })).status).toBe(422);
    expect(await balancesOf(user.id)).toMatchObject({ balance: 5_000_000, unlimited_article_credit: 0 });
    await expectBooksBalanced();
  });

  it("a direct-access basket naming one site as 1, 01 and 001 is refused, not charged three times", async () => {
    const { user, client } = await fundedClient({ balance: 50_000_000 });
    const res = await client.post("/order", { cart: { name: { directaccess: { "1": 30, "01": 30, "001": 30 } } }, idempotency_key: key() });
    expect(res.status).toBe(422);
    expect(await ordersOf(user.id)).toBe(0);
    const grants = await env.DB.prepare("SELECT COUNT(*) AS n FROM direct_access_grants WHERE user_id = ?").bind(user.id).first<{ n: number }>();
    expect(grants!.n).toBe(0);
    expect((await balancesOf(user.id)).balance).toBe(50_000_000);
    await expectBooksBalanced();
  });
});

describe("someone else's invoice", () => {
  it("paying it answers exactly like an invoice that does not exist, open or paid", async () => {
    const admin = await signedInClient("usr_dev_admin");
    const owner = await fundedClient({ balance: 10_000 });
    const stranger = await fundedClient();
    const invoice = (
      (await (await admin.post("/admin/createInvoice", { user: owner.user.id, title: "صورت‌حساب آزمایشی", amount: 5_000 })).json()) as { id: string }
    ).id;
    const unknown = await stranger.client.postForm("/gateway/devbank", { invoice_id: "inv_does_not_exist" });
    const open = await stranger.client.postForm("/gateway/devbank", { invoice_id: invoice });
    expect([open.status, await json(open)]).toEqual([unknown.status, await json(unknown)]);
    expect(unknown.status).toBe(404);
    await devbank(owner.client, await startGateway(owner.client, "devbank", { invoice_id: invoice }), "pay");
    const paid = await stranger.client.postForm("/gateway/devbank", { invoice_id: invoice });
    expect(paid.status).toBe(404);
    expect(await paymentsOf(stranger.user.id)).toEqual([]);
    await expectBooksBalanced();
  });
});

describe("the gateway form posted twice", () => {
  const cart = JSON.stringify({ name: { article: 1 } });

  it("10 copies at once without a key while the wallet covers the cart: one order, one debit", async () => {
    const { user, client } = await fundedClient({ balance: 10 * ARTICLE });
    const now = Date.now();
    const res = await Promise.all(Array.from({ length: 10 }, () => client.postForm("/gateway/devbank", { cart }, { now })));
    for (const r of res) expect(r.status).toBe(303);
    expect(await ordersOf(user.id)).toBe(1);
    expect(await balancesOf(user.id)).toMatchObject({ balance: 9 * ARTICLE, unlimited_article_credit: 1 });
    await expectBooksBalanced();
  });

  it("a start with the key of an order already placed takes no payment: the order is answered again", async () => {
    const { user, client } = await fundedClient({ balance: ARTICLE });
    const k = key();
    expect((await client.post("/order", { cart: { name: { article: 1 } }, idempotency_key: k })).status).toBe(200);
    // The wallet is empty now; the same purchase started again at the bank must not charge a card.
    const res = await client.postForm("/gateway/devbank", { cart, idempotency_key: k });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/profile/booksAndArticles/");
    expect(await paymentsOf(user.id)).toEqual([]);
    expect(await ordersOf(user.id)).toBe(1);
    await expectBooksBalanced();
  });

  // The derived key is bucketed by a 15 s window: the second tab comes a second later, once inside
  // the first tab's window and once just across a window's end (where the key changes).
  it.each([
    ["inside one window", 2_000],
    ["across a window's end", 14_500],
  ])("two tabs without a key (%s), both paid at the bank: one purchase, the second payment stays in the wallet", async (_where, offset) => {
    const { user, client } = await fundedClient();
    const now = Math.ceil(Date.now() / 15_000) * 15_000 + offset;
    const a = await startGateway(client, "devbank", { cart }, { now });
    const b = await startGateway(client, "devbank", { cart }, { now: now + 1000 });
    await devbank(client, a, "pay");
    await devbank(client, b, "pay");
    expect(await ordersOf(user.id)).toBe(1);
    expect((await paymentsOf(user.id)).map((p) => p.status)).toEqual(["paid", "paid"]);
    expect(await balancesOf(user.id)).toMatchObject({ unlimited_article_credit: 1, balance: 2 * ARTICLE - ARTICLE });
    await expectBooksBalanced();
  });
});

/** Pays at the fake ZarinPal as the buyer does; answers our callback path (not followed). */
async function payAtBank(location: string) {
  const res = await fetch(`${location}/pay`, { redirect: "manual" });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("location")!);
  return `${back.pathname}${back.search}`;
}

async function runCron(at: number) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ scheduledTime: new Date(at), cron: "*/10 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const statusOf = async (authority: string) =>
  (await env.DB.prepare("SELECT status FROM payments WHERE authority = ?").bind(authority).first<{ status: string }>())!.status;

describe("a callback sent by someone else before the buyer pays (the query is not signed)", () => {
  async function started(amount: number) {
    const { user, client } = await fundedClient();
    const location = await startGateway(client, "zarinpal", { amount: String(amount) });
    return { user, client, location, authority: location.split("/").pop()! };
  }

  it("Status=NOK: provisionally cancelled; the buyer then pays and comes back: paid and credited", async () => {
    const { user, client, location, authority } = await started(5_000);
    await newClient().get(`/gateway/zarinpal/callback?Authority=${authority}&Status=NOK`);
    expect(await statusOf(authority)).toBe("cancelled");
    await client.get(await payAtBank(location));
    expect(await statusOf(authority)).toBe("paid");
    expect((await balancesOf(user.id)).balance).toBe(5_000);
    await expectBooksBalanced();
  });

  it("Status=NOK, then the buyer pays and closes the tab: the reconciliation settles it", async () => {
    const { user, location, authority } = await started(6_000);
    await newClient().get(`/gateway/zarinpal/callback?Authority=${authority}&Status=NOK`);
    await payAtBank(location);
    await runCron(Date.now());
    expect(await statusOf(authority)).toBe("paid");
    expect((await balancesOf(user.id)).balance).toBe(6_000);
    await expectBooksBalanced();
  });

  it("Status=OK before paying: the bank says not paid yet, the payment stays pending; the real return settles it", async () => {
    const { user, client, location, authority } = await started(7_000);
    await Promise.all(Array.from({ length: 5 }, () => newClient().get(`/gateway/zarinpal/callback?Authority=${authority}&Status=OK`)));
    expect(await statusOf(authority)).toBe("pending");
    await client.get(await payAtBank(location));
    expect(await statusOf(authority)).toBe("paid");
    expect((await balancesOf(user.id)).balance).toBe(7_000);
    await expectBooksBalanced();
  });

  it("a real cancel at the bank stays cancelled: a forged OK afterwards credits nothing", async () => {
    const { user, location, authority } = await started(8_000);
    const res = await fetch(`${location}/cancel`, { redirect: "manual" });
    const back = new URL(res.headers.get("location")!);
    await newClient().get(`${back.pathname}${back.search}`);
    await newClient().get(`/gateway/zarinpal/callback?Authority=${authority}&Status=OK`);
    await runCron(Date.now() + 31 * 60_000);
    expect(await statusOf(authority)).toBe("cancelled");
    expect((await balancesOf(user.id)).balance).toBe(0);
    await expectBooksBalanced();
  });
});

describe("a new password ends what the old one could start", () => {
  async function emailChangeToken(c: Client) {
    const next = uniqueEmail();
    expect((await c.post("/profile/ajax/email", { email: next, current_password: PASSWORD })).status).toBe(200);
    return { next, token: (await latestLink(next)).searchParams.get("token")! };
  }
  const emailOf = async (id: string) => (await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(id).first<{ email: string }>())!.email;

  it("an e-mail change link asked for before a password change no longer applies", async () => {
    const u = await makeUser();
    const intruder = await signedInClient(u.id);
    const { token } = await emailChangeToken(intruder);
    const owner = await signedInClient(u.id);
    const NEW = "a-new-long-secret-2";
    expect((await owner.post("/profile/ajax/password", { current_password: PASSWORD, password: NEW, password_confirmation: NEW })).status).toBe(200);
    const open = await newClient().post("/profile/email/verify", { token });
    expect(await json(open)).toEqual({ status: "error", error: profileMessages.emailLinkInvalid });
    expect(await emailOf(u.id)).toBe(u.email);
  });

  it("an e-mail change link, and another reset link, asked for before a password reset no longer apply", async () => {
    const u = await makeUser();
    const { token: changeToken } = await emailChangeToken(await signedInClient(u.id));
    expect((await newClient().post("/password/reset/request", { identifier: u.email })).status).toBe(200);
    const first = (await latestLink(u.email)).searchParams.get("token")!;
    const NEW = "a-new-long-secret-3";
    expect(await json(await newClient().post("/password/reset/confirm", { token: first, password: NEW, password_confirmation: NEW }))).toMatchObject({
      status: "ok",
    });
    expect(await json(await newClient().post("/profile/email/verify", { token: changeToken }))).toEqual({
      status: "error",
      error: profileMessages.emailLinkInvalid,
    });
    expect(await emailOf(u.id)).toBe(u.email);
  });

  it("a reset link mailed before a password change no longer resets", async () => {
    const u = await makeUser();
    expect((await newClient().post("/password/reset/request", { identifier: u.email })).status).toBe(200);
    const token = (await latestLink(u.email)).searchParams.get("token")!;
    const NEW = "a-new-long-secret-4";
    expect(
      (await (await signedInClient(u.id)).post("/profile/ajax/password", { current_password: PASSWORD, password: NEW, password_confirmation: NEW })).status,
    ).toBe(200);
    const res = await newClient().post("/password/reset/confirm", { token, password: "attacker-choice-9", password_confirmation: "attacker-choice-9" });
    expect(await json(res)).toEqual({ status: "error", error: authMessages.resetLinkInvalid });
  });
});

describe("a priced request that changes between the order's pricing and its batch", () => {
  async function pricedRequest(c: Client, admin: Client, price: number) {
    const res = await c.post("/insert/offline_book", { url: `Raced book ${crypto.randomUUID()}` });
    const id = ((await res.json()) as { id: string }).id;
    expect((await admin.post(`/admin/offline/requests/${id}/price`, { price })).status).toBe(200);
    return id;
  }

  /**
   * The race made certain: a trigger on the order row (the batch's first statement) applies the
   * other tab's change (`set`) to the request inside the order's own batch, after price() read it.
   */
  async function meanwhile<T>(userId: string, requestId: string, set: string, run: () => Promise<T>): Promise<T> {
    const name = `meanwhile_${requestId}`;
    await env.DB.prepare(
      `CREATE TRIGGER ${name} AFTER INSERT ON orders WHEN NEW.user_id = '${userId}'
       BEGIN UPDATE offline_requests SET ${set}, last_event_id = 'ore_meanwhile_${requestId}' WHERE id = '${requestId}'; END`,
    ).run();
    try {
      return await run();
    } finally {
      await env.DB.prepare(`DROP TRIGGER IF EXISTS ${name}`).run();
    }
  }

  it("cancelled meanwhile: the order answers in Persian that it changed (not a 500) and charges nothing", async () => {
    const admin = await signedInClient("usr_dev_admin");
    const { user, client } = await fundedClient({ balance: 100_000 });
    const id = await pricedRequest(client, admin, 40_000);
    const res = await meanwhile(user.id, id, "status = 'cancelled'", () =>
      client.post("/order", { cart: { name: "offline_request", id }, idempotency_key: key() }),
    );
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: "error", error: walletMessages.changedMeanwhile });
    expect(await ordersOf(user.id)).toBe(0);
    expect((await balancesOf(user.id)).balance).toBe(100_000);
    await expectBooksBalanced();
  });

  it("re-priced by staff meanwhile: not paid at the old price (a rejection would have refunded the new one)", async () => {
    const admin = await signedInClient("usr_dev_admin");
    const { user, client } = await fundedClient({ balance: 100_000 });
    const id = await pricedRequest(client, admin, 40_000);
    const res = await meanwhile(user.id, id, "price = 90000", () => client.post("/order", { cart: { name: "offline_request", id }, idempotency_key: key() }));
    expect(await json(res)).toEqual({ status: "error", error: walletMessages.changedMeanwhile });
    // The whole batch rolled back (the simulated re-price with it): nothing paid, nothing charged.
    const row = await env.DB.prepare("SELECT status, price FROM offline_requests WHERE id = ?").bind(id).first();
    expect(row).toEqual({ status: "priced", price: 40_000 });
    expect((await balancesOf(user.id)).balance).toBe(100_000);
    // Paid at the price it records, a rejection gives back exactly what was paid.
    expect((await client.post("/order", { cart: { name: "offline_request", id }, idempotency_key: key() })).status).toBe(200);
    expect((await admin.post(`/admin/offline/requests/${id}/reject`, { reason: "پیدا نشد" })).status).toBe(200);
    expect((await balancesOf(user.id)).balance).toBe(100_000);
    await expectBooksBalanced();
  });
});

describe("a storm of concurrent misuse, then the whole books", () => {
  it("parallel pays, cancels, rejects, deliveries, credit spends and removals across users leave every rule intact", async () => {
    const admin = await signedInClient("usr_dev_admin");
    const owner = await fundedClient({ balance: 300_000, standard: 1 });
    const bookOwner = await fundedClient({ balance: 200_000 });
    // A priced book: paid from 10 tabs while its owner cancels it.
    const book = async (c: Client) => {
      const res = await c.post("/insert/offline_book", { url: `Storm book ${crypto.randomUUID()}` });
      const id = ((await res.json()) as { id: string }).id;
      expect((await admin.post(`/admin/offline/requests/${id}/price`, { price: 40_000 })).status).toBe(200);
      return id;
    };
    const raced = await book(owner.client);
    const paidThenEnded = await book(bookOwner.client);
    expect((await bookOwner.client.post("/order", { cart: { name: "offline_request", id: paidThenEnded }, idempotency_key: key() })).status).toBe(200);
    // A standard with no file: the one credit spent from 10 tabs.
    const standard = (await env.DB.prepare(
      "INSERT INTO catalog_items (type, title, standard_number, organization, free, links, created_at) VALUES (2, ?, 'S 1', 'ISO', 0, '[]', ?) RETURNING id",
    )
      .bind(`Storm standard ${crypto.randomUUID()}`, Date.now())
      .first<{ id: number }>())!.id;
    // A service order bought, to be rejected twice at once.
    expect((await owner.client.post("/order", { cart: { name: "ai" }, idempotency_key: key() })).status).toBe(200);
    const service = (await env.DB.prepare("SELECT id FROM service_orders WHERE user_id = ?").bind(owner.user.id).first<{ id: string }>())!.id;

    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => owner.client.post("/order", { cart: { name: "offline_request", id: raced }, idempotency_key: key() })),
      owner.client.post(`/profile/offline/requests/${raced}/cancel`, {}),
      ...Array.from({ length: 10 }, () => owner.client.post("/show/standard_status", { id: standard, use_credit: 1 })),
      admin.post(`/admin/offline/requests/${paidThenEnded}/reject`, { reason: "پیدا نشد" }),
      admin.post(`/admin/offline/requests/${paidThenEnded}/deliver`, { link: "https://example.org/storm.pdf" }),
      admin.post(`/admin/offline/requests/${paidThenEnded}/reject`, { reason: "دوباره" }),
      admin.post(`/admin/ajax/services/${service}/reject`, { reason: "آزمایش" }),
      admin.post(`/admin/ajax/services/${service}/reject`, { reason: "آزمایش" }),
      ...Array.from({ length: 10 }, () => admin.post(`/admin/users/${owner.user.id}/adjust`, { account: "balance", delta: -150_000, reason: "کسر هم‌زمان" })),
      ...Array.from({ length: 10 }, () => owner.client.post("/order", { cart: { name: { article: 5 } }, idempotency_key: key() })),
    ]);
    for (const r of answers) expect(r.status, await r.clone().text()).toBeLessThan(500);
    const standardRequests = await env.DB.prepare("SELECT COUNT(*) AS n FROM offline_requests WHERE user_id = ? AND doc_key = ?")
      .bind(owner.user.id, `standard:${standard}`)
      .first<{ n: number }>();
    expect(standardRequests!.n).toBe(1);
    const status = await env.DB.prepare("SELECT status FROM offline_requests WHERE id = ?").bind(raced).first<{ status: string }>();
    expect(["paid", "cancelled"]).toContain(status!.status);
    await expectBooksBalanced();
  });
});

describe("an institution's quota unit spent on something rejected comes back", () => {
  const used = async (universityId: string, key: string) =>
    (await env.DB.prepare("SELECT COALESCE(SUM(used), 0) AS n FROM university_usage WHERE university_id = ? AND access_key = ?")
      .bind(universityId, key)
      .first<{ n: number }>())!.n;

  it("a direct book on the book_download quota, rejected by the desk (twice at once): one unit back, and the member may buy again on it", async () => {
    const uni = await makeUniversity({ access: ["book_download"], quotas: { book_download: 1 } });
    const m = await member(uni);
    const admin = await signedInClient("usr_dev_admin");
    const book = (await env.DB.prepare(
      "INSERT INTO catalog_items (type, title, authors, free, toman_price, language, links, keywords, created_at) VALUES (0, ?, 'A. Author', 0, 80000, 'English', '[]', '', ?) RETURNING id",
    )
      .bind(`Quota book ${crypto.randomUUID()}`, Date.now())
      .first<{ id: number }>())!.id;
    const buy = () => m.client.post("/order", { cart: { name: "book", id: book }, idempotency_key: key() });
    expect((await buy()).status).toBe(200);
    expect(await used(uni.id, "book_download")).toBe(1);
    const request = (await env.DB.prepare("SELECT id FROM offline_requests WHERE user_id = ?").bind(m.user.id).first<{ id: string }>())!.id;
    await Promise.all([
      admin.post(`/admin/offline/requests/${request}/reject`, { reason: "پیدا نشد" }),
      admin.post(`/admin/offline/requests/${request}/reject`, { reason: "پیدا نشد" }),
    ]);
    expect(await used(uni.id, "book_download")).toBe(0);
    expect(OrderResponse.parse(await json(await buy())).balance).toBe(0);
    expect(await used(uni.id, "book_download")).toBe(1);
    await expectBooksBalanced();
  });

  it("a plagiarism or grammar check the contract paid for, rejected: one unit back", async () => {
    const p = await fundedClient({}, { university: true });
    const { university_id: uni } = (await env.DB.prepare("SELECT university_id FROM users WHERE id = ?").bind(p.user.id).first<{ university_id: string }>())!;
    await env.DB.prepare("UPDATE universities SET access = ?, quotas = ? WHERE id = ?")
      .bind(JSON.stringify(["grammarly"]), JSON.stringify({ grammarly: 1 }), uni)
      .run();
    expect((await upload(p.client, { type: "grammarly", file: { bytes: docxBytes(), name: "paper.docx" } })).res.status).toBe(200);
    expect(await used(uni, "grammarly")).toBe(1);
    const order = (await env.DB.prepare("SELECT id FROM service_orders WHERE user_id = ?").bind(p.user.id).first<{ id: string }>())!.id;
    const admin = await signedInClient("usr_dev_admin");
    expect((await admin.post(`/admin/ajax/services/${order}/reject`, { reason: "فایل خوانا نیست" })).status).toBe(200);
    expect(await used(uni, "grammarly")).toBe(0);
    expect((await upload(p.client, { type: "grammarly", file: { bytes: docxBytes(), name: "again.docx" } })).res.status).toBe(200);
    await expectBooksBalanced();
  });
});

describe("a password reset answers the same whether the account exists", () => {
  /** The reset verb with its deferred work held back, and a notifier that records instead of sending. */
  function resetDeps() {
    const held: (() => Promise<void>)[] = [];
    const sent: Parameters<Notifier["notify"]>[0][] = [];
    const deps: AuthDeps = {
      db: createDb(env.DB),
      log: createLogger("test"),
      now: Date.now(),
      notifier: { notify: async (n) => (sent.push(n), []) },
      pepper: "test-pepper",
      secret: "test-signing-secret",
      params: TEST_PARAMS,
      ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      device: null,
      origin: "https://daryaft.test",
      defer: (task) => void held.push(task),
    };
    return { deps, held, sent };
  }

  it("the answer never waits for the e-mail or SMS (whose time would tell): it is sent after, for an existing account only", async () => {
    const u = await makeUser({ mobileVerified: true });
    for (const identifier of [u.email, u.mobile]) {
      const { deps, held, sent } = resetDeps();
      expect(await requestPasswordReset(deps, identifier)).toEqual({ channel: identifier === u.mobile ? "sms" : "email" });
      // Answered with nothing sent and nothing issued yet: the same work as for a missing account.
      expect(sent).toEqual([]);
      expect(held).toHaveLength(1);
      await held[0]!();
      expect(sent).toHaveLength(1);
    }
    const missing = resetDeps();
    expect(await requestPasswordReset(missing.deps, uniqueEmail())).toEqual({ channel: "email" });
    expect(missing.held).toEqual([]);
  });
});

it("the books balance after everything in this file", async () => {
  expect(await count("ledger_entries")).toBeGreaterThan(0);
  await expectBooksBalanced();
});
