/**
 * The delivery desk's promise, one rule for the Worker (desk queue and dashboards, the admin
 * dashboard) and the SPA (time left on the user's and the desk's pages). The times themselves are
 * set by worker/features/offline/deadlines.ts: every request has a first-answer promise
 * (`promise_at`), and once paid or started a delivery deadline (`deliver_by`).
 *
 * - The deadline running now: the first answer while registered; the delivery once paid or in
 *   progress (the first-answer promise when a request has no delivery deadline); none while priced
 *   (the user owes the next step) or closed.
 * - A deadline is past from the very instant it falls due.
 * - A promise is broken when it was met late, or when it is the deadline running now and past.
 */
import type { OfflineStatus } from "./offline";

/** Epoch milliseconds; null where the request has no such time. */
export type PromiseTimes = {
  status: OfflineStatus;
  promiseAt: number | null;
  deliverBy: number | null;
  answeredAt?: number | null | undefined;
  deliveredAt?: number | null | undefined;
};

export type Deadline = { kind: "answer" | "delivery"; at: number };

/** kept / broken: met in time or not (or past while running); running: not yet due; null: none made or not running. */
export type PromiseOutcome = "kept" | "broken" | "running" | null;

/** A Date, an ISO string (API views) or epoch ms as epoch ms. */
export function epochMs(t: Date | string | number | null | undefined): number | null {
  if (t === null || t === undefined) return null;
  return typeof t === "number" ? t : typeof t === "string" ? Date.parse(t) : t.getTime();
}

export function runningDeadline(r: Pick<PromiseTimes, "status" | "promiseAt" | "deliverBy">): Deadline | null {
  if (r.status === "registered") return r.promiseAt === null ? null : { kind: "answer", at: r.promiseAt };
  if (r.status === "paid" || r.status === "in_progress") {
    const at = r.deliverBy ?? r.promiseAt;
    return at === null ? null : { kind: "delivery", at };
  }
  return null;
}

export function isPast(at: number, now: number): boolean {
  return at <= now;
}

/** The deadline running now when it is past, else null. */
export function overdue(r: Pick<PromiseTimes, "status" | "promiseAt" | "deliverBy">, now: number): Deadline | null {
  const d = runningDeadline(r);
  return d && isPast(d.at, now) ? d : null;
}

/** How the first-answer promise (`answer`) or the delivery deadline (`delivery`) went. */
export function promiseOutcome(kind: Deadline["kind"], r: PromiseTimes, now: number): PromiseOutcome {
  const at = kind === "answer" ? r.promiseAt : r.deliverBy;
  if (at === null) return null;
  const done = kind === "answer" ? r.answeredAt : r.deliveredAt;
  if (done !== null && done !== undefined) return done <= at ? "kept" : "broken";
  const running = runningDeadline(r);
  if (running?.kind !== kind) return null;
  return isPast(running.at, now) ? "broken" : "running";
}

/** The request broke its promise: its first answer came late, or the deadline running now is past. */
export function promiseBroken(r: PromiseTimes, now: number): boolean {
  const answered = r.answeredAt !== null && r.answeredAt !== undefined;
  return (answered && promiseOutcome("answer", r, now) === "broken") || overdue(r, now) !== null;
}
