/**
 * Offline requests: the user's verbs (register, list, cancel, download) and the delivery desk's
 * (queue, claim, price, reject, deliver, assign, dashboard). Every change is one D1 batch (see
 * queries.ts): guarded by the status that was read, with its history and audit rows and any refund.
 *
 * Life of a request (search-and-download.md §1, §4; the desk is ours):
 *   book / standard: registered → priced → paid (wallet order) → in_progress (claimed) → delivered
 *   article:         registered (one offline request credit spent) → in_progress → delivered
 *   any open one may be rejected with a reason (a paid price or a spent credit is refunded);
 *   the user may cancel while nothing is paid (a registered article gets its credit back).
 *   Staff may also deliver a registered request at once (a free copy found).
 * The 12-hour promise (books): staff answer (price, reject or deliver) within 12 hours of registration.
 */
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import {
  LAST_OFFLINE_LIMIT,
  NEEDS_STAFF_STATUSES,
  rejectTemplates,
  type DeskDashboard,
  type DeskDeliverInput,
  type DeskPriceInput,
  type DeskHours,
  type DeskDetail,
  type DeskItem,
  type DeskList,
  type DeskQuery,
  type LastOfflineList,
  type OfflineGroup,
  type OfflineRequestView,
  GroupBasis,
  RequestMeta,
} from "../../../contract/offline";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { detectPersianRequest } from "../../../lib/persian-detect";
import { DomainError, NotFoundError, ValidationError } from "../../lib/errors";
import type { Logger } from "../../../lib/logger";
import type { UserRow } from "../../lib/roles";
import type { Notifier } from "../notify/notifier";
import { InsufficientFundsError, d1Of, ledgerChange, runMoneyBatch, classifyBatchError, AssertionFailedError, type MoneyBatchItem } from "../wallet/ledger";
import { identify, jobKeyFor } from "../../../lib/identify";
import { returnQuotaStatement, usageMonth } from "../institutions/access";
import {
  classifyDocument,
  contentTypeMisfit,
  docKeyFor,
  identifyRequest,
  looksLikeSolutionManual,
  titleKey,
  type Misfit,
  type RequestedAs,
} from "./content-type";
import { answerHours, answerPromise, deliveryDeadline, deliveryHours, deskHours } from "./deadlines";
import { alertStaff } from "./staff-alerts";
import { groupKeyOf, groupOf, keyStatements, ownGroupKey, placeRequest, suggestionsFor } from "./grouping";
import { deskPrices } from "./list-prices";
import { resolveRequestMetadata, type MetadataSources } from "./request-metadata";
import { signatureOf, WEAK_BASES } from "./same-edition";
import { epochMs, overdue, promiseOutcome, runningDeadline, type PromiseTimes } from "../../../contract/offline-promise";
import { FILE_LINK_TTL_MS, signFileLink } from "../files/signing";
import { attachmentFor, carried, deliveredColumns, discard, preparedColumns, type Attachment } from "./attachments";
import { documentName, offlineText } from "./messages";
import { sendOfflineNotice, type OfflineNotice } from "./notifications";
import * as q from "./queries";
import type { OfflineEventRow, OfflineRow, OfflineStatusValue } from "./queries";

export type OfflineDeps = {
  db: Db;
  log: Logger;
  now: number;
  notifier: Notifier;
  /** Signs download links. */
  secret: string;
  files: R2Bucket;
  /** https://host, for links in messages. */
  origin: string;
  /** Where a request's document is resolved at registration (request-metadata.ts). */
  metadata: MetadataSources;
  /** Work the answer must not wait for (staff alerts): worker/services.ts `defer`. */
  defer(task: () => Promise<void>): void;
};

/** Who acts on the desk. */
export type Actor = { id: string; isAdmin: boolean; isSolver: boolean };

export const actorOf = (user: UserRow): Actor => ({ id: user.id, isAdmin: user.isAdmin, isSolver: user.isSolver });

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const PAGE_OF = { article: "/profile/offilneArticles", book: "/profile/offlineBooksStandards", standard: "/profile/offlineBooksStandards" } as const;
const HOUR = 3_600_000;

// ---------------------------------------------------------------- registering

type Registered = { id: string; canEdit: boolean; duplicate: boolean };

/** What to use instead, for the dialog's one-press switch. */
const MISFIT_USE: Record<Misfit, RequestedAs> = {
  articleSentAsBook: "article",
  standardSentAsBook: "standard",
  bookSentAsStandard: "book",
  bookSentAsArticle: "book",
  standardSentAsArticle: "standard",
};

// accounts-and-purchases.md §8: the SPA answers this one by opening the package offer.
const creditShort = () => new DomainError(offlineText.creditInsufficient, 200, { code: "offline_credit_insufficient" });

export type Registration = {
  id: string;
  userId: string;
  kind: RequestedAs;
  url: string;
  doi: string | null;
  code: string | null;
  more: string | null;
  docKey: string;
  title: string | null;
  typedTitle: string | null;
  isSolution: boolean;
  solver: { id: string; name: string } | null;
  hours: DeskHours;
  now: number;
  /** What registration resolved (none for a reading list's rows, which the batch resolved itself). */
  meta?: RequestMeta | null;
  /** The group it joins and why; without one it groups by its document key. */
  groupKey?: string | null;
  groupBasis?: GroupBasis | null;
  /** Lookup keys (offline_request_keys); the document key at least. */
  keys?: readonly string[];
};

/**
 * The statements of one registered request, for a money batch: the request, its history and, for
 * an article, the one offline request credit it spends (one ledger entry). Also used by the batch
 * feature's wallet order (offline requests for a reading list's rest), so both write the same rows.
 */
