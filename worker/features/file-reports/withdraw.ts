/**
 * Withdrawing a file for everyone, and closing reports either way. A withdrawal:
 * 1. records the file (its bytes' SHA-256, the location it came from) in file_withdrawals: /files
 *    refuses its signed links from then on, the library, the home feed and reading lists stop
 *    linking it, and no fetch of the document serves it again (queue-consumer/withdrawn.ts);
 * 2. closes the file's pending reports;
 * 3. runs again every fetch job whose result is that file (re-resolution without it), and puts
 *    the reading-list entries holding it back to processing, so they follow the new run;
 * 4. tells the reporters (e-mail through the notifier), after the answer.
 * Only the request whose insert wins does 2–4: a threshold reached twice at once withdraws once.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { schema, type Db } from "../../../db/client";
import { toHex } from "../../../lib/crypto";
import type { Logger } from "../../../lib/logger";
import type { Notifier } from "../notify/notifier";
import { fetchJobStub } from "../jobs/fetch-job";

export type WithdrawDeps = {
  db: Db;
  env: Cloudflare.Env;
  files: R2Bucket;
  now: number;
  origin: string;
  notifier: Notifier;
  log: Logger;
  defer(task: () => Promise<void>): void;
};

/** At most this many fetch jobs are run again for one file (one per way it was asked for: DOI, a link…). */
const MAX_JOBS_RERUN = 20;

type Decision = { cause: "reports" | "staff"; by: string | null };

/** The SHA-256 of a stored object, streamed (a file stored before hashes were kept; up to 50 MB, never buffered whole). */
async function hashStoredObject(files: R2Bucket, key: string): Promise<string | null> {
  const object = await files.get(key);
  if (!object) return null;
  const digest = new crypto.DigestStream("SHA-256");
  await object.body.pipeTo(digest);
  return toHex(await digest.digest);
}

/** The document's DOI and title as its receipts recorded them. */
async function documentOf(db: Db, fileKey: string): Promise<{ doi: string | null; title: string | null }> {
  const [row] = await db
    .select({ doi: schema.downloads.doi, title: schema.downloads.title })
    .from(schema.downloads)
    .where(and(eq(schema.downloads.fileKey, fileKey), isNotNull(schema.downloads.doi)))
    .limit(1);
  return { doi: row?.doi?.toLowerCase() ?? null, title: row?.title ?? null };
}

export async function withdrawFile(deps: WithdrawDeps, fileKey: string, decision: Decision): Promise<{ withdrawn: boolean; closed: number; rerun: number }> {
  const { db, now } = deps;
  const stored = await db.query.storedFiles.findFirst({ where: eq(schema.storedFiles.key, fileKey) });
  const doc = await documentOf(db, fileKey);
  const sha256 = stored?.sha256 ?? (await hashStoredObject(deps.files, fileKey));
  const inserted = await db
    .insert(schema.fileWithdrawals)
    .values({
      fileKey,
      jobKey: stored?.jobKey ?? null,
      doi: doc.doi,
      sha256,
      sourceUrl: stored?.sourceUrl ?? null,
      sourceHost: stored?.sourceHost ?? null,
      cause: decision.cause,
      withdrawnBy: decision.by,
      createdAt: new Date(now),
    })
    .onConflictDoNothing()
    .returning({ fileKey: schema.fileWithdrawals.fileKey });
  if (!inserted.length) return { withdrawn: false, closed: 0, rerun: 0 };

  const closed = await db
    .update(schema.fileReports)
    .set({ status: "withdrawn", resolvedAt: new Date(now), resolvedBy: decision.by })
    .where(and(eq(schema.fileReports.fileKey, fileKey), eq(schema.fileReports.status, "pending")))
    .returning({ userId: schema.fileReports.userId });

  const jobRows = await db
    .selectDistinct({ jobKey: schema.downloads.jobKey })
    .from(schema.downloads)
    .where(eq(schema.downloads.fileKey, fileKey))
    .limit(MAX_JOBS_RERUN);
  const jobs = new Set([...(stored?.jobKey ? [stored.jobKey] : []), ...jobRows.map((r) => r.jobKey)]);
  let rerun = 0;
  for (const key of jobs) {
    try {
      if ((await fetchJobStub(deps.env, key).withdrawFile({ fileKey, now })).enqueued) rerun++;
    } catch (err) {
      // The withdrawal stands (nothing serves the file); the next start of that document runs afresh.
      deps.log.error("file_reports.rerun_failed", { key, error: String(err) });
    }
  }
  await db
    .update(schema.batchEntries)
    .set({ status: "processing", step: null, fileKey: null, access: null, updatedAt: new Date(now) })
    .where(and(eq(schema.batchEntries.fileKey, fileKey), eq(schema.batchEntries.status, "ok")));

  tellReporters(deps, closed, "withdrawn", doc);
  deps.log.info("file_reports.withdrawn", { fileKey, cause: decision.cause, reports: closed.length, rerun });
  return { withdrawn: true, closed: closed.length, rerun };
}

/** Staff found the file right: its pending reports are closed and their reporters told. */
export async function dismissReports(deps: WithdrawDeps, fileKey: string, by: string): Promise<number> {
  const closed = await deps.db
    .update(schema.fileReports)
    .set({ status: "dismissed", resolvedAt: new Date(deps.now), resolvedBy: by })
    .where(and(eq(schema.fileReports.fileKey, fileKey), eq(schema.fileReports.status, "pending")))
    .returning({ userId: schema.fileReports.userId });
  if (closed.length) tellReporters(deps, closed, "dismissed", await documentOf(deps.db, fileKey));
  return closed.length;
}

/** Signed-in reporters get one e-mail each (guests left no contact), after the answer. */
function tellReporters(
  deps: WithdrawDeps,
  closed: { userId: string | null }[],
  outcome: "withdrawn" | "dismissed",
  doc: { doi: string | null; title: string | null },
) {
  const users = [...new Set(closed.flatMap((r) => (r.userId ? [r.userId] : [])))];
  if (!users.length) return;
  const link = outcome === "withdrawn" && doc.doi ? `${deps.origin}/?getUrl=${encodeURIComponent(doc.doi)}` : `${deps.origin}/contact`;
  const title = doc.title ?? doc.doi ?? "مقاله";
  deps.defer(async () => {
    for (const userId of users) {
      try {
        await deps.notifier.notify({ userId, template: "file_report_outcome", params: { outcome, title, link } });
      } catch (err) {
        deps.log.warn("file_reports.notify_failed", { error: String((err as Error)?.message ?? err) });
      }
    }
  });
}

/** Whether this file has been withdrawn. */
export async function isWithdrawn(db: Db, fileKey: string): Promise<boolean> {
  const row = await db.select({ k: sql`1` }).from(schema.fileWithdrawals).where(eq(schema.fileWithdrawals.fileKey, fileKey)).limit(1);
  return row.length > 0;
}
