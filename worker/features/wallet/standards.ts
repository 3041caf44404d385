/**
 * The standard dialog's status (search-and-download.md §3, §4): free, credit, buy, wait,
 * wait_or_credit; and spending one standard credit on a standard, once per user per standard.
 */
import { and, eq } from "drizzle-orm";
import type { StandardStatusResponse } from "../../../contract/wallet";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { NotFoundError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import { universityAccess } from "../institutions/access";
import { grantByUniversity } from "../institutions/enforce";
import { changed, d1Of, ledgerChange } from "./ledger";
import { walletMessages } from "./messages";
import { BOOK_PROMISE_MS } from "../../../contract/offline";

const STANDARD_TYPE = 2;
const standardJobKey = (id: number) => `standard:${id}`;

async function loadStandard(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(schema.catalogItems)
    .where(and(eq(schema.catalogItems.id, id), eq(schema.catalogItems.type, STANDARD_TYPE)));
  if (!row) throw new NotFoundError(walletMessages.standardNotFound);
  return row;
}

async function entitled(db: Db, userId: string, id: number) {
  const [row] = await db
    .select({ k: schema.articleEntitlements.jobKey })
    .from(schema.articleEntitlements)
    .where(and(eq(schema.articleEntitlements.userId, userId), eq(schema.articleEntitlements.jobKey, standardJobKey(id))));
  return !!row;
}

/** A standard ordered with a credit while it has no file: the delivery desk's request made in the spending batch. */
type StandardOrder = { requestId: string; title: string; label: string };

/**
 * One standard credit for one standard, guarded; a repeat costs nothing. Returns whether a credit
 * was spent. With `order` (the standard has no file yet), the same batch registers a paid request
 * on the delivery desk for it (with its history row and the 12-hour promise), so the credit always
 * buys either the file or a request the desk must deliver or reject (a rejection refunds the credit).
 */
async function spendStandardCredit(db: Db, input: { userId: string; standardId: number; now: number; order?: StandardOrder }): Promise<boolean> {
  const jobKey = standardJobKey(input.standardId);
  const entryId = newId("led", input.now);
  const { order, now } = input;
  const [ledgerInsert, columnUpdate] = ledgerChange(db, {
    userId: input.userId,
    account: "standard_credit",
    delta: -1,
    reason: "spend_standard",
    refType: order ? "offline_request" : "standard",
    refId: order ? order.requestId : String(input.standardId),
    note: order ? jobKey : null,
    now,
    entryId,
    extraGuard: "NOT EXISTS (SELECT 1 FROM article_entitlements WHERE user_id = ? AND job_key = ?)",
    extraParams: [input.userId, jobKey],
  });
  const d1 = d1Of(db);
  const spent = "EXISTS (SELECT 1 FROM ledger_entries WHERE id = ?)";
  const statements = [
    ledgerInsert!,
    columnUpdate!,
    d1
      .prepare(`INSERT INTO article_entitlements (user_id, job_key, credit_kind, created_at) SELECT ?, ?, 'standard', ? WHERE ${spent}`)
      .bind(input.userId, jobKey, now, entryId),
  ];
  if (order) {
    const eventId = newId("ore", now);
    statements.push(
      d1
        .prepare(
          `INSERT INTO offline_requests (id, user_id, kind, url, doi, more, doc_key, title, is_solution, status, price, promise_at, paid_at, can_edit, paid_with, last_event_id, created_at, updated_at)
           SELECT ?, ?, 'standard', ?, NULL, ?, ?, ?, 0, 'paid', NULL, ?, ?, 0, 'standard_credit', ?, ?, ? WHERE ${spent}`,
        )
        .bind(
          order.requestId,
          input.userId,
          order.label,
          walletMessages.standardOrderNote(input.standardId),
          jobKey,
          order.title,
          now + BOOK_PROMISE_MS,
          now,
          eventId,
          now,
          now,
          entryId,
        ),
      d1
        .prepare(
          `INSERT INTO offline_request_events (id, request_id, actor_id, action, from_status, to_status, note, created_at) SELECT ?, ?, ?, 'registered', NULL, 'paid', ?, ? WHERE ${spent}`,
        )
        .bind(eventId, order.requestId, input.userId, walletMessages.standardOrderEvent, now, entryId),
    );
  }
  const results = await d1.batch(statements);
  return changed(results, 0);
}

/**
 * free: a free standard, or one this user already paid for, with its file;
 * credit: file ready, the user has standard credit (the download spends one);
 * buy: no credit — buy standard credits first (guests too: the SPA asks them to log in);
 * wait: paid for, the file is being prepared by staff;
 * wait_or_credit: no file yet, the user has credit: wait, or order it with one credit.
 * `useCredit` spends the credit for credit / wait_or_credit and answers the new status.
 */
export async function standardStatus(
  db: Db,
  user: UserRow | null,
  input: { id: number; useCredit?: boolean | undefined },
  now: number,
  hooks: { ordered?(requestId: string, title: string): Promise<void> } = {},
): Promise<StandardStatusResponse> {
  const item = await loadStandard(db, input.id);
  const file = item.links[0] ?? null;
  const base = { title: item.title };
  if (item.free && file) return { ...base, standard_status: "free", msg: walletMessages.standardFree, download_link: file };
  if (!user) return { ...base, standard_status: "buy", msg: walletMessages.standardBuy, download_link: null };
  if (await entitled(db, user.id, item.id)) {
    return file
      ? { ...base, standard_status: "free", msg: walletMessages.standardDownloadReady, download_link: file }
      : { ...base, standard_status: "wait", msg: walletMessages.standardWait, download_link: null };
  }
  // A member whose contract lists standard_download takes it on the institution's quota (one unit
  // per standard, on the download click), before any credit of their own. Only a standard with its
  // file: the quota buys a download, and without a file there would be nothing to download and no
  // desk request to deliver one (the member's own credit orders it from the desk, below).
  if (file && user.universityId && (await universityAccess(db, user, "standard_download", now)).allowed) {
    if (!input.useCredit) return { ...base, standard_status: "credit", msg: walletMessages.standardUniversity, download_link: null };
    if ((await grantByUniversity(db, user, "standard_download", standardJobKey(item.id), now)).granted) return standardStatus(db, user, { id: input.id }, now);
  }
  const [fresh] = await db.select({ credit: schema.users.standardCredit }).from(schema.users).where(eq(schema.users.id, user.id));
  const credit = fresh?.credit ?? 0;
  if (credit <= 0) return { ...base, standard_status: "buy", msg: walletMessages.standardBuy, download_link: null, standard_credit: 0 };
  if (input.useCredit) {
    // No file yet: the credit orders it from the delivery desk in the same batch (spec: "wait, or order it with one credit").
    const order: StandardOrder | undefined = file
      ? undefined
      : { requestId: newId("off", now), title: item.title, label: [item.organization, item.standardNumber].filter(Boolean).join(" ") || item.title };
    if ((await spendStandardCredit(db, { userId: user.id, standardId: item.id, now, ...(order ? { order } : {}) })) && order)
      await hooks.ordered?.(order.requestId, item.title);
    return standardStatus(db, user, { id: input.id }, now);
  }
  return file
    ? { ...base, standard_status: "credit", msg: walletMessages.standardCredit, download_link: null, standard_credit: credit }
    : { ...base, standard_status: "wait_or_credit", msg: walletMessages.standardWaitOrCredit, download_link: null, standard_credit: credit };
}

/** /profile/standards: every standard the user paid for, newest first, with its file once ready. */
export async function myStandards(db: Db, userId: string) {
  const { results } = await d1Of(db)
    .prepare(
      `SELECT c.id, c.title, c.standard_number, c.organization, c.links, e.created_at
       FROM article_entitlements e JOIN catalog_items c ON e.job_key = 'standard:' || c.id
       WHERE e.user_id = ? AND e.job_key LIKE 'standard:%' ORDER BY e.created_at DESC LIMIT 500`,
    )
    .bind(userId)
    .all<{ id: number; title: string; standard_number: string | null; organization: string | null; links: string; created_at: number }>();
  return results.map((r) => {
    let links: string[] = [];
    try {
      links = JSON.parse(r.links) as string[];
    } catch {
      links = [];
    }
    return {
      id: r.id,
      title: r.title,
      standard_number: r.standard_number,
      organization: r.organization,
      download_link: links[0] ?? null,
      created_at: new Date(r.created_at).toISOString(),
    };
  });
}