export function registrationStatements(db: Db, r: Registration): MoneyBatchItem[] {
  const eventId = newId("ore", r.now);
  const statements: MoneyBatchItem[] = [
    q.insertRequest(db, {
      id: r.id,
      userId: r.userId,
      kind: r.kind,
      url: r.url,
      doi: r.doi,
      code: r.code,
      more: r.more,
      docKey: r.docKey,
      titleKey: r.title || r.typedTitle ? titleKey(r.title ?? r.typedTitle!) : null,
      title: r.title,
      isSolution: r.isSolution,
      assignedTo: r.solver?.id ?? null,
      status: "registered",
      promiseAt: answerPromise(r.hours, r.kind, r.now),
      // An article's credit is spent now: its delivery deadline runs from now.
      deliverBy: r.kind === "article" ? deliveryDeadline(r.hours, "article", r.now) : null,
      groupKey: r.groupKey ?? null,
      groupBasis: r.groupBasis ?? null,
      meta: r.meta ?? null,
      lastEventId: eventId,
      createdAt: new Date(r.now),
      updatedAt: new Date(r.now),
    }),
    ...keyStatements(db, r.id, r.keys ?? [r.docKey]),
    q.insertEvent(db, {
      id: eventId,
      requestId: r.id,
      actorId: r.userId,
      action: "registered",
      fromStatus: null,
      toStatus: "registered",
      note: null,
      at: r.now,
    }),
  ];
  if (r.solver) {
    statements.push(
      q.insertEvent(db, {
        id: newId("ore", r.now + 1),
        requestId: r.id,
        actorId: null,
        action: "assigned",
        fromStatus: "registered",
        toStatus: "registered",
        note: r.solver.name,
        at: r.now + 1,
      }),
    );
  }
  if (r.kind === "article") {
    statements.push(
      ...ledgerChange(db, {
        userId: r.userId,
        account: "offline_article_credit",
        delta: -1,
        reason: "spend_offline",
        refType: "offline_request",
        refId: r.id,
        now: r.now,
        onShortfall: "abort",
      }),
    );
  }
  return statements;
}

/**
 * Registers an offline request, or refuses it: Persian-language documents, a content type that does not
 * fit (with what to use instead), an article without offline request credit. A duplicate open request of
 * the same user for the same document answers the existing one.
 */
export async function registerRequest(
  deps: OfflineDeps,
  user: UserRow,
  input: { url: string; doi?: string | undefined; more?: string | undefined },
  requestedAs: RequestedAs,
): Promise<Registered> {
  const { db, now } = deps;
  const { ids, doi } = identifyRequest(input);
  const { meta, doiRecord } = await resolveRequestMetadata(input, deps.metadata, deps.log);
  const resolvedTitle = meta.source && meta.source !== "typed" ? meta.title : null;

  const persian = [
    detectPersianRequest({ url: input.url, title: resolvedTitle ?? undefined, more: input.more }),
    detectPersianRequest({ url: input.doi }),
  ].find((p) => p.persian);
  if (persian)
    throw new DomainError(persian.reason === "publisher" ? offlineText.persianRefusedPublisher : offlineText.persianRefused, 200, { code: "persian_document" });
  if (doiRecord?.language && /^(fa|per|fas)\b/i.test(doiRecord.language)) throw new DomainError(offlineText.persianRefused, 200, { code: "persian_document" });

  const misfit = contentTypeMisfit(requestedAs, classifyDocument(ids, doiRecord?.type));
  if (misfit) throw new DomainError(offlineText[misfit], 200, { code: "wrong_type", use: MISFIT_USE[misfit] });

  // The "DOI or standard number" field: a DOI goes to `doi`; anything else (a standard's number, an
  // ISBN) is kept as the request's code and never shown or linked as a DOI.
  const typedDoi = input.doi?.trim() ? identify(input.doi) : null;
  const code = typedDoi && typedDoi.doi === null ? input.doi!.trim() : null;
  const docKey = docKeyFor(ids, input.url, code);
  const title = resolvedTitle;
  const typedTitle = ids.find((r) => r.kind === "title")?.title ?? null;
  const existing = await q.findOpenDuplicate(db, user.id, docKey);
  if (existing) return { id: existing.id, canEdit: existing.canEdit && existing.status === "registered", duplicate: true };

  if (requestedAs === "article" && user.offlineArticleCredit < 1) {
    // The cached credit is re-checked by the ledger inside the batch; this only saves a round trip.
    const fresh = await q.findUser(db, user.id);
    if (!fresh || fresh.offlineArticleCredit < 1) throw creditShort();
  }

  const id = newId("off", now);
  const hours = await deskHours(db);
  const isSolution = requestedAs === "book" && looksLikeSolutionManual(input.url, title, input.more);
  // Solution manuals go to a solver at once (round-robin by load), who is told.
  const solver = isSolution ? await q.nextSolver(db) : undefined;
  // One document, one piece of work: the group of the same edition, if one is open or was worked.
  const placement = await placeRequest(db, requestedAs, signatureOf(meta, isSolution), {
    docKey,
    titleKey: title || typedTitle ? titleKey(title ?? typedTitle!) : null,
  });
  const statements = registrationStatements(db, {
    id,
    userId: user.id,
    kind: requestedAs,
    url: input.url,
    doi,
    code,
    more: input.more ?? null,
    docKey,
    title,
    typedTitle,
    isSolution,
    solver: solver ?? null,
    hours,
    now,
    meta,
    groupKey: placement.groupKey ?? ownGroupKey(id),
    groupBasis: placement.basis,
    keys: placement.keys,
  });
  try {
    await runMoneyBatch(db, statements);
  } catch (err) {
    if (err instanceof InsufficientFundsError) throw creditShort();
    const kind = classifyBatchError(err);
    if (kind?.kind === "unique" && kind.table === "offline_requests") {
      // The same request sent twice at once: the other one won; answer it.
      const winner = await q.findOpenDuplicate(db, user.id, docKey);
      if (winner) return { id: winner.id, canEdit: winner.canEdit, duplicate: true };
    }
    throw err;
  }
  deps.log.info("offline.registered", { id, kind: requestedAs, solver: solver?.id ?? null });
  if (solver) {
    await sendOfflineNotice(deps.notifier, deps.log, {
      userId: solver.id,
      template: "desk_solver_assigned",
      params: { name: documentName({ title, url: input.url }), link: `${deps.origin}/solver` },
    });
  }
  await sendOfflineNotice(deps.notifier, deps.log, {
    userId: user.id,
    template: "offline_registered",
    params: {
      name: documentName({ title, url: input.url }),
      kind: requestedAs,
      hours: answerHours(hours, requestedAs),
      link: `${deps.origin}${PAGE_OF[requestedAs]}`,
    },
  });
  await alertStaff(deps, "registered", { id, kind: requestedAs, name: documentName({ title, url: input.url }), isSolution });
  return { id, canEdit: true, duplicate: false };
}

