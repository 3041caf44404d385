/**
 * Every development-only route, in one place: the outbox of messages that would have been sent,
 * the development bank (plays Zarinpal's StartPay page), a job's timing, the benchmarks' bare
 * answer and the partner panel's demo activity. Each is declared `devOnly`, so the endpoint
 * registry answers 404 outside development (before the role check, exactly like an unknown path)
 * and /openapi.json leaves it out in production (tests/worker/deploy-defaults.test.ts).
 */
import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { DevJobTiming, GetPdfCheckInput } from "../contract/getpdf";
import { PanelOk } from "../contract/panel";
import { schema } from "../db/client";
import type { AppEnv } from "./lib/context";
import { defineEndpoint } from "./lib/endpoint";
import { NotFoundError, ValidationError } from "./lib/errors";
import { adminOnly, anyone, partnerOnly } from "./lib/roles";
import { services } from "./services";
import { getpdfMessages } from "./features/getpdf/messages";
import { readTicket } from "./features/getpdf/ticket";
import { seedDemoActivity } from "./features/panel/demo";
import { partnerUniversityId } from "./features/panel/service";
import { devbankPage } from "./features/wallet/devbank-page";
import { devbankPayment } from "./features/wallet/payments";
import { libraryWatchJob } from "./features/batch/scheduled";
import { sharedBudget, type BudgetNamespace } from "../clients/budget";

export const devRoutes = new Hono<AppEnv>();

// ---- the development outbox: what would have gone by SMS or e-mail ----------------------------

const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(schema.outboxChannels),
  recipient: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  created_at: z.string(),
});
const OutboxList = z.object({ messages: z.array(OutboxMessage) });

const OutboxQuery = z.object({
  recipient: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

defineEndpoint(
  devRoutes,
  {
    method: "get",
    path: "/dev/outbox.json",
    devOnly: true,
    summary: "Development outbox: latest SMS and e-mail messages (development and test only)",
    roles: anyone,
    query: OutboxQuery,
    response: OutboxList,
    tag: "dev",
  },
  async (c, { query }) => {
    const { db } = c.var;
    const o = schema.devOutbox;
    const rows = await db
      .select()
      .from(o)
      .where(query.recipient ? eq(o.recipient, query.recipient.toLowerCase()) : undefined)
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(query.limit ?? 50);
    c.header("Cache-Control", "no-store");
    return c.json({
      messages: rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        recipient: r.recipient,
        subject: r.subject,
        text: r.body,
        created_at: r.createdAt.toISOString(),
      })),
    });
  },
);

// ---- the development bank (wallet/gateways.ts offers it only in development) ------------------

defineEndpoint(
  devRoutes,
  {
    method: "get",
    path: "/gateway/devbank/pay/:id",
    devOnly: true,
    summary: "Development only: the built-in bank page with pay and cancel buttons",
    roles: anyone,
    html: true,
    tag: "wallet",
  },
  async (c) => {
    const p = await devbankPayment(c.var.db, c.req.param("id") ?? "");
    if (!p) throw new NotFoundError();
    c.header("Cache-Control", "no-store");
    return c.html(devbankPage({ id: p.id, amount: p.amount, status: p.status }, c.var.csrfToken));
  },
);

defineEndpoint(
  devRoutes,
  {
    method: "post",
    path: "/gateway/devbank/pay/:id",
    devOnly: true,
    summary: "Development only: the bank page's pay/cancel buttons; redirects to the callback like a bank",
    roles: anyone,
    body: z.object({ action: z.enum(["pay", "cancel"]) }),
    html: true,
    tag: "wallet",
  },
  async (c, { body }) => {
    const p = await devbankPayment(c.var.db, c.req.param("id") ?? "");
    if (!p?.authority) throw new NotFoundError();
    const q = new URLSearchParams({ Authority: p.authority, Status: body.action === "pay" ? "OK" : "NOK" });
    return c.redirect(`/gateway/devbank/callback?${q}`, 303);
  },
);

// ---- diagnosis and benchmarks ------------------------------------------------------------------

