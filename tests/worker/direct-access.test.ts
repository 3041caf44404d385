/**
 * Direct access through the HTTP surface: the catalogue (§3 shape, per-day prices), the basket bought
 * through the wallet's /order (balances, ledger, grants), the access page (only its buyer, only while
 * the grant runs), the admin's credential pool (never one account to two buyers at once, also under
 * concurrent purchases) and the admin endpoints' validation and roles.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  AdminCredentialList,
  AdminGrantList,
  AdminSiteList,
  DirectAccessList,
  DirectAccessPageData,
  MyGrants,
  directAccessTexts,
  type DirectAccessSite,
} from "../../contract/direct-access";
import { OrderResponse } from "../../contract/wallet";
import { pricePerDay } from "../../lib/format";
import { directAccessMessages } from "../../worker/features/direct-access/messages";
import { newClient } from "./auth-helpers";
import { count, seedDemoData, type Client } from "./helpers";
import { DAY, balancesOf, expectLedgerConsistent, fundedClient } from "./wallet-factories";

let seq = 0;
const key = () => `da-key-${Date.now()}-${++seq}`;
let catalogue: DirectAccessSite[] = [];
const siteNames = new Map<number, string>();
let admin: Client;

beforeAll(async () => {
  await seedDemoData();
  catalogue = DirectAccessList.parse(await (await newClient().get("/direct_access")).json());
  admin = (await fundedClient({}, { admin: true })).client;
});

const site = (i: number) => catalogue[i]!;
const periodsOf = (s: DirectAccessSite) => Object.entries(s.prices).map(([k, price]) => ({ days: Number(k.slice(6)), price }));

async function order(c: Client, sites: Record<string, number>, now?: number, idem = key()) {
  const res = await c.post("/order", { cart: { name: { directaccess: sites }, title: "سبد دسترسی مستقیم", price: 1 }, idempotency_key: idem }, { now });
  return { res, json: (await res.json()) as Record<string, unknown> };
}

async function grantsOf(userId: string) {
  const { results } = await env.DB.prepare("SELECT * FROM direct_access_grants WHERE user_id = ? ORDER BY site_id, starts_at")
    .bind(userId)
    .all<Record<string, number | string | null>>();
  return results;
}

async function accessPage(c: Client, siteId: number, now?: number) {
  const res = await c.get(`/direct_access/${siteId}`, { now });
  expect(res.status).toBe(200);
  return DirectAccessPageData.parse(await res.json());
}

/** A fresh active site of `type` with prices, made through the admin endpoint. */
async function newSite(
  prices = [
    { days: 7, price: 70_000 },
    { days: 30, price: 190_000 },
  ],
  type = 2,
): Promise<number> {
  const name = `Test DB ${++seq}`;
  const res = await admin.post("/admin/ajax/directaccess/sites", {
    name,
    description: "پایگاه آزمایشی",
    url: "https://db.example.org",
    type,
    link: "https://db.example.org/login",
    expire: "",
    prices,
  });
  const json = (await res.json()) as { id: number };
  expect(res.status, JSON.stringify(json)).toBe(200);
  siteNames.set(json.id, name);
  return json.id;
}

async function addCredentials(siteId: number, lines: string) {
  const res = await admin.post(`/admin/ajax/directaccess/sites/${siteId}/credentials`, { lines });
  expect(res.status).toBe(200);
}