// ---------------------------------------------------------------- the user's side

/** The delivered file with a fresh link signed for this viewer (the owner, or staff on the desk). */
async function fileView(deps: OfflineDeps, row: OfflineRow, viewerId: string) {
  if (!row.fileKey || row.status !== "delivered") return null;
  return {
    name: row.fileName ?? "document.pdf",
    size: row.fileSize ?? 0,
    download_url: await signFileLink(deps.secret, { key: row.fileKey, now: deps.now, userId: viewerId }),
    // The signer keeps whole seconds.
    expires_at: new Date(Math.floor((deps.now + FILE_LINK_TTL_MS) / 1000) * 1000).toISOString(),
  };
}

/** Not yet paid: a book while registered or priced; an article while no one has started on it (its credit comes back). */
const canCancel = (row: OfflineRow) => row.status === "priced" || (row.status === "registered" && (row.kind !== "article" || row.assignedTo === null));

async function requestView(deps: OfflineDeps, row: OfflineRow, events: OfflineEventRow[], viewerId: string): Promise<OfflineRequestView> {
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    doi: row.doi,
    code: row.code,
    more: row.more,
    title: row.title,
    status: row.status,
    price: row.price,
    reject_reason: row.rejectReason,
    created_at: row.createdAt.toISOString(),
    promise_at: iso(row.promiseAt),
    answered_at: iso(row.answeredAt),
    paid_at: iso(row.paidAt),
    deliver_by: iso(row.deliverBy),
    delivered_at: iso(row.deliveredAt),
    can_edit: row.canEdit && row.status === "registered",
    can_cancel: canCancel(row),
    can_pay: row.status === "priced" && (row.price ?? 0) > 0,
    file: await fileView(deps, row, viewerId),
    delivered_link: row.status === "delivered" ? row.deliveredLink : null,
    on_time: { answer: promiseOutcome("answer", promiseTimes(row), deps.now), delivery: promiseOutcome("delivery", promiseTimes(row), deps.now) },
    events: events.map((e) => ({
      status: e.toStatus as OfflineStatusValue,
      action: e.action ?? e.toStatus,
      at: e.createdAt.toISOString(),
      // Staff-internal notes (who claimed, to whom it was assigned) are not the user's business.
      note: e.action === "rejected" || e.action === "priced" || e.action === "delivered" ? e.note : null,
    })),
  };
}

export async function listMyRequests(deps: OfflineDeps, userId: string, group: OfflineGroup): Promise<OfflineRequestView[]> {
  const rows = await q.requestsOfUser(deps.db, userId, group);
  const events = await q.eventsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return Promise.all(rows.map((r) => requestView(deps, r, events.get(r.id) ?? [], userId)));
}

/** The user's own request, else 404 (another user's request is not even acknowledged). */
async function ownRequest(deps: OfflineDeps, userId: string, id: string): Promise<OfflineRow> {
  const row = await q.findRequest(deps.db, id);
  if (!row || row.userId !== userId) throw new NotFoundError(offlineText.notFound);
  return row;
}

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
async function quotaReturnFor(deps: OfflineDeps, row: OfflineRow): Promise<MoneyBatchItem[]> {
  if (row.paidWith !== "university_quota" || !(row.status === "paid" || row.status === "in_progress")) return [];
  const universityId = await q.directBookUniversity(deps.db, row.id);
  if (!universityId) return [];
  return [returnQuotaStatement(deps.db, { universityId, key: "book_download", month: usageMonth((row.paidAt ?? row.createdAt).getTime()) })];
}

export async function cancelMyRequest(deps: OfflineDeps, userId: string, id: string): Promise<OfflineRequestView> {
  const row = await ownRequest(deps, userId, id);
  if (!canCancel(row)) throw new DomainError(offlineText.cannotCancel);
  await applyChanges(deps, [
    { row, to: "cancelled", action: "cancelled", actorId: userId, note: null, set: { canEdit: false }, audit: {}, extra: refundFor(deps, row, "cancelled") },
  ]);
  const fresh = (await q.findRequest(deps.db, id))!;
  return requestView(deps, fresh, (await q.eventsOf(deps.db, [id])).get(id) ?? [], userId);
}

export async function lastOffline(deps: Pick<OfflineDeps, "db">, group: "articles" | "books"): Promise<LastOfflineList> {
  const rows = await q.latestRequests(deps.db, group, LAST_OFFLINE_LIMIT);
  return rows.map((r) => ({ created_at: r.createdAt.toISOString(), url: r.title ?? r.url }));
}

// ---------------------------------------------------------------- paying (the wallet's fulfiller)

/** The price of a priced request of this user (the wallet's `price` step). */
export async function payablePrice(db: Db, userId: string, requestId: string | null | undefined): Promise<number> {
  const row = requestId ? await q.findRequest(db, requestId) : undefined;
  if (!row || row.userId !== userId) throw new NotFoundError(offlineText.notFound);
  if (row.status !== "priced" || !row.price || row.price <= 0) throw new DomainError(offlineText.notPayable);
  return row.price;
}

/**
 * Marking it paid, in the wallet's order batch: at most once, only from `priced`, only for its owner,
 * only at `price` (what the order charged: staff re-pricing it meanwhile aborts the batch, or a
 * rejection would refund the new price for the old one paid).
 * The delivery deadline starts now, by the operator's hours for the request's kind.
 *
 * When staff attached the file (or link) at pricing, the same UPDATE delivers it: the row goes from
 * `priced` to `delivered` with the attached file, in the batch of the debit and the ledger row, so the
 * payment and the delivery happen together or not at all, and once. SQLite's UPDATE reads the row as
 * it is inside the batch, so whatever is attached when the batch runs is what is delivered; the
 * "delivered" history and audit rows are written only if the row did become delivered.
 */