defineEndpoint(
  devRoutes,
  {
    method: "get",
    path: "/dev/getpdf/job",
    devOnly: true,
    summary: "Development only: a job's start and end times and its steps (benchmarks, diagnosis)",
    roles: anyone,
    query: GetPdfCheckInput,
    response: DevJobTiming,
    tag: "getpdf",
  },
  async (c, { query }) => {
    const ticket = await readTicket(services(c).signingSecret, query.id);
    if (!ticket) throw new ValidationError({ id: [getpdfMessages.badTicket] });
    const job = services(c).job(ticket.jobKey);
    const s = await job.read();
    const timing: DevJobTiming = {
      key: ticket.jobKey,
      phase: s?.phase ?? "idle",
      runs: s?.runs ?? 0,
      started_at: s?.startedAt ?? null,
      finished_at: s?.finishedAt ?? null,
      steps: (s?.steps ?? []).map((st) => ({ step: st.step, outcome: st.outcome, ms: st.ms, ...(st.detail ? { detail: st.detail } : {}) })),
      watchers: await job.watchers(),
    };
    return c.json(timing);
  },
);

// Benchmarks only (bench/throughput.ts): the cheapest answer the app can give — the shared
// middleware and nothing else — as the floor the measured routes are compared with.
defineEndpoint(
  devRoutes,
  {
    method: "get",
    path: "/dev/bench/bare",
    devOnly: true,
    summary: "Development only: a bare text answer (throughput baseline for benchmarks)",
    roles: anyone,
    tag: "system",
  },
  (c) => c.text("ok"),
);

// Benchmarks (bench/scale.ts): the cost of one slot of a provider's budget — a take and a done, two
// calls to its Durable Object — measured from inside the Worker on a budget that never makes anyone wait.
const RoundTripQuery = z.object({ n: z.coerce.number().int().min(1).max(50).default(20) });
const RoundTrip = z.object({ n: z.number().int(), p50_ms: z.number(), p95_ms: z.number(), max_ms: z.number() });
defineEndpoint(
  devRoutes,
  {
    method: "get",
    path: "/dev/budget/round-trip",
    devOnly: true,
    summary:
      "Development only: the time of one budget slot (take + done on the ProviderBudget object), n times in a row (at most 5 s in all; n says how many were measured)",
    roles: adminOnly,
    query: RoundTripQuery,
    response: RoundTrip,
    tag: "system",
  },
  async (c, { query }) => {
    const budget = sharedBudget(c.env.PROVIDER_BUDGET as unknown as BudgetNamespace, {
      key: "dev:round-trip",
      provider: "dev",
      limits: { perSecond: 1_000_000, burst: 1_000_000 },
      priority: "paste",
      maxWaitMs: 1_000,
      leaseMs: 10_000,
    });
    const times: number[] = [];
    // Bounded in time too: a busy object (or many callers at once) must not hold the request.
    const until = performance.now() + 5_000;
    for (let i = 0; i < query.n && performance.now() < until; i++) {
      const t = performance.now();
      const slot = await budget.take();
      await slot.done({ status: 200 });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]! * 100) / 100;
    return c.json({ n: times.length, p50_ms: at(0.5), p95_ms: at(0.95), max_ms: at(1) });
  },
);

// Benchmarks: one run of the library watcher at a given time (the cron's own function).
const WatchQuery = z.object({
  now: z.coerce.number().int().min(0).max(4_102_444_800_000).optional(),
  rows: z.coerce.number().int().min(1).max(1_000).optional(),
});
const WatchRun = z.object({ calls: z.number().int(), items: z.number().int(), notices: z.number().int(), held: z.number().int(), notified: z.number().int() });
defineEndpoint(
  devRoutes,
  {
    method: "post",
    path: "/dev/library-watch/run",
    devOnly: true,
    summary: "Development only: run the library watcher now (benchmarks)",
    roles: anyone,
    query: WatchQuery,
    response: WatchRun,
    tag: "batch",
  },
  async (c, { query }) => {
    const r = await libraryWatchJob(c.env, query.now ?? services(c).now, { rows: query.rows });
    return c.json({ calls: r.calls, items: r.items, notices: r.notices, held: r.held, notified: r.notified });
  },
);

// ---- demo data -----------------------------------------------------------------------------------

defineEndpoint(
  devRoutes,
  {
    method: "post",
    path: "/dev/panel/demo-activity",
    devOnly: true,
    summary: "Development only: six months of demo quota usage and members' downloads for the partner's institution (404 in production)",
    roles: partnerOnly,
    response: PanelOk,
    tag: "panel",
  },
  async (c, { user }) => {
    await seedDemoActivity(c.var.db, partnerUniversityId(user), c.var.now());
    return c.json({ status: "ok" as const });
  },
);
