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
import { and, eq, isNull, sql } from "drizzle-orm";
import {
  LAST_OFFLINE_LIMIT,
  NEEDS_STAFF_STATUSES,
  rejectTemplates,
  type DeskDashboard,
  type DeskDeliverInput,
  type DeskHours,
  type DeskDetail,
  type DeskItem,
  type DeskList,
  type DeskQuery,
  type LastOfflineList,
  type OfflineGroup,
  type OfflineRequestView,
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
import { classifyDocument, contentTypeMisfit, docKeyFor, identifyRequest, looksLikeSolutionManual, titleKey, type Misfit, type RequestedAs } from "./content-type";
import { answerPromise, deliveryDeadline, deskHours } from "./deadlines";
import { epochMs, overdue, promiseOutcome, runningDeadline, type PromiseTimes } from "../../../contract/offline-promise";
import { FILE_LINK_TTL_MS, signFileLink } from "../files/signing";
import { cleanFileName, isPdf, storePdf } from "./files";
import { documentName, offlineText } from "./messages";
import { sendOfflineNotice, type OfflineNotice } from "./notifications";
import * as q from "./queries";
import type { OfflineEventRow, OfflineRow, OfflineStatusValue } from "./queries";

/** What Crossref says about a DOI, when it knows it. */
type DoiMeta = { title: string | null; type: string | null; language: string | null };

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
  lookupDoi(doi: string): Promise<DoiMeta | null>;
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

async function lookupQuietly(deps: OfflineDeps, doi: string | null): Promise<DoiMeta | null> {
  if (!doi) return null;
  try {
    return await deps.lookupDoi(doi);
  } catch (err) {
    // Crossref down or slow: decide from the identifiers alone; staff see every request anyway.
    deps.log.warn("offline.doi_lookup_failed", { error: String((err as Error)?.message ?? err) });
    return null;
  }
}

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
      lastEventId: eventId,
      createdAt: new Date(r.now),
      updatedAt: new Date(r.now),
    }),
    q.insertEvent(db, { id: eventId, requestId: r.id, actorId: r.userId, action: "registered", fromStatus: null, toStatus: "registered", note: null, at: r.now }),
  ];
  if (r.solver) {
    statements.push(q.insertEvent(db, { id: newId("ore", r.now + 1), requestId: r.id, actorId: null, action: "assigned", fromStatus: "registered", toStatus: "registered", note: r.solver.name, at: r.now + 1 }));
  }
  if (r.kind === "article") {
    statements.push(
      ...ledgerChange(db, { userId: r.userId, account: "offline_article_credit", delta: -1, reason: "spend_offline", refType: "offline_request", refId: r.id, now: r.now, onShortfall: "abort" }),
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
  const meta = await lookupQuietly(deps, doi);

  const persian = [detectPersianRequest({ url: input.url, title: meta?.title ?? undefined, more: input.more }), detectPersianRequest({ url: input.doi })].find((p) => p.persian);
  if (persian) throw new DomainError(persian.reason === "publisher" ? offlineText.persianRefusedPublisher : offlineText.persianRefused, 200, { code: "persian_document" });
  if (meta?.language && /^(fa|per|fas)\b/i.test(meta.language)) throw new DomainError(offlineText.persianRefused, 200, { code: "persian_document" });

  const misfit = contentTypeMisfit(requestedAs, classifyDocument(ids, meta?.type));
  if (misfit) throw new DomainError(offlineText[misfit], 200, { code: "wrong_type", use: MISFIT_USE[misfit] });

  // The "DOI or standard number" field: a DOI goes to `doi`; anything else (a standard's number, an
  // ISBN) is kept as the request's code and never shown or linked as a DOI.
  const typedDoi = input.doi?.trim() ? identify(input.doi) : null;
  const code = typedDoi && typedDoi.doi === null ? input.doi!.trim() : null;
  const docKey = docKeyFor(ids, input.url, code);
  const catalogTitle = meta?.title ? null : await q.catalogTitleFor(db, docKey);
  const title = meta?.title ?? catalogTitle;
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
    await sendOfflineNotice(deps.notifier, deps.log, { userId: solver.id, template: "desk_solver_assigned", params: { name: documentName({ title, url: input.url }), link: `${deps.origin}/solver` } });
  }
  await sendOfflineNotice(deps.notifier, deps.log, {
    userId: user.id,
    template: "offline_registered",
    params: { name: documentName({ title: meta?.title ?? null, url: input.url }), kind: requestedAs, link: `${deps.origin}${PAGE_OF[requestedAs]}` },
  });
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
    q.guardedUpdate(db, c.row.id, c.row.status, eventId, { ...c.set, status: c.to, updatedAt: new Date(now) }, c.row.assignedTo === null ? isNull(schema.offlineRequests.assignedTo) : eq(schema.offlineRequests.assignedTo, c.row.assignedTo)),
    q.assertChanged(db, c.row.id, eventId),
    q.insertEvent(db, { id: eventId, requestId: c.row.id, actorId: c.actorId, action: c.action, fromStatus: c.row.status, toStatus: c.to, note: c.note, at: now }),
    q.insertAudit(db, { actorId: c.actorId, action: `offline.${c.action}`, requestId: c.row.id, at: now, details: { from: c.row.status, to: c.to, ...c.audit } }),
    ...(c.extra ?? []),
  ];
}

