/** Admin users: search, one user's picture, roles, block and unblock; credits through wallet's adjust endpoint. */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { AdminUserDetail, AdminUsersPage, adminTexts } from "../../contract/admin";
import { AdjustResponse } from "../../contract/wallet";
import { schema } from "../../db/client";
import { newId } from "../../db/ids";
import { toPersianDigits } from "../../lib/digits";
import { adminMessages } from "../../worker/features/admin/messages";
import { clientFor, db, makeUser, newClient, PASSWORD, type MadeUser } from "./auth-helpers";
import { adminClient, expect422, expectAdminOnly, expectNothingChanged } from "./admin-factories";
import type { Client } from "./helpers";
import { fund } from "./wallet-factories";

let admin: Client;
let adminUser: MadeUser;
beforeAll(async () => {
  ({ admin: adminUser, client: admin } = await adminClient());
});

const tag = () => Math.random().toString(36).slice(2, 8);

async function namedUser(name: string, opts: Parameters<typeof makeUser>[0] = {}) {
  const u = await makeUser(opts);
  await env.DB.prepare("UPDATE users SET name = ? WHERE id = ?").bind(name, u.id).run();
  return u;
}

async function search(q: Record<string, string>) {
  const res = await admin.get(`/admin/ajax/users?${new URLSearchParams(q)}`);
  expect(res.status).toBe(200);
  return AdminUsersPage.parse(await res.json());
}

describe("GET /admin/ajax/users", () => {
  it("finds users by part of the name, the e-mail, the mobile (Persian digits too) or the username", async () => {
    const t = tag();
    const a = await namedUser(`سارا ${t} احمدی`);
    const b = await namedUser(`علی ${t} رضایی`, { solver: true });
    expect((await search({ q: t })).data.map((u) => u.id).sort()).toEqual([a.id, b.id].sort());
    expect((await search({ q: `سارا ${t}` })).data.map((u) => u.id)).toEqual([a.id]);
    expect((await search({ q: a.email.slice(0, 9).toUpperCase() })).data.map((u) => u.id)).toContain(a.id);
    expect((await search({ q: toPersianDigits(b.mobile) })).data.map((u) => u.id)).toEqual([b.id]);
    expect((await search({ q: `+98${b.mobile.slice(1)}` })).data.map((u) => u.id)).toEqual([b.id]);
    expect((await search({ q: b.username })).data.map((u) => u.id)).toEqual([b.id]);
    const solver = await search({ q: t, role: "solver" });
    expect(solver.data.map((u) => u.id)).toEqual([b.id]);
    expect(solver.data[0]!.roles).toEqual({ admin: false, solver: true, partner: false, university: false });
  });

  it("takes LIKE wildcards literally and pages the results", async () => {
    expect((await search({ q: "%%%" })).total).toBe(0);
    // Long Persian needles (D1 refuses LIKE patterns over 50 bytes; the search must not).
    expect((await search({ q: "کتاب".repeat(50) })).total).toBe(0);
    expect((await search({ q: "_" })).total).toBe(0);
    const t = tag();
    for (let i = 0; i < 5; i++) await namedUser(`صفحه ${t} ${i}`);
    const p1 = await search({ q: t, per_page: "2" });
    expect(p1).toMatchObject({ total: 5, total_pages: 3, page: 1, per_page: 2 });
    const p3 = await search({ q: t, per_page: "2", page: "3" });
    expect(p3.data).toHaveLength(1);
    const all = [...p1.data, ...(await search({ q: t, per_page: "2", page: "2" })).data, ...p3.data].map((u) => u.id);
    expect(new Set(all).size).toBe(5);
  });

  it("filters blocked users", async () => {
    const t = tag();
    const blocked = await namedUser(`مسدود ${t}`, { blocked: true });
    await namedUser(`فعال ${t}`);
    const page = await search({ q: t, role: "blocked" });
    expect(page.data.map((u) => u.id)).toEqual([blocked.id]);
    expect(page.data[0]!.blocked_at).not.toBeNull();
  });

  it.each([
    [{ page: "0" }, "page", adminTexts.pageInvalid],
    [{ page: "abc" }, "page", adminTexts.pageInvalid],
    [{ per_page: "101" }, "per_page", adminTexts.pageInvalid],
    [{ role: "god" }, "role", adminTexts.roleFilterInvalid],
    [{ q: "x".repeat(201) }, "q", adminTexts.queryTooLong],
  ])("422 for %j", async (q, field, message) => {
    await expect422(await admin.get(`/admin/ajax/users?${new URLSearchParams(q)}`), field, message);
  });

  it("is admin-only", async () => {
    await expectAdminOnly((c) => c.get("/admin/ajax/users?q=a"));
  });
});

