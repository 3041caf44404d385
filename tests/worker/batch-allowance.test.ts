/**
 * Reading lists inside the download-start allowance (60 documents in 10 minutes per user, 600 per
 * address, getpdf/start-limit.ts): each entry's start spends the same D1 windows as /getpdf/start,
 * so a list cannot start what its owner could not start by pasting. Lists' creation and reads are
 * limited too (per user, per address; guests tighter), and the list says, in Persian, which
 * entries wait and for how long.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { BatchView } from "../../contract/batch";
import { clientFor, makeUser, newClient } from "./auth-helpers";
import { createBatch, uploadBatch } from "./batch-helpers";
import { scenarioDoi } from "./getpdf-helpers";
import { LIST_IN_FLIGHT } from "../../worker/features/batch/service";
import type { Client } from "./helpers";

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
    // The link box shares the window: what the list took is gone from it.
    for (let i = 0; i < 60 - taken; i++) expect((await c.post("/getpdf/start", { url: scenarioDoi("none") }, { now: later })).status).toBe(200);
    expect((await c.post("/getpdf/start", { url: scenarioDoi("none") }, { now: later })).status).toBe(429);
  });

  it("parallel reads of two lists take exactly the room the window has, no more", async () => {
    const user = await makeUser();
    const c = await clientFor(user.id);
    const now = Date.now();
    const hit = (at: number) => env.DB.prepare("insert into rate_limit_hits (key, at) values (?, ?)").bind(`getpdf_start:user:${user.id}`, at).run();
    // The window is full: 55 fresh starts and 5 that fall out of it 30 s from now.
    for (let i = 0; i < 55; i++) await hit(now);
    for (let i = 0; i < 5; i++) await hit(now - 10 * MIN + 30_000);
    const a = await createBatch(c, { text: doiList(10) });
    const b = await createBatch(c, { text: doiList(10) });
    expect((await started(a.id)) + (await started(b.id))).toBe(0);
    const later = now + 31_000;
    const views = await Promise.all(Array.from({ length: 8 }, (_, i) => view(c, i % 2 ? a.id : b.id, later)));
    expect((await started(a.id)) + (await started(b.id))).toBe(5);
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
    const hits = (await env.DB.prepare("select count(*) as n from rate_limit_hits where key = ?").bind(`getpdf_start:ip:${ip}`).first<{ n: number }>())!.n;
    expect(hits).toBe(100);
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
    const hits = (await env.DB.prepare("select count(*) as n from rate_limit_hits where key = ?")
      .bind(`getpdf_start:ip:${prefix}::/64`)
      .first<{ n: number }>())!.n;
    expect(hits).toBe(100);
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
    const spent = (await env.DB.prepare("select count(*) as n from rate_limit_hits where key = ?").bind(`getpdf_start:user:${user.id}`).first<{ n: number }>())!
      .n;
    expect(spent).toBe(3);
    // Started once each, however often the list was read: three starts spent, not one per read.
    expect(await started(id)).toBe(3);
  });
});
