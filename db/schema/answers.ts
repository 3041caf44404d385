import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * What an outside service answered about one thing, shared by every job, list and export until
 * it is stale (db/shared-answers.ts): a DOI's Crossref record, its open-access locations
 * (Unpaywall, OpenAlex), a reference string's match by its normalised form.
 */
export const answerKinds = ["crossref_work", "unpaywall", "openalex_work", "reference_match"] as const;

export const sharedAnswers = sqliteTable(
  "shared_answers",
  {
    kind: text({ enum: answerKinds }).notNull(),
    /** Lower-cased DOI, or the hash of a normalised reference string. */
    key: text().notNull(),
    /** The mapped answer; null: the service had no record (kept for less long). */
    body: text({ mode: "json" }).$type<unknown>(),
    fetchedAt: integer({ mode: "timestamp_ms" }).notNull(),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

/**
 * The library watcher's place in each feed of Crossref's update notices: the last UTC day read
 * to the end. The next run reads from that day on (one day of overlap: a notice is told once
 * per user anyway, library_notices being unique).
 */
export const libraryWatchRuns = sqliteTable("library_watch_runs", {
  feed: text().primaryKey(),
  /** YYYY-MM-DD, inclusive. */
  throughDay: text().notNull(),
  ranAt: integer({ mode: "timestamp_ms" }).notNull(),
  /** Items read and calls made by the last run (diagnosis, and the bench's figures). */
  items: integer().notNull().default(0),
  calls: integer().notNull().default(0),
});