export function paidStatements(db: Db, userId: string, requestId: string, orderId: string, now: number, hours: DeskHours, price: number): MoneyBatchItem[] {
  const eventId = `ore_paid_${requestId}`;
  const row = schema.offlineRequests;
  const deliverBy = sql`${now} + (CASE ${row.kind} WHEN 'book' THEN ${hours.deliver_book * HOUR} WHEN 'standard' THEN ${hours.deliver_standard * HOUR} ELSE ${hours.deliver_article * HOUR} END)`;
  const attached = sql`(${row.preparedFileKey} IS NOT NULL OR ${row.preparedLink} IS NOT NULL)`;
  const whenAttached = (then: SQL, otherwise: SQL) => sql`(CASE WHEN ${attached} THEN ${then} ELSE ${otherwise} END)`;
  const set = {
    status: whenAttached(sql`'delivered'`, sql`'paid'`),
    paidAt: new Date(now),
    deliverBy,
    fileKey: whenAttached(sql`${row.preparedFileKey}`, sql`${row.fileKey}`),
    fileName: whenAttached(sql`${row.preparedFileName}`, sql`${row.fileName}`),
    fileSize: whenAttached(sql`${row.preparedFileSize}`, sql`${row.fileSize}`),
    deliveredLink: whenAttached(sql`${row.preparedLink}`, sql`${row.deliveredLink}`),
    deliveredAt: whenAttached(sql`${now}`, sql`NULL`),
    updatedAt: new Date(now),
    canEdit: false,
  } as unknown as Partial<typeof row.$inferInsert>;
  const d1 = d1Of(db);
  const deliveredNow = "EXISTS (SELECT 1 FROM offline_requests WHERE id = ? AND status = 'delivered' AND last_event_id = ?)";
  return [
    q.guardedUpdate(db, requestId, "priced", eventId, set, and(eq(row.userId, userId), eq(row.price, price))),
    q.assertChanged(db, requestId, eventId),
    q.insertEvent(db, { id: eventId, requestId, actorId: userId, action: "paid", fromStatus: "priced", toStatus: "paid", note: null, at: now }),
    q.insertAudit(db, { actorId: userId, action: "offline.paid", requestId, at: now, details: { from: "priced", to: "paid", order: orderId } }),
    d1
      .prepare(
        `INSERT INTO offline_request_events (id, request_id, actor_id, action, from_status, to_status, note, created_at) SELECT ?, ?, NULL, 'delivered_on_payment', 'paid', 'delivered', NULL, ? WHERE ${deliveredNow}`,
      )
      .bind(`ore_pdel_${requestId}`, requestId, now, requestId, eventId),
    d1
      .prepare(
        `INSERT INTO audit_log (id, actor_id, action, target_type, target_id, details, created_at) SELECT ?, ?, 'offline.delivered_on_payment', 'offline_request', ?, ?, ? WHERE ${deliveredNow}`,
      )
      .bind(newId("aud", now), userId, requestId, JSON.stringify({ from: "paid", to: "delivered", order: orderId }), now, requestId, eventId),
  ];
}

// ---------------------------------------------------------------- the desk

/** A solver acts only on solution manuals assigned to them; admins on everything. */
function mayAct(actor: Actor, row: Pick<OfflineRow, "isSolution" | "assignedTo">): boolean {
  return actor.isAdmin || (actor.isSolver && row.isSolution && row.assignedTo === actor.id);
}

async function deskTarget(deps: OfflineDeps, actor: Actor, id: string): Promise<OfflineRow> {
  const row = await q.findRequest(deps.db, id);
  if (!row) throw new NotFoundError(offlineText.notFound);
  if (!mayAct(actor, row)) throw new DomainError(offlineText.notYours, 403);
  return row;
}

async function deskItem(deps: OfflineDeps, d: q.DeskRow, events: OfflineEventRow[], viewerId: string): Promise<DeskItem> {
  const r = d.request;
  return {
    ...(await requestView(deps, r, events, viewerId)),
    user: { id: r.userId, name: d.userName, email: d.userEmail, mobile: d.userMobile },
    assigned_to: r.assignedTo ? { id: r.assignedTo, name: d.assigneeName ?? "" } : null,
    is_solution: r.isSolution,
    doc_key: r.docKey,
    same_document_open: Number(d.sameDocumentOpen ?? 0),
    due_at: iso(dueDate(r)),
    meta: RequestMeta.safeParse(r.meta).data ?? null,
    staff_note: r.staffNote,
    prepared: await preparedView(deps, r, viewerId),
    group_key: groupKeyOf(r),
    group_basis: GroupBasis.safeParse(r.groupBasis).data ?? null,
  };
}

/** What the payment will deliver, for staff (never in the user's views): a link signed for the viewer. */
async function preparedView(deps: OfflineDeps, row: OfflineRow, viewerId: string) {
  if (row.status === "delivered" || (!row.preparedFileKey && !row.preparedLink)) return null;
  const file = row.preparedFileKey
    ? {
        name: row.preparedFileName ?? "document.pdf",
        size: row.preparedFileSize ?? 0,
        download_url: await signFileLink(deps.secret, { key: row.preparedFileKey, now: deps.now, userId: viewerId }),
        expires_at: new Date(Math.floor((deps.now + FILE_LINK_TTL_MS) / 1000) * 1000).toISOString(),
      }
    : null;
  return { file, link: row.preparedLink };
}

/** The deadline now running (contract/offline-promise.ts; the queue's order, queries.dueAt, is the same rule in SQL). */
function dueDate(r: OfflineRow): Date | null {
  const due = runningDeadline(promiseTimes(r));
  return due ? new Date(due.at) : null;
}

/** The request's timing columns as contract/offline-promise.ts reads them. */
function promiseTimes(r: Pick<OfflineRow, "status" | "promiseAt" | "deliverBy" | "answeredAt" | "deliveredAt">): PromiseTimes {
  return {
    status: r.status,
    promiseAt: epochMs(r.promiseAt),
    deliverBy: epochMs(r.deliverBy),
    answeredAt: epochMs(r.answeredAt),
    deliveredAt: epochMs(r.deliveredAt),
  };
}

