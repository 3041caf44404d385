import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, idColumn, timestamps } from "./columns";
import { users } from "./users";

export const offlineKinds = ["article", "book", "standard"] as const;
export const offlineStatuses = ["registered", "priced", "paid", "in_progress", "delivered", "rejected", "cancelled"] as const;
/** Statuses of a request still being worked on; a user has at most one such request per document. */
export const openOfflineStatuses = ["registered", "priced", "paid", "in_progress"] as const;

export const offlineRequests = sqliteTable(
  "offline_requests",
  {
    id: idColumn(),
    userId: text()
      .notNull()
      .references(() => users.id),
    kind: text({ enum: offlineKinds }).notNull(),
    url: text().notNull(),
    doi: text(),
    /** What the user typed in the "DOI or standard number" field when it is not a DOI (e.g. "ASTM D638-14"). */
    code: text(),
    more: text(),
    /** Normalised document key; groups the same document requested by several users. */
    docKey: text().notNull(),
    /**
     * The folded title (case, spacing, punctuation, a trailing author or edition dropped), when one is
     * known: the user's text or the catalogue's title for an ISBN. Groups an ISBN request with the same
     * book asked for by title.
     */
    titleKey: text(),
    /** Title from the DOI's metadata, when the request named a DOI (shown to staff). */
    title: text(),
    /** A solution manual: the desk may assign it to a solver. */
    isSolution: integer({ mode: "boolean" }).notNull().default(false),
    status: text({ enum: offlineStatuses }).notNull().default("registered"),
    price: integer(),
    rejectReason: text(),
    assignedTo: text(),
    fileKey: text(),
    fileName: text(),
    fileSize: integer(),
    deliveredLink: text(),
    /**
     * A file (or link) staff attached when pricing: delivered by the payment itself, in the order's
     * batch. Never shown or signed for the requesting user before that (see offline/prepared.ts).
     */
    preparedFileKey: text(),
    preparedFileName: text(),
    preparedFileSize: integer(),
    preparedLink: text(),
    /**
     * The piece of work this request belongs to: requests for the same edition share it (set at
     * registration from identifiers, title, authors and edition; staff may join or split). Rows from
     * before it existed group by `docKey`: the group is `coalesce(group_key, doc_key)`.
     */
    groupKey: text(),
    /** Why it joined its group: isbn, doi, standard, title, title_no_edition, staff; null when it started it. */
    groupBasis: text(),
    /** What registration resolved about the document (title, authors, edition, year, publisher, cover, ISBNs). */
    meta: text({ mode: "json" }).$type<Record<string, unknown>>(),
    /** Staff's own note on the request, kept to delivery; never shown to the user. */
    staffNote: text(),
    /** The 12-hour promise for books. */
    promiseAt: integer({ mode: "timestamp_ms" }),
    /** First staff answer (price, rejection or delivery): the 12-hour promise is met when this is before promiseAt. */
    answeredAt: integer({ mode: "timestamp_ms" }),
    paidAt: integer({ mode: "timestamp_ms" }),
    /** Delivery deadline: set at payment (books, standards) or registration (articles), per kind, by the operator's setting. */
    deliverBy: integer({ mode: "timestamp_ms" }),
    deliveredAt: integer({ mode: "timestamp_ms" }),
    canEdit: integer({ mode: "boolean" }).notNull().default(true),
    /** Paid with a credit instead of a price (a standard ordered with one standard credit): what a rejection refunds. */
    /** What paid for it other than toman: a standard credit, or a unit of the member's institution quota (a direct book). */
    paidWith: text({ enum: ["standard_credit", "university_quota"] }),
    /**
     * Id of the history row of the latest change. Every change sets it in its guarded UPDATE and the
     * same batch asserts it, so a change that lost a race rolls back everything with it (refunds too).
     */
    lastEventId: text(),
    ...timestamps,
  },
  (t) => [
    // the user's request pages and duplicate check
    index("offline_requests_user_idx").on(t.userId, t.docKey),
    // the desk queue ordered by promise
    index("offline_requests_status_promise_idx").on(t.status, t.promiseAt),
    // home feeds by kind
    index("offline_requests_kind_created_idx").on(t.kind, t.createdAt),
    // the same document requested by several users, grouped on the desk
    index("offline_requests_doc_key_idx").on(t.docKey, t.status),
    index("offline_requests_title_key_idx").on(t.titleKey, t.status),
    // one piece of work: group_key, or doc_key on rows from before it (see groupKey)
    index("offline_requests_group_idx").on(t.groupKey, t.status),
    // staff alerts: new requests and payments since a moment
    index("offline_requests_created_idx").on(t.createdAt),
    index("offline_requests_paid_at_idx").on(t.paidAt),
    // a duplicate open request by the same user for the same document is refused by SQL too (races)
    uniqueIndex("offline_requests_open_unique").on(t.userId, t.docKey).where(sql`${t.status} in ('registered', 'priced', 'paid', 'in_progress')`),
  ],
);

export const offlineRequestEvents = sqliteTable(
  "offline_request_events",
  {
    id: idColumn(),
    requestId: text()
      .notNull()
      .references(() => offlineRequests.id),
    actorId: text(),
    /** What happened: a status change, or claimed / assigned / repriced without one. */
    action: text(),
    fromStatus: text(),
    toStatus: text().notNull(),
    note: text(),
    createdAt: createdAt(),
  },
  // status history of one request
  (t) => [index("offline_request_events_request_idx").on(t.requestId, t.createdAt)],
);

/**
 * Every key a request can be found by when a later request for the same document arrives: each
 * ISBN-13, its DOI, a standard's number without its year, the start of its folded title. One request
 * has a handful; a lookup reads only the rows of the new request's keys.
 */
export const offlineRequestKeys = sqliteTable(
  "offline_request_keys",
  {
    key: text().notNull(),
    requestId: text()
      .notNull()
      .references(() => offlineRequests.id),
  },
  (t) => [primaryKey({ columns: [t.key, t.requestId] }), index("offline_request_keys_request_idx").on(t.requestId)],
);

/** What a staff member wants to be e-mailed about (in the app they are always told). */
export const deskAlertPrefs = sqliteTable("desk_alert_prefs", {
  userId: text()
    .primaryKey()
    .references(() => users.id),
  emailNewRequests: integer({ mode: "boolean" }).notNull().default(false),
  emailPayments: integer({ mode: "boolean" }).notNull().default(false),
  updatedAt: integer({ mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date()),
});
