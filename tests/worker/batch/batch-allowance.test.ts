/**
 * Reading lists inside the download-start allowance (60 documents in 10 minutes per user, 600 per
 * address, getpdf/start-limit.ts): each entry's start spends the same D1 windows as /getpdf/start,
 * weighing a tenth of a paste for a signed-in owner (the list lane yields to pastes) and a whole
 * one for a guest, so a list cannot start more than its owner's window holds. Lists' creation and reads are
 * limited too (per user, per address; guests tighter), and the list says, in Persian, which
 * entries wait and for how long.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { BatchView } from "../../../contract/batch";
import { clientFor, makeUser, newClient } from "../helpers/auth-helpers";
import { createBatch, uploadBatch } from "../helpers/batch-helpers";
import { scenarioDoi } from "../helpers/getpdf-helpers";
import { LIST_IN_FLIGHT } from "../../../worker/features/batch/service";
import { LIST_ENTRY_COST, START_COST, START_LIMITS, takeStarts } from "../../../worker/features/getpdf/start-limit";
import { db } from "../helpers/auth-helpers";
import type { Client } from "../helpers/helpers";

vi.setConfig({ testTimeout: 180_000 });

const MIN = 60_000;

async function view(c: Client, id: string, now?: number) {
  const res = await c.get(`/batch/${id}`, { now });
  expect(res.status, await res.clone().text()).toBe(200);
  return BatchView.parse(await res.json());
}

const started = async (batchId: string) =>
  (await env.DB.prepare("select count(*) as n from batch_entries where batch_id = ? and ticket is not null").bind(batchId).first<{ n: number }>())!.n;

const doiList = (n: number) => Array.from({ length: n }, () => scenarioDoi("none")).join("\n");

describe("reading lists spend the download-start allowance", () => {
  it("after 60 starts in 10 minutes, a 120-entry list starts nothing; it waits, says so in Persian, and goes on when the window frees", async () => {
    const c = await clientFor((await makeUser()).id);
    const t0 = Date.now();
    const doi = scenarioDoi("none");
    for (let i = 0; i < 60; i++) {
      const res = await c.post("/getpdf/start", { url: doi }, { now: t0 });
      expect(res.status).toBe(200);
    }
    expect((await c.post("/getpdf/start", { url: doi }, { now: t0 })).status).toBe(429);

    const created = await createBatch(c, { text: doiList(120) });
    expect(created.count).toBe(120);
    expect(await started(created.id)).toBe(0);
    const v = await view(c, created.id, t0);
    expect(await started(created.id)).toBe(0);
    expect(v.waiting.count).toBe(120);
    expect(v.waiting.starts_in_seconds).toBeGreaterThan(0);
    expect(v.entries[0]!.status).toBe("processing");
    expect(v.entries[0]!.step).toMatch(/در انتظار نوبت/);

    // Ten minutes on: the window has room for 60 again; the list takes what it may have in flight
    // at once (LIST_IN_FLIGHT, below 60), never 120, and the rest waits.
    const later = t0 + 10 * MIN + 1_000;
    const v2 = await view(c, created.id, later);
    const taken = Math.min(60, LIST_IN_FLIGHT);
    expect(await started(created.id)).toBe(taken);
    expect(v2.waiting.count).toBe(120 - taken);
    // The link box shares the window: what the list took (a tenth of a start an entry) is gone from it.
    const pastesLeft = 60 - Math.ceil((taken * LIST_ENTRY_COST) / START_COST);
    expect(pastesLeft).toBeLessThan(60);
    for (let i = 0; i < pastesLeft; i++) expect((await c.post("/getpdf/start", { url: scenarioDoi("none") }, { now: later })).status).toBe(200);
    expect((await c.post("/getpdf/start", { url: scenarioDoi("none") }, { now: later })).status).toBe(429);
  });

  it("parallel reads of two lists take exactly the room the window has, no more", async () => {
    const user = await makeUser();
    const c = await clientFor(user.id);
    const now = Date.now();
    const hit = (at: number, cost: number) =>
      env.DB.prepare("insert into rate_limit_hits (key, at, cost) values (?, ?, ?)").bind(`getpdf_start:user:${user.id}`, at, cost).run();
    // The window is full: 59 fresh pastes and half of one in list entries, and half a paste's weight
    // that falls out of it 30 s from now: room then for exactly 5 of a signed-in owner's entries.
    for (let i = 0; i < 59; i++) await hit(now, START_COST);
    await hit(now, START_COST / 2);
    await hit(now - 10 * MIN + 30_000, START_COST / 2);
    const a = await createBatch(c, { text: doiList(10) });
    const b = await createBatch(c, { text: doiList(10) });
    expect((await started(a.id)) + (await started(b.id))).toBe(0);
    const later = now + 31_000;
    const views = await Promise.all(Array.from({ length: 8 }, (_, i) => view(c, i % 2 ? a.id : b.id, later)));
    expect((await started(a.id)) + (await started(b.id))).toBe(START_COST / 2 / LIST_ENTRY_COST);
    expect(views.every((v) => v.waiting.count > 0)).toBe(true);
  });

  it("guests: one address's lists spend the address's allowance, and list creation is limited (5 an hour)", async () => {
    const ip = `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    let startedTotal = 0;
    for (let i = 0; i < 8; i++) {
      const guest = newClient();
      guest.headers["cf-connecting-ip"] = ip;
      const res = await uploadBatch(guest, { text: doiList(20) });
      statuses.push(res.status);
      if (res.status === 200) startedTotal += await started(((await res.json()) as { id: string }).id);
      else {
        const body = (await res.json()) as { status: string; error: string };
        expect(body.error).toMatch(/[\u0600-\u06ff]/);
        expect(res.headers.get("retry-after")).toBeTruthy();
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(startedTotal).toBe(100);
    // A guest's entry weighs a whole start.
    const hits = (await env.DB.prepare("select sum(cost) as n from rate_limit_hits where key = ?").bind(`getpdf_start:ip:${ip}`).first<{ n: number }>())!.n;
    expect(hits).toBe(100 * START_COST);
  });

  it("guests rotating through the addresses of one IPv6 /64 are one address: list creation and the start allowance count the /64", async () => {
    const prefix = `2001:db8:${(Math.floor(Math.random() * 0xfff0) + 1).toString(16)}:7`;
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const guest = newClient();
      guest.headers["cf-connecting-ip"] = `${prefix}::${i.toString(16)}`;
      statuses.push((await uploadBatch(guest, { text: doiList(20) })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const hits = (await env.DB.prepare("select sum(cost) as n from rate_limit_hits where key = ?")
      .bind(`getpdf_start:ip:${prefix}::/64`)
      .first<{ n: number }>())!.n;
    expect(hits).toBe(100 * START_COST);
    // Another /64 is another address.
    const other = newClient();
    other.headers["cf-connecting-ip"] = `${prefix.replace(/:7$/, ":8")}::1`;
    expect((await uploadBatch(other, { text: doiList(1) })).status).toBe(200);
  });

  it("a signed-in user may create 20 lists an hour; the 21st is refused in Persian and stores nothing", async () => {
    const c = await clientFor((await makeUser()).id);
    for (let i = 0; i < 20; i++) expect((await uploadBatch(c, { text: scenarioDoi("none") })).status).toBe(200);
    const before = (await env.DB.prepare("select count(*) as n from batches").first<{ n: number }>())!.n;
    const res = await uploadBatch(c, { text: scenarioDoi("none") });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { error: string }).error).toMatch(/فهرست‌های زیادی/);
    expect((await env.DB.prepare("select count(*) as n from batches").first<{ n: number }>())!.n).toBe(before);
  });

  it("reading a list is limited (90 a minute per owner), and a read starts nothing that is not due", async () => {
    const user = await makeUser();
    const c = await clientFor(user.id);
    const { id } = await createBatch(c, { text: doiList(3) });
    const now = Date.now();
    const codes: number[] = [];
    for (let i = 0; i < 95; i++) codes.push((await c.get(`/batch/${id}`, { now })).status);
    expect(codes.slice(0, 89).every((s) => s === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const spent = (await env.DB.prepare("select sum(cost) as n from rate_limit_hits where key = ?")
      .bind(`getpdf_start:user:${user.id}`)
      .first<{ n: number }>())!.n;
    expect(spent).toBe(3 * LIST_ENTRY_COST);
    // Started once each, however often the list was read: three entries' weight spent, not one per read.
    expect(await started(id)).toBe(3);
  });
});

describe("a list entry's weight in the window", () => {
  const userWho = (userId: string) => ({ userId, address: null });

  it("a signed-in owner's entries weigh a tenth of a paste: 600 in 10 minutes, then none, and no paste either", async () => {
    const user = await makeUser();
    const c = await clientFor(user.id);
    const now = Date.now();
    const perWindow = (START_LIMITS.user.limit * START_COST) / LIST_ENTRY_COST;
    expect(perWindow).toBe(600);
    expect(await takeStarts(db(), userWho(user.id), now, 450)).toEqual({ granted: 450, waitSeconds: null });
    const rest = await takeStarts(db(), userWho(user.id), now, 450);
    expect(rest.granted).toBe(150);
    expect(rest.waitSeconds).toBeGreaterThan(590);
    expect((await takeStarts(db(), userWho(user.id), now, 1)).granted).toBe(0);
    expect((await c.post("/getpdf/start", { url: scenarioDoi("none") }, { now })).status).toBe(429);
  });

  it("pastes first: 30 pastes leave room for 300 entries, no more", async () => {
    const user = await makeUser();
    const c = await clientFor(user.id);
    const now = Date.now();
    for (let i = 0; i < 30; i++) expect((await c.post("/getpdf/start", { url: scenarioDoi("none") }, { now })).status).toBe(200);
    expect((await takeStarts(db(), userWho(user.id), now, 1_000)).granted).toBe(300);
    expect((await takeStarts(db(), userWho(user.id), now, 1)).granted).toBe(0);
  });

  it("twelve reads at once take exactly the window's 600 entries between them", async () => {
    const user = await makeUser();
    const now = Date.now();
    const grants = await Promise.all(Array.from({ length: 12 }, () => takeStarts(db(), userWho(user.id), now, 100)));
    expect(grants.reduce((n, g) => n + g.granted, 0)).toBe(600);
  });

  it("a guest's entries weigh a whole start: an address's window holds 600 of them, not 6,000", async () => {
    const who = { userId: null, address: `10.98.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
    const now = Date.now();
    expect((await takeStarts(db(), who, now, 5_000)).granted).toBe(START_LIMITS.address.limit);
    expect((await takeStarts(db(), who, now, 1)).granted).toBe(0);
  });
});
