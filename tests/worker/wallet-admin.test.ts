/** Admin credit adjustments, /admin transactions, the price table, the user's ledger page and the standard dialog's status. */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { AdjustResponse, MyStandards, LedgerPage, PriceTable, StandardStatusResponse, TransactionsResponse, walletTexts } from "../../contract/wallet";
import { walletMessages } from "../../worker/features/wallet/messages";
import { newClient } from "./auth-helpers";
import { count, seedDemoData, type Client } from "./helpers";
import { DAY, balancesOf, expectLedgerConsistent, fundedClient, signedInClient } from "./wallet-factories";

let admin: Client;
beforeAll(async () => {
  await seedDemoData();
  admin = await signedInClient("usr_dev_admin");
});

describe("POST /admin/users/:id/adjust", () => {
  it("writes one ledger row with the admin's reason and id", async () => {
    const { user } = await fundedClient();
    const res = await admin.post(`/admin/users/${user.id}/adjust`, { account: "balance", delta: 25_000, reason: "جبران خطای پرداخت" });
    expect(res.status).toBe(200);
    expect(AdjustResponse.parse(await res.json()).balances.balance).toBe(25_000);
    const row = await env.DB.prepare("SELECT reason, note, created_by, delta FROM ledger_entries WHERE user_id = ?").bind(user.id).first();
    expect(row).toEqual({ reason: "admin_adjust", note: "جبران خطای پرداخت", created_by: "usr_dev_admin", delta: 25_000 });
    await expectLedgerConsistent(user.id);
  });

  it("limited credits: a grant is a lot with an expiry; a removal takes from the oldest lot; too much changes nothing", async () => {
    const now = Date.now();
    const { user } = await fundedClient({ limited: [{ count: 2, expiresAt: now + 3 * DAY }] });
    await admin.post(`/admin/users/${user.id}/adjust`, { account: "limited_article_credit", delta: 5, reason: "هدیهٔ جشنواره", days: 10 }, { now });
    expect((await balancesOf(user.id)).limited_article_credit).toBe(7);
    const r = await admin.post(`/admin/users/${user.id}/adjust`, { account: "limited_article_credit", delta: -3, reason: "اصلاح" }, { now });
    expect(AdjustResponse.parse(await r.json()).balances.limited_article_credit).toBe(4);
    const lots = await env.DB.prepare("SELECT remaining FROM credit_lots WHERE user_id = ? ORDER BY expires_at").bind(user.id).all<{ remaining: number }>();
    expect(lots.results.map((l) => l.remaining)).toEqual([0, 4]);
    const tooMuch = await admin.post(`/admin/users/${user.id}/adjust`, { account: "limited_article_credit", delta: -5, reason: "اصلاح" }, { now });
    expect(await tooMuch.json()).toEqual({ status: "error", error: walletMessages.adjustWouldGoNegative });
    expect((await expectLedgerConsistent(user.id)).limited_article_credit).toBe(4);
  });

  it("a removal below zero is refused and writes nothing", async () => {
    const { user } = await fundedClient({ standard: 1 });
    const before = await count("ledger_entries");
    const res = await admin.post(`/admin/users/${user.id}/adjust`, { account: "standard_credit", delta: -2, reason: "اصلاح" });
    expect(await res.json()).toEqual({ status: "error", error: walletMessages.adjustWouldGoNegative });
    expect(await count("ledger_entries")).toBe(before);
    expect((await balancesOf(user.id)).standard_credit).toBe(1);
  });

  it.each([
    [{ account: "balance", delta: 100 }, "reason", walletTexts.reasonRequired],
    [{ account: "balance", delta: 100, reason: "  " }, "reason", walletTexts.reasonRequired],
    [{ account: "balance", delta: 0, reason: "دلیل" }, "delta", walletTexts.deltaInvalid],
    [{ account: "balance", delta: 1.5, reason: "دلیل" }, "delta", walletTexts.deltaInvalid],
    [{ account: "gold", delta: 1, reason: "دلیل" }, "account", undefined],
  ])("422 for %j", async (body, field, message) => {
    const { user } = await fundedClient();
    const before = await count("ledger_entries");
    const res = await admin.post(`/admin/users/${user.id}/adjust`, body);
    expect(res.status).toBe(422);
    const json = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(json.errors)).toEqual([field]);
    if (message) expect(json.errors[field]).toEqual([message]);
    expect(await count("ledger_entries")).toBe(before);
  });

  it("non-admins get 403, guests 401; unknown users 404", async () => {
    const { user, client } = await fundedClient();
    expect((await client.post(`/admin/users/${user.id}/adjust`, { account: "balance", delta: 1000, reason: "خودم" })).status).toBe(403);
    expect((await newClient().post(`/admin/users/${user.id}/adjust`, { account: "balance", delta: 1000, reason: "خودم" })).status).toBe(401);
    expect((await admin.post(`/admin/users/usr_nobody/adjust`, { account: "balance", delta: 1000, reason: "دلیل" })).status).toBe(404);
    expect((await balancesOf(user.id)).balance).toBe(0);
  });
});