describe("GET /admin/ajax/users/:id", () => {
  it("shows balances, credits, recent downloads, orders, offline requests and ledger rows", async () => {
    const u = await makeUser();
    await fund(u.id, { balance: 70_000, offline: 2, limited: [{ count: 3, expiresAt: Date.now() + 86_400_000 }] });
    const now = Date.now();
    await db()
      .insert(schema.downloads)
      .values({ id: newId("dl", now), userId: u.id, jobKey: "k1", outcome: "ok", title: "A Paper", doi: "10.1/x", createdAt: new Date(now) });
    await db()
      .insert(schema.offlineRequests)
      .values({ id: newId("off", now), userId: u.id, kind: "book", url: "https://example.org/b", docKey: `d-${now}`, status: "priced", price: 90_000 });
    await db()
      .insert(schema.orders)
      .values({ id: newId("ord", now), userId: u.id, idempotencyKey: "k", cart: {}, total: 29_000, status: "completed" });
    const res = await admin.get(`/admin/ajax/users/${u.id}`);
    expect(res.status).toBe(200);
    const d = AdminUserDetail.parse(await res.json());
    expect(d.user).toMatchObject({ id: u.id, email: u.email, mobile: u.mobile, blocked_at: null, active_sessions: 0 });
    expect(d.balances).toEqual({ balance: 70_000, standard_credit: 0, offline_article_credit: 2, unlimited_article_credit: 0, limited_article_credit: 3 });
    expect(d.downloads.map((x) => x.title)).toEqual(["A Paper"]);
    expect(d.requests.map((x) => [x.kind, x.status, x.price])).toEqual([["book", "priced", 90_000]]);
    expect(d.orders.map((x) => x.total)).toEqual([29_000]);
    expect(d.ledger.map((x) => x.account).sort()).toEqual(["balance", "limited_article_credit", "offline_article_credit"]);
  });

  it("an admin's credit adjustment (wallet's ledger endpoint) shows in the detail with its reason", async () => {
    const u = await makeUser();
    const res = await admin.post(`/admin/users/${u.id}/adjust`, { account: "unlimited_article_credit", delta: 4, reason: "جبران قطعی سرویس" });
    expect(AdjustResponse.parse(await res.json()).balances.unlimited_article_credit).toBe(4);
    const d = AdminUserDetail.parse(await (await admin.get(`/admin/ajax/users/${u.id}`)).json());
    expect(d.balances.unlimited_article_credit).toBe(4);
    expect(d.ledger[0]).toMatchObject({ account: "unlimited_article_credit", delta: 4, reason: "admin_adjust", note: "جبران قطعی سرویس" });
  });

  it("404 for an unknown user; admin-only", async () => {
    const res = await admin.get("/admin/ajax/users/usr_nobody");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: "error", error: adminMessages.userNotFound });
    const u = await makeUser();
    await expectAdminOnly((c) => c.get(`/admin/ajax/users/${u.id}`));
  });
});

const ROLE_TABLES = ["users", "audit_log", "sessions"];

describe("POST /admin/ajax/users/:id/roles", () => {
  it("sets admin and solver, and makes a partner of an institution; writes an audit row", async () => {
    const u = await makeUser();
    const uniId = newId("uni");
    await db().insert(schema.universities).values({ id: uniId, name: "دانشگاه شریف", access: [], quotas: {} });
    const res = await admin.post(`/admin/ajax/users/${u.id}/roles`, { admin: false, solver: true, partner: true, university_id: uniId });
    expect(res.status).toBe(200);
    const d = AdminUserDetail.parse(await res.json());
    expect(d.user.roles).toEqual({ admin: false, solver: true, partner: true, university: false });
    expect(d.user.university_name).toBe("دانشگاه شریف");
    const row = await env.DB.prepare("SELECT is_solver, is_partner, is_admin, university_id FROM users WHERE id = ?").bind(u.id).first();
    expect(row).toEqual({ is_solver: 1, is_partner: 1, is_admin: 0, university_id: uniId });
    const audit = await env.DB.prepare("SELECT actor_id, action FROM audit_log WHERE target_id = ?").bind(u.id).all();
    expect(audit.results).toEqual([{ actor_id: adminUser.id, action: "user.roles" }]);
    // Taking the partner role away unlinks an institution the user never joined by e-mail.
    const off = AdminUserDetail.parse(await (await admin.post(`/admin/ajax/users/${u.id}/roles`, { admin: true, solver: false, partner: false })).json());
    expect(off.user.roles).toEqual({ admin: true, solver: false, partner: false, university: false });
    expect(off.user.university_id).toBeNull();
  });

  it("a verified member keeps the membership when made partner of the same institution", async () => {
    const u = await makeUser({ university: true });
    const d = AdminUserDetail.parse(await (await admin.post(`/admin/ajax/users/${u.id}/roles`, { admin: false, solver: false, partner: true })).json());
    expect(d.user.roles).toEqual({ admin: false, solver: false, partner: true, university: true });
  });

  it.each([
    [{ solver: true, partner: false }, "admin", adminTexts.flagInvalid],
    [{ admin: "yes", solver: true, partner: false }, "admin", adminTexts.flagInvalid],
    [{ admin: false, solver: 1, partner: false }, "solver", adminTexts.flagInvalid],
    [{ admin: false, solver: false, partner: true }, "university_id", adminMessages.partnerNeedsInstitution],
    [{ admin: false, solver: false, partner: true, university_id: "uni_nowhere" }, "university_id", adminMessages.institutionUnknown],
  ])("422 for %j and nothing changes", async (body, field, message) => {
    const u = await makeUser();
    await expectNothingChanged(ROLE_TABLES, async () => expect422(await admin.post(`/admin/ajax/users/${u.id}/roles`, body), field, message));
  });

  it("an admin cannot drop their own admin role; unknown users 404; nothing changes", async () => {
    await expectNothingChanged(ROLE_TABLES, async () => {
      const res = await admin.post(`/admin/ajax/users/${adminUser.id}/roles`, { admin: false, solver: false, partner: false });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ status: "error", error: adminMessages.ownAdminRole });
      expect((await admin.post(`/admin/ajax/users/usr_nobody/roles`, { admin: false, solver: false, partner: false })).status).toBe(404);
    });
  });

  it("is admin-only and a refusal changes nothing", async () => {
    const u = await makeUser();
    await expectAdminOnly((c) => c.post(`/admin/ajax/users/${u.id}/roles`, { admin: true, solver: true, partner: false }), ["users", "audit_log"]);
  });
});