/** What a desk search matches by key: the document key of the text as a request (ISBN 10 or 13, a shop link, a DOI, a standard's number) and its folded title. */
function searchKeys(text: string): string[] {
  const key = docKeyFor(identifyRequest({ url: text }).ids, text, text);
  const keys = [key, `title:${titleKey(text)}`];
  const id = jobKeyFor(identify(text));
  if (id) keys.push(id);
  return [...new Set(keys)];
}

const DESK_PAGE = 25;

export async function deskList(deps: OfflineDeps, actor: Actor, query: DeskQuery): Promise<DeskList> {
  const solverOnly = !actor.isAdmin;
  const kinds = query.kind
    ? [query.kind]
    : query.group === "articles"
      ? (["article"] as const)
      : query.group === "books"
        ? (["book", "standard"] as const)
        : null;
  const filter: q.DeskFilter = {
    statuses:
      query.status === "all" ? null : query.status === "open" ? q.OPEN_STATUSES : query.status === "needs_staff" ? NEEDS_STAFF_STATUSES : [query.status],
    kinds,
    solutionsOnly: solverOnly || query.group === "solutions",
    assignedTo: solverOnly ? actor.id : null,
    createdBefore: query.min_age_hours !== undefined ? deps.now - query.min_age_hours * 3_600_000 : null,
    user: query.user ?? null,
    search: query.q ? { like: query.q, keys: searchKeys(query.q) } : null,
    page: query.page,
    perPage: DESK_PAGE,
  };
  const [{ rows, total }, paid] = await Promise.all([q.deskPage(deps.db, filter), q.paidWaiting(deps.db, filter)]);
  const events = await q.eventsOf(
    deps.db,
    rows.map((r) => r.request.id),
  );
  return {
    now: new Date(deps.now).toISOString(),
    page: query.page,
    per_page: DESK_PAGE,
    total: Number(total),
    items: await Promise.all(rows.map((r) => deskItem(deps, r, events.get(r.request.id) ?? [], actor.id))),
    paid_waiting: paid,
  };
}

async function deskItemById(deps: OfflineDeps, id: string, viewerId: string): Promise<DeskItem> {
  const d = await q.deskRow(deps.db, id);
  if (!d) throw new NotFoundError(offlineText.notFound);
  return deskItem(deps, d, (await q.eventsOf(deps.db, [id])).get(id) ?? [], viewerId);
}

export async function deskDetail(deps: OfflineDeps, actor: Actor, id: string): Promise<DeskDetail> {
  const row = await deskTarget(deps, actor, id);
  const [request, history, audit, group, suggested] = await Promise.all([
    deskItemById(deps, id, actor.id),
    q.historyWithActors(deps.db, id),
    q.auditOf(deps.db, id),
    q.groupRows(deps.db, groupOf(row)),
    suggestionsFor(deps.db, row),
  ]);
  const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? "" } : null);
  // A solver sees only the members of the group they may act on.
  const members = group.filter((g) => g.request.id !== id && mayAct(actor, g.request));
  const names = await q.userNames(
    deps.db,
    suggested.map((x) => x.row.userId),
  );
  const member = (m: OfflineRow, userName: string, basis: DeskDetail["group"][number]["basis"]) => ({
    id: m.id,
    status: m.status,
    user_name: userName,
    created_at: m.createdAt.toISOString(),
    price: m.price,
    url: m.url,
    title: m.title ?? RequestMeta.safeParse(m.meta).data?.title ?? null,
    basis,
    has_file: carried(m) !== null,
  });
  const fileSource = [row, ...members.map((m) => m.request)].map((m) => ({ m, a: carried(m) })).find((x) => x.a !== null);
  return {
    now: new Date(deps.now).toISOString(),
    request,
    history: history.map((h) => ({
      status: h.event.toStatus as OfflineStatusValue,
      from_status: h.event.fromStatus,
      action: h.event.action ?? h.event.toStatus,
      at: h.event.createdAt.toISOString(),
      note: h.event.note,
      actor: person(h.event.actorId, h.actorName),
    })),
    audit: audit.map((a) => ({
      action: a.audit.action,
      actor: person(a.audit.actorId, a.actorName),
      at: a.audit.createdAt.toISOString(),
      details: a.audit.details ?? null,
    })),
    group: members.map((g) => member(g.request, g.userName, GroupBasis.safeParse(g.request.groupBasis).data ?? null)),
    suggestions: suggested
      .filter((x) => mayAct(actor, x.row))
      .map((x) => ({ ...member(x.row, names.get(x.row.userId) ?? "", x.verdict.kind === "same" ? x.verdict.basis : null), group_key: groupKeyOf(x.row) })),
    suggested_price: await suggestedPrice(
      deps,
      row,
      members.map((m) => m.request),
    ),
    group_file:
      fileSource && fileSource.m.id !== row.id
        ? {
            from: fileSource.m.id,
            name: fileSource.a!.kind === "file" ? fileSource.a!.name : null,
            link: fileSource.a!.kind === "link" ? fileSource.a!.link : null,
          }
        : null,
  };
}

/**
 * What the price field starts with: the price staff gave this request or its group, else the
 * catalogue's price of the book, else the operator's list price for the kind (solution manuals apart).
 */
async function suggestedPrice(deps: OfflineDeps, row: OfflineRow, members: OfflineRow[]): Promise<DeskDetail["suggested_price"]> {
  if (row.kind === "article") return null;
  const priced = [row, ...[...members].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())].find((m) => m.price !== null && m.price > 0);
  if (priced) return { amount: priced.price!, source: "group" };
  for (const isbn of (RequestMeta.safeParse(row.meta).data?.isbns ?? []).slice(0, 2)) {
    const book = await q.catalogBookFor(deps.db, isbn);
    if (book?.tomanPrice) return { amount: book.tomanPrice, source: "catalogue" };
  }
  const list = await deskPrices(deps.db);
  const amount = row.isSolution ? list.solution : row.kind === "standard" ? list.standard : list.book;
  return amount ? { amount, source: "list" } : null;
}

export type DeskResult = { request: DeskItem; affected: string[] };

async function result(deps: OfflineDeps, actor: Actor, id: string, affected: string[]): Promise<DeskResult> {
  return { request: await deskItemById(deps, id, actor.id), affected };
}

