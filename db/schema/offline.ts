import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, idColumn, timestamps } from "./columns";
import { users } from "./users";

export const offlineKinds = ["article", "book", "standard"] as const;
export const offlineStatuses = ["registered", "priced", "paid", "in_progress", "delivered", "rejected", "cancelled"] as const;

export const offlineRequests = sqliteTable(
  "offline_requests",
  {
    id: idColumn(),
    userId: text().notNull().references(() => users.id),
    kind: text({ enum: offlineKinds }).notNull(),
    url: text().notNull(),
    doi: text(),
    more: text(),
    /** Normalised document key; groups the same document requested by several users. */
    docKey: text().notNull(),
    status: text({ enum: offlineStatuses }).notNull().default("registered"),
    price: integer(),
    rejectReason: text(),
    assignedTo: text(),
    fileKey: text(),
    deliveredLink: text(),
    /** The 12-hour promise for books. */
    promiseAt: integer({ mode: "timestamp_ms" }),
    deliveredAt: integer({ mode: "timestamp_ms" }),
    canEdit: integer({ mode: "boolean" }).notNull().default(true),
    ...timestamps,
  },
  (t) => [
    // the user's request pages and duplicate check
    index("offline_requests_user_idx").on(t.userId, t.docKey),
    // the desk queue ordered by promise
    index("offline_requests_status_promise_idx").on(t.status, t.promiseAt),
    // home feeds by kind
    index("offline_requests_kind_created_idx").on(t.kind, t.createdAt),
  ],
);

export const offlineRequestEvents = sqliteTable(
  "offline_request_events",
  {
    id: idColumn(),
    requestId: text().notNull().references(() => offlineRequests.id),
    actorId: text(),
    fromStatus: text(),
    toStatus: text().notNull(),
    note: text(),
    createdAt: createdAt(),
  },
  // status history of one request
  (t) => [index("offline_request_events_request_idx").on(t.requestId, t.createdAt)],
);
