/**
 * The library watcher: reads what changed, not what is held. Once a UTC day (the hourly cron
 * retries a run that failed) it reads Crossref's feeds of update notices indexed since its last
 * run (clients/crossref.ts listUpdates: notice records' `update-to`, and works' `updated-by`,
 * which carries Retraction Watch's records), cursor page by cursor page, and looks each named DOI
 * up in the libraries in D1 (an index on lower(doi): one look-up per notice). Its cost is the
 * number of new notices, whatever the libraries' size; every held DOI is covered every day.
 * Each holder is told once per notice (library_notices is unique per user, DOI and notice): a
 * row in the app and an e-mail/SMS through the notifier, unless the user switched notices off.
 * The shared Crossref record of every DOI a notice names is dropped, so the next job reads the
 * notice too.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { UPDATE_FEEDS, type CrossrefClient, type UpdateFeed, type UpdateFeedItem } from "../../../clients/crossref";
import type { AnswerStore } from "../../../db/shared-answers";
import type { Logger } from "../../../lib/logger";
import type { Notifier } from "../notify/notifier";
import { noticeTypeOf } from "../../../contract/jobs/job-state";

type Kind = (typeof schema.libraryNoticeKinds)[number];

export const KIND_TEXT: Record<Kind, string> = {
  retraction: "بازپس گرفته شده است (Retraction)",
  withdrawal: "از انتشار خارج شده است (Withdrawal)",
  correction: "اصلاحیه دارد (Correction)",
  expression_of_concern: "اعلامیهٔ نگرانی دارد (Expression of Concern)",
  other: "اطلاعیهٔ تازه دارد",
};

const DAY_MS = 86_400_000;
/** A watcher that was down longer reads at most this far back in one run (its cost stays bounded). */
const MAX_BACKLOG_DAYS = 31;
/** Pages one run reads per feed before giving up for this run (Crossref's cursors expire after minutes). */
const MAX_PAGES = 500;
/** D1 binds at most 100 values per statement. */
const CHUNK = 90;

export type WatchDeps = {
  db: Db;
  crossref: Pick<CrossrefClient, "listUpdates">;
  notifier: Notifier;
  log: Logger;
  now: number;
  origin: string;
  /** Shared answers whose Crossref records a notice makes stale. */
  answers?: AnswerStore | null | undefined;
  /** Items per page (Crossref allows 1,000). */
  rows?: number | undefined;
};

export type WatchResult = {
  calls: number;
  items: number;
  notices: number;
  held: number;
  notified: number;
  feeds: { feed: UpdateFeed; fromDay: string; untilDay: string; calls: number; items: number; ok: boolean }[];
};

/** One notice about one work: `target` is the work updated, `notice` the notice's DOI. */
type Notice = { target: string; notice: string; kind: Kind; title: string | null };

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The notices a page names, by feed, of the kinds a reader is warned of; one per (work, notice). */
export function noticesOf(feed: UpdateFeed, items: UpdateFeedItem[]): Notice[] {
  const out = new Map<string, Notice>();
  for (const item of items) {
    const updates =
      feed === "notices"
        ? item.updateTo.map((u) => ({ target: u.doi, notice: item.doi, type: u.type, title: null }))
        : item.updatedBy.map((u) => ({ target: item.doi, notice: u.doi, type: u.type, title: item.title }));
    for (const u of updates) {
      const kind = noticeTypeOf(u.type);
      if (!kind) continue;
      const n: Notice = { target: u.target.toLowerCase(), notice: u.notice.toLowerCase(), kind, title: u.title };
      const key = `${n.target} ${n.notice}`;
      if (!out.has(key)) out.set(key, n);
    }
  }
  return [...out.values()];
}

export async function runLibraryWatch(deps: WatchDeps): Promise<WatchResult> {
  const result: WatchResult = { calls: 0, items: 0, notices: 0, held: 0, notified: 0, feeds: [] };
  const today = utcDay(deps.now);
  for (const feed of UPDATE_FEEDS) {
    const last = await deps.db.select().from(schema.libraryWatchRuns).where(eq(schema.libraryWatchRuns.feed, feed)).get();
    // Read once a UTC day: a run today already read today's notices so far; tomorrow's reads today again.
    if (last && last.throughDay >= today) continue;
    const earliest = utcDay(deps.now - MAX_BACKLOG_DAYS * DAY_MS);
    const fromDay = last ? (last.throughDay < earliest ? earliest : last.throughDay) : utcDay(deps.now - DAY_MS);
    const r = await readFeed(deps, feed, fromDay, today, result);
    result.feeds.push(r);
    if (r.ok) {
      const row = { throughDay: today, ranAt: new Date(deps.now), items: r.items, calls: r.calls };
      await deps.db
        .insert(schema.libraryWatchRuns)
        .values({ feed, ...row })
        .onConflictDoUpdate({ target: schema.libraryWatchRuns.feed, set: row });
    }
  }
  deps.log.info("watch.run", { calls: result.calls, items: result.items, notices: result.notices, held: result.held, notified: result.notified });
  return result;
}