function notice(deps: OfflineDeps, rows: OfflineRow[], build: (row: OfflineRow, link: string) => OfflineNotice) {
  return Promise.all(rows.map((row) => sendOfflineNotice(deps.notifier, deps.log, build(row, `${deps.origin}${PAGE_OF[row.kind]}`))));
}

/**
 * Whether a request's place in its group may carry the group's price and file to it, or its own to
 * the group: not while it joined without an edition (or a standard's year) on one side and staff
 * have not confirmed it — its user may want another edition, and a file attached through the group
 * would be delivered by their payment without anyone having looked.
 */
const firmlyGrouped = (r: OfflineRow) => !(WEAK_BASES as readonly string[]).includes(r.groupBasis ?? "");

/** Other requests of the same group that this actor may act on and that `eligible` accepts (none through an unconfirmed link). */
async function groupMembers(deps: OfflineDeps, actor: Actor, row: OfflineRow, eligible: (r: OfflineRow) => boolean): Promise<OfflineRow[]> {
  if (!firmlyGrouped(row)) return [];
  const group = await q.groupRows(deps.db, groupOf(row));
  return group.map((g) => g.request).filter((r) => r.id !== row.id && firmlyGrouped(r) && mayAct(actor, r) && eligible(r));
}

/**
 * Whether the actor may act on a request someone else holds: only with `takeOver`, which the refusal
 * asks for by naming the holder. Returns the holder being displaced, to be told.
 */
async function displacedHolder(deps: OfflineDeps, actor: Actor, row: OfflineRow, takeOver: boolean | undefined): Promise<{ id: string; name: string } | null> {
  if (row.assignedTo === null || row.assignedTo === actor.id) return null;
  const holder = await q.findUser(deps.db, row.assignedTo);
  const who = { id: row.assignedTo, name: holder?.name ?? "" };
  if (!takeOver) throw new DomainError(offlineText.heldBy(who.name), 409, { code: "held_by", holder: who });
  return who;
}

async function tellDisplaced(deps: OfflineDeps, actor: Actor, row: OfflineRow, displaced: { id: string } | null) {
  if (!displaced) return;
  const by = (await q.findUser(deps.db, actor.id))?.name ?? "";
  await sendOfflineNotice(deps.notifier, deps.log, {
    userId: displaced.id,
    template: "desk_taken_over",
    params: { name: documentName(row), by, link: `${deps.origin}/admin/offlineBooks` },
  });
}

/** The holder columns of the first action on a request: whoever acts holds it (claim is implicit). */
const heldBy = (actor: Actor) => ({ assignedTo: actor.id });

/** Claim: the request is this staff member's to work on; a paid request (or an article) is now in progress. */
export async function claimRequest(deps: OfflineDeps, actor: Actor, id: string, input: { take_over?: boolean | undefined } = {}): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  if (!(q.OPEN_STATUSES as readonly string[]).includes(row.status)) throw new DomainError(offlineText.wrongStatus(row.status));
  const displaced = await displacedHolder(deps, actor, row, input.take_over);
  const startsWork = row.status === "paid" || (row.kind === "article" && row.status === "registered");
  await applyChanges(deps, [
    {
      row,
      to: startsWork ? "in_progress" : row.status,
      action: displaced ? "taken_over" : "claimed",
      actorId: actor.id,
      note: displaced?.name ?? null,
      set: { ...heldBy(actor), canEdit: false },
      audit: { previous_assignee: row.assignedTo },
    },
  ]);
  await tellDisplaced(deps, actor, row, displaced);
  return result(deps, actor, id, [id]);
}

const priceable = (r: OfflineRow) => r.kind !== "article" && (r.status === "registered" || r.status === "priced");

/**
 * Pricing, optionally with what the payment will deliver (a PDF, a link, or the group's file): the
 * user never sees it before paying; the payment delivers it (paidStatements). With `apply_to_group`
 * the price (and the attachment) go to every open request of the group, each user paying their own,
 * and the members who have paid already get the attachment now.
 */
export async function priceRequest(deps: OfflineDeps, actor: Actor, id: string, input: DeskPriceInput): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  if (row.kind === "article") throw new DomainError(offlineText.articleNotPriced);
  if (!priceable(row)) throw new DomainError(offlineText.wrongStatus(row.status));
  const displaced = await displacedHolder(deps, actor, row, input.take_over);
  const attachment = await attachmentFor(deps, row, input, actor.id, (source) => mayAct(actor, source));
  const members = input.apply_to_group ? await groupMembers(deps, actor, row, (r) => priceable(r) || (attachment !== null && paidUndelivered(r))) : [];
  const toPrice = [row, ...members.filter(priceable)];
  const toDeliver = members.filter(paidUndelivered);
  const now = new Date(deps.now);
  const changes: Change[] = toPrice.map((t) => ({
    row: t,
    to: "priced" as const,
    action: "priced",
    actorId: actor.id,
    note: null,
    set: {
      price: input.price,
      canEdit: false,
      answeredAt: t.answeredAt ?? now,
      ...(attachment ? preparedColumns(attachment) : {}),
      ...(t === row ? heldBy(actor) : {}),
    },
    audit: {
      price: input.price,
      previous_price: t.price,
      group: toPrice.length > 1,
      ...(attachment ? { attached: attachment.kind === "file" ? { file: attachment.key, name: attachment.name } : { link: attachment.link } } : {}),
      ...(t === row ? { previous_assignee: row.assignedTo } : {}),
    },
  }));
  if (attachment) changes.push(...toDeliver.map((t) => deliveryChange(actor, t, attachment, now, false)));
  try {
    await applyChanges(deps, changes);
  } catch (err) {
    await discard(deps.files, attachment);
    throw err;
  }
  await tellDisplaced(deps, actor, row, displaced);
  const hours = await deskHours(deps.db);
  const fresh = await q.findRequests(
    deps.db,
    toPrice.map((t) => t.id),
  );
  // Attached at pricing: the price message says the file comes with the payment.
  await notice(deps, fresh, (t, link) => ({
    userId: t.userId,
    template: "offline_priced",
    params: { name: documentName(t), price: input.price, delivery: t.preparedFileKey || t.preparedLink ? "at_payment" : deliveryHours(hours, t.kind), link },
  }));
  await notice(deps, toDeliver, (t, link) => ({ userId: t.userId, template: "offline_delivered", params: { name: documentName(t), link } }));
  return result(
    deps,
    actor,
    id,
    [...toPrice, ...toDeliver].map((t) => t.id),
  );
}

