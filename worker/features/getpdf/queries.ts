import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { DocumentNotice, LastDownload, LibraryFilter } from "../../../contract/getpdf";
import { schema, type Db } from "../../../db/client";

type OutcomeRow = {
  /** The ticket nonce: one row per showing of a result. */
  id: string;
  userId: string | null;
  jobKey: string;
  outcome: "ok" | "buy" | "offline" | "error";
  doi: string | null;
  url: string | null;
  title: string | null;
  source: string | null;
  license: string | null;
  fileKey: string | null;
  notices: DocumentNotice[];
  now: number;
};

/** Records a terminal result once per ticket; true when this call wrote it. */
export async function recordOutcome(db: Db, row: OutcomeRow): Promise<boolean> {
  const res = await db
    .insert(schema.downloads)
    .values({
      id: row.id,
      userId: row.userId,
      jobKey: row.jobKey,
      outcome: row.outcome,
      doi: row.doi,
      url: row.url?.slice(0, 2000) ?? null,
      title: row.title?.slice(0, 1000) ?? null,
      source: row.source,
      license: row.license,
      fileKey: row.fileKey,
      notices: row.notices.length ? row.notices : null,
      createdAt: new Date(row.now),
    })
    .onConflictDoNothing()
    .run();
  return (res.meta.changes ?? 0) > 0;
}

export async function saveLastDownload(db: Db, userId: string, result: LastDownload, now: number): Promise<void> {
  await db
    .insert(schema.userLastDownloads)
    .values({ userId, result, savedAt: new Date(now) })
    .onConflictDoUpdate({ target: schema.userLastDownloads.userId, set: { result, savedAt: new Date(now) } });
}

/** userInfo.last_download for the accounts feature: the last `ok` saved for this user, or null. */
export async function readLastDownload(db: Db, userId: string): Promise<LastDownload | null> {
  const row = await db.query.userLastDownloads.findFirst({ where: eq(schema.userLastDownloads.userId, userId) });
  return row ? (row.result as LastDownload) : null;
}

type OkRow = {
  createdAt: Date;
  url: string | null;
  doi: string | null;
  jobKey: string;
  fileKey: string | null;
  access: "open" | "licensed" | null;
  withdrawn: string | null;
};

/** A download's stored file as readers see it: its access, and whether it was withdrawn (needs both left joins). */
const storedFileState = {
  access: schema.storedFiles.access,
  withdrawn: schema.fileWithdrawals.fileKey,
};

/** The newest `ok` rows (the home feed dedupes them per document). */
export async function latestOkDownloads(db: Db, limit: number): Promise<OkRow[]> {
  return db
    .select({
      createdAt: schema.downloads.createdAt,
      url: schema.downloads.url,
      doi: schema.downloads.doi,
      jobKey: schema.downloads.jobKey,
      fileKey: schema.downloads.fileKey,
      ...storedFileState,
    })
    .from(schema.downloads)
    .leftJoin(schema.storedFiles, eq(schema.storedFiles.key, schema.downloads.fileKey))
    .leftJoin(schema.fileWithdrawals, eq(schema.fileWithdrawals.fileKey, schema.downloads.fileKey))
    .where(eq(schema.downloads.outcome, "ok"))
    .orderBy(desc(schema.downloads.createdAt))
    .limit(limit);
}

/** The library's filter as SQL: LIKE on title, DOI and link (wildcards escaped), one outcome, notices present. */
function libraryWhere(userId: string, filter: LibraryFilter) {
  const d = schema.downloads;
  const conditions: SQL[] = [eq(d.userId, userId)];
  if (filter.q) {
    const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conditions.push(
      sql`(lower(coalesce(${d.title}, '')) LIKE ${pattern} ESCAPE '\\' OR lower(coalesce(${d.doi}, '')) LIKE ${pattern} ESCAPE '\\' OR lower(coalesce(${d.url}, '')) LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  if (filter.status) conditions.push(eq(d.outcome, filter.status));
  if (filter.notices) conditions.push(sql`${d.notices} IS NOT NULL AND ${d.notices} NOT IN ('', '[]')`);
  return and(...conditions);
}

/** Every document of the (filtered) library for an export: newest first, at most `limit`. */
export async function libraryDocuments(db: Db, userId: string, filter: LibraryFilter, limit: number) {
  const d = schema.downloads;
  return db.select({ doi: d.doi, title: d.title, url: d.url }).from(d).where(libraryWhere(userId, filter)).orderBy(desc(d.createdAt), desc(d.id)).limit(limit);
}

export async function userDownloadsPage(db: Db, userId: string, page: number, perPage: number, filter: LibraryFilter = {}) {
  const [rows, total] = await Promise.all([
    db
      .select({
        id: schema.downloads.id,
        createdAt: schema.downloads.createdAt,
        outcome: schema.downloads.outcome,
        url: schema.downloads.url,
        doi: schema.downloads.doi,
        title: schema.downloads.title,
        source: schema.downloads.source,
        license: schema.downloads.license,
        fileKey: schema.downloads.fileKey,
        notices: schema.downloads.notices,
        // The wrong-file report's state: withdrawn for everyone, or reported by this user.
        ...storedFileState,
        reported: schema.fileReports.id,
      })
      .from(schema.downloads)
      .leftJoin(schema.storedFiles, eq(schema.storedFiles.key, schema.downloads.fileKey))
      .leftJoin(schema.fileWithdrawals, eq(schema.fileWithdrawals.fileKey, schema.downloads.fileKey))
      .leftJoin(schema.fileReports, and(eq(schema.fileReports.fileKey, schema.downloads.fileKey), eq(schema.fileReports.reporter, `u:${userId}`)))
      .where(libraryWhere(userId, filter))
      .orderBy(desc(schema.downloads.createdAt), desc(schema.downloads.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(schema.downloads).where(libraryWhere(userId, filter)),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
