/**
 * A change of an offline request's status, as one D1 batch (see queries.ts): guarded by the status that
 * was read, with its history and audit rows and any refund. The user's cancel and the desk's verbs both
 * go through applyChanges.
 */
import { eq, isNull } from "drizzle-orm";
import { schema } from "../../../db/client";
import { newId } from "../../../db/ids";
import { DomainError } from "../../lib/errors";
import { d1Of, ledgerChange, runMoneyBatch, AssertionFailedError, type MoneyBatchItem } from "../../money/ledger";
import { returnQuotaStatement, usageMonth } from "../institutions/access";
import { offlineText } from "./messages";
import * as q from "./queries";
import type { OfflineRow, OfflineStatusValue } from "./queries";
import type { OfflineDeps } from "./context";

export type Change = {
  row: OfflineRow;
  to: OfflineStatusValue;
  action: string;
  actorId: string | null;
  note: string | null;
  set?: Partial<typeof schema.offlineRequests.$inferInsert>;
  audit: Record<string, unknown>;
  /** Refunds and the like, all-or-nothing with the change. */
  extra?: MoneyBatchItem[];
};

function changeStatements(deps: OfflineDeps, c: Change): MoneyBatchItem[] {
  const { db, now } = deps;
  const eventId = newId("ore", now);
  return [
    // Guarded by the status and the holder that were read: a change racing a claim or a takeover loses.
    q.guardedUpdate(
      db,
      c.row.id,
      c.row.status,
      eventId,
      { ...c.set, status: c.to, updatedAt: new Date(now) },
      c.row.assignedTo === null ? isNull(schema.offlineRequests.assignedTo) : eq(schema.offlineRequests.assignedTo, c.row.assignedTo),
    ),
    q.assertChanged(db, c.row.id, eventId),
    q.insertEvent(db, {
      id: eventId,
      requestId: c.row.id,
      actorId: c.actorId,
      action: c.action,
      fromStatus: c.row.status,
      toStatus: c.to,
      note: c.note,
      at: now,
    }),
    q.insertAudit(db, {
      actorId: c.actorId,
      action: `offline.${c.action}`,
      requestId: c.row.id,
      at: now,
      details: { from: c.row.status, to: c.to, ...c.audit },
    }),
    ...(c.extra ?? []),
  ];
}

/**
 * Runs changes in one batch; a change whose row moved on since it was read (another change won the
 * race) fails the whole batch, refunds included, and is told as such.
 */
export async function applyChanges(deps: OfflineDeps, changes: Change[]): Promise<void> {
  try {
    await runMoneyBatch(
      deps.db,
      changes.flatMap((c) => changeStatements(deps, c)),
    );
  } catch (err) {
    if (err instanceof AssertionFailedError) throw new DomainError(offlineText.changedMeanwhile, 409);
    throw err;
  }
}

/** The refund that goes with ending a request that was paid for (credit or toman). */
export function refundFor(deps: OfflineDeps, row: OfflineRow, reason: string): MoneyBatchItem[] {
  const base = { userId: row.userId, refType: "offline_request", refId: row.id, now: deps.now, note: reason };
  if (row.kind === "article" && (row.status === "registered" || row.status === "in_progress")) {
    return ledgerChange(deps.db, { ...base, account: "offline_article_credit", delta: 1, reason: "refund" });
  }
  if (row.paidWith === "standard_credit" && (row.status === "paid" || row.status === "in_progress")) {
    // A standard ordered with a credit: the credit comes back and the standard is no longer "paid for",
    // so the user may order it again. Runs inside the guarded change batch: once, however often it is retried.
    return [
      ...ledgerChange(deps.db, { ...base, account: "standard_credit", delta: 1, reason: "refund" }),
      d1Of(deps.db).prepare("DELETE FROM article_entitlements WHERE user_id = ? AND job_key = ?").bind(row.userId, row.docKey),
    ];
  }
  if (row.kind !== "article" && (row.status === "paid" || row.status === "in_progress") && (row.price ?? 0) > 0) {
    return ledgerChange(deps.db, { ...base, account: "balance", delta: row.price!, reason: "refund" });
  }
  return [];
}

/**
 * A direct book the member's institution covered, rejected after payment: the unit of book_download
 * quota it took goes back to the institution that gave it (its id is on the purchase's audit row),
 * in the month it was taken.
 */
export async function quotaReturnFor(deps: OfflineDeps, row: OfflineRow): Promise<MoneyBatchItem[]> {
  if (row.paidWith !== "university_quota" || !(row.status === "paid" || row.status === "in_progress")) return [];
  const universityId = await q.directBookUniversity(deps.db, row.id);
  if (!universityId) return [];
  return [returnQuotaStatement(deps.db, { universityId, key: "book_download", month: usageMonth((row.paidAt ?? row.createdAt).getTime()) })];
}
