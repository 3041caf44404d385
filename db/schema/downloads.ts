import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, idColumn } from "./columns";
import { users } from "./users";

export const fetchOutcomes = ["ok", "buy", "offline", "error"] as const;
/** open: an open-access copy anyone may download; licensed: served only to users entitled to it. */
export const fileAccess = ["open", "licensed"] as const;
export const fileVerifications = ["doi_on_page", "title", "trusted_source", "unverified"] as const;
/** contract/getpdf.ts DocumentNotice, as stored. */
export type DocumentNoticeRow = { type: string; doi: string; date: string | null; source: string; relation: string };

/**
 * One row per terminal fetch result shown to someone: history, feeds and statistics.
 * The id is the poll ticket's nonce, so showing one result again never adds a row.
 */
export const downloads = sqliteTable(
  "downloads",
  {
    id: idColumn(),
    userId: text().references(() => users.id),
    jobKey: text().notNull(),
    outcome: text({ enum: fetchOutcomes }).notNull(),
    doi: text(),
    url: text(),
    title: text(),
    source: text(),
    license: text(),
    fileKey: text(),
    /** Retraction/correction notices shown with the result, kept for /profile/booksAndArticles. */
    notices: text({ mode: "json" }).$type<DocumentNoticeRow[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    // home feed of latest successful downloads and daily statistics
    index("downloads_outcome_created_idx").on(t.outcome, t.createdAt),
    // the user's /profile/booksAndArticles
    index("downloads_user_created_idx").on(t.userId, t.createdAt),
    // who received a file, and the jobs that served it (a withdrawal re-runs them)
    index("downloads_file_idx").on(t.fileKey),
    // the library watcher: who holds a DOI named by an update notice (a look-up per notice, never a scan)
    index("downloads_doi_lower_idx").on(sql`lower(${t.doi})`),
  ],
);

/** A user pays for a licensed document once; later downloads of it are free. */
export const articleEntitlements = sqliteTable(
  "article_entitlements",
  {
    userId: text()
      .notNull()
      .references(() => users.id),
    jobKey: text().notNull(),
    creditKind: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobKey] })],
);

/** Stored documents (R2 keys) with where the copy came from. */
export const storedFiles = sqliteTable(
  "stored_files",
  {
    key: text().primaryKey(),
    jobKey: text(),
    contentType: text().notNull(),
    size: integer().notNull(),
    source: text(),
    license: text(),
    ownerId: text(),
    access: text({ enum: fileAccess }).notNull().default("open"),
    /** How the file was found to be the right one (queue-consumer/verify.ts); null before verification existed. */
    verification: text({ enum: fileVerifications }),
    /** publishedVersion, acceptedVersion, submittedVersion (Unpaywall/OpenAlex), or null. */
    version: text(),
    /** The host the copy was downloaded from. */
    sourceHost: text(),
    /** The location it was downloaded from ("licensed:<resolver>" for a publisher API). */
    sourceUrl: text(),
    /** SHA-256 of the bytes (hex): a withdrawn file's bytes are refused from any location. */
    sha256: text(),
    createdAt: createdAt(),
  },
  // files of one fetch job
  (t) => [index("stored_files_job_idx").on(t.jobKey)],
);

/** userInfo.last_download: { id, status, download_link, ads1, ads2 } saved after a signed-in `ok`. */
export const userLastDownloads = sqliteTable("user_last_downloads", {
  userId: text()
    .primaryKey()
    .references(() => users.id),
  result: text({ mode: "json" }).notNull().$type<{ id: string; status: string; download_link: string | null; ads1: unknown; ads2: unknown }>(),
  savedAt: integer({ mode: "timestamp_ms" }).notNull(),
});
