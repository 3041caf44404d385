/**
 * GET /admin/ajax/dashboard: every figure equals a count the test makes itself from seeded events —
 * days by Intl's Asia/Tehran calendar, not by the Worker's offset arithmetic.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { AdminDashboard } from "../../contract/admin";
import { schema } from "../../db/client";
import { newId } from "../../db/ids";
import { db, makeUser } from "./auth-helpers";
import { adminClient, expectAdminOnly } from "./admin-factories";
import type { Client } from "./helpers";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2031-03-10 11:30 in Tehran: far from the real clock, so only this file's events fall in its days. */
const NOW = Date.UTC(2031, 2, 10, 8, 0);
const tehranDay = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tehran", year: "numeric", month: "2-digit", day: "2-digit" }).format(ms);
/** Whole Tehran days between an event and NOW: 0 today, 1 yesterday, negative in the future. */
const daysAgo = (ms: number) => Math.round((Date.parse(tehranDay(NOW)) - Date.parse(tehranDay(ms))) / DAY);
/** Tehran midnight starting NOW's day, found by stepping back until the calendar day changes. */
function tehranMidnight(): number {
  let t = NOW;
  while (tehranDay(t - 60_000) === tehranDay(NOW)) t -= 60_000;
  return t;
}

let admin: Client;
let owner: string;
const midnight = tehranMidnight();

// Downloads around both midnights, with every outcome.
const downloadEvents: { at: number; outcome: "ok" | "buy" | "offline" | "error" }[] = [
  { at: midnight, outcome: "ok" },
  { at: midnight + 1, outcome: "error" },
  { at: NOW - HOUR, outcome: "ok" },
  { at: NOW - 2 * HOUR, outcome: "buy" },
  { at: NOW - 3 * HOUR, outcome: "ok" },
  { at: NOW - 10, outcome: "offline" },
  { at: midnight - 1, outcome: "ok" },
  { at: midnight - 5 * HOUR, outcome: "error" },
  { at: midnight - DAY, outcome: "error" },
  { at: midnight - DAY - 1, outcome: "ok" },
  { at: midnight + DAY + HOUR, outcome: "ok" },
];
const paymentEvents: { at: number; amount: number; status: "paid" | "failed" | "pending" }[] = [
  { at: NOW - HOUR, amount: 120_000, status: "paid" },
  { at: midnight + 5, amount: 30_000, status: "paid" },
  { at: NOW - 2 * HOUR, amount: 999_000, status: "failed" },
  { at: midnight - 1, amount: 45_000, status: "paid" },
  { at: midnight - 20 * DAY, amount: 200_000, status: "paid" },
  { at: midnight - 29 * DAY, amount: 7_000, status: "paid" },
  { at: midnight - 29 * DAY - 1, amount: 500_000, status: "paid" },
  { at: midnight - 3 * DAY, amount: 80_000, status: "pending" },
];
const userEvents = [NOW - HOUR, midnight, midnight - 1, midnight - DAY + 1, midnight - 10 * DAY, midnight - 40 * DAY];

beforeAll(async () => {
  admin = (await adminClient()).client;
  owner = (await makeUser()).id;
  const d = db();
  for (const e of downloadEvents)
    await d.insert(schema.downloads).values({ id: newId("dl", e.at), userId: owner, jobKey: `job-${e.at}`, outcome: e.outcome, createdAt: new Date(e.at) });
  for (const e of paymentEvents)
    await d.insert(schema.payments).values({
      id: newId("pay", e.at),
      userId: owner,
      gateway: "devbank",
      amount: e.amount,
      status: e.status,
      verifiedAt: e.status === "paid" ? new Date(e.at) : null,
      createdAt: new Date(e.at - 60_000),
    });
  for (const [i, at] of userEvents.entries())
    await d
      .insert(schema.users)
      .values({ id: newId("usr", at), name: `تازه ${i}`, email: `dash${i}-${at}@example.org`, passwordHash: "x", createdAt: new Date(at) });
  // Offline requests in every state of the 12-hour promise.
  const offline: Partial<typeof schema.offlineRequests.$inferInsert>[] = [
    { kind: "book", status: "registered", promiseAt: new Date(NOW - HOUR) }, // overdue now
    { kind: "book", status: "registered", promiseAt: new Date(NOW + HOUR) }, // still in time
    { kind: "book", status: "priced", promiseAt: new Date(NOW - 5 * HOUR), answeredAt: new Date(NOW - 4 * HOUR) }, // answered late
    { kind: "book", status: "delivered", promiseAt: new Date(NOW - 5 * HOUR), answeredAt: new Date(NOW - 6 * HOUR) }, // kept
    { kind: "book", status: "rejected", promiseAt: new Date(NOW - 50 * HOUR), answeredAt: new Date(NOW - 40 * HOUR) }, // answered late, closed
    { kind: "book", status: "cancelled", promiseAt: new Date(NOW - 2 * HOUR) }, // cancelled unanswered: not a breach
    { kind: "book", status: "in_progress", promiseAt: new Date(NOW - 2 * HOUR) }, // claimed but unanswered past it
    { kind: "article", status: "registered" },
    { kind: "article", status: "paid" },
    { kind: "article", status: "delivered" },
    { kind: "standard", status: "priced" },
  ];
  for (const [i, o] of offline.entries())
    await d.insert(schema.offlineRequests).values({
      id: newId("off", NOW),
      userId: owner,
      url: `https://example.org/doc/${i}`,
      docKey: `dash-${i}`,
      kind: "book",
      status: "registered",
      ...o,
      createdAt: new Date(NOW - DAY),
    });
});

