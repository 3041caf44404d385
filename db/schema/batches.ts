import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, idColumn } from "./columns";
import { users } from "./users";
import type { WorkBiblio } from "../../contract/jobs/job-state";

/** Batch statuses are the link/DOI download's (the batch shows the same jobs). */
export const batchEntryStatuses = ["processing", "ok", "buy", "offline", "error"] as const;

/**
 * A reading list resolved at once. Owned by a signed-in user, or by the guest whose
 * HttpOnly cookie hashes to guestTokenHash.
 */
export const batches = sqliteTable(
  "batches",
  {
    id: idColumn(),
    userId: text().references(() => users.id),
    guestTokenHash: text(),
    format: text().notNull(),
    filename: text(),
    entryCount: integer().notNull(),
    createdAt: createdAt(),
  },
  // the user's own batches, newest first
  (t) => [index("batches_user_created_idx").on(t.userId, t.createdAt)],
);

/**
 * One reference of a batch. `ticket` is the link/DOI download's poll id for the entry's shared
 * fetch job (one job per document: many lists share resolutions); the terminal result is copied
 * here so later reads need no Durable Object call.
 */
export const batchEntries = sqliteTable(
  "batch_entries",
  {
    batchId: text()
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    /** The parsed reference (lib/citations Citation) as JSON. */
    citation: text({ mode: "json" }).notNull().$type<Record<string, unknown>>(),
    /** identifier | reference */
    lookupKind: text().notNull(),
    lookup: text().notNull(),
    ticket: text(),
    jobKey: text(),
    status: text({ enum: batchEntryStatuses }).notNull().default("processing"),
    step: text(),
    msg: text(),
    doi: text(),
    title: text(),
    year: text(),
    source: text(),
    license: text(),
    fileKey: text(),
    access: text({ enum: ["open", "licensed"] }),
    /** Retraction/correction notices of the job, as shown with the result. */
    notices: text({ mode: "json" }).$type<string[]>(),
    /** The matched work's bibliographic record (authors, journal, volume, pages…), for exports and ZIP names. */
    biblio: text({ mode: "json" }).$type<WorkBiblio>(),
    updatedAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.position] }),
    // entries that hold a file: a withdrawn file's entries are checked again
    index("batch_entries_file_idx").on(t.fileKey),
    // entries started and not yet ended, by last change (the list page's first wait estimate reads the recent ones)
    index("batch_entries_in_flight_idx").on(t.updatedAt, t.batchId).where(sql`${t.status} = 'processing' and ${t.ticket} is not null`),
  ],
);

export const libraryNoticeKinds = ["retraction", "withdrawal", "correction", "expression_of_concern", "other"] as const;

/** One notice told to one user about one document (unique: told once). */
export const libraryNotices = sqliteTable(
  "library_notices",
  {
    id: idColumn(),
    userId: text()
      .notNull()
      .references(() => users.id),
    doi: text().notNull(),
    noticeDoi: text().notNull(),
    kind: text({ enum: libraryNoticeKinds }).notNull(),
    title: text(),
    readAt: integer({ mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("library_notices_user_idx").on(t.userId, t.createdAt), uniqueIndex("library_notices_once_idx").on(t.userId, t.doi, t.noticeDoi)],
);

/** Users who switched the library's retraction notices off (absent: on). */
export const libraryWatchOptOuts = sqliteTable("library_watch_opt_outs", {
  userId: text()
    .primaryKey()
    .references(() => users.id),
  createdAt: createdAt(),
});
