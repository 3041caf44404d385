/**
 * The library watcher (issue 18 item 5): a scheduled job re-checks the DOIs users received against
 * Crossref's `updated-by` (which carries Retraction Watch's records), each DOI at most once a day,
 * through the Crossref client's limiter, and tells each holder once per notice: a library_notices
 * row (in the app) and an e-mail/SMS through the notifier, unless the user switched them off.
 */
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import type { CrossrefClient } from "../../../clients/crossref";
import type { Logger } from "../../../lib/logger";
import type { Notifier } from "../notify/notifier";
import { noticeTypeOf } from "../../../contract/jobs/job-state";

const WATCH_INTERVAL_MS = 24 * 3_600_000;
/** DOIs per run: the cron runs hourly, so ~2,400 DOIs a day at well under Crossref's 10/s. */
const WATCH_BATCH = 100;

type Kind = (typeof schema.libraryNoticeKinds)[number];


export const KIND_TEXT: Record<Kind, string> = {
  retraction: "بازپس گرفته شده است (Retraction)",
  withdrawal: "از انتشار خارج شده است (Withdrawal)",
  correction: "اصلاحیه دارد (Correction)",
  expression_of_concern: "اعلامیهٔ نگرانی دارد (Expression of Concern)",
  other: "اطلاعیهٔ تازه دارد",
};

type WatchDeps = { db: Db; crossref: CrossrefClient; notifier: Notifier; log: Logger; now: number; origin: string };

/** DOIs held in any signed-in user's library (an `ok` download) not checked within a day. */
async function dueDois(db: Db, now: number): Promise<string[]> {
  const d = schema.downloads;
  const w = schema.watchedDois;
  const rows = await db
    .selectDistinct({ doi: sql<string>`lower(${d.doi})` })
    .from(d)
    .leftJoin(w, eq(w.doi, sql`lower(${d.doi})`))
    .where(and(eq(d.outcome, "ok"), isNotNull(d.userId), isNotNull(d.doi), or(isNull(w.checkedAt), lt(w.checkedAt, new Date(now - WATCH_INTERVAL_MS)))))
    .limit(WATCH_BATCH);
  return rows.map((r) => r.doi);
}

export async function runLibraryWatch(deps: WatchDeps): Promise<{ checked: number; notified: number }> {
  const { db, now } = deps;
  let notified = 0;
  const dois = await dueDois(db, now);
  for (const doi of dois) {
    let work;
    try {
      work = await deps.crossref.getWork(doi);
    } catch (err) {
      deps.log.warn("watch.crossref_failed", { doi, error: String((err as Error)?.message ?? err) });
      continue; // not marked checked: the next run tries again
    }
    const updates = (work?.updatedBy ?? []).map((u) => ({ doi: u.doi.toLowerCase(), type: u.type, date: null }));
    await db
      .insert(schema.watchedDois)
      .values({ doi, checkedAt: new Date(now), updates })
      .onConflictDoUpdate({ target: schema.watchedDois.doi, set: { checkedAt: new Date(now), updates } });
    if (!updates.length) continue;
    const holders = await db
      .selectDistinct({ userId: schema.downloads.userId })
      .from(schema.downloads)
      .leftJoin(schema.libraryWatchOptOuts, eq(schema.libraryWatchOptOuts.userId, schema.downloads.userId))
      .where(and(eq(sql`lower(${schema.downloads.doi})`, doi), eq(schema.downloads.outcome, "ok"), isNotNull(schema.downloads.userId), isNull(schema.libraryWatchOptOuts.userId)));
    for (const u of updates) {
      // The same mapping as the result's notices (partial_retraction, removal, erratum, …); unknown: "other".
      const kind: Kind = noticeTypeOf(u.type) ?? "other";
      for (const h of holders) {
        const inserted = await db
          .insert(schema.libraryNotices)
          .values({ id: newId("lnt", now), userId: h.userId!, doi, noticeDoi: u.doi, kind, title: work?.title ?? null, createdAt: new Date(now) })
          .onConflictDoNothing()
          .returning({ id: schema.libraryNotices.id });
        if (!inserted.length) continue; // told before
        notified++;
        try {
          await deps.notifier.notify({ userId: h.userId!, template: "library_notice", params: { kind: KIND_TEXT[kind], title: work?.title ?? doi, doi, link: `${deps.origin}/profile/booksAndArticles` } });
        } catch (err) {
          deps.log.warn("watch.notify_failed", { error: String((err as Error)?.message ?? err) });
        }
      }
    }
  }
  deps.log.info("watch.run", { checked: dois.length, notified });
  return { checked: dois.length, notified };
}

export async function libraryNoticesOf(db: Db, userId: string) {
  return db.select().from(schema.libraryNotices).where(eq(schema.libraryNotices.userId, userId)).orderBy(sql`${schema.libraryNotices.createdAt} desc`).limit(100);
}

export async function setWatchNotices(db: Db, userId: string, enabled: boolean, now: number): Promise<void> {
  if (enabled) await db.delete(schema.libraryWatchOptOuts).where(eq(schema.libraryWatchOptOuts.userId, userId));
  else await db.insert(schema.libraryWatchOptOuts).values({ userId, createdAt: new Date(now) }).onConflictDoNothing();
}

export async function watchNoticesEnabled(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select().from(schema.libraryWatchOptOuts).where(inArray(schema.libraryWatchOptOuts.userId, [userId]));
  return rows.length === 0;
}
