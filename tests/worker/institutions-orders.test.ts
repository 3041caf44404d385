/**
 * A contract's access list in the wallet's order path: members whose contract lists book_download
 * get a direct book, those with direct_access get direct-access sites, and those with tez_download
 * get the thesis databases among them, without paying, each
 * unit on the institution's monthly quota in the order's own batch; past the quota (or without the
 * key) they pay like anyone else, and racing orders never take more than the quota.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { BusinessErrorBody } from "../../contract/common";
import { DirectAccessList, type DirectAccessSite } from "../../contract/direct-access";
import { OrderResponse } from "../../contract/wallet";
import { institutionMessages } from "../../worker/features/institutions/messages";
import { usageMonth } from "../../worker/features/institutions/access";
import { walletMessages } from "../../worker/features/wallet/messages";
import { newClient } from "./auth-helpers";
import { seedDemoData, type Client } from "./helpers";
import { makeUniversity, member } from "./institutions-factories";
import { balancesOf, expectLedgerConsistent, fund } from "./wallet-factories";

let catalogue: DirectAccessSite[] = [];
beforeAll(async () => {
  await seedDemoData();
  catalogue = DirectAccessList.parse(await (await newClient().get("/direct_access")).json());
});
const periodOf = (s: DirectAccessSite) => Object.entries(s.prices).map(([k, price]) => ({ days: Number(k.slice(6)), price }))[0]!;

async function used(universityId: string, key: string) {
  const row = await env.DB.prepare("SELECT used FROM university_usage WHERE university_id = ? AND month = ? AND access_key = ?")
    .bind(universityId, usageMonth(Date.now()), key)
    .first<{ used: number }>();
  return row?.used ?? 0;
}

async function book(price = 80_000) {
  const row = await env.DB.prepare(
    "INSERT INTO catalog_items (type, title, authors, free, toman_price, language, links, keywords, created_at) VALUES (0, ?, 'A. Author', 0, ?, 'English', '[]', '', ?) RETURNING id",
  )
    .bind(`Contract Book ${crypto.randomUUID().slice(0, 8)}`, price, Date.now())
    .first<{ id: number }>();
  return row!.id;
}

async function order(c: Client, cart: Record<string, unknown>) {
  const res = await c.post("/order", { cart, idempotency_key: `uni-${crypto.randomUUID()}` });
  return { res, json: (await res.json()) as Record<string, unknown> };
}

const buyBook = (c: Client, id: number) => order(c, { name: "book", id });
const buySites = (c: Client, sites: DirectAccessSite[]) => order(c, { name: { directaccess: Object.fromEntries(sites.map((s) => [s.id, periodOf(s).days])) } });

describe("book_download", () => {
  it("a member gets direct books on the quota, then pays once it is used up", async () => {
    const uni = await makeUniversity({ access: ["book_download"], quotas: { book_download: 2 } });
    const m = await member(uni);
    for (const n of [1, 2]) {
      const { res, json } = await buyBook(m.client, await book());
      expect(res.status, JSON.stringify(json)).toBe(200);
      expect(OrderResponse.parse(json)).toMatchObject({ balance: 0, redirect: "/profile/directBooks" });
      expect(await used(uni.id, "book_download")).toBe(n);
    }
    const rows = await env.DB.prepare("SELECT status, price FROM offline_requests WHERE user_id = ?").bind(m.user.id).all<{ status: string; price: number }>();
    expect(rows.results).toEqual([
      { status: "paid", price: 0 },
      { status: "paid", price: 0 },
    ]);
    // The third is priced as for anyone: an empty wallet is asked for the whole price.
    const third = await buyBook(m.client, await book(80_000));
    expect(BusinessErrorBody.parse(third.json).error).toBe(walletMessages.insufficientBalance);
    expect(third.json).toMatchObject({ shortfall: 80_000 });
    await fund(m.user.id, { balance: 100_000 });
    expect((await buyBook(m.client, await book(80_000))).res.status).toBe(200);
    expect((await balancesOf(m.user.id)).balance).toBe(20_000);
    expect(await used(uni.id, "book_download")).toBe(2);
    await expectLedgerConsistent(m.user.id);
  });

  it("racing orders take at most the quota", async () => {
    const uni = await makeUniversity({ access: ["book_download"], quotas: { book_download: 1 } });
    const m = await member(uni);
    const ids = await Promise.all([1, 2, 3, 4].map(() => book()));
    await m.client.token();
    const results = await Promise.all(ids.map((id) => buyBook(m.client, id)));
    const ok = results.filter((r) => r.res.status === 200 && r.json["status"] !== "error");
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => !ok.includes(x))) {
      expect(r.res.status).toBeLessThan(500);
      expect([institutionMessages.quotaExhausted, walletMessages.insufficientBalance]).toContain(BusinessErrorBody.parse(r.json).error);
    }
    expect(await used(uni.id, "book_download")).toBe(1);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM offline_requests WHERE user_id = ?").bind(m.user.id).first<{ n: number }>())!.n).toBe(1);
  });

  it("a contract without book_download, or an inactive one, covers nothing", async () => {
    for (const uni of [await makeUniversity({ access: ["article_download"] }), await makeUniversity({ access: ["book_download"], active: false })]) {
      const m = await member(uni);
      const { json } = await buyBook(m.client, await book(50_000));
      expect(BusinessErrorBody.parse(json).error).toBe(walletMessages.insufficientBalance);
      expect(await used(uni.id, "book_download")).toBe(0);
    }
  });
});

describe("direct_access", () => {
  it("a member gets direct-access sites on the quota, one unit per site; a basket beyond what is left is paid", async () => {
    const uni = await makeUniversity({ access: ["direct_access"], quotas: { direct_access: 3 } });
    const m = await member(uni);
    const [a, b, c, d] = [catalogue[0]!, catalogue[5]!, catalogue[9]!, catalogue[3]!];
    const first = await buySites(m.client, [a, b]);
    expect(first.res.status, JSON.stringify(first.json)).toBe(200);
    expect(OrderResponse.parse(first.json).balance).toBe(0);
    expect(await used(uni.id, "direct_access")).toBe(2);
    const grants = await env.DB.prepare("SELECT site_id FROM direct_access_grants WHERE user_id = ? ORDER BY site_id")
      .bind(m.user.id)
      .all<{ site_id: number }>();
    expect(grants.results.map((g) => g.site_id)).toEqual([a.id, b.id].sort((x, y) => x - y));

    // Two more sites with one unit left: the basket is priced in full.
    const second = await buySites(m.client, [c, d]);
    expect(BusinessErrorBody.parse(second.json).error).toBe(walletMessages.insufficientBalance);
    expect(second.json).toMatchObject({ shortfall: periodOf(c).price + periodOf(d).price });
    expect(await used(uni.id, "direct_access")).toBe(2);
    // One site still fits.
    expect((await buySites(m.client, [c])).res.status).toBe(200);
    expect(await used(uni.id, "direct_access")).toBe(3);
    await expectLedgerConsistent(m.user.id);
  });

  it("tez_download covers the thesis databases of a basket; the other sites are paid", async () => {
    const uni = await makeUniversity({ access: ["tez_download"], quotas: { tez_download: 5 } });
    const m = await member(uni);
    const proquest = catalogue.find((s) => s.name.startsWith("ProQuest Dissertations"))!;
    const other = catalogue.find((s) => s.id !== proquest.id && !s.name.includes("ProQuest"))!;
    await fund(m.user.id, { balance: periodOf(other).price });
    const { res, json } = await buySites(m.client, [proquest, other]);
    expect(res.status, JSON.stringify(json)).toBe(200);
    expect(OrderResponse.parse(json).balance).toBe(0);
    expect(await used(uni.id, "tez_download")).toBe(1);
    const grants = await env.DB.prepare("SELECT site_id FROM direct_access_grants WHERE user_id = ? ORDER BY site_id")
      .bind(m.user.id)
      .all<{ site_id: number }>();
    expect(grants.results.map((g) => g.site_id)).toEqual([proquest.id, other.id].sort((x, y) => x - y));
    await expectLedgerConsistent(m.user.id);
  });

  it("a member without direct_access pays", async () => {
    const uni = await makeUniversity({ access: ["book_download"], quotas: { direct_access: 10 } });
    const m = await member(uni);
    const { json } = await buySites(m.client, [catalogue[0]!]);
    expect(BusinessErrorBody.parse(json).error).toBe(walletMessages.insufficientBalance);
    expect(await used(uni.id, "direct_access")).toBe(0);
  });
});