/** Paid (or being worked on) and not yet delivered. */
const paidUndelivered = (r: OfflineRow) => r.status === "paid" || r.status === "in_progress";

/** The change that delivers `a` to `t` now. */
function deliveryChange(actor: Actor, t: OfflineRow, a: Attachment, now: Date, isTarget: boolean): Change {
  return {
    row: t,
    to: "delivered" as const,
    action: "delivered",
    actorId: actor.id,
    note: null,
    set: {
      ...deliveredColumns(a),
      deliveredAt: now,
      answeredAt: t.answeredAt ?? now,
      assignedTo: isTarget ? actor.id : (t.assignedTo ?? actor.id),
      canEdit: false,
    },
    audit: a.kind === "file" ? { file: a.key, size: a.size, name: a.name } : { link: a.link },
  };
}

export async function rejectRequest(
  deps: OfflineDeps,
  actor: Actor,
  id: string,
  input: { template?: keyof typeof rejectTemplates | undefined; reason?: string | undefined; take_over?: boolean | undefined },
): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  if (!(q.OPEN_STATUSES as readonly string[]).includes(row.status)) throw new DomainError(offlineText.wrongStatus(row.status));
  const displaced = await displacedHolder(deps, actor, row, input.take_over);
  const reason = input.reason ?? rejectTemplates[input.template!];
  await applyChanges(deps, [
    {
      row,
      to: "rejected",
      action: "rejected",
      actorId: actor.id,
      note: reason,
      set: { rejectReason: reason, canEdit: false, answeredAt: row.answeredAt ?? new Date(deps.now), ...heldBy(actor) },
      audit: {
        template: input.template ?? null,
        reason,
        refunded:
          row.kind === "article"
            ? "offline_article_credit"
            : row.paidWith && (row.status === "paid" || row.status === "in_progress")
              ? row.paidWith
              : row.status === "paid" || row.status === "in_progress"
                ? row.price
                : null,
      },
      extra: [...refundFor(deps, row, "rejected"), ...(await quotaReturnFor(deps, row))],
    },
  ]);
  await tellDisplaced(deps, actor, row, displaced);
  await notice(deps, [row], (t, link) => ({ userId: t.userId, template: "offline_rejected", params: { name: documentName(t), reason, link } }));
  return result(deps, actor, id, [id]);
}

/** Delivery is possible once paid (or in progress), and for a registered request (a free copy). */
const deliverable = (r: OfflineRow) => r.status === "paid" || r.status === "in_progress" || r.status === "registered";
/** Group members get the file only when they, too, have paid (books) or spent their credit (articles). */
const groupDeliverable = (r: OfflineRow) => r.status === "paid" || r.status === "in_progress" || (r.kind === "article" && r.status === "registered");

export async function deliverRequest(deps: OfflineDeps, actor: Actor, id: string, input: DeskDeliverInput): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  if (!deliverable(row)) throw new DomainError(offlineText.wrongStatus(row.status));
  const displaced = await displacedHolder(deps, actor, row, input.take_over);
  const targets = [row, ...(input.apply_to_group ? await groupMembers(deps, actor, row, groupDeliverable) : [])];
  const attachment = (await attachmentFor(deps, row, input, actor.id, (source) => mayAct(actor, source)))!;
  const now = new Date(deps.now);
  try {
    await applyChanges(
      deps,
      targets.map((t) => deliveryChange(actor, t, attachment, now, t === row)),
    );
  } catch (err) {
    // Nothing refers to the object now: do not leave it behind.
    await discard(deps.files, attachment);
    throw err;
  }
  await tellDisplaced(deps, actor, row, displaced);
  await notice(deps, targets, (t, link) => ({ userId: t.userId, template: "offline_delivered", params: { name: documentName(t), link } }));
  return result(
    deps,
    actor,
    id,
    targets.map((t) => t.id),
  );
}

/**
 * "Same as": staff join this request to another request's group (one piece of work from then on:
 * its price and file apply to both). Only requests of one kind group.
 */
export async function sameAsRequest(
  deps: OfflineDeps,
  actor: Actor,
  id: string,
  input: { target: string; take_over?: boolean | undefined },
): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  if (input.target === id) throw new ValidationError({ target: [offlineText.sameAsSelf] });
  const target = await q.findRequest(deps.db, input.target);
  if (!target || !mayAct(actor, target)) throw new ValidationError({ target: [offlineText.notFound] });
  if (target.kind !== row.kind) throw new ValidationError({ target: [offlineText.kindsDiffer] });
  const displaced = await displacedHolder(deps, actor, row, input.take_over);
  const groupKey = groupKeyOf(target);
  const dropped = groupKey === groupKeyOf(row) ? null : await groupFileLeftBehind(deps, row);
  await applyChanges(deps, [
    {
      row,
      to: row.status,
      action: "grouped",
      actorId: actor.id,
      note: target.title ?? target.url,
      set: { groupKey, groupBasis: "staff", ...(dropped ? detached : {}) },
      audit: { same_as: target.id, group: groupKey, previous_group: groupKeyOf(row), previous_basis: row.groupBasis, ...(dropped ? { dropped } : {}) },
    },
  ]);
  await tellDisplaced(deps, actor, row, displaced);
  return result(deps, actor, id, [id]);
}

const detached = { preparedFileKey: null, preparedFileName: null, preparedFileSize: null, preparedLink: null };

/**
 * A priced request leaving its group leaves the group's file behind: an attachment it shares with
 * another request of that group was found for the group's document, which staff have just said is
 * not this one, so this request's payment must not deliver it (it becomes paid, for staff to
 * deliver). Answers what is dropped, for the audit, or null.
 */