/**
 * Runs changes in one batch; a change whose row moved on since it was read (another change won the
 * race) fails the whole batch, refunds included, and is told as such.
 */
export async function applyChanges(deps: OfflineDeps, changes: Change[]): Promise<void> {
  try {
    await runMoneyBatch(deps.db, changes.flatMap((c) => changeStatements(deps, c)));
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
  await applyChanges(deps, [{ row, to: "cancelled", action: "cancelled", actorId: userId, note: null, set: { canEdit: false }, audit: {}, extra: refundFor(deps, row, "cancelled") }]);
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
 */
export function paidStatements(db: Db, userId: string, requestId: string, orderId: string, now: number, hours: DeskHours, price: number): MoneyBatchItem[] {
  const eventId = `ore_paid_${requestId}`;
  const row = schema.offlineRequests;
  const deliverBy = sql`${now} + (CASE ${row.kind} WHEN 'book' THEN ${hours.deliver_book * HOUR} WHEN 'standard' THEN ${hours.deliver_standard * HOUR} ELSE ${hours.deliver_article * HOUR} END)`;
  return [
    q.guardedUpdate(db, requestId, "priced", eventId, { status: "paid", paidAt: new Date(now), deliverBy: deliverBy as unknown as Date, updatedAt: new Date(now), canEdit: false }, and(eq(row.userId, userId), eq(row.price, price))),
    q.assertChanged(db, requestId, eventId),
    q.insertEvent(db, { id: eventId, requestId, actorId: userId, action: "paid", fromStatus: "priced", toStatus: "paid", note: null, at: now }),
    q.insertAudit(db, { actorId: userId, action: "offline.paid", requestId, at: now, details: { from: "priced", to: "paid", order: orderId } }),
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
  };
}

/** The deadline now running (contract/offline-promise.ts; the queue's order, queries.dueAt, is the same rule in SQL). */
function dueDate(r: OfflineRow): Date | null {
  const due = runningDeadline(promiseTimes(r));
  return due ? new Date(due.at) : null;
}

/** The request's timing columns as contract/offline-promise.ts reads them. */
function promiseTimes(r: Pick<OfflineRow, "status" | "promiseAt" | "deliverBy" | "answeredAt" | "deliveredAt">): PromiseTimes {
  return { status: r.status, promiseAt: epochMs(r.promiseAt), deliverBy: epochMs(r.deliverBy), answeredAt: epochMs(r.answeredAt), deliveredAt: epochMs(r.deliveredAt) };
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
  const kinds = query.kind ? [query.kind] : query.group === "articles" ? (["article"] as const) : query.group === "books" ? (["book", "standard"] as const) : null;
  const filter: q.DeskFilter = {
    statuses: query.status === "all" ? null : query.status === "open" ? q.OPEN_STATUSES : query.status === "needs_staff" ? NEEDS_STAFF_STATUSES : [query.status],
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
  const [request, history, audit, group] = await Promise.all([
    deskItemById(deps, id, actor.id),
    q.historyWithActors(deps.db, id),
    q.auditOf(deps.db, id),
    q.sameDocument(deps.db, row.docKey, row.titleKey),
  ]);
  const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? "" } : null);
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
    audit: audit.map((a) => ({ action: a.audit.action, actor: person(a.audit.actorId, a.actorName), at: a.audit.createdAt.toISOString(), details: a.audit.details ?? null })),
    // A solver sees only the members of the group they may act on.
    group: group
      .filter((g) => g.id !== id && mayAct(actor, g))
      .map((g) => ({ id: g.id, status: g.status, user_name: g.userName, created_at: g.createdAt.toISOString(), price: g.price, url: g.url })),
  };
}

export type DeskResult = { request: DeskItem; affected: string[] };

async function result(deps: OfflineDeps, actor: Actor, id: string, affected: string[]): Promise<DeskResult> {
  return { request: await deskItemById(deps, id, actor.id), affected };
}

function notice(deps: OfflineDeps, rows: OfflineRow[], build: (row: OfflineRow, link: string) => OfflineNotice) {
  return Promise.all(rows.map((row) => sendOfflineNotice(deps.notifier, deps.log, build(row, `${deps.origin}${PAGE_OF[row.kind]}`))));
}