async function readFeed(deps: WatchDeps, feed: UpdateFeed, fromDay: string, untilDay: string, total: WatchResult): Promise<WatchResult["feeds"][number]> {
  const r = { feed, fromDay, untilDay, calls: 0, items: 0, ok: false };
  let cursor = "*";
  for (let page = 0; page < MAX_PAGES; page++) {
    let got;
    try {
      got = await deps.crossref.listUpdates({ feed, fromDay, untilDay, cursor, rows: deps.rows });
    } catch (err) {
      // Not marked read: the next hourly run reads the same days again.
      deps.log.warn("watch.feed_failed", { feed, fromDay, error: String((err as Error)?.message ?? err).slice(0, 300) });
      return r;
    } finally {
      r.calls++;
      total.calls++;
    }
    r.items += got.items.length;
    total.items += got.items.length;
    await tellHolders(deps, noticesOf(feed, got.items), total);
    if (!got.nextCursor) {
      r.ok = true;
      return r;
    }
    cursor = got.nextCursor;
  }
  deps.log.error("watch.feed_too_long", { feed, fromDay, pages: MAX_PAGES });
  return r;
}

/** Who holds each named DOI (signed-in users with an `ok` download, notices on), told once per notice. */
async function tellHolders(deps: WatchDeps, notices: Notice[], total: WatchResult): Promise<void> {
  if (!notices.length) return;
  total.notices += notices.length;
  const targets = [...new Set(notices.map((n) => n.target))];
  await deps.answers?.forget("crossref_work", targets).catch((err) => deps.log.warn("watch.forget_failed", { error: String(err) }));
  const d = schema.downloads;
  const optOut = schema.libraryWatchOptOuts;
  const holders = new Map<string, { userId: string; title: string | null }[]>();
  for (let i = 0; i < targets.length; i += CHUNK) {
    const rows = await deps.db
      .select({ doi: sql<string>`lower(${d.doi})`, userId: d.userId, title: sql<string | null>`max(${d.title})` })
      .from(d)
      .leftJoin(optOut, eq(optOut.userId, d.userId))
      .where(and(inArray(sql`lower(${d.doi})`, targets.slice(i, i + CHUNK)), eq(d.outcome, "ok"), isNotNull(d.userId), isNull(optOut.userId)))
      .groupBy(sql`lower(${d.doi})`, d.userId);
    for (const row of rows) {
      const list = holders.get(row.doi) ?? [];
      list.push({ userId: row.userId!, title: row.title });
      holders.set(row.doi, list);
    }
  }
  for (const n of notices) {
    for (const h of holders.get(n.target) ?? []) {
      total.held++;
      const title = h.title ?? n.title;
      const inserted = await deps.db
        .insert(schema.libraryNotices)
        .values({ id: newId("lnt", deps.now), userId: h.userId, doi: n.target, noticeDoi: n.notice, kind: n.kind, title, createdAt: new Date(deps.now) })
        .onConflictDoNothing()
        .returning({ id: schema.libraryNotices.id });
      if (!inserted.length) continue; // told before
      total.notified++;
      try {
        await deps.notifier.notify({
          userId: h.userId,
          template: "library_notice",
          params: { kind: KIND_TEXT[n.kind], title: title ?? n.target, doi: n.target, link: `${deps.origin}/profile/booksAndArticles` },
        });
      } catch (err) {
        deps.log.warn("watch.notify_failed", { error: String((err as Error)?.message ?? err) });
      }
    }
  }
}

export async function libraryNoticesOf(db: Db, userId: string) {
  return db
    .select()
    .from(schema.libraryNotices)
    .where(eq(schema.libraryNotices.userId, userId))
    .orderBy(sql`${schema.libraryNotices.createdAt} desc`)
    .limit(100);
}

export async function setWatchNotices(db: Db, userId: string, enabled: boolean, now: number): Promise<void> {
  if (enabled) await db.delete(schema.libraryWatchOptOuts).where(eq(schema.libraryWatchOptOuts.userId, userId));
  else
    await db
      .insert(schema.libraryWatchOptOuts)
      .values({ userId, createdAt: new Date(now) })
      .onConflictDoNothing();
}

export async function watchNoticesEnabled(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select()
    .from(schema.libraryWatchOptOuts)
    .where(inArray(schema.libraryWatchOptOuts.userId, [userId]));
  return rows.length === 0;
}
