/**
 * Drizzle queries and batch statements of offline requests. A change is one batch: an UPDATE guarded by
 * the status the caller read, which also stamps `last_event_id`; an assertion that the stamp is there
 * (else the whole batch, refunds included, rolls back); the history row with that id; the audit row.
 */
import { and, asc, desc, eq, gte, inArray, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { assertStatement } from "../wallet/ledger";

const r = schema.offlineRequests;
const ev = schema.offlineRequestEvents;
const users = schema.users;

export type OfflineRow = typeof r.$inferSelect;
export type OfflineEventRow = typeof ev.$inferSelect;
export type OfflineStatusValue = OfflineRow["status"];
type OfflineKindValue = OfflineRow["kind"];
export type Batch = BatchItem<"sqlite">[];

export const OPEN_STATUSES = schema.openOfflineStatuses;

export async function findRequest(db: Db, id: string): Promise<OfflineRow | undefined> {
  const [row] = await db.select().from(r).where(eq(r.id, id)).limit(1);
  return row;
}

export async function findRequests(db: Db, ids: readonly string[]): Promise<OfflineRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(r)
    .where(inArray(r.id, [...ids]));
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

export function insertEvent(
  db: Db,
  e: { requestId: string; actorId: string | null; action: string; fromStatus: string | null; toStatus: string; note: string | null; at: number; id?: string },
) {
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

/** The kinds on each desk and request page. */
export const KINDS_OF_GROUP = { articles: ["article"], books: ["book", "standard"] } as const satisfies Record<string, readonly OfflineKindValue[]>;

/** A direct book bought from the catalogue is a book request keyed by its catalogue id (see direct-book.ts). */
const DIRECT_BOOK_KEY_PREFIX = "catalog:";
export const directBookKey = (catalogId: number) => `${DIRECT_BOOK_KEY_PREFIX}${catalogId}`;

/** The institution whose quota paid for a direct book (recorded on the purchase's audit row), if any. */
export async function directBookUniversity(db: Db, requestId: string): Promise<string | null> {
  const row = await db.$client
    .prepare(
      "SELECT json_extract(details, '$.university') AS university FROM audit_log WHERE target_type = 'offline_request' AND target_id = ? AND action = 'offline.direct_book' LIMIT 1",
    )
    .bind(requestId)
    .first<{ university: string | null }>();
  return row?.university ?? null;
}
const isDirectBook = sql`substr(${r.docKey}, 1, ${DIRECT_BOOK_KEY_PREFIX.length}) = ${DIRECT_BOOK_KEY_PREFIX}`;

/** The user's pages: offline articles; offline books and standards; direct books bought from the catalogue. */
export async function requestsOfUser(db: Db, userId: string, group: "articles" | "books" | "direct_books"): Promise<OfflineRow[]> {
  const which =
    group === "direct_books"
      ? and(eq(r.kind, "book"), isDirectBook)
      : group === "books"
        ? and(inArray(r.kind, [...KINDS_OF_GROUP.books]), sql`not (${isDirectBook})`)
        : inArray(r.kind, [...KINDS_OF_GROUP.articles]);
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
    .where(and(inArray(r.kind, [...KINDS_OF_GROUP[group]]), ne(r.status, "cancelled")))
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
  /** Free search over the document and the requester. */
  search: { like: string; keys: string[] } | null;
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
  if (f.search) {
    const needle = `%${f.search.like.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`;
    const like = (col: SQLiteColumn) => sql`${col} LIKE ${needle} ESCAPE '\\'`;
    parts.push(
      or(
        ...(f.search.keys.length ? [inArray(r.docKey, f.search.keys)] : []),
        like(r.title),
        like(r.url),
        like(r.doi),
        like(r.code),
        like(r.more),
        like(users.email),
        like(users.mobile),
        like(users.name),
      ),
    );
  }
  return and(...parts);
}

/** The deadline now running, in SQL for the queue's order: contract/offline-promise.ts runningDeadline. */
export const dueAt = sql<
  number | null
>`(CASE WHEN ${r.status} = 'registered' THEN ${r.promiseAt} WHEN ${r.status} IN ('paid', 'in_progress') THEN coalesce(${r.deliverBy}, ${r.promiseAt}) ELSE NULL END)`;

/** Other open requests of the same group (grouping.ts: coalesce(group_key, doc_key), of one kind). */
function sameDocOpen() {
  const key = sql`coalesce(${r.groupKey}, ${r.docKey})`;
  return sql<number>`(SELECT count(*) FROM offline_requests o WHERE (o.group_key = ${key} OR (o.group_key IS NULL AND o.doc_key = ${key})) AND o.kind = ${r.kind} AND o.id <> ${r.id} AND o.status IN ('registered', 'priced', 'paid', 'in_progress'))`.as(
    "same_doc",
  );
}

/** The queue: least time left to the promise first (books), then the oldest. */
export async function deskPage(db: Db, f: DeskFilter) {
  const where = deskWhere(f);
  const assignee = sql<string | null>`(SELECT name FROM users a WHERE a.id = ${r.assignedTo})`.as("assignee_name");
  const sameDoc = sameDocOpen();
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
    .orderBy(sql`${dueAt} IS NULL`, asc(dueAt), asc(r.createdAt), asc(r.id))
    .limit(f.perPage)
    .offset((f.page - 1) * f.perPage);
  const [total] = await db.select({ n: sql<number>`count(*)` }).from(r).innerJoin(users, eq(users.id, r.userId)).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function deskRow(db: Db, id: string) {
  const assignee = sql<string | null>`(SELECT name FROM users a WHERE a.id = ${r.assignedTo})`.as("assignee_name");
  const sameDoc = sameDocOpen();
  const [row] = await db
    .select({ request: r, userName: users.name, userEmail: users.email, userMobile: users.mobile, assigneeName: assignee, sameDocumentOpen: sameDoc })
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .where(eq(r.id, id))
    .limit(1);
  return row;
}

export type DeskRow = NonNullable<Awaited<ReturnType<typeof deskRow>>>;

/** Every request of one group (one piece of work), with who asked. */
export async function groupRows(db: Db, where: SQL) {
  return db.select({ request: r, userName: users.name }).from(r).innerJoin(users, eq(users.id, r.userId)).where(where).orderBy(asc(r.createdAt)).limit(100);
}

/** Names of the users of some requests (the desk's suggestions). */
export async function userNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((u) => [u.id, u.name]));
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

/**
 * The solver a new solution manual goes to: round-robin by load — the fewest open solution manuals
 * held, then the one given work longest ago, then by id — among users with the solver role.
 */
export async function nextSolver(db: Db): Promise<{ id: string; name: string } | undefined> {
  const load = sql<number>`(SELECT count(*) FROM offline_requests o WHERE o.assigned_to = ${users.id} AND o.status IN ('registered', 'priced', 'paid', 'in_progress'))`;
  const last = sql<number>`coalesce((SELECT max(o.created_at) FROM offline_requests o WHERE o.assigned_to = ${users.id}), 0)`;
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.isSolver, true))
    .orderBy(asc(load), asc(last), asc(users.id))
    .limit(1);
  return row;
}