async function groupFileLeftBehind(deps: OfflineDeps, row: OfflineRow): Promise<Record<string, string> | null> {
  if (row.status !== "priced" || (!row.preparedFileKey && !row.preparedLink)) return null;
  const others = (await q.groupRows(deps.db, groupOf(row))).map((g) => g.request).filter((m) => m.id !== row.id);
  const key = row.preparedFileKey;
  const link = row.preparedLink;
  const shared = others.some(
    (m) => (key !== null && (m.preparedFileKey === key || m.fileKey === key)) || (link !== null && (m.preparedLink === link || m.deliveredLink === link)),
  );
  if (!shared) return null;
  return key ? { file: key } : { link: link! };
}

/** Staff say the automatic grouping is right (it was made without an edition or a year on one side). */
export async function confirmGroup(deps: OfflineDeps, actor: Actor, id: string, input: { take_over?: boolean | undefined }): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  const displaced = await displacedHolder(deps, actor, row, input.take_over);
  await applyChanges(deps, [
    {
      row,
      to: row.status,
      action: "group_confirmed",
      actorId: actor.id,
      note: null,
      set: { groupKey: groupKeyOf(row), groupBasis: "staff" },
      audit: { group: groupKeyOf(row), previous_basis: row.groupBasis },
    },
  ]);
  await tellDisplaced(deps, actor, row, displaced);
  return result(deps, actor, id, [id]);
}

/** Staff say it is not the same document: it leaves its group and stands alone. */
export async function splitFromGroup(deps: OfflineDeps, actor: Actor, id: string, input: { take_over?: boolean | undefined }): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  const displaced = await displacedHolder(deps, actor, row, input.take_over);
  const own = `split:${row.id}`;
  const dropped = await groupFileLeftBehind(deps, row);
  await applyChanges(deps, [
    {
      row,
      to: row.status,
      action: "split",
      actorId: actor.id,
      note: null,
      set: { groupKey: own, groupBasis: null, ...(dropped ? detached : {}) },
      audit: { previous_group: groupKeyOf(row), previous_basis: row.groupBasis, ...(dropped ? { dropped } : {}) },
    },
  ]);
  await tellDisplaced(deps, actor, row, displaced);
  return result(deps, actor, id, [id]);
}

/** Staff's note on a request: kept with it to delivery, never shown to the user. Not a claim. */
export async function noteRequest(deps: OfflineDeps, actor: Actor, id: string, input: { note: string }): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  const note = input.note.trim() || null;
  await runMoneyBatch(deps.db, [
    deps.db
      .update(schema.offlineRequests)
      .set({ staffNote: note, updatedAt: new Date(deps.now) })
      .where(eq(schema.offlineRequests.id, row.id)),
    q.insertAudit(deps.db, { actorId: actor.id, action: "offline.note", requestId: row.id, at: deps.now, details: { note } }),
  ]);
  return result(deps, actor, id, [id]);
}

/** Admins give a solution manual to a solver, who then sees it on /solver. */
export async function assignRequest(deps: OfflineDeps, actor: Actor, id: string, solverId: string): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  if (!(q.OPEN_STATUSES as readonly string[]).includes(row.status)) throw new DomainError(offlineText.wrongStatus(row.status));
  const solver = await q.findUser(deps.db, solverId);
  if (!solver || !solver.isSolver) throw new ValidationError({ solver_id: [offlineText.notSolver] });
  await applyChanges(deps, [
    {
      row,
      to: row.status,
      action: "assigned",
      actorId: actor.id,
      note: solver.name,
      set: { assignedTo: solver.id, isSolution: true },
      audit: { solver: solver.id, previous_assignee: row.assignedTo },
    },
  ]);
  await sendOfflineNotice(deps.notifier, deps.log, {
    userId: solver.id,
    template: "desk_solver_assigned",
    params: { name: documentName(row), link: `${deps.origin}/solver` },
  });
  return result(deps, actor, id, [id]);
}

export async function solverList(deps: OfflineDeps) {
  return q.solvers(deps.db);
}

function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export async function dashboard(deps: OfflineDeps, days: number, group?: "articles" | "books"): Promise<DeskDashboard> {
  const { db, now } = deps;
  const kinds = group ? q.KINDS_OF_GROUP[group] : null;
  const [rows, open, running] = await Promise.all([
    q.dashboardRows(db, now - days * 86_400_000, kinds),
    q.openCounts(db, kinds),
    q.runningDeadlineRows(db, kinds),
  ]);
  const minutes = (a: Date, b: Date) => Math.round((b.getTime() - a.getTime()) / 60_000);
  const openBy = Object.fromEntries(open.map((o) => [o.status, Number(o.n)]));
  const tally = { answer: { met: 0, breached: 0 }, delivery: { met: 0, breached: 0 } };
  for (const row of rows) {
    const r = promiseTimes(row);
    for (const kind of ["answer", "delivery"] as const) {
      const outcome = promiseOutcome(kind, r, now);
      if (outcome === "kept") tally[kind].met++;
      else if (outcome === "broken") tally[kind].breached++;
    }
  }
  // Right now past the deadline running, of every open request (not only the window's).
  const overdueNow = { answer: 0, delivery: 0 };
  for (const row of running) {
    const past = overdue(promiseTimes(row), now);
    if (past) overdueNow[past.kind]++;
  }
  const { met, breached } = tally.answer;
  const delivery = tally.delivery;
  return {
    now: new Date(now).toISOString(),
    days,
    open: { registered: openBy["registered"] ?? 0, priced: openBy["priced"] ?? 0, paid: openBy["paid"] ?? 0, in_progress: openBy["in_progress"] ?? 0 },
    delivered: rows.filter((r) => r.status === "delivered").length,
    rejected: rows.filter((r) => r.status === "rejected").length,
    median_minutes_to_deliver: median(rows.flatMap((r) => (r.deliveredAt ? [minutes(r.createdAt, r.deliveredAt)] : []))),
    median_minutes_to_answer: median(rows.flatMap((r) => (r.answeredAt ? [minutes(r.createdAt, r.answeredAt)] : []))),
    promise: { met, breached, overdue_now: overdueNow.answer },
    delivery: { ...delivery, overdue_now: overdueNow.delivery },
  };
}