describe("GET /direct_access (catalogue)", () => {
  it("lists every active seeded site with the §3 fields; prices keyed by a six-character prefix plus days", async () => {
    const { results } = await env.DB.prepare("SELECT COUNT(*) AS n FROM direct_access_sites WHERE active = 1").all<{ n: number }>();
    expect(catalogue.length).toBe(results[0]!.n);
    expect(catalogue.length).toBe(44);
    for (const s of catalogue) {
      expect(Object.keys(s).sort()).toEqual(["description", "expire", "id", "link", "link2", "name", "prices", "type", "url"]);
      expect(Object.keys(s.prices).length).toBeGreaterThan(0);
      for (const [k, price] of Object.entries(s.prices)) {
        expect(k.slice(0, 6)).toBe("price_");
        const row = await env.DB.prepare("SELECT price FROM direct_access_prices WHERE site_id = ? AND days = ?")
          .bind(s.id, Number(k.slice(6)))
          .first<{ price: number }>();
        expect(row?.price).toBe(price);
      }
    }
  });

  it("hides inactive sites", async () => {
    const id = await newSite();
    expect(DirectAccessList.parse(await (await newClient().get("/direct_access")).json()).some((s) => s.id === id)).toBe(true);
    // Through the admin API: the catalogue is cached per isolate and an admin change drops it (decision 0006).
    const site = {
      name: `Hidden ${id}`,
      description: "پایگاه آزمایشی",
      url: "https://db.example.org",
      type: 2,
      link: "https://db.example.org/login",
      expire: "",
      active: false,
      prices: [{ days: 7, price: 70_000 }],
    };
    expect((await admin.post(`/admin/ajax/directaccess/sites/${id}`, site)).status).toBe(200);
    expect(DirectAccessList.parse(await (await newClient().get("/direct_access")).json()).some((s) => s.id === id)).toBe(false);
    expect((await newClient().get(`/direct_access/${id}`)).status).toBe(404);
  });

  it("per-day price = price ÷ days with the decimals dropped (§9), for every seeded period", () => {
    expect(pricePerDay(69_000, 7)).toBe(9_857);
    expect(pricePerDay(189_000, 30)).toBe(6_300);
    expect(pricePerDay(459_000, 90)).toBe(5_100);
    expect(pricePerDay(100, 0)).toBe(0);
    for (const s of catalogue)
      for (const { days, price } of periodsOf(s)) {
        const perDay = pricePerDay(price, days);
        expect(Number.isInteger(perDay)).toBe(true);
        expect(perDay * days).toBeLessThanOrEqual(price);
        expect((perDay + 1) * days).toBeGreaterThan(price);
      }
  });
});

describe("buying the basket through POST /order", () => {
  it("several sites and periods: the server's prices are debited, one ledger row, one grant per site", async () => {
    const now = Date.now();
    const [a, b, c] = [site(0), site(5), site(9)];
    const [pa, pb, pc] = [periodsOf(a)[0]!, periodsOf(b).at(-1)!, periodsOf(c)[1] ?? periodsOf(c)[0]!];
    const total = pa.price + pb.price + pc.price;
    const { user, client } = await fundedClient({ balance: total + 5_000 });
    const { res, json } = await order(client, { [a.id]: pa.days, [b.id]: pb.days, [c.id]: pc.days }, now);
    expect(res.status, JSON.stringify(json)).toBe(200);
    const body = OrderResponse.parse(json);
    expect(body.balance).toBe(5_000);
    expect(body.redirect).toBe("/profile/vipServices");
    expect((await balancesOf(user.id)).balance).toBe(5_000);
    await expectLedgerConsistent(user.id);
    const orderRow = await env.DB.prepare("SELECT total FROM orders WHERE id = ?").bind(body.order_id).first<{ total: number }>();
    expect(orderRow?.total).toBe(total);
    const grants = await grantsOf(user.id);
    expect(grants.map((g) => [g.site_id, g.days]).sort()).toEqual(
      [
        [a.id, pa.days],
        [b.id, pb.days],
        [c.id, pc.days],
      ].sort(),
    );
    for (const g of grants) {
      expect(g.order_id).toBe(body.order_id);
      expect(g.starts_at).toBe(now);
      expect(g.expires_at).toBe(now + Number(g.days) * DAY);
    }
    const mine = MyGrants.parse(await (await client.get("/profile/directaccess", { now })).json());
    expect(mine.grants.length).toBe(3);
    expect(mine.grants.every((g) => g.active)).toBe(true);
  });

  it("one site goes straight to its access page; the same key twice is one order", async () => {
    const s = site(2);
    const p = periodsOf(s)[0]!;
    const { user, client } = await fundedClient({ balance: p.price * 3 });
    const idem = key();
    const first = OrderResponse.parse((await order(client, { [s.id]: p.days }, undefined, idem)).json);
    expect(first.redirect).toBe(`/directaccess/${s.id}/${p.days}`);
    const again = await order(client, { [s.id]: p.days }, undefined, idem);
    expect(again.res.status).toBe(200);
    expect((await grantsOf(user.id)).length).toBe(1);
    expect((await balancesOf(user.id)).balance).toBe(p.price * 2);
  });

  it("a wallet short of the total writes nothing (no debit, no grant) and answers the shortfall", async () => {
    const [a, b] = [site(1), site(3)];
    const total = periodsOf(a)[0]!.price + periodsOf(b)[0]!.price;
    const { user, client } = await fundedClient({ balance: total - 1 });
    const before = { orders: await count("orders"), grants: await count("direct_access_grants") };
    const { res, json } = await order(client, { [a.id]: periodsOf(a)[0]!.days, [b.id]: periodsOf(b)[0]!.days });
    expect(res.status).toBe(200);
    expect(json).toMatchObject({ status: "error", shortfall: 1, sum_total: total });
    expect({ orders: await count("orders"), grants: await count("direct_access_grants") }).toEqual(before);
    expect((await balancesOf(user.id)).balance).toBe(total - 1);
  });

  it.each([
    ["an unknown site", { "999999": 30 }, directAccessMessages.siteNotFound],
    ["a period the site has no price for", "PERIOD", "PERIOD"],
  ])("refuses %s with a Persian 422 and changes nothing", async (_label, sitesOrMarker, messageOrMarker) => {
    const s = site(4);
    const sites = sitesOrMarker === "PERIOD" ? { [s.id]: 11 } : (sitesOrMarker as Record<string, number>);
    const message = messageOrMarker === "PERIOD" ? directAccessMessages.periodUnavailable(s.name) : messageOrMarker;
    const { client } = await fundedClient({ balance: 10_000_000 });
    const before = { orders: await count("orders"), grants: await count("direct_access_grants"), ledger: await count("ledger_entries") };
    const { res, json } = await order(client, sites);
    expect(res.status).toBe(422);
    expect(json).toEqual({ message, errors: { cart: [message] } });
    expect({ orders: await count("orders"), grants: await count("direct_access_grants"), ledger: await count("ledger_entries") }).toEqual(before);
  });

  it("guests get 401 and nothing is written", async () => {
    const before = await count("direct_access_grants");
    const { res } = await order(newClient(), { [site(0).id]: periodsOf(site(0))[0]!.days });
    expect(res.status).toBe(401);
    expect(await count("direct_access_grants")).toBe(before);
  });
});