describe("GET /admin/ajax/dashboard", () => {
  it("counts what happened today and yesterday (Tehran days), open requests, broken promises, revenue and new users", async () => {
    const res = await admin.get("/admin/ajax/dashboard", { now: NOW });
    expect(res.status).toBe(200);
    const dash = AdminDashboard.parse(await res.json());

    const day = (n: number) => {
      const rows = downloadEvents.filter((e) => daysAgo(e.at) === n);
      const ok = rows.filter((e) => e.outcome === "ok").length;
      return { total: rows.length, ok, success_percent: rows.length ? Math.round((ok / rows.length) * 1000) / 10 : null };
    };
    expect(dash.downloads.today).toEqual(day(0));
    expect(dash.downloads.yesterday).toEqual(day(1));
    // The table above is built to exercise both edges; make sure it did.
    expect(dash.downloads.today).toEqual({ total: 6, ok: 3, success_percent: 50 });
    expect(dash.downloads.yesterday).toEqual({ total: 3, ok: 1, success_percent: 33.3 });

    const paid = paymentEvents.filter((p) => p.status === "paid");
    const sum = (list: typeof paid) => list.reduce((s, p) => s + p.amount, 0);
    expect(dash.revenue).toEqual({
      today: sum(paid.filter((p) => daysAgo(p.at) === 0)),
      yesterday: sum(paid.filter((p) => daysAgo(p.at) === 1)),
      last_30_days: sum(paid.filter((p) => daysAgo(p.at) >= 0 && daysAgo(p.at) < 30)),
      payments_30_days: paid.filter((p) => daysAgo(p.at) >= 0 && daysAgo(p.at) < 30).length,
    });
    expect(dash.revenue.last_30_days).toBe(120_000 + 30_000 + 45_000 + 200_000 + 7_000);

    // Users and offline requests: counted in JS over every row the database holds.
    const users = (await env.DB.prepare("SELECT created_at FROM users").all<{ created_at: number }>()).results;
    expect(dash.users).toEqual({
      today: users.filter((u) => daysAgo(u.created_at) === 0).length,
      yesterday: users.filter((u) => daysAgo(u.created_at) === 1).length,
      last_30_days: users.filter((u) => daysAgo(u.created_at) >= 0 && daysAgo(u.created_at) < 30).length,
      total: users.length,
    });
    expect(dash.users.today).toBe(2);

    type Off = { kind: string; status: string; promise_at: number | null; answered_at: number | null };
    const rows = (await env.DB.prepare("SELECT kind, status, promise_at, answered_at FROM offline_requests").all<Off>()).results;
    const isOpen = (r: Off) => ["registered", "priced", "paid", "in_progress"].includes(r.status);
    const late = rows.filter((r) => r.promise_at !== null && r.answered_at !== null && r.answered_at > r.promise_at).length;
    const overdue = rows.filter((r) => r.promise_at !== null && r.answered_at === null && isOpen(r) && r.promise_at <= NOW).length;
    expect(dash.offline).toEqual({
      open: rows.filter(isOpen).length,
      open_by_kind: {
        article: rows.filter((r) => isOpen(r) && r.kind === "article").length,
        book: rows.filter((r) => isOpen(r) && r.kind === "book").length,
        standard: rows.filter((r) => isOpen(r) && r.kind === "standard").length,
      },
      promise_breached: late + overdue,
      overdue_now: overdue,
    });
    expect(dash.offline).toMatchObject({ open: 7, promise_breached: 4, overdue_now: 2 });
  });

  it("an empty day has no success rate, not a division by zero", async () => {
    const dash = AdminDashboard.parse(await (await admin.get("/admin/ajax/dashboard", { now: NOW + 400 * DAY })).json());
    expect(dash.downloads.today).toEqual({ total: 0, ok: 0, success_percent: null });
    expect(dash.revenue.today).toBe(0);
  });

  it("is admin-only", async () => {
    await expectAdminOnly((c) => c.get("/admin/ajax/dashboard"));
  });
});
