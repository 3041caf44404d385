/** /price, /show/balance and /order through the HTTP surface: server prices, idempotency, concurrency, expiry. */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { UserInfo } from "../../contract/user-info";
import { BalanceResponse, OrderResponse, PriceResponse, walletTexts } from "../../contract/wallet";
import { walletMessages } from "../../worker/features/wallet/messages";
import { newClient } from "./auth-helpers";
import { count, seedDemoData } from "./helpers";
import { DAY, balancesOf, expectLedgerConsistent, fundedClient } from "./wallet-factories";

const PRICE = { article: 29_000, offline_article: 45_000, limited_article: 390_000, standard: 59_000, package1: 259_000 };
let seq = 0;
const key = () => `test-key-${Date.now()}-${++seq}`;

beforeAll(async () => {
  await seedDemoData();
});

async function snapshot() {
  return { orders: await count("orders"), ledger: await count("ledger_entries"), lots: await count("credit_lots") };
}

describe("POST /price", () => {
  it("answers the unit prices and the total; anyone may ask", async () => {
    const res = await newClient().post("/price", { article: 2, offline_article: "1", standard: "۳" });
    expect(res.status).toBe(200);
    const body = PriceResponse.parse(await res.json());
    expect(body.article.unit_price).toBe(PRICE.article);
    expect(body.offline_article.unit_price).toBe(PRICE.offline_article);
    expect(body.limited_article.unit_price).toBe(PRICE.limited_article);
    expect(body.standard.unit_price).toBe(PRICE.standard);
    expect(body.sum_total).toBe(2 * PRICE.article + PRICE.offline_article + 3 * PRICE.standard);
    expect(body.status).toBe("ok");
    expect(body.limited_article_pack_size).toBe(30);
  });

  it("a limited pack resets a plain article count of 1 to 0 (§5)", async () => {
    const body = PriceResponse.parse(await (await newClient().post("/price", { article: 1, limited_article: 1 })).json());
    expect(body.counts.article).toBe(0);
    expect(body.sum_total).toBe(PRICE.limited_article);
  });

  it.each([
    [{ article: "abc" }, "article", walletTexts.countDigits],
    [{ article: "51" }, "article", walletTexts.countRange],
    [{ standard: 51 }, "standard", walletTexts.countRange],
    [{ offline_article: -2 }, "offline_article", walletTexts.countRange],
    [{ limited_article: "1.5" }, "limited_article", walletTexts.countDigits],
  ])("422 for %j", async (input, field, message) => {
    const res = await newClient().post("/price", input);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message, errors: { [field]: [message] } });
  });

  it("419 without the CSRF token", async () => {
    const res = await newClient().fetch("/price", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(419);
  });
});

describe("GET /show/balance", () => {
  it("guests get 401", async () => {
    expect((await newClient().get("/show/balance")).status).toBe(401);
  });

  it("answers every credit kind, limited credits by unexpired lots", async () => {
    const now = Date.now();
    const { client } = await fundedClient({
      balance: 5_000,
      standard: 2,
      offline: 3,
      unlimited: 4,
      limited: [
        { count: 5, expiresAt: now + 10 * DAY },
        { count: 7, expiresAt: now + 3 * DAY },
      ],
    });
    const body = BalanceResponse.parse(await (await client.get("/show/balance", { now })).json());
    expect(body).toEqual({
      balance: 5_000,
      standard_credit: 2,
      offline_article_credit: 3,
      unlimited_vip_credits: 4,
      limited_vip_credits: { count: 12, expiration: new Date(now + 3 * DAY).toISOString() },
    });
  });

  it("expiry with the controllable clock: a lot past its date is not counted and is written off", async () => {
    const now = Date.now();
    const { user, client } = await fundedClient({
      limited: [
        { count: 5, expiresAt: now + 10 * DAY },
        { count: 7, expiresAt: now + 3 * DAY },
      ],
    });
    const later = BalanceResponse.parse(await (await client.get("/show/balance", { now: now + 5 * DAY })).json());
    expect(later.limited_vip_credits).toEqual({ count: 5, expiration: new Date(now + 10 * DAY).toISOString() });
    const muchLater = BalanceResponse.parse(await (await client.get("/show/balance", { now: now + 11 * DAY })).json());
    expect(muchLater.limited_vip_credits).toEqual({ count: 0, expiration: null });
    const b = await expectLedgerConsistent(user.id);
    expect(b.limited_article_credit).toBe(0);
  });
});

