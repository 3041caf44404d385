/**
 * Staff are told what arrives: in the app, by asking what came since they last looked (new requests,
 * payments; GET /admin/offline/alerts), and by e-mail if they opt in (desk_alert_prefs). Solvers hear
 * of solution manuals when one is assigned to them (service.ts), so these go to admins.
 */
import { and, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { DeskAlertPrefs, DeskAlerts, OfflineKind } from "../../../contract/offline";
import { schema, type Db } from "../../../db/client";
import type { Logger } from "../../../lib/logger";
import type { Notifier } from "../notify/notifier";
import { documentName } from "./messages";
import { sendOfflineNotice } from "./notifications";

const r = schema.offlineRequests;
const prefs = schema.deskAlertPrefs;
const users = schema.users;

/** How many opted-in admins one event is mailed to, at most. */
const MAX_RECIPIENTS = 50;
/** How far back the app's alerts look when it has not asked before (a fresh tab). */
const FIRST_LOOK_MS = 10 * 60_000;
/** The furthest back they look however early `since` is, so what they read grows with new work, not with all that is stored. */
const MAX_LOOK_BACK_MS = 7 * 86_400_000;
const LATEST = 8;

type AlertDeps = { db: Db; notifier: Notifier; log: Logger; origin: string; defer?(task: () => Promise<void>): void };
const DESK_PAGE = { article: "/admin/offlineArticles", book: "/admin/offlineBooks", standard: "/admin/offlineBooks" } as const;

type Alert = { id: string; kind: OfflineKind; name: string; isSolution?: boolean; delivered?: boolean };

/**
 * E-mails the admins who asked for it; never fails the change it reports. Through `deps.defer` when
 * there is one: the user's registration or payment answer (or the bank's return) does not wait for
 * one message per opted-in admin.
 */
export async function alertStaff(deps: AlertDeps, what: "registered" | "paid", req: Alert): Promise<void> {
  if (deps.defer) deps.defer(() => mailStaff(deps, what, req));
  else await mailStaff(deps, what, req);
}

async function mailStaff(deps: AlertDeps, what: "registered" | "paid", req: Alert) {
  try {
    const column = what === "registered" ? prefs.emailNewRequests : prefs.emailPayments;
    const to = await deps.db
      .select({ id: prefs.userId })
      .from(prefs)
      .innerJoin(users, eq(users.id, prefs.userId))
      .where(and(eq(column, true), eq(users.isAdmin, true)))
      .limit(MAX_RECIPIENTS);
    const link = `${deps.origin}${DESK_PAGE[req.kind]}`;
    for (const { id } of to) {
      if (what === "registered")
        await sendOfflineNotice(deps.notifier, deps.log, { userId: id, template: "desk_new_request", params: { name: req.name, kind: req.kind, link } });
      else
        await sendOfflineNotice(deps.notifier, deps.log, { userId: id, template: "desk_paid", params: { name: req.name, delivered: !!req.delivered, link } });
    }
  } catch (err) {
    deps.log.warn("offline.staff_alert_failed", { what, error: String((err as Error)?.message ?? err) });
  }
}

/**
 * What arrived since `since` (epoch ms) that this staff member may act on: new requests and payments,
 * counted, and the latest few named. Reads by the created_at and paid_at indexes.
 */
export async function deskAlerts(db: Db, actor: { id: string; isAdmin: boolean }, since: number | undefined, now: number): Promise<DeskAlerts> {
  const from = new Date(since !== undefined ? Math.max(Math.min(since, now), now - MAX_LOOK_BACK_MS) : now - FIRST_LOOK_MS);
  const mine = actor.isAdmin ? undefined : and(eq(r.isSolution, true), eq(r.assignedTo, actor.id));
  const fresh = and(gt(r.createdAt, from), sql`${r.status} <> 'cancelled'`, mine);
  const paid = and(gt(r.paidAt, from), inArray(r.status, ["paid", "in_progress", "delivered"]), mine);
  const [counts] = await db
    .select({ fresh: sql<number>`sum(CASE WHEN ${fresh} THEN 1 ELSE 0 END)`, paid: sql<number>`sum(CASE WHEN ${paid} THEN 1 ELSE 0 END)` })
    .from(r)
    .where(or(gt(r.createdAt, from), gt(r.paidAt, from)));
  const rows = await db
    .select({ id: r.id, kind: r.kind, title: r.title, url: r.url, createdAt: r.createdAt, paidAt: r.paidAt })
    .from(r)
    .where(or(fresh, paid))
    .orderBy(desc(sql`max(${r.createdAt}, coalesce(${r.paidAt}, 0))`))
    .limit(LATEST);
  return {
    now: new Date(now).toISOString(),
    new_requests: Number(counts?.fresh ?? 0),
    payments: Number(counts?.paid ?? 0),
    latest: rows.map((row) => {
      const isPaid = row.paidAt !== null && row.paidAt.getTime() > from.getTime();
      return {
        id: row.id,
        what: isPaid ? ("paid" as const) : ("registered" as const),
        kind: row.kind,
        name: documentName(row),
        at: (isPaid ? row.paidAt! : row.createdAt).toISOString(),
      };
    }),
  };
}

export async function alertPrefs(db: Db, userId: string): Promise<DeskAlertPrefs> {
  const [row] = await db.select().from(prefs).where(eq(prefs.userId, userId)).limit(1);
  return { email_new_requests: row?.emailNewRequests ?? false, email_payments: row?.emailPayments ?? false };
}

export async function saveAlertPrefs(db: Db, userId: string, p: DeskAlertPrefs, now: number): Promise<DeskAlertPrefs> {
  const values = { emailNewRequests: p.email_new_requests, emailPayments: p.email_payments, updatedAt: new Date(now) };
  await db
    .insert(prefs)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: prefs.userId, set: values });
  return alertPrefs(db, userId);
}
