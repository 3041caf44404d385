import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, idColumn, timestamps } from "./columns";
import { universities } from "./universities";

export const users = sqliteTable(
  "users",
  {
    id: idColumn(),
    name: text().notNull(),
    username: text(),
    email: text().notNull(),
    emailVerifiedAt: integer({ mode: "timestamp_ms" }),
    mobile: text(),
    mobileVerifiedAt: integer({ mode: "timestamp_ms" }),
    passwordHash: text().notNull(),
    isAdmin: integer({ mode: "boolean" }).notNull().default(false),
    isSolver: integer({ mode: "boolean" }).notNull().default(false),
    /** Contract partner: manages its institution's panel (/panel2). */
    isPartner: integer({ mode: "boolean" }).notNull().default(false),
    universityId: text().references(() => universities.id),
    universityEmail: text(),
    universityVerifiedAt: integer({ mode: "timestamp_ms" }),
    blockedAt: integer({ mode: "timestamp_ms" }),
    /** Cached sums of the ledger, changed only in the same batch as a ledger row. */
    balance: integer().notNull().default(0),
    standardCredit: integer().notNull().default(0),
    offlineArticleCredit: integer().notNull().default(0),
    unlimitedArticleCredit: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // login by e-mail, mobile or username
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_mobile_unique").on(t.mobile),
    uniqueIndex("users_username_unique").on(t.username),
    // partner panel: members of an institution
    index("users_university_idx").on(t.universityId),
    check("users_balance_non_negative", sql`${t.balance} >= 0`),
    check("users_standard_credit_non_negative", sql`${t.standardCredit} >= 0`),
    check("users_offline_credit_non_negative", sql`${t.offlineArticleCredit} >= 0`),
    check("users_unlimited_credit_non_negative", sql`${t.unlimitedArticleCredit} >= 0`),
  ],
);

/** Limited article credits come in lots that expire one month after purchase. */
export const creditLots = sqliteTable(
  "credit_lots",
  {
    id: idColumn(),
    userId: text()
      .notNull()
      .references(() => users.id),
    remaining: integer().notNull(),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    sourceRef: text(),
    createdAt: createdAt(),
  },
  (t) => [
    // spending: oldest unexpired lot of a user first
    index("credit_lots_user_expiry_idx").on(t.userId, t.expiresAt),
    check("credit_lots_remaining_non_negative", sql`${t.remaining} >= 0`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the cookie token; the token itself is never stored. */
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id),
    remember: integer({ mode: "boolean" }).notNull().default(false),
    userAgent: text(),
    ip: text(),
    createdAt: createdAt(),
    lastSeenAt: integer({ mode: "timestamp_ms" }).notNull(),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    revokedAt: integer({ mode: "timestamp_ms" }),
  },
  // the user's list of active sessions on /profile
  (t) => [index("sessions_user_idx").on(t.userId)],
);

// A text enum: SQLite stores plain text, so adding a purpose needs no migration.
export const verificationPurposes = ["mobile_verify", "password_reset_sms", "password_reset_email", "university_email", "email_change"] as const;

/** One-time codes and links (SMS codes, e-mail links); stored hashed. */
export const verificationCodes = sqliteTable(
  "verification_codes",
  {
    id: idColumn(),
    purpose: text({ enum: verificationPurposes }).notNull(),
    userId: text().references(() => users.id),
    target: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    consumedAt: integer({ mode: "timestamp_ms" }),
    payload: text({ mode: "json" }).$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [
    // latest code for a target (resend timing, daily cap)
    index("verification_codes_target_idx").on(t.purpose, t.target, t.createdAt),
    // link look-up by hash
    index("verification_codes_hash_idx").on(t.codeHash),
  ],
);

/** Sliding-window counters for abuse limits (failed logins per identifier and per IP). */
export const rateLimitHits = sqliteTable(
  "rate_limit_hits",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    key: text().notNull(),
    at: integer({ mode: "timestamp_ms" }).notNull(),
  },
  // counting hits of a key inside a window
  (t) => [index("rate_limit_hits_key_at_idx").on(t.key, t.at)],
);

export const outboxChannels = ["sms", "email"] as const;

/** Development outbox: SMS and e-mail when no provider key is configured. */
export const devOutbox = sqliteTable(
  "dev_outbox",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    channel: text({ enum: outboxChannels }).notNull(),
    recipient: text().notNull(),
    subject: text(),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  // newest first on /dev/outbox
  (t) => [index("dev_outbox_created_idx").on(t.createdAt)],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: idColumn(),
    actorId: text(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    details: text({ mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  // the trail of one target (an offline request, a user)
  (t) => [index("audit_log_target_idx").on(t.targetType, t.targetId, t.createdAt)],
);
