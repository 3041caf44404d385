/**
 * Drizzle queries and batch statements of offline requests. A change is one batch: an UPDATE guarded by
 * the status the caller read, which also stamps `last_event_id`; an assertion that the stamp is there
 * (else the whole batch, refunds included, rolls back); the history row with that id; the audit row.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { assertStatement } from "../wallet/ledger";

const r = schema.offlineRequests;
const ev = schema.offlineRequestEvents;
const users = schema.users;

export type OfflineRow = typeof r.$inferSelect;
export type OfflineEventRow = typeof ev.$inferSelect;
export type OfflineStatusValue = OfflineRow["status"];
export type OfflineKindValue = OfflineRow["kind"];
export type Batch = BatchItem<"sqlite">[];

export const OPEN_STATUSES = schema.openOfflineStatuses;

export async function findRequest(db: Db, id: string): Promise<OfflineRow | undefined> {
  const [row] = await db.select().from(r).where(eq(r.id, id)).limit(1);
  return row;
}

export async function findRequests(db: Db, ids: readonly string[]): Promise<OfflineRow[]> {
  if (!ids.length) return [];
  return db.select().from(r).where(inArray(r.id, [...ids]));
}

/** The user's open request for the same document, if any (duplicate check). */
export async function findOpenDuplicate(db: Db, userId: string, docKey: string): Promise<OfflineRow | undefined> {
  const [row] = await db
    .select()
    .from(r)
    .where(and(eq(r.userId, userId), eq(r.docKey, docKey), inArray(r.status, [...OPEN_STATUSES])))
    .limit(1);
  return row;
}

export function insertRequest(db: Db, row: typeof r.$inferInsert) {
  return db.insert(r).values(row);
}

export function insertEvent(db: Db, e: { requestId: string; actorId: string | null; action: string; fromStatus: string | null; toStatus: string; note: string | null; at: number; id?: string }) {
  return db.insert(ev).values({
    id: e.id ?? newId("ore", e.at),
    requestId: e.requestId,
    actorId: e.actorId,
    action: e.action,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    note: e.note,
    createdAt: new Date(e.at),
  });
}

export function insertAudit(db: Db, a: { actorId: string | null; action: string; requestId: string; at: number; details: Record<string, unknown> }) {
  return db.insert(schema.auditLog).values({
    id: newId("aud", a.at),
    actorId: a.actorId,
    action: a.action,
    targetType: "offline_request",
    targetId: a.requestId,
    details: a.details,
    createdAt: new Date(a.at),
  });
}

/** An update that applies only while the request is still in `from` (and `extra` holds); it stamps `eventId`. */
export function guardedUpdate(db: Db, id: string, from: OfflineStatusValue, eventId: string, set: Partial<typeof r.$inferInsert>, extra?: SQL) {
  return db
    .update(r)
    .set({ ...set, lastEventId: eventId })
    .where(and(eq(r.id, id), eq(r.status, from), extra));
}

/** Fails the batch unless the guarded update above stamped this change's event id. */
export function assertChanged(db: Db, id: string, eventId: string) {
  return assertStatement(db, "EXISTS (SELECT 1 FROM offline_requests WHERE id = ? AND last_event_id = ?)", [id, eventId]);
}

export async function eventsOf(db: Db, requestIds: readonly string[]): Promise<Map<string, OfflineEventRow[]>> {
  const out = new Map<string, OfflineEventRow[]>();
  if (!requestIds.length) return out;
  const rows = await db
    .select()
    .from(ev)
    .where(inArray(ev.requestId, [...requestIds]))
    .orderBy(asc(ev.createdAt), asc(ev.id));
  for (const row of rows) {
    const list = out.get(row.requestId) ?? [];
    list.push(row);
    out.set(row.requestId, list);
  }
  return out;
}

const GROUP_KINDS = { articles: ["article"], books: ["book", "standard"] } as const;

/** A direct book bought from the catalogue is a book request keyed by its catalogue id (see direct-book.ts). */
export const DIRECT_BOOK_KEY_PREFIX = "catalog:";
export const directBookKey = (catalogId: number) => `${DIRECT_BOOK_KEY_PREFIX}${catalogId}`;
const isDirectBook = sql`substr(${r.docKey}, 1, ${DIRECT_BOOK_KEY_PREFIX.length}) = ${DIRECT_BOOK_KEY_PREFIX}`;

/** The user's pages: offline articles; offline books and standards; direct books bought from the catalogue. */
export async function requestsOfUser(db: Db, userId: string, group: "articles" | "books" | "direct_books"): Promise<OfflineRow[]> {
  const which =
    group === "direct_books"
      ? and(eq(r.kind, "book"), isDirectBook)
      : group === "books"
        ? and(inArray(r.kind, [...GROUP_KINDS.books]), sql`not (${isDirectBook})`)
        : inArray(r.kind, [...GROUP_KINDS.articles]);
  return db
    .select()
    .from(r)
    .where(and(eq(r.userId, userId), which))
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(200);
}

/** The home feeds: latest requests of a group, without anything about who asked. */
export async function latestRequests(db: Db, group: "articles" | "books", limit: number) {
  return db
    .select({ createdAt: r.createdAt, url: r.url, title: r.title })
    .from(r)
    .where(and(inArray(r.kind, [...GROUP_KINDS[group]]), ne(r.status, "cancelled")))
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(limit);
}

