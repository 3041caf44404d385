import {
  NEEDS_STAFF_STATUSES,
  type DeskDashboard,
  type DeskDetail,
  type DeskItem,
  type DeskList,
  type DeskQuery,
  GroupBasis,
  RequestMeta,
} from "../../../contract/offline";
import { DomainError, NotFoundError } from "../../lib/errors";
import { identify, jobKeyFor } from "../../../lib/identify";
import { docKeyFor, identifyRequest, titleKey } from "./content-type";
import { groupKeyOf, groupOf, suggestionsFor } from "./grouping";
import { deskPrices } from "./list-prices";
import { overdue, promiseOutcome, runningDeadline } from "../../../contract/offline-promise";
import { FILE_LINK_TTL_MS, signFileLink } from "../files/signing";
import { carried } from "./attachments";
import { offlineText } from "./messages";
import * as q from "./queries";
import type { OfflineEventRow, OfflineRow, OfflineStatusValue } from "./queries";
import { iso, type Actor, type OfflineDeps } from "./context";
import { promiseTimes, requestView } from "./requests";

// ---------------------------------------------------------------- the desk

/** A solver acts only on solution manuals assigned to them; admins on everything. */
export function mayAct(actor: Actor, row: Pick<OfflineRow, "isSolution" | "assignedTo">): boolean {
  return actor.isAdmin || (actor.isSolver && row.isSolution && row.assignedTo === actor.id);
}

export async function deskTarget(deps: OfflineDeps, actor: Actor, id: string): Promise<OfflineRow> {
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
        download_url: await signFileLink(deps.signingSecret, { key: row.preparedFileKey, now: deps.now, userId: viewerId }),
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

export async function deskItemById(deps: OfflineDeps, id: string, viewerId: string): Promise<DeskItem> {
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