describe("GET /admin/ajax/transactions", () => {
  it("filters by user, account, reason and dates, with totals over all matches", async () => {
    const now = Date.now();
    const { user, client } = await fundedClient({ balance: 100_000 });
    await client.post("/order", { cart: { name: { article: 2 } }, idempotency_key: `tx-${now}` }, { now: now + DAY });
    const all = TransactionsResponse.parse(await (await admin.get(`/admin/ajax/transactions?user=${encodeURIComponent(user.email)}`)).json());
    expect(all.total).toBe(3);
    expect(all.totals.balance).toEqual({ credited: 100_000, debited: 58_000, net: 42_000 });
    expect(all.totals.unlimited_article_credit).toEqual({ credited: 2, debited: 0, net: 2 });
    expect(all.balances.balance).toBe(42_000);
    expect(all.data.every((r) => r.user_id === user.id)).toBe(true);
    const orders = TransactionsResponse.parse(await (await admin.get(`/admin/ajax/transactions?user=${user.id}&reason=order&account=balance`)).json());
    expect(orders.data.map((r) => r.delta)).toEqual([-58_000]);
    const day = new Date(now + DAY + 3.5 * 3_600_000).toISOString().slice(0, 10);
    const dated = TransactionsResponse.parse(await (await admin.get(`/admin/ajax/transactions?user=${user.id}&from=${day}&to=${day}`)).json());
    expect(dated.total).toBe(2);
    const nobody = TransactionsResponse.parse(await (await admin.get(`/admin/ajax/transactions?user=nobody-at-all`)).json());
    expect(nobody.total).toBe(0);
  });

  it("is admin-only", async () => {
    const { client } = await fundedClient();
    expect((await client.get("/admin/ajax/transactions")).status).toBe(403);
    expect((await newClient().get("/admin/ajax/transactions")).status).toBe(401);
  });
});

describe("price table", () => {
  it("admins read and set prices; /price follows", async () => {
    const table = PriceTable.parse(await (await admin.get("/admin/ajax/prices")).json());
    expect(table.prices.find((p) => p.key === "standard")?.price).toBe(59_000);
    expect(table.packages).toHaveLength(4);
    const res = await admin.post("/admin/ajax/prices", { key: "grammarly", price: 130_000 });
    expect(PriceTable.parse(await res.json()).prices.find((p) => p.key === "grammarly")?.price).toBe(130_000);
    expect((await admin.post("/admin/ajax/prices", { key: "nope", price: 1 })).status).toBe(422);
    const { client } = await fundedClient();
    expect((await client.post("/admin/ajax/prices", { key: "article", price: 1 })).status).toBe(403);
  });
});

describe("GET /wallet/ledger", () => {
  it("lists the user's own rows, newest first, with what each was for", async () => {
    const { client } = await fundedClient({ balance: 50_000 });
    await client.post("/order", { cart: { name: { article: 1 } }, idempotency_key: `lg-${Date.now()}` }, { now: Date.now() + 1000 });
    const page = LedgerPage.parse(await (await client.get("/wallet/ledger")).json());
    expect(page.total).toBe(3);
    expect(page.data[0]!.reason_title).toBe("خرید");
    expect(page.data.map((r) => r.account).sort()).toEqual(["balance", "balance", "unlimited_article_credit"]);
    expect((await newClient().get("/wallet/ledger")).status).toBe(401);
  });
});

describe("POST /show/standard_status", () => {
  let free: number, paidFile: number, noFile: number;
  beforeAll(async () => {
    const ins = async (title: string, isFree: boolean, links: string[]) =>
      (await env.DB.prepare("INSERT INTO catalog_items (type, title, free, links, created_at) VALUES (2, ?, ?, ?, ?) RETURNING id")
        .bind(title, isFree ? 1 : 0, JSON.stringify(links), Date.now())
        .first<{ id: number }>())!.id;
    free = await ins("ISO 0001 free", true, ["https://files.example/free.pdf"]);
    paidFile = await ins("ASTM D0002", false, ["https://files.example/paid.pdf"]);
    noFile = await ins("API 0003", false, []);
  });
  const status = async (c: Client, id: number, extra: Record<string, unknown> = {}) =>
    StandardStatusResponse.parse(await (await c.post("/show/standard_status", { id, ...extra })).json());

  it("free for a free standard, even for guests", async () => {
    expect(await status(newClient(), free)).toMatchObject({ standard_status: "free", download_link: "https://files.example/free.pdf" });
  });

  it("buy without credit; credit with credit; the download spends one credit once", async () => {
    expect((await status(newClient(), paidFile)).standard_status).toBe("buy");
    const { user, client } = await fundedClient({ standard: 1 });
    expect(await status(client, paidFile)).toMatchObject({ standard_status: "credit", download_link: null, standard_credit: 1 });
    expect(await status(client, paidFile, { use_credit: 1 })).toMatchObject({ standard_status: "free", download_link: "https://files.example/paid.pdf" });
    expect(await status(client, paidFile, { use_credit: 1 })).toMatchObject({ standard_status: "free" });
    expect((await expectLedgerConsistent(user.id)).standard_credit).toBe(0);
    // another standard now needs buying
    expect((await status(client, noFile)).standard_status).toBe("buy");
    const mine = MyStandards.parse(await (await client.get("/wallet/standards")).json());
    expect(mine.data.map((s) => [s.id, s.download_link])).toEqual([[paidFile, "https://files.example/paid.pdf"]]);
  });

  it("no file yet: wait_or_credit, and after spending a credit: wait", async () => {
    const { user, client } = await fundedClient({ standard: 2 });
    expect((await status(client, noFile)).standard_status).toBe("wait_or_credit");
    expect((await status(client, noFile, { use_credit: "1" })).standard_status).toBe("wait");
    expect((await expectLedgerConsistent(user.id)).standard_credit).toBe(1);
  });

  it("20 concurrent downloads of one standard spend one credit", async () => {
    const { user, client } = await fundedClient({ standard: 5 });
    await Promise.all(Array.from({ length: 20 }, () => client.post("/show/standard_status", { id: paidFile, use_credit: 1 })));
    expect((await expectLedgerConsistent(user.id)).standard_credit).toBe(4);
  });

  it("unknown standard: 404; bad id: 422", async () => {
    expect((await newClient().post("/show/standard_status", { id: 999_999 })).status).toBe(404);
    expect((await newClient().post("/show/standard_status", { id: "abc" })).status).toBe(422);
  });
});