// ---------------------------------------------------------------- the desk

export type DeskFilter = {
  statuses: readonly OfflineStatusValue[] | null;
  kinds: readonly OfflineKindValue[] | null;
  solutionsOnly: boolean;
  /** Solvers see only what is assigned to them. */
  assignedTo: string | null;
  createdBefore: number | null;
  user: string | null;
  page: number;
  perPage: number;
};

function deskWhere(f: DeskFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.statuses) parts.push(inArray(r.status, [...f.statuses]));
  if (f.kinds) parts.push(inArray(r.kind, [...f.kinds]));
  if (f.solutionsOnly) parts.push(eq(r.isSolution, true));
  if (f.assignedTo) parts.push(eq(r.assignedTo, f.assignedTo));
  if (f.createdBefore !== null) parts.push(lte(r.createdAt, new Date(f.createdBefore)));
  if (f.user) {
    const needle = `%${f.user.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`;
    parts.push(
      or(
        eq(r.userId, f.user),
        sql`${users.email} LIKE ${needle} ESCAPE '\\'`,
        sql`${users.mobile} LIKE ${needle} ESCAPE '\\'`,
        sql`${users.name} LIKE ${needle} ESCAPE '\\'`,
      ),
    );
  }
  return and(...parts);
}

/** The queue: least time left to the promise first (books), then the oldest. */
export async function deskPage(db: Db, f: DeskFilter) {
  const where = deskWhere(f);
  const assignee = sql<string | null>`(SELECT name FROM users a WHERE a.id = ${r.assignedTo})`.as("assignee_name");
  const sameDoc = sql<number>`(SELECT count(*) FROM offline_requests o WHERE o.doc_key = ${r.docKey} AND o.id <> ${r.id} AND o.status IN ('registered', 'priced', 'paid', 'in_progress'))`.as("same_doc");
  const rows = await db
    .select({
      request: r,
      userName: users.name,
      userEmail: users.email,
      userMobile: users.mobile,
      assigneeName: assignee,
      sameDocumentOpen: sameDoc,
    })
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .where(where)
    .orderBy(sql`${r.promiseAt} IS NULL`, asc(r.promiseAt), asc(r.createdAt), asc(r.id))
    .limit(f.perPage)
    .offset((f.page - 1) * f.perPage);
  const [total] = await db
    .select({ n: sql<number>`count(*)` })
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function deskRow(db: Db, id: string) {
  const assignee = sql<string | null>`(SELECT name FROM users a WHERE a.id = ${r.assignedTo})`.as("assignee_name");
  const sameDoc = sql<number>`(SELECT count(*) FROM offline_requests o WHERE o.doc_key = ${r.docKey} AND o.id <> ${r.id} AND o.status IN ('registered', 'priced', 'paid', 'in_progress'))`.as("same_doc");
  const [row] = await db
    .select({ request: r, userName: users.name, userEmail: users.email, userMobile: users.mobile, assigneeName: assignee, sameDocumentOpen: sameDoc })
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .where(eq(r.id, id))
    .limit(1);
  return row;
}

export type DeskRow = NonNullable<Awaited<ReturnType<typeof deskRow>>>;

/** Every request for the same document (grouped for staff). */
export async function sameDocument(db: Db, docKey: string) {
  return db
    .select({ id: r.id, status: r.status, userName: users.name, createdAt: r.createdAt, price: r.price, kind: r.kind, assignedTo: r.assignedTo, isSolution: r.isSolution })
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .where(eq(r.docKey, docKey))
    .orderBy(asc(r.createdAt))
    .limit(100);
}

export async function historyWithActors(db: Db, requestId: string) {
  return db
    .select({ event: ev, actorName: users.name })
    .from(ev)
    .leftJoin(users, eq(users.id, ev.actorId))
    .where(eq(ev.requestId, requestId))
    .orderBy(asc(ev.createdAt), asc(ev.id));
}

export async function auditOf(db: Db, requestId: string) {
  const a = schema.auditLog;
  return db
    .select({ audit: a, actorName: users.name })
    .from(a)
    .leftJoin(users, eq(users.id, a.actorId))
    .where(and(eq(a.targetType, "offline_request"), eq(a.targetId, requestId)))
    .orderBy(asc(a.createdAt), asc(a.id));
}

export async function solvers(db: Db) {
  return db.select({ id: users.id, name: users.name }).from(users).where(eq(users.isSolver, true)).orderBy(asc(users.name)).limit(500);
}

export async function findUser(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Rows for the dashboard: requests registered since `since`, with their timing columns only. */
export async function dashboardRows(db: Db, since: number) {
  return db
    .select({ kind: r.kind, status: r.status, createdAt: r.createdAt, answeredAt: r.answeredAt, deliveredAt: r.deliveredAt, promiseAt: r.promiseAt })
    .from(r)
    .where(gte(r.createdAt, new Date(since)))
    .limit(50_000);
}

export async function openCounts(db: Db) {
  return db
    .select({ status: r.status, n: sql<number>`count(*)` })
    .from(r)
    .where(inArray(r.status, [...OPEN_STATUSES]))
    .groupBy(r.status);
}

/** Open, unanswered books past their promise right now. */
export async function overdueCount(db: Db, now: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(r)
    .where(and(isNotNull(r.promiseAt), lte(r.promiseAt, new Date(now)), eq(r.status, "registered")))
    .limit(1);
  return row?.n ?? 0;
}