describe("the access page GET /direct_access/{id}", () => {
  it("shows the lent account and time left only to the buyer, only while the grant runs; then renewal", async () => {
    const id = await newSite();
    await addCredentials(id, "buyer-one:pass:with:colons\n");
    const now = Date.now();
    const buyer = await fundedClient({ balance: 70_000 });
    OrderResponse.parse((await order(buyer.client, { [id]: 7 }, now)).json);

    const mine = await accessPage(buyer.client, id, now + 1_000);
    expect(mine.status).toBe("active");
    expect(mine.credential).toEqual({ username: "buyer-one", password: "pass:with:colons" });
    expect(mine.seconds_left).toBe(7 * 86_400 - 1);
    expect(mine.expires_at).toBe(new Date(now + 7 * DAY).toISOString());

    const other = await fundedClient({});
    for (const c of [other.client, newClient()]) {
      const page = await accessPage(c, id, now + 1_000);
      expect(page.status).toBe("none");
      expect(page.credential).toBeNull();
      expect(page.grants).toEqual([]);
      expect(JSON.stringify(page)).not.toContain("pass:with:colons");
    }

    const later = await accessPage(buyer.client, id, now + 7 * DAY + 1);
    expect(later.status).toBe("expired");
    expect(later.credential).toBeNull();
    expect(later.seconds_left).toBe(0);
    expect(later.grants.length).toBe(1);
  });

  it("renewing while a grant runs extends it and keeps the same account", async () => {
    const id = await newSite();
    await addCredentials(id, "renew-a:one\nrenew-b:two");
    const now = Date.now();
    const buyer = await fundedClient({ balance: 70_000 + 190_000 });
    await order(buyer.client, { [id]: 7 }, now);
    await order(buyer.client, { [id]: 30 }, now + DAY);
    const page = await accessPage(buyer.client, id, now + 2 * DAY);
    expect(page.status).toBe("active");
    expect(page.credential?.username).toBe("renew-a");
    expect(page.expires_at).toBe(new Date(now + 37 * DAY).toISOString());
    // Still covered (by the renewal) after the first week, with the same account.
    const after = await accessPage(buyer.client, id, now + 8 * DAY);
    expect(after.status).toBe("active");
    expect(after.credential?.username).toBe("renew-a");
    const pool = AdminCredentialList.parse(await (await admin.get(`/admin/ajax/directaccess/sites/${id}/credentials`, { now: now + 8 * DAY })).json());
    expect(pool.credentials.filter((c) => c.holder).map((c) => c.username)).toEqual(["renew-a"]);
  });
});