export async function solvers(db: Db) {
  return db.select({ id: users.id, name: users.name }).from(users).where(eq(users.isSolver, true)).orderBy(asc(users.name)).limit(500);
}

/** The catalogue's record of a book by ISBN-13, stored with hyphens or without, as 13 or 10 digits. */
export async function catalogBookFor(db: Db, isbn13: string) {
  const forms = [isbn13];
  if (isbn13.startsWith("978")) {
    const core = isbn13.slice(3, 12);
    const sum = [...core].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0);
    const check = (11 - (sum % 11)) % 11;
    forms.push(core + (check === 10 ? "X" : String(check)));
  }
  const c = schema.catalogItems;
  const [row] = await db
    .select({
      title: c.title,
      authors: c.authors,
      year: c.year,
      publisher: c.publisher,
      edition: c.edition,
      isbn: c.isbn,
      coverUrl: c.coverUrl,
      tomanPrice: c.tomanPrice,
    })
    .from(c)
    .where(inArray(c.isbnKey, forms))
    .limit(1);
  return row ?? null;
}

export async function findUser(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Rows for the dashboard: requests registered since `since`, with their timing columns only. */
const ofKinds = (kinds: readonly OfflineKindValue[] | null) => (kinds ? inArray(r.kind, [...kinds]) : undefined);

export async function dashboardRows(db: Db, since: number, kinds: readonly OfflineKindValue[] | null) {
  return db
    .select({
      kind: r.kind,
      status: r.status,
      createdAt: r.createdAt,
      answeredAt: r.answeredAt,
      deliveredAt: r.deliveredAt,
      promiseAt: r.promiseAt,
      deliverBy: r.deliverBy,
    })
    .from(r)
    .where(and(gte(r.createdAt, new Date(since)), ofKinds(kinds)))
    .limit(50_000);
}

export async function openCounts(db: Db, kinds: readonly OfflineKindValue[] | null) {
  return db
    .select({ status: r.status, n: sql<number>`count(*)` })
    .from(r)
    .where(and(inArray(r.status, [...OPEN_STATUSES]), ofKinds(kinds)))
    .groupBy(r.status);
}

/** Open requests whose deadline may be running (contract/offline-promise.ts decides which and whether it is past). */
export async function runningDeadlineRows(db: Db, kinds: readonly OfflineKindValue[] | null) {
  return db
    .select({ status: r.status, promiseAt: r.promiseAt, deliverBy: r.deliverBy, answeredAt: r.answeredAt, deliveredAt: r.deliveredAt })
    .from(r)
    .where(and(inArray(r.status, ["registered", "paid", "in_progress"]), ofKinds(kinds)));
}

/** Paid (or started) and undelivered: what a user has paid for and staff owe. */
export async function paidWaiting(db: Db, f: Pick<DeskFilter, "kinds" | "solutionsOnly" | "assignedTo">) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(r)
    .where(
      and(
        inArray(r.status, ["paid", "in_progress"]),
        ofKinds(f.kinds),
        f.solutionsOnly ? eq(r.isSolution, true) : undefined,
        f.assignedTo ? eq(r.assignedTo, f.assignedTo) : undefined,
      ),
    )
    .limit(1);
  return Number(row?.n ?? 0);
}