/** Other open requests for the same document that this actor may act on and that are in one of `statuses`. */
async function groupMembers(deps: OfflineDeps, actor: Actor, row: OfflineRow, eligible: (r: OfflineRow) => boolean): Promise<OfflineRow[]> {
  const group = await q.sameDocument(deps.db, row.docKey, row.titleKey);
  const ids = group.filter((g) => g.id !== row.id).map((g) => g.id);
  const rows = await q.findRequests(deps.db, ids);
  return rows.filter((r) => mayAct(actor, r) && eligible(r));
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
  await sendOfflineNotice(deps.notifier, deps.log, { userId: displaced.id, template: "desk_taken_over", params: { name: documentName(row), by, link: `${deps.origin}/admin/offlineBooks` } });
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

export async function priceRequest(deps: OfflineDeps, actor: Actor, id: string, input: { price: number; apply_to_group?: boolean | undefined; take_over?: boolean | undefined }): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  if (row.kind === "article") throw new DomainError(offlineText.articleNotPriced);
  if (!priceable(row)) throw new DomainError(offlineText.wrongStatus(row.status));
  const displaced = await displacedHolder(deps, actor, row, input.take_over);
  const targets = [row, ...(input.apply_to_group ? await groupMembers(deps, actor, row, priceable) : [])];
  const answeredAt = new Date(deps.now);
  await applyChanges(
    deps,
    targets.map((t) => ({
      row: t,
      to: "priced" as const,
      action: "priced",
      actorId: actor.id,
      note: null,
      set: { price: input.price, canEdit: false, answeredAt: t.answeredAt ?? answeredAt, ...(t === row ? heldBy(actor) : {}) },
      audit: { price: input.price, previous_price: t.price, group: targets.length > 1, ...(t === row ? { previous_assignee: row.assignedTo } : {}) },
    })),
  );
  await tellDisplaced(deps, actor, row, displaced);
  await notice(deps, targets, (t, link) => ({ userId: t.userId, template: "offline_priced", params: { name: documentName(t), price: input.price, link } }));
  return result(
    deps,
    actor,
    id,
    targets.map((t) => t.id),
  );
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
      audit: { template: input.template ?? null, reason, refunded: row.kind === "article" ? "offline_article_credit" : row.paidWith && (row.status === "paid" || row.status === "in_progress") ? row.paidWith : row.status === "paid" || row.status === "in_progress" ? row.price : null },
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
  let file: { key: string; size: number; name: string } | null = null;
  if (input.file) {
    if (!(await isPdf(input.file))) throw new ValidationError({ file: [offlineText.notPdf] });
    const name = cleanFileName(input.file.name);
    const stored = await storePdf(deps.files, input.file, { requestId: row.id, uploadedBy: actor.id, fileName: name });
    file = { ...stored, name };
  }
  const now = new Date(deps.now);
  try {
    await applyChanges(
      deps,
      targets.map((t) => ({
        row: t,
        to: "delivered" as const,
        action: "delivered",
        actorId: actor.id,
        note: null,
        set: {
          fileKey: file?.key ?? null,
          fileName: file?.name ?? null,
          fileSize: file?.size ?? null,
          deliveredLink: input.link ?? null,
          deliveredAt: now,
          answeredAt: t.answeredAt ?? now,
          assignedTo: t === row ? actor.id : (t.assignedTo ?? actor.id),
          canEdit: false,
        },
        audit: file ? { file: file.key, size: file.size, name: file.name } : { link: input.link },
      })),
    );
  } catch (err) {
    // Nothing refers to the object now: do not leave it behind.
    if (file) await deps.files.delete(file.key).catch(() => undefined);
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

/** Admins give a solution manual to a solver, who then sees it on /solver. */
export async function assignRequest(deps: OfflineDeps, actor: Actor, id: string, solverId: string): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  if (!(q.OPEN_STATUSES as readonly string[]).includes(row.status)) throw new DomainError(offlineText.wrongStatus(row.status));
  const solver = await q.findUser(deps.db, solverId);
  if (!solver || !solver.isSolver) throw new ValidationError({ solver_id: [offlineText.notSolver] });
  await applyChanges(deps, [
    { row, to: row.status, action: "assigned", actorId: actor.id, note: solver.name, set: { assignedTo: solver.id, isSolution: true }, audit: { solver: solver.id, previous_assignee: row.assignedTo } },
  ]);
  await sendOfflineNotice(deps.notifier, deps.log, { userId: solver.id, template: "desk_solver_assigned", params: { name: documentName(row), link: `${deps.origin}/solver` } });
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
  const [rows, open, running] = await Promise.all([q.dashboardRows(db, now - days * 86_400_000, kinds), q.openCounts(db, kinds), q.runningDeadlineRows(db, kinds)]);
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
