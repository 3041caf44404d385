import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, idColumn } from "./columns";
import { users } from "./users";

/** wrong: another work; broken: does not open or is cut; other_version: the right work, another version than labelled. */
export const fileReportReasons = ["wrong", "broken", "other_version"] as const;
/** pending: on the staff desk; withdrawn: the file was withdrawn (threshold or staff); dismissed: staff found the file right. */
export const fileReportStatuses = ["pending", "withdrawn", "dismissed"] as const;
/** reports: enough distinct signed-in users reported it; staff: confirmed on the desk. */
export const fileWithdrawalCauses = ["reports", "staff"] as const;

/**
 * A user's report that a served file is wrong (worker/features/file-reports). Made only from a
 * receipt: the `downloads` row of the result that delivered this file to the reporter.
 */
export const fileReports = sqliteTable(
  "file_reports",
  {
    id: idColumn(),
    /** The stored file (stored_files.key) the receipt delivered. */
    fileKey: text().notNull(),
    /** The receipt: the downloads row (ticket nonce) of the result that delivered it. */
    downloadId: text().notNull(),
    jobKey: text().notNull(),
    doi: text(),
    /** The signed-in reporter; null for a guest's receipt. */
    userId: text().references(() => users.id),
    /** `u:<user id>` or, for a guest, `g:<downloads id>`: one report per reporter and file. */
    reporter: text().notNull(),
    reason: text({ enum: fileReportReasons }).notNull(),
    note: text(),
    /** The fetch job's steps when the report was made (each location tried and how its file was judged), for the desk. */
    evidence: text({ mode: "json" }).$type<{ step: string; outcome: string; ms: number; detail?: string | undefined }[]>(),
    status: text({ enum: fileReportStatuses }).notNull().default("pending"),
    createdAt: createdAt(),
    resolvedAt: integer({ mode: "timestamp_ms" }),
    /** The staff member who confirmed or dismissed; null when the threshold withdrew the file. */
    resolvedBy: text().references(() => users.id),
  },
  (t) => [
    // one report per reporter and file (also the lookup of a file's reports)
    uniqueIndex("file_reports_once_idx").on(t.fileKey, t.reporter),
    // the desk: pending reports, oldest first
    index("file_reports_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * A withdrawn file: never served again (/files refuses its signed links), and no fetch of its
 * document serves it again: the location it came from is skipped and the same bytes (SHA-256)
 * from anywhere are refused (queue-consumer/withdrawn.ts).
 */
export const fileWithdrawals = sqliteTable(
  "file_withdrawals",
  {
    fileKey: text().primaryKey(),
    jobKey: text(),
    /** Lower-case DOI of the document, when known. */
    doi: text(),
    sha256: text(),
    sourceUrl: text(),
    sourceHost: text(),
    cause: text({ enum: fileWithdrawalCauses }).notNull(),
    /** The staff member who confirmed; null for the threshold. */
    withdrawnBy: text().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    // the consumer's exclusions for a document
    index("file_withdrawals_doi_idx").on(t.doi),
    index("file_withdrawals_job_idx").on(t.jobKey),
    // a run that loaded its exclusions before a withdrawal: checked again as it stores
    index("file_withdrawals_sha_idx").on(t.sha256),
  ],
);
