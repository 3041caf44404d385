import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PanelArticles, PanelGroups, PanelMembers, PanelStatistics } from "../../contract/panel";
import { newId } from "../../db/ids";
import { consumeQuotaStatements, usageMonth } from "../../worker/features/institutions/access";
import { db, makeUser, clientFor } from "./auth-helpers";
import { makeUniversity, member } from "./institutions-factories";

const NOW = Date.UTC(2026, 10, 22, 8, 0); // 1405-09-01 Tehran
const DAY = 86_400_000;

async function download(userId: string, at: number, outcome: "ok" | "error" = "ok", title = "A paper") {
  await env.DB.prepare("INSERT INTO downloads (id, user_id, job_key, outcome, doi, url, title, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
    .bind(newId("dl"), userId, `doi:10.1/${Math.random()}`, outcome, "10.1/x", "https://example.org/x", title, at)
    .run();
}

async function offline(userId: string, at: number, kind: "article" | "book" = "book") {
  await env.DB.prepare(
    "INSERT INTO offline_requests (id, user_id, kind, url, doc_key, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'registered', ?, ?)",
  )
    .bind(newId("off"), userId, kind, `Some ${kind} ${Math.random()}`, `k${Math.random()}`, at, at)
    .run();
}

async function setup() {
  const mine = await makeUniversity({ access: ["article_download", "book_download"], quotas: { article_download: 10, book_download: 4 } });
  const other = await makeUniversity({ access: ["article_download"], quotas: { article_download: 99 } });
  const partner = await member(mine, { partner: true });
  const alice = await member(mine);
  const bob = await member(mine);
  const stranger = await member(other);
  return { mine, other, partner, alice, bob, stranger };
}

describe("partner panel", () => {
  it("statistics: usage against quotas by month and members' activity, own institution only", async () => {
    const s = await setup();
    await download(s.alice.user.id, NOW - DAY); // previous month (Aban)
    await download(s.alice.user.id, NOW + 2 * DAY);
    await download(s.bob.user.id, NOW + 3 * DAY, "error");
    await download(s.stranger.user.id, NOW + 2 * DAY);
    await offline(s.bob.user.id, NOW + DAY);
    for (let i = 0; i < 3; i++) await env.DB.batch(consumeQuotaStatements(db(), { universityId: s.mine.id, key: "article_download", now: NOW + DAY }));
    await env.DB.batch(consumeQuotaStatements(db(), { universityId: s.other.id, key: "article_download", now: NOW + DAY }));

    const res = await s.partner.client.get("/panel2/ajax/statistics", { now: NOW + 5 * DAY });
    expect(res.status).toBe(200);
    const stats = PanelStatistics.parse(await res.json());
    expect(stats.university).toMatchObject({ id: s.mine.id, quotas: { article_download: 10, book_download: 4 } });
    expect(stats.members).toBe(3);
    expect(stats.months.map((x) => x.month)).toEqual(["1405-04", "1405-05", "1405-06", "1405-07", "1405-08", "1405-09"]);
    const current = stats.months.at(-1)!;
    expect(current).toEqual({ month: usageMonth(NOW), usage: { article_download: 3 }, downloads_ok: 1, downloads_all: 2, offline_requests: 1 });
    expect(stats.months.at(-2)).toMatchObject({ month: "1405-08", downloads_ok: 1, downloads_all: 1 });
  });

  it("users: members with their downloads and requests, never another institution's", async () => {
    const s = await setup();
    await download(s.alice.user.id, NOW);
    await download(s.alice.user.id, NOW + 1000);
    await offline(s.alice.user.id, NOW + 2000, "article");
    const list = PanelMembers.parse(await (await s.partner.client.get("/panel2/ajax/users", { now: NOW })).json());
    expect(list.total).toBe(3);
    const ids = list.data.map((x) => x.id);
    expect(ids).not.toContain(s.stranger.user.id);
    expect(list.data.find((x) => x.id === s.alice.user.id)).toMatchObject({
      downloads: 2,
      offline_requests: 1,
      last_activity: new Date(NOW + 2000).toISOString(),
    });
    const aliceEmail = list.data.find((x) => x.id === s.alice.user.id)!.university_email!;
    const found = PanelMembers.parse(await (await s.partner.client.get(`/panel2/ajax/users?q=${encodeURIComponent(aliceEmail)}`)).json());
    expect(found.data.map((x) => x.id)).toEqual([s.alice.user.id]);
    const bad = await s.partner.client.get("/panel2/ajax/users?page=0");
    expect(bad.status).toBe(422);
  });

  it("groups: create, add and remove members; another institution's members and groups are refused", async () => {
    const s = await setup();
    const c = s.partner.client;
    expect((await c.post("/panel2/ajax/groups", { name: "" })).status).toBe(422);
    expect(await (await c.post("/panel2/ajax/groups", { name: "گروه مهندسی" })).json()).toEqual({ status: "ok" });
    const { groups } = PanelGroups.parse(await (await c.get("/panel2/ajax/groups")).json());
    expect(groups).toHaveLength(1);
    const g = groups[0]!;
    expect((await c.post(`/panel2/ajax/groups/${g.id}/members`, { user_id: s.alice.user.id, action: "add" })).status).toBe(200);
    const strangerAdd = await c.post(`/panel2/ajax/groups/${g.id}/members`, { user_id: s.stranger.user.id, action: "add" });
    expect(strangerAdd.status).toBe(404);
    const after = PanelGroups.parse(await (await c.get("/panel2/ajax/groups")).json());
    expect(after.groups[0]!.members.map((x) => x.id)).toEqual([s.alice.user.id]);

    // The other institution's partner cannot see or change this group.
    const otherPartner = await member(s.other, { partner: true });
    expect(PanelGroups.parse(await (await otherPartner.client.get("/panel2/ajax/groups")).json()).groups).toEqual([]);
    expect((await otherPartner.client.post(`/panel2/ajax/groups/${g.id}/members`, { user_id: s.alice.user.id, action: "remove" })).status).toBe(404);
    expect((await otherPartner.client.post(`/panel2/ajax/groups/${g.id}/delete`, {})).status).toBe(404);
    const otherList = PanelMembers.parse(await (await otherPartner.client.get("/panel2/ajax/users")).json());
    expect(otherList.data.map((x) => x.id).sort()).toEqual([otherPartner.user.id, s.stranger.user.id].sort());

    expect((await c.post(`/panel2/ajax/groups/${g.id}/members`, { user_id: s.alice.user.id, action: "remove" })).status).toBe(200);
    expect((await c.post(`/panel2/ajax/groups/${g.id}/delete`, {})).status).toBe(200);
    expect(PanelGroups.parse(await (await c.get("/panel2/ajax/groups")).json()).groups).toEqual([]);
  });

  it("articles: members' downloads and offline requests, newest first, own institution only", async () => {
    const s = await setup();
    await download(s.alice.user.id, NOW, "ok", "First");
    await offline(s.bob.user.id, NOW + 1000, "article");
    await download(s.stranger.user.id, NOW + 2000, "ok", "Foreign");
    const list = PanelArticles.parse(await (await s.partner.client.get("/panel2/ajax/articles")).json());
    expect(list.total).toBe(2);
    expect(list.data.map((x) => x.kind)).toEqual(["offline_article", "download"]);
    expect(list.data.some((x) => x.title === "Foreign")).toBe(false);
  });

  it("refuses guests, ordinary and university users, and a partner without an institution", async () => {
    const s = await setup();
    const guest = await (await import("./auth-helpers")).newClient().get("/panel2/ajax/users");
    expect(guest.status).toBe(401);
    expect((await s.alice.client.get("/panel2/ajax/users")).status).toBe(403);
    expect((await s.alice.client.post("/panel2/ajax/groups", { name: "x" })).status).toBe(403);
    const loose = await clientFor((await makeUser({ partner: true })).id);
    const res = await loose.get("/panel2/ajax/statistics");
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ status: "error" });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM user_groups WHERE name = 'x'").first<{ n: number }>()).toEqual({ n: 0 });
  });
});
