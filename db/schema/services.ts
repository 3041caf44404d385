import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, idColumn, timestamps } from "./columns";
import { users } from "./users";

export const serviceKinds = ["ithenticate", "grammarly", "scifinder", "ai"] as const;
export const serviceStatuses = ["awaiting_upload", "submitted", "in_progress", "done", "rejected"] as const;

export const uploads = sqliteTable(
  "uploads",
  {
    id: idColumn(),
    userId: text()
      .notNull()
      .references(() => users.id),
    kind: text().notNull(),
    fileKey: text().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_user_idx").on(t.userId)],
);

export const serviceOrders = sqliteTable(
  "service_orders",
  {
    id: idColumn(),
    userId: text()
      .notNull()
      .references(() => users.id),
    kind: text({ enum: serviceKinds }).notNull(),
    status: text({ enum: serviceStatuses }).notNull(),
    orderId: text(),
    uploadId: text(),
    reportKey: text(),
    accountUsername: text(),
    accountSecret: text(),
    guaranteeUntil: integer({ mode: "timestamp_ms" }),
    handledBy: text(),
    note: text(),
    paidByContract: integer({ mode: "boolean" }).notNull().default(false),
    ...timestamps,
  },
  // /profile/vipServices and the admin queue
  (t) => [index("service_orders_user_idx").on(t.userId, t.createdAt), index("service_orders_status_idx").on(t.status)],
);