describe("POST /admin/ajax/users/:id/block", () => {
  it("blocking ends every session and refuses login; unblocking lets the user log in again", async () => {
    const u = await makeUser();
    const session = await clientFor(u.id);
    expect((await session.get("/show/balance")).status).toBe(200);
    const res = await admin.post(`/admin/ajax/users/${u.id}/block`, { blocked: true, reason: "سوءاستفاده از حساب" });
    expect(res.status).toBe(200);
    const d = AdminUserDetail.parse(await res.json());
    expect(d.user.blocked_at).not.toBeNull();
    expect(d.user.active_sessions).toBe(0);
    const open = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NULL").bind(u.id).first<{ n: number }>();
    expect(open!.n).toBe(0);
    expect((await session.get("/show/balance")).status).toBe(401);
    const login = await newClient().post("/login", { email: u.email, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(await env.DB.prepare("SELECT details FROM audit_log WHERE target_id = ? AND action = 'user.block'").bind(u.id).first()).toEqual({
      details: JSON.stringify({ reason: "سوءاستفاده از حساب" }),
    });

    const un = await admin.post(`/admin/ajax/users/${u.id}/block`, { blocked: false, reason: "بررسی شد" });
    expect(AdminUserDetail.parse(await un.json()).user.blocked_at).toBeNull();
    expect((await newClient().post("/login", { email: u.email, password: PASSWORD })).status).toBe(200);
  });

  it.each([
    [{ blocked: true }, "reason", adminTexts.reasonRequired],
    [{ blocked: true, reason: "  ab " }, "reason", adminTexts.reasonRequired],
    [{ blocked: true, reason: "x".repeat(501) }, "reason", adminTexts.reasonTooLong],
    [{ blocked: "true", reason: "دلیل کافی" }, "blocked", adminTexts.flagInvalid],
    [{ reason: "دلیل کافی" }, "blocked", adminTexts.flagInvalid],
  ])("422 for %j; the user keeps the session", async (body, field, message) => {
    const u = await makeUser();
    await clientFor(u.id);
    await expectNothingChanged(ROLE_TABLES, async () => expect422(await admin.post(`/admin/ajax/users/${u.id}/block`, body), field, message));
  });

  it("refuses blocking oneself, blocking twice and unblocking an active user", async () => {
    const u = await makeUser();
    await expectNothingChanged(ROLE_TABLES, async () => {
      const self = await admin.post(`/admin/ajax/users/${adminUser.id}/block`, { blocked: true, reason: "آزمایش" });
      expect(await self.json()).toEqual({ status: "error", error: adminMessages.blockSelf });
      const notBlocked = await admin.post(`/admin/ajax/users/${u.id}/block`, { blocked: false, reason: "آزمایش" });
      expect(await notBlocked.json()).toEqual({ status: "error", error: adminMessages.notBlocked });
    });
    await admin.post(`/admin/ajax/users/${u.id}/block`, { blocked: true, reason: "آزمایش" });
    await expectNothingChanged(ROLE_TABLES, async () => {
      const again = await admin.post(`/admin/ajax/users/${u.id}/block`, { blocked: true, reason: "آزمایش" });
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ status: "error", error: adminMessages.alreadyBlocked });
    });
  });

  it("is admin-only and a refusal ends no session", async () => {
    const u = await makeUser();
    await clientFor(u.id);
    await expectAdminOnly((c) => c.post(`/admin/ajax/users/${u.id}/block`, { blocked: true, reason: "هیچ" }), ["users", "audit_log"]);
    const open = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NULL").bind(u.id).first<{ n: number }>();
    expect(open!.n).toBe(1);
  });
});