describe("POST /order", () => {
  it("buys article counts from the wallet, priced by the server (the client's price is ignored)", async () => {
    const { user, client } = await fundedClient({ balance: 200_000 });
    const res = await client.post(
      "/order",
      { cart: { name: { article: 3, offline_article: 1, limited_article: 0 }, title: "بسته", price: 1 } },
      { headers: { "Idempotency-Key": key() } },
    );
    expect(res.status).toBe(200);
    const body = OrderResponse.parse(await res.json());
    expect(UserInfo.parse(body).balance).toBe(200_000 - 3 * PRICE.article - PRICE.offline_article);
    expect(body.unlimited_vip_credits).toBe(3);
    expect(body.offline_article_credit).toBe(1);
    expect(body.redirect).toBe("/profile/booksAndArticles/");
    await expectLedgerConsistent(user.id);
    const order = await env.DB.prepare("SELECT total, status FROM orders WHERE id = ?").bind(body.order_id).first<{ total: number; status: string }>();
    expect(order).toEqual({ total: 3 * PRICE.article + PRICE.offline_article, status: "completed" });
  });

  it("a limited pack is a lot of 30 credits valid one month", async () => {
    const now = Date.now();
    const { user, client } = await fundedClient({ balance: PRICE.limited_article });
    const body = OrderResponse.parse(await (await client.post("/order", { cart: { name: { limited_article: 1 } }, idempotency_key: key() }, { now })).json());
    expect(body.balance).toBe(0);
    expect(body.limited_vip_credits).toEqual({ count: 30, expiration: new Date(now + 30 * DAY).toISOString() });
    // 31 days later they are gone
    const after = BalanceResponse.parse(await (await client.get("/show/balance", { now: now + 31 * DAY })).json());
    expect(after.limited_vip_credits.count).toBe(0);
    await expectLedgerConsistent(user.id);
  });

  it.each([
    [{ name: "package_1" }, { unlimited_vip_credits: 10 }, PRICE.package1, "/profile/booksAndArticles/"],
    [{ name: { standard: 2 } }, { standard_credit: 2 }, 2 * PRICE.standard, "/profile/standards/"],
    [{ name: "standard", count: 3, type: "standard" }, { standard_credit: 3 }, 3 * PRICE.standard, "/profile/standards/"],
    [{ name: "offline_article" }, { offline_article_credit: 1 }, PRICE.offline_article, "/profile/offilneArticles/"],
    [{ name: "article", url: "https://doi.org/10.1000/xyz" }, { unlimited_vip_credits: 1 }, PRICE.article, "/?getUrl=https%3A%2F%2Fdoi.org%2F10.1000%2Fxyz"],
    [
      { name: "article", url: "https://x.org/a", isArticleOffline: true, doi: "10.1/a" },
      { offline_article_credit: 1 },
      PRICE.offline_article,
      "/?getOfflineUrl=https%3A%2F%2Fx.org%2Fa&doi=10.1%2Fa",
    ],
    // Credits bought for what caused the purchase: back to the document, or to our page (a reading list).
    [{ name: { article: 2 }, url: "10.5555/licensed-1" }, { unlimited_vip_credits: 2 }, 2 * PRICE.article, "/?getUrl=10.5555%2Flicensed-1"],
    [
      { name: { offline_article: 1 }, url: "https://x.org/b", isArticleOffline: true },
      { offline_article_credit: 1 },
      PRICE.offline_article,
      "/?getOfflineUrl=https%3A%2F%2Fx.org%2Fb",
    ],
    [{ name: { article: 3 }, return_to: "/batch?id=bat_123" }, { unlimited_vip_credits: 3 }, 3 * PRICE.article, "/batch?id=bat_123"],
  ])("cart %j", async (cart, credits, price, redirect) => {
    const { user, client } = await fundedClient({ balance: 1_000_000 });
    const body = OrderResponse.parse(await (await client.post("/order", { cart, idempotency_key: key() })).json());
    expect(body).toMatchObject(credits);
    expect(body.balance).toBe(1_000_000 - price);
    expect(body.redirect).toBe(redirect);
    await expectLedgerConsistent(user.id);
  });

  it.each(["//evil.test/x", "https://evil.test/", "/\\evil.test", "javascript:alert(1)", "batch?id=1", "/a b"])(
    "a cart's return_to must be a path of this site: %j is refused, nothing bought",
    async (returnTo) => {
      const { user, client } = await fundedClient({ balance: 100_000 });
      const res = await client.post("/order", { cart: { name: { article: 1 }, return_to: returnTo }, idempotency_key: key() });
      expect(res.status).toBe(422);
      expect((await balancesOf(user.id)).balance).toBe(100_000);
    },
  );

  it("the same idempotency key twice is one order", async () => {
    const { user, client } = await fundedClient({ balance: 100_000 });
    const k = key();
    const a = OrderResponse.parse(
      await (await client.post("/order", { cart: { name: { article: 1, offline_article: 1 } } }, { headers: { "Idempotency-Key": k } })).json(),
    );
    const b = OrderResponse.parse(
      await (await client.post("/order", { cart: { name: { article: 1, offline_article: 1 } } }, { headers: { "Idempotency-Key": k } })).json(),
    );
    expect(b.order_id).toBe(a.order_id);
    expect(b.balance).toBe(100_000 - PRICE.article - PRICE.offline_article);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = ?").bind(user.id).first<{ n: number }>();
    expect(n!.n).toBe(1);
    await expectLedgerConsistent(user.id);
  });

  it("the same key sent 20 times at once is still one order", async () => {
    const { user, client } = await fundedClient({ balance: 100_000 });
    const k = key();
    const responses = await Promise.all(Array.from({ length: 20 }, () => client.post("/order", { cart: { name: { article: 2 } }, idempotency_key: k })));
    const ids = new Set<string>();
    for (const r of responses) ids.add(OrderResponse.parse(await r.json()).order_id);
    expect(ids.size).toBe(1);
    expect((await expectLedgerConsistent(user.id)).balance).toBe(100_000 - 2 * PRICE.article);
  });

  it("50 orders at once, balance covers exactly 10: 10 succeed, 40 get the insufficient-balance error, balance ends at 0", async () => {
    const { user, client } = await fundedClient({ balance: 10 * PRICE.article });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => client.post("/order", { cart: { name: { article: 1 } } }, { headers: { "Idempotency-Key": key() } })),
    );
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<Record<string, unknown>>));
    const ok = bodies.filter((b) => typeof b.order_id === "string");
    const failed = bodies.filter((b) => b.status === "error");
    expect(ok.length).toBe(10);
    expect(failed.length).toBe(40);
    for (const f of failed) expect(f.error).toBe(walletMessages.insufficientBalance);
    const b = await expectLedgerConsistent(user.id);
    expect(b.balance).toBe(0);
    expect(b.unlimited_article_credit).toBe(10);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = ?").bind(user.id).first<{ n: number }>();
    expect(n!.n).toBe(10);
  });

  it("insufficient balance: the Persian error with the shortfall, nothing written", async () => {
    const { user, client } = await fundedClient({ balance: 10_000 });
    const before = await snapshot();
    const res = await client.post("/order", { cart: { name: { article: 1 } }, idempotency_key: key() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "error",
      error: walletMessages.insufficientBalance,
      shortfall: PRICE.article - 10_000,
      sum_total: PRICE.article,
    });
    expect(await snapshot()).toEqual(before);
    expect((await balancesOf(user.id)).balance).toBe(10_000);
  });

  it.each([
    [{ cart: { name: { article: 0 } } }, { cart: [walletTexts.emptyPackage] }],
    [{ cart: { name: { article: 60 } } }, { "cart.name.article": [walletTexts.countRange] }],
    [{ cart: { name: "no_such_product" } }, { cart: [walletMessages.unknownProduct] }],
    [{ cart: { name: "package_99" } }, { cart: [walletMessages.unknownProduct] }],
    [{ cart: { name: { directaccess: { "1": -5 } } } }, { "cart.name": expect.anything() }],
    [{}, { cart: expect.anything() }],
  ])("422 for %j; nothing changes", async (input, errors) => {
    const { client } = await fundedClient({ balance: 1_000_000 });
    const before = await snapshot();
    const res = await client.post("/order", input, { headers: { "Idempotency-Key": key() } });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.errors).toMatchObject(errors);
    expect(await snapshot()).toEqual(before);
  });

  it("a sent idempotency key must look like a key; nothing changes", async () => {
    const { client } = await fundedClient({ balance: 1_000_000 });
    const before = await snapshot();
    for (const headers of [{ "Idempotency-Key": "x y" }, { "Idempotency-Key": "short" }]) {
      const bad = await client.post("/order", { cart: { name: { article: 1 } } }, { headers });
      expect(bad.status).toBe(422);
      expect(await bad.json()).toEqual({ message: walletTexts.idempotencyFormat, errors: { idempotency_key: [walletTexts.idempotencyFormat] } });
    }
    expect(await snapshot()).toEqual(before);
  });

  describe("the spec's payload {_token, cart} without a key (accounts-and-purchases §6)", () => {
    const ordersOf = async (userId: string) =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;
    const specBody = async <C extends object>(client: Awaited<ReturnType<typeof fundedClient>>["client"], cart: C) => ({ _token: await client.token(), cart });

    it("succeeds once; the same body again is the same order, charged once", async () => {
      const { user, client } = await fundedClient({ balance: 100_000 });
      const body = await specBody(client, { name: { article: 1 }, title: "بسته", price: PRICE.article });
      const first = await client.post("/order", body);
      expect(first.status).toBe(200);
      const a = OrderResponse.parse(await first.json());
      expect(a.balance).toBe(100_000 - PRICE.article);
      // a retry a few seconds later, with a different display price (ignored): the same order
      const b = OrderResponse.parse(await (await client.post("/order", { ...body, cart: { ...body.cart, price: 1 } })).json());
      expect(b.order_id).toBe(a.order_id);
      expect(b.balance).toBe(100_000 - PRICE.article);
      expect(await ordersOf(user.id)).toBe(1);
      await expectLedgerConsistent(user.id);
    });

    it("the same body sent twice at once (a double click) charges once", async () => {
      const { user, client } = await fundedClient({ balance: 100_000 });
      const body = await specBody(client, { name: { article: 2 } });
      const [r1, r2] = await Promise.all([client.post("/order", body), client.post("/order", body)]);
      const a = OrderResponse.parse(await r1.json());
      const b = OrderResponse.parse(await r2.json());
      expect(b.order_id).toBe(a.order_id);
      expect(await ordersOf(user.id)).toBe(1);
      expect((await expectLedgerConsistent(user.id)).balance).toBe(100_000 - 2 * PRICE.article);
    });

    it("ten at once are still one order", async () => {
      const { user, client } = await fundedClient({ balance: 100_000 });
      const body = await specBody(client, { name: { offline_article: 1 } });
      const ids = new Set<string>();
      for (const r of await Promise.all(Array.from({ length: 10 }, () => client.post("/order", body)))) ids.add(OrderResponse.parse(await r.json()).order_id);
      expect(ids.size).toBe(1);
      expect((await expectLedgerConsistent(user.id)).balance).toBe(100_000 - PRICE.offline_article);
    });

    it("a retry straddling the window boundary still counts once; after 15 s it is a new order", async () => {
      const { user, client } = await fundedClient({ balance: 100_000 });
      const body = await specBody(client, { name: { article: 1 } });
      const edge = Math.ceil(Date.now() / 15_000) * 15_000 + 15_000; // a window boundary in the future
      const a = OrderResponse.parse(await (await client.post("/order", body, { now: edge - 2_000 })).json());
      const b = OrderResponse.parse(await (await client.post("/order", body, { now: edge + 2_000 })).json());
      expect(b.order_id).toBe(a.order_id);
      const c = OrderResponse.parse(await (await client.post("/order", body, { now: edge + 14_000 })).json());
      expect(c.order_id).not.toBe(a.order_id);
      expect(await ordersOf(user.id)).toBe(2);
      expect((await expectLedgerConsistent(user.id)).balance).toBe(100_000 - 2 * PRICE.article);
    });

    it("a different cart, or another user with the same cart, is another order", async () => {
      const one = await fundedClient({ balance: 100_000 });
      const two = await fundedClient({ balance: 100_000 });
      const a = OrderResponse.parse(await (await one.client.post("/order", await specBody(one.client, { name: { article: 1 } }))).json());
      const b = OrderResponse.parse(await (await one.client.post("/order", await specBody(one.client, { name: { article: 2 } }))).json());
      const c = OrderResponse.parse(await (await two.client.post("/order", await specBody(two.client, { name: { article: 1 } }))).json());
      expect(new Set([a.order_id, b.order_id, c.order_id]).size).toBe(3);
      expect(await ordersOf(one.user.id)).toBe(2);
      expect(await ordersOf(two.user.id)).toBe(1);
    });

    it("a sent key is kept: two different keys with the same cart are two orders", async () => {
      const { user, client } = await fundedClient({ balance: 100_000 });
      await client.post("/order", { cart: { name: { article: 1 } }, idempotency_key: key() });
      await client.post("/order", { cart: { name: { article: 1 } }, idempotency_key: key() });
      expect(await ordersOf(user.id)).toBe(2);
    });
  });

  it("guests get 401 and nothing changes", async () => {
    const before = await snapshot();
    const res = await newClient().post("/order", { cart: { name: { article: 1 } }, idempotency_key: key() });
    expect(res.status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});
