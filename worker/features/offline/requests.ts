/**
 * Offline requests, the user's side: register, list, cancel, download, and paying (the wallet's
 * fulfiller). The delivery desk's verbs are in desk.ts and desk-actions.ts. Every change is one D1
 * batch (changes.ts): guarded by the status that was read, with its history and audit rows and any refund.
 *
 * Life of a request (search-and-download.md §1, §4; the desk is ours):
 *   book / standard: registered → priced → paid (wallet order) → in_progress (claimed) → delivered
 *   article:         registered (one offline request credit spent) → in_progress → delivered
 *   any open one may be rejected with a reason (a paid price or a spent credit is refunded);
 *   the user may cancel while nothing is paid (a registered article gets its credit back).
 *   Staff may also deliver a registered request at once (a free copy found).
 * The 12-hour promise (books): staff answer (price, reject or deliver) within 12 hours of registration.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import {
  LAST_OFFLINE_LIMIT,
  type DeskHours,
  type LastOfflineList,
  type OfflineGroup,
  type OfflineRequestView,
  GroupBasis,
  RequestMeta,
} from "../../../contract/offline";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { detectPersianRequest } from "../../../lib/persian-detect";
import { DomainError, NotFoundError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import { InsufficientFundsError, d1Of, ledgerChange, runMoneyBatch, classifyBatchError, type MoneyBatchItem } from "../../money/ledger";
import { identify } from "../../../lib/identify";
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
import { answerHours, answerPromise, deliveryDeadline, deskHours } from "./deadlines";
import { alertStaff } from "./staff-alerts";
import { keyStatements, ownGroupKey, placeRequest } from "./grouping";
import { resolveRequestMetadata } from "./request-metadata";
import { signatureOf } from "./same-edition";
import { epochMs, promiseOutcome, type PromiseTimes } from "../../../contract/offline-promise";
import { FILE_LINK_TTL_MS, signFileLink } from "../files/signing";
import { documentName, offlineText } from "./messages";
import { sendOfflineNotice } from "./notifications";
import * as q from "./queries";
import type { OfflineEventRow, OfflineRow, OfflineStatusValue } from "./queries";
import { applyChanges, refundFor } from "./changes";
import { iso, PAGE_OF, type OfflineDeps } from "./context";

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
    download_url: await signFileLink(deps.signingSecret, { key: row.fileKey, now: deps.now, userId: viewerId }),
    // The signer keeps whole seconds.
    expires_at: new Date(Math.floor((deps.now + FILE_LINK_TTL_MS) / 1000) * 1000).toISOString(),
  };
}

/** Not yet paid: a book while registered or priced; an article while no one has started on it (its credit comes back). */
const canCancel = (row: OfflineRow) => row.status === "priced" || (row.status === "registered" && (row.kind !== "article" || row.assignedTo === null));

export async function requestView(deps: OfflineDeps, row: OfflineRow, events: OfflineEventRow[], viewerId: string): Promise<OfflineRequestView> {
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

/** The request's timing columns as contract/offline-promise.ts reads them. */
export function promiseTimes(r: Pick<OfflineRow, "status" | "promiseAt" | "deliverBy" | "answeredAt" | "deliveredAt">): PromiseTimes {
  return {
    status: r.status,
    promiseAt: epochMs(r.promiseAt),
    deliverBy: epochMs(r.deliverBy),
    answeredAt: epochMs(r.answeredAt),
    deliveredAt: epochMs(r.deliveredAt),
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
