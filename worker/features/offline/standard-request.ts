/**
 * A standard ordered with a standard credit while it has no file (search-and-download.md §3, "wait,
 * or order it with one credit"; the dialog's verb is wallet/standards.ts): a paid request on the
 * delivery desk, with its history row and the 12-hour promise, written in the credit's own batch,
 * so the credit always buys either the file or a request the desk must deliver or reject (a
 * rejection refunds the credit). Then the user's usual "registered" notice.
 */
import { BOOK_PROMISE_MS } from "../../../contract/offline";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { d1Of } from "../../money/ledger";
import type { Services } from "../../services";
import { deliveryHours, deskHours } from "./deadlines";
import { offlineText } from "./messages";
import { sendOfflineNotice } from "./notifications";

export type StandardRequest = {
  requestId: string;
  userId: string;
  standardId: number;
  /** The document key the entitlement carries (`standard:<id>`). */
  docKey: string;
  title: string;
  /** What the desk reads as the request's link: organisation and number, else the title. */
  label: string;
};

/**
 * The request and its history row, each written only if the batch's ledger row `spentEntryId`
 * exists (the credit was spent by an earlier statement of the same batch).
 */
export function standardRequestStatements(db: Db, r: StandardRequest, paid: { spentEntryId: string; now: number }): D1PreparedStatement[] {
  const d1 = d1Of(db);
  const { now, spentEntryId } = paid;
  const spent = "EXISTS (SELECT 1 FROM ledger_entries WHERE id = ?)";
  const eventId = newId("ore", now);
  return [
    d1
      .prepare(
        `INSERT INTO offline_requests (id, user_id, kind, url, doi, more, doc_key, title, is_solution, status, price, promise_at, paid_at, can_edit, paid_with, last_event_id, created_at, updated_at)
         SELECT ?, ?, 'standard', ?, NULL, ?, ?, ?, 0, 'paid', NULL, ?, ?, 0, 'standard_credit', ?, ?, ? WHERE ${spent}`,
      )
      .bind(
        r.requestId,
        r.userId,
        r.label,
        offlineText.standardOrderNote(r.standardId),
        r.docKey,
        r.title,
        now + BOOK_PROMISE_MS,
        now,
        eventId,
        now,
        now,
        spentEntryId,
      ),
    d1
      .prepare(
        `INSERT INTO offline_request_events (id, request_id, actor_id, action, from_status, to_status, note, created_at) SELECT ?, ?, ?, 'registered', NULL, 'paid', ?, ? WHERE ${spent}`,
      )
      .bind(eventId, r.requestId, r.userId, offlineText.standardOrderEvent, now, spentEntryId),
  ];
}

/** After the batch: the user is told the request is registered, as for any paid desk request. */
export async function announceStandardRequest(deps: Pick<Services, "db" | "notifier" | "log" | "origin">, r: { userId: string; title: string }): Promise<void> {
  await sendOfflineNotice(deps.notifier, deps.log, {
    userId: r.userId,
    template: "offline_registered",
    params: {
      name: r.title,
      kind: "standard",
      hours: deliveryHours(await deskHours(deps.db), "standard"),
      paid: true,
      link: `${deps.origin}/profile/offlineBooksStandards`,
    },
  });
}