describe("the credential pool", () => {
  it("concurrent purchases never get one account twice; an empty pool refuses without taking money", async () => {
    const id = await newSite();
    await addCredentials(id, "pool-1:s1\npool-2:s2\npool-3:s3");
    const now = Date.now();
    const buyers = await Promise.all(Array.from({ length: 6 }, () => fundedClient({ balance: 70_000 })));
    const results = await Promise.all(buyers.map((b) => order(b.client, { [id]: 7 }, now)));
    const ok = results.filter((r) => r.res.status === 200 && !("status" in r.json && r.json.status === "error"));
    expect(ok.length).toBeGreaterThanOrEqual(3);

    const { results: held } = await env.DB.prepare("SELECT id, grant_id FROM direct_access_credentials WHERE site_id = ?")
      .bind(id)
      .all<{ id: string; grant_id: string | null }>();
    const holders = held.map((h) => h.grant_id).filter(Boolean);
    expect(holders.length).toBe(3);
    expect(new Set(holders).size).toBe(3);
    const { results: grants } = await env.DB.prepare("SELECT id, user_id, credential_id FROM direct_access_grants WHERE site_id = ?")
      .bind(id)
      .all<{ id: string; user_id: string; credential_id: string | null }>();
    const lent = grants.map((g) => g.credential_id).filter(Boolean);
    expect(new Set(lent).size).toBe(lent.length);

    // Each account is revealed to exactly one buyer.
    const seen = new Map<string, number>();
    for (const b of buyers) {
      const page = await accessPage(b.client, id, now + 1);
      if (page.credential) seen.set(page.credential.username, (seen.get(page.credential.username) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual(["pool-1", "pool-2", "pool-3"]);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);

    // Buyers that paid are charged exactly once; refused ones kept their money.
    for (const [i, b] of buyers.entries()) {
      const paid = ok.includes(results[i]!);
      expect((await balancesOf(b.user.id)).balance).toBe(paid ? 0 : 70_000);
      await expectLedgerConsistent(b.user.id);
    }

    // The pool is now empty: the next buyer is refused before paying.
    const late = await fundedClient({ balance: 70_000 });
    const refused = await order(late.client, { [id]: 7 }, now + 2);
    expect(refused.json).toEqual({ status: "error", error: directAccessMessages.poolEmpty(siteNames.get(id)!) });
    expect((await balancesOf(late.user.id)).balance).toBe(70_000);
    expect((await grantsOf(late.user.id)).length).toBe(0);

    // After the grants end, the accounts are NOT lent again: their previous buyers still know the passwords.
    const later = now + 7 * DAY + 10;
    const stillRefused = await order(late.client, { [id]: 7 }, later);
    expect(stillRefused.json).toEqual({ status: "error", error: directAccessMessages.poolEmpty(siteNames.get(id)!) });
    const pool = AdminCredentialList.parse(await (await admin.get(`/admin/ajax/directaccess/sites/${id}/credentials`, { now: later })).json());
    expect(pool.credentials.map((c) => [c.username, c.holder, c.needs_rotation])).toEqual([
      ["pool-1", null, true],
      ["pool-2", null, true],
      ["pool-3", null, true],
    ]);
    // Staff change pool-1's password at the provider and record it: it returns to the pool with the new password.
    expect((await admin.post(`/admin/ajax/directaccess/credentials/${pool.credentials[0]!.id}/rotate`, { password: "rotated-1" }, { now: later })).status).toBe(
      200,
    );
    const next = OrderResponse.parse((await order(late.client, { [id]: 7 }, later + 1)).json);
    expect(next.balance).toBe(0);
    const page = await accessPage(late.client, id, later + 2);
    expect(page.credential).toEqual({ username: "pool-1", password: "rotated-1" });
    for (const b of buyers) expect((await accessPage(b.client, id, later + 2)).credential).toBeNull();
  });

  it("an ended grant's account is never lent to the next buyer until staff rotate it; rotation is audited, refused while held or unchanged", async () => {
    const id = await newSite();
    await addCredentials(id, "rot-1:old-secret");
    const now = Date.now();
    const first = await fundedClient({ balance: 140_000 });
    OrderResponse.parse((await order(first.client, { [id]: 7 }, now)).json);
    const [cred] = AdminCredentialList.parse(await (await admin.get(`/admin/ajax/directaccess/sites/${id}/credentials`, { now })).json()).credentials;
    // held by a running grant: rotation refused
    expect((await admin.post(`/admin/ajax/directaccess/credentials/${cred!.id}/rotate`, { password: "new-secret" }, { now: now + 1 })).status).toBe(409);
    // staff end the grant early: the account is still out of the pool
    const grants = AdminGrantList.parse(await (await admin.get(`/admin/ajax/directaccess/grants?site=${id}&active=1`, { now: now + 2 })).json());
    expect((await admin.post(`/admin/ajax/directaccess/grants/${grants.grants[0]!.id}/revoke`, {}, { now: now + 3 })).status).toBe(200);
    const second = await fundedClient({ balance: 70_000 });
    const refused = await order(second.client, { [id]: 7 }, now + 4);
    expect(refused.json).toEqual({ status: "error", error: directAccessMessages.poolEmpty(siteNames.get(id)!) });
    expect((await balancesOf(second.user.id)).balance).toBe(70_000);
    const sites = AdminSiteList.parse(await (await admin.get("/admin/ajax/directaccess/sites", { now: now + 4 })).json());
    expect(sites.sites.find((s) => s.id === id)!.pool).toEqual({ total: 1, free: 0, held: 0, awaiting_rotation: 1 });
    // the same buyer buying again later does not get the old account back either
    expect((await order(first.client, { [id]: 7 }, now + 5)).json).toEqual({ status: "error", error: directAccessMessages.poolEmpty(siteNames.get(id)!) });
    // the same password is not a rotation; a blank one is a field error
    expect((await admin.post(`/admin/ajax/directaccess/credentials/${cred!.id}/rotate`, { password: "old-secret" }, { now: now + 6 })).status).toBe(422);
    expect((await admin.post(`/admin/ajax/directaccess/credentials/${cred!.id}/rotate`, { password: "  " }, { now: now + 6 })).status).toBe(422);
    const { client: stranger } = await fundedClient();
    expect((await stranger.post(`/admin/ajax/directaccess/credentials/${cred!.id}/rotate`, { password: "x" }, { now: now + 6 })).status).toBe(403);
    expect((await admin.post(`/admin/ajax/directaccess/credentials/${cred!.id}/rotate`, { password: "new-secret" }, { now: now + 7 })).status).toBe(200);
    const audit = await env.DB.prepare("SELECT actor_id, action, details FROM audit_log WHERE target_type = 'direct_access_credential' AND target_id = ?")
      .bind(cred!.id)
      .all<{ actor_id: string; action: string; details: string }>();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]!.action).toBe("direct_access.credential_rotated");
    expect(audit.results[0]!.details).not.toContain("new-secret");
    // back in the pool, with the new password, for the next buyer only
    OrderResponse.parse((await order(second.client, { [id]: 7 }, now + 8)).json);
    expect((await accessPage(second.client, id, now + 9)).credential).toEqual({ username: "rot-1", password: "new-secret" });
    expect((await accessPage(first.client, id, now + 9)).credential).toBeNull();
  });

  it("grants bought while the pool was empty get an account when the admin adds one; a held account cannot be deleted", async () => {
    const id = await newSite();
    const now = Date.now();
    const buyer = await fundedClient({ balance: 70_000 });
    OrderResponse.parse((await order(buyer.client, { [id]: 7 }, now)).json);
    expect((await accessPage(buyer.client, id, now + 1)).credential).toBeNull();
    await addCredentials(id, "late-1:x1");
    expect((await accessPage(buyer.client, id, Date.now())).credential).toEqual({ username: "late-1", password: "x1" });
    const pool = AdminCredentialList.parse(await (await admin.get(`/admin/ajax/directaccess/sites/${id}/credentials`)).json());
    const held = pool.credentials[0]!;
    expect(held.holder?.user_id).toBe(buyer.user.id);
    const del = await admin.post(`/admin/ajax/directaccess/credentials/${held.id}/delete`, {});
    expect(del.status).toBe(409);
    expect(await count("direct_access_credentials")).toBeGreaterThan(0);
    // Revoking the grant frees it; then it can be removed.
    const grants = AdminGrantList.parse(await (await admin.get(`/admin/ajax/directaccess/grants?site=${id}&active=1`)).json());
    expect(grants.grants.length).toBe(1);
    expect((await admin.post(`/admin/ajax/directaccess/grants/${grants.grants[0]!.id}/revoke`, {})).status).toBe(200);
    expect((await accessPage(buyer.client, id)).status).toBe("expired");
    expect((await admin.post(`/admin/ajax/directaccess/credentials/${held.id}/delete`, {})).status).toBe(200);
  });
});

