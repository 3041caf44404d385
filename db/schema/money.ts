import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, idColumn, timestamps } from "./columns";
import { users } from "./users";

export const ledgerAccounts = ["balance", "standard_credit", "offline_article_credit", "unlimited_article_credit", "limited_article_credit"] as const;

/** Append-only: every change to a balance or a credit, written in the same batch as the change. */
export const ledgerEntries = sqliteTable(
  "ledger_entries",
  {
    id: idColumn(),
    userId: text()
      .notNull()
      .references(() => users.id),
    account: text({ enum: ledgerAccounts }).notNull(),
    delta: integer().notNull(),
    /** order, topup, spend_download, admin_adjust, refund, expiry... */
    reason: text().notNull(),
    refType: text(),
    refId: text(),
    note: text(),
    createdBy: text(),
    createdAt: createdAt(),
  },
  (t) => [
    // /profile/financial and ledger sums per user
    index("ledger_user_created_idx").on(t.userId, t.createdAt),
    // admin transactions by kind and date
    index("ledger_account_created_idx").on(t.account, t.createdAt),
  ],
);

export const orderStatuses = ["pending_payment", "completed", "failed"] as const;

export const orders = sqliteTable(
  "orders",
  {
    id: idColumn(),
    userId: text()
      .notNull()
      .references(() => users.id),
    idempotencyKey: text().notNull(),
    cart: text({ mode: "json" }).notNull().$type<unknown>(),
    total: integer().notNull(),
    status: text({ enum: orderStatuses }).notNull(),
    paymentId: text(),
    ...timestamps,
  },
  // a replayed order with the same key is the same order
  (t) => [uniqueIndex("orders_user_idempotency_unique").on(t.userId, t.idempotencyKey)],
);

export const paymentStatuses = ["pending", "paid", "failed", "cancelled"] as const;

export const payments = sqliteTable(
  "payments",
  {
    id: idColumn(),
    userId: text()
      .notNull()
      .references(() => users.id),
    gateway: text().notNull(),
    amount: integer().notNull(),
    authority: text(),
    status: text({ enum: paymentStatuses }).notNull().default("pending"),
    refId: text(),
    cardPan: text(),
    orderId: text(),
    invoiceId: text(),
    cart: text({ mode: "json" }).$type<unknown>(),
    returnTo: text(),
    failureReason: text(),
    verifiedAt: integer({ mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    // callback look-up by the gateway's authority
    uniqueIndex("payments_authority_unique").on(t.authority),
    // a user's payments
    index("payments_user_idx").on(t.userId, t.createdAt),
  ],
);

export const invoices = sqliteTable(
  "invoices",
  {
    id: idColumn(),
    createdBy: text().notNull(),
    userId: text(),
    universityId: text(),
    title: text().notNull(),
    amount: integer().notNull(),
    status: text({ enum: ["open", "paid", "cancelled"] })
      .notNull()
      .default("open"),
    paymentId: text(),
    paidAt: integer({ mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  // a user's open invoices
  (t) => [index("invoices_user_idx").on(t.userId)],
);

/** Admin-managed price table (whole toman). */
export const prices = sqliteTable("prices", {
  key: text().primaryKey(),
  title: text().notNull(),
  price: integer().notNull(),
  updatedAt: integer({ mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date()),
});

export const pricePackages = sqliteTable("price_packages", {
  id: integer().primaryKey(),
  title: text().notNull(),
  articles: integer().notNull(),
  price: integer().notNull(),
  description: text().notNull(),
});
