/**
 * Direct books through the HTTP surface: a priced catalogue book bought with POST /order (cart
 * `{name: "book", id}`), priced by the server, listed on /profile/directBooks, delivered by the desk,
 * refunded when rejected; never bought twice while open, never bought when not for sale.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BusinessErrorBody } from "../../contract/common";
import { OrderResponse } from "../../contract/wallet";
import { offlineText as t } from "../../worker/features/offline/messages";
import { walletMessages } from "../../worker/features/wallet/messages";
import { newClient } from "./auth-helpers";
import { deskActionOk, myRequests, pdfBytes, person, requestRow, uploadFile } from "./offline-factories";
import type { Client } from "./helpers";
import { balancesOf, expectLedgerConsistent } from "./wallet-factories";

type CatalogSeed = { type?: number; free?: boolean; price?: number | null; title?: string };

async function catalogItem({ type = 0, free = false, price = 120_000, title = `Direct Book ${crypto.randomUUID().slice(0, 8)}` }: CatalogSeed = {}) {
  const row = await env.DB.prepare(
    "INSERT INTO catalog_items (type, title, authors, year, isbn, free, toman_price, language, links, keywords, created_at) VALUES (?, ?, 'A. Author', 2020, ?, ?, ?, 'English', '[]', '', ?) RETURNING id",
  )
    .bind(
      type,
      title,
      `978${Math.floor(Math.random() * 1e10)
        .toString()
        .padStart(10, "0")}`,
      free ? 1 : 0,
      price,
      Date.now(),
    )
    .first<{ id: number }>();
  return { id: row!.id, title };
}

async function buy(c: Client, id: unknown, key = `book-${crypto.randomUUID()}`) {
  const res = await c.post("/order", { cart: { name: "book", id, title: "anything", price: 1 }, idempotency_key: key });
  return { res, json: (await res.json()) as Record<string, unknown> };
}

async function requestCount(userId: string) {
  return (await env.DB.prepare("SELECT count(*) AS n FROM offline_requests WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;
}

describe("buying a direct book", () => {
  it("charges the catalogue price, lists it on /profile/directBooks, and the desk delivers it", async () => {
    const u = await person({ funding: { balance: 300_000 } });
    const admin = await person({ admin: true });
    const book = await catalogItem({ price: 120_000 });

    // The client's price (1) is ignored: the catalogue's is charged.
    const { res, json } = await buy(u.client, book.id);
    expect(res.status, JSON.stringify(json)).toBe(200);
    expect(OrderResponse.parse(json)).toMatchObject({ balance: 180_000, redirect: "/profile/directBooks" });

    const [mine] = await myRequests(u.client, "direct_books");
    expect(mine).toMatchObject({ kind: "book", status: "paid", title: book.title, price: 120_000, can_pay: false, can_cancel: false });
    expect(mine!.promise_at).not.toBeNull();
    // Not mixed into the offline book requests page.
    expect((await myRequests(u.client, "books")).map((r) => r.id)).not.toContain(mine!.id);

    // The desk takes it as a paid book and delivers the file.
    await deskActionOk(admin.client, mine!.id, "claim");
    const bytes = pdfBytes("direct book");
    const up = await uploadFile(admin.client, mine!.id, bytes, "book.pdf");
    expect(up.res.status, JSON.stringify(up.json)).toBe(200);
    const [delivered] = await myRequests(u.client, "direct_books");
    expect(delivered!.status).toBe("delivered");
    const file = await u.client.get(delivered!.file!.download_url);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);

    // Delivered: the same book can be bought again (e.g. a lost copy), as a new order.
    expect((await buy(u.client, book.id)).res.status).toBe(200);
    expect((await balancesOf(u.user.id)).balance).toBe(60_000);
    await expectLedgerConsistent(u.user.id);
  });

  it("refuses a second purchase while the first is open, and concurrent purchases charge once", async () => {
    const u = await person({ funding: { balance: 1_000_000 } });
    const book = await catalogItem({ price: 90_000 });
    await u.client.token();
    const results = await Promise.all(Array.from({ length: 6 }, () => buy(u.client, book.id)));
    const ok = results.filter((r) => r.res.status === 200 && !("status" in r.json && r.json["status"] === "error"));
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => !ok.includes(x))) {
      expect([t.directBookOpen, walletMessages.alreadyBought]).toContain(BusinessErrorBody.parse(r.json).error);
    }
    expect((await balancesOf(u.user.id)).balance).toBe(910_000);
    expect(await requestCount(u.user.id)).toBe(1);
    await expectLedgerConsistent(u.user.id);
  });

  it("refunds the price when the desk rejects it", async () => {
    const u = await person({ funding: { balance: 100_000 } });
    const admin = await person({ admin: true });
    const book = await catalogItem({ price: 70_000 });
    expect((await buy(u.client, book.id)).res.status).toBe(200);
    const [mine] = await myRequests(u.client, "direct_books");
    expect((await balancesOf(u.user.id)).balance).toBe(30_000);
    await deskActionOk(admin.client, mine!.id, "reject", { template: "not_found" });
    expect((await balancesOf(u.user.id)).balance).toBe(100_000);
    expect((await requestRow(mine!.id))!["status"]).toBe("rejected");
    await expectLedgerConsistent(u.user.id);
  });

  it("changes nothing when the wallet does not cover it", async () => {
    const u = await person({ funding: { balance: 10_000 } });
    const book = await catalogItem({ price: 50_000 });
    const { json } = await buy(u.client, book.id);
    expect(BusinessErrorBody.parse(json).error).toBe(walletMessages.insufficientBalance);
    expect(json).toMatchObject({ shortfall: 40_000 });
    expect((await balancesOf(u.user.id)).balance).toBe(10_000);
    expect(await requestCount(u.user.id)).toBe(0);
  });

  it("refuses what is not for sale and writes nothing", async () => {
    const u = await person({ funding: { balance: 1_000_000 } });
    const free = await catalogItem({ free: true, price: null });
    const standard = await catalogItem({ type: 2, price: 50_000 });
    const report = await catalogItem({ type: 3, price: 50_000 });
    const unpriced = await catalogItem({ price: null });
    for (const id of [free.id, standard.id, report.id, unpriced.id, 987_654_321, "abc", "1; DROP TABLE users"]) {
      const { res, json } = await buy(u.client, id);
      expect(res.status, String(id)).toBeLessThan(500);
      expect(BusinessErrorBody.parse(json).error, String(id)).toBe(t.directBookNotFound);
    }
    expect((await balancesOf(u.user.id)).balance).toBe(1_000_000);
    expect(await requestCount(u.user.id)).toBe(0);
  });

  it("needs a signed-in user", async () => {
    const book = await catalogItem();
    const guest = newClient();
    await guest.token();
    const res = await guest.post("/order", { cart: { name: "book", id: book.id }, idempotency_key: "guest-book-1" });
    expect(res.status).toBe(401);
  });
});