describe("/admin/ajax/directaccess", () => {
  it("lists sites with periods, pool sizes and running grants; updates replace the prices", async () => {
    const id = await newSite([{ days: 10, price: 55_555 }]);
    await addCredentials(id, "a:1\nb:2");
    let list = AdminSiteList.parse(await (await admin.get("/admin/ajax/directaccess/sites")).json());
    let mine = list.sites.find((s) => s.id === id)!;
    expect(mine.periods).toEqual([{ days: 10, price: 55_555 }]);
    expect(mine.prices).toEqual({ price_10: 55_555 });
    expect(mine.pool).toEqual({ total: 2, free: 2, held: 0, awaiting_rotation: 0 });
    const res = await admin.post(`/admin/ajax/directaccess/sites/${id}`, {
      name: mine.name,
      description: "تازه",
      type: 1,
      expire: "نامحدود",
      active: true,
      sort_order: 3,
      prices: [
        { days: 30, price: 100_000 },
        { days: 60, price: 150_000 },
      ],
    });
    expect(res.status).toBe(200);
    list = AdminSiteList.parse(await (await admin.get("/admin/ajax/directaccess/sites")).json());
    mine = list.sites.find((s) => s.id === id)!;
    expect(mine.prices).toEqual({ price_30: 100_000, price_60: 150_000 });
    expect(mine.type).toBe(1);
    expect(mine.expire).toBe("نامحدود");
  });

  it.each([
    ["no name", { name: "" }, { name: [directAccessTexts.nameRequired] }],
    ["a bad type", { type: 7 }, { type: [directAccessTexts.typeInvalid] }],
    ["a non-http link", { link: "javascript:alert(1)" }, { link: [directAccessTexts.urlInvalid] }],
    ["no prices", { prices: [] }, { prices: [directAccessTexts.pricesRequired] }],
    [
      "a repeated period",
      {
        prices: [
          { days: 7, price: 1 },
          { days: 7, price: 2 },
        ],
      },
      { prices: [directAccessTexts.daysRepeated] },
    ],
    ["a negative price", { prices: [{ days: 7, price: -1 }] }, { "prices.0.price": [directAccessTexts.priceInvalid] }],
    ["zero days", { prices: [{ days: 0, price: 1 }] }, { "prices.0.days": [directAccessTexts.daysInvalid] }],
  ])("a site with %s is a Persian 422 and nothing is written", async (_label, over, errors) => {
    const before = await count("direct_access_sites");
    const res = await admin.post("/admin/ajax/directaccess/sites", {
      name: "X",
      description: "Y",
      type: 2,
      expire: "",
      prices: [{ days: 7, price: 1000 }],
      ...over,
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: unknown }).errors).toEqual(errors);
    expect(await count("direct_access_sites")).toBe(before);
  });

  it("a malformed credential line is a 422 naming the line; nothing is added", async () => {
    const id = await newSite();
    const res = await admin.post(`/admin/ajax/directaccess/sites/${id}/credentials`, { lines: "ok:1\nno-colon-here" });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: unknown }).errors).toEqual({ lines: [directAccessTexts.credentialLineInvalid(2)] });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM direct_access_credentials WHERE site_id = ?").bind(id).first<{ n: number }>())?.n).toBe(0);
  });

  it("only admins: a user gets 403, a guest 401, on reads and writes", async () => {
    const { client: user } = await fundedClient({});
    for (const c of [user, newClient()]) {
      const expected = c === user ? 403 : 401;
      expect((await c.get("/admin/ajax/directaccess/sites")).status).toBe(expected);
      expect((await c.get(`/admin/ajax/directaccess/sites/${site(0).id}/credentials`)).status).toBe(expected);
      expect((await c.post("/admin/ajax/directaccess/sites", { name: "x" })).status).toBe(expected);
      expect((await c.post(`/admin/ajax/directaccess/sites/${site(0).id}/credentials`, { lines: "a:b" })).status).toBe(expected);
      expect((await c.get("/admin/ajax/directaccess/grants")).status).toBe(expected);
    }
    expect((await newClient().get("/profile/directaccess")).status).toBe(401);
  });
});
