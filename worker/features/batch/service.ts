/**
 * Batches on the link/DOI download pipeline: every entry is started and polled through the same
 * service functions as /getpdf/start and /getpdf/check (one shared FetchJob per document, per-user
 * rules applied when shown, one downloads row per terminal result). A batch's read advances it:
 * it starts entries not yet started and checks those still processing, a bounded number per read,
 * so no request makes more than a few hundred Durable Object calls.
 *
 * Every entry's start counts against the same per-user and per-address allowance as /getpdf/start
 * (getpdf/start-limit.ts, rows in D1): a list cannot start more documents than its owner could by
 * pasting them one by one. Entries past the allowance wait, unstarted and shown as waiting, until a
 * later read finds room. A read checks only entries whose last check is older than CHECK_DUE_MS.
 */
import { and, asc, eq, gt, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { batchTexts, type BatchEntry, type BatchStatus, type BatchView } from "../../../contract/batch";
import type { Citation } from "../../../lib/citations";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { NotFoundError } from "../../lib/errors";
import { sha256Hex } from "../../lib/crypto";
import { signFileLink } from "../files/signing";
import { publicHost } from "../getpdf/present";
import { EntryDeferred, checkDownloadWithJob, startDownload, ticketJobKey, type GetpdfContext } from "../getpdf/service";
import { takeStarts, type StartWho } from "../getpdf/start-limit";
import { providerOutlook } from "../../../clients/limiters";
import { PROVIDER_LIMITS } from "../../../clients/http";
import type { JobState } from "../../../contract/jobs/job-state";
import type { IngestedEntry } from "./ingest";
import { KIND_TEXT } from "./watch";

/** Starts and checks per read; the page polls every few seconds. */
const STARTS_PER_READ = 60;
const CHECKS_PER_READ = 120;
/**
 * Entries of one list waiting or running in the list lane at once: lists share the lane's
 * throughput evenly (each refills as its own entries finish), and the lane's depth stays
 * bounded by the number of lists at work, whatever their length.
 */
export const LIST_IN_FLIGHT = 50;
/** How many entries are started (and checked) at once inside one request. */
const PARALLEL = 8;
/** A processing entry is asked again only this long after its last answer (reads in a burst repeat no work). */
export const CHECK_DUE_MS = 1_500;

export type Owner = { userId: string; guestToken?: undefined } | { userId: null; guestToken: string };

type EntryRow = typeof schema.batchEntries.$inferSelect;

export async function createBatch(
  ctx: GetpdfContext,
  owner: Owner,
  who: StartWho,
  input: { format: string; filename: string | null; entries: IngestedEntry[] },
): Promise<string> {
  const id = newId("bat", ctx.now);
  const db = ctx.db;
  const guestTokenHash = owner.userId === null ? await sha256Hex(owner.guestToken) : null;
  const now = new Date(ctx.now);
  const statements = [
    db
      .insert(schema.batches)
      .values({ id, userId: owner.userId, guestTokenHash, format: input.format, filename: input.filename, entryCount: input.entries.length, createdAt: now }),
    ...input.entries.map((e, position) =>
      db.insert(schema.batchEntries).values({
        batchId: id,
        position,
        citation: e.citation as unknown as Record<string, unknown>,
        lookupKind: e.lookupKind,
        lookup: e.lookup,
        year: e.citation.year,
        title: e.citation.title,
        doi: e.citation.doi,
        updatedAt: now,
      }),
    ),
  ];
  await db.batch(statements as [(typeof statements)[0], ...typeof statements]);
  await advance(ctx, id, who);
  return id;
}

/** The batch if `owner` may read it; a stranger's id answers 404 (no hint that it exists). */
export async function ownedBatch(db: Db, id: string, owner: Owner) {
  const row = await db.query.batches.findFirst({ where: eq(schema.batches.id, id) });
  if (!row) throw new NotFoundError(batchTexts.notFound);
  if (owner.userId) {
    if (row.userId !== owner.userId) throw new NotFoundError(batchTexts.notFound);
  } else if (row.userId || !row.guestTokenHash || row.guestTokenHash !== (await sha256Hex(owner.guestToken!))) {
    throw new NotFoundError(batchTexts.notFound);
  }
  return row;
}

async function inParallel<T>(items: T[], fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

/** What a read left waiting: entries not started for want of allowance, and when a slot frees. */
export type Advanced = { waitSeconds: number | null };

/**
 * Starts entries not yet started (as many as the start allowance has room for) and checks entries
 * still processing whose check is due (a bounded number of each). `recheckAfterMs`: how old an
 * entry's last check must be (a read that also waits on the next entry to finish need not re-read
 * every job each time).
 */
export async function advance(ctx: GetpdfContext, batchId: string, who: StartWho, opts: { recheckAfterMs?: number } = {}): Promise<Advanced> {
  const db = ctx.db;
  const { batchEntries: be } = schema;
  const processing = await db
    .select()
    .from(be)
    .where(
      and(
        eq(be.batchId, batchId),
        eq(be.status, "processing"),
        sql`${be.ticket} is not null`,
        lt(be.updatedAt, new Date(ctx.now - (opts.recheckAfterMs ?? CHECK_DUE_MS))),
      ),
    )
    .orderBy(asc(be.updatedAt), asc(be.position))
    .limit(CHECKS_PER_READ);
  await inParallel(processing, (e) => checkEntry(ctx, e));
  const [running] = await db
    .select({ n: sql<number>`count(*)` })
    .from(be)
    .where(and(eq(be.batchId, batchId), eq(be.status, "processing"), sql`${be.ticket} is not null`));
  const room = Math.min(STARTS_PER_READ, LIST_IN_FLIGHT - Number(running?.n ?? 0));
  // The list's entries in flight are at their cap: the rest start as those finish.
  if (room <= 0) return { waitSeconds: null };
  const unstarted = await db
    .select()
    .from(be)
    .where(and(eq(be.batchId, batchId), isNull(be.ticket)))
    .orderBy(asc(be.position))
    .limit(room);
  // An entry with nothing to look up ends at once and starts nothing: it takes no allowance.
  const empty = unstarted.filter((e) => !e.lookup.trim());
  const toStart = unstarted.filter((e) => e.lookup.trim());
  const { granted, waitSeconds } = await takeStarts(db, who, ctx.now, toStart.length);
  // Entries wait in the list lane and draw on the providers' budgets after pastes.
  const listCtx: GetpdfContext = { ...ctx, lane: "list" };
  await inParallel([...empty, ...toStart.slice(0, granted)], (e) => startEntry(listCtx, e));
  return { waitSeconds };
}

async function startEntry(ctx: GetpdfContext, e: EntryRow): Promise<void> {
  if (!e.lookup.trim()) {
    await save(ctx, e, { ticket: "-", status: "error", msg: "این مرجع نه شناسه دارد و نه عنوان." });
    return;
  }
  let result;
  try {
    result = await startDownload(ctx, e.lookup);
  } catch (err) {
    // Crossref had no slot for its reference now: left unstarted, tried again on the next read.
    if (err instanceof EntryDeferred) return;
    throw err;
  }
  if (result.status === "choose") {
    // The reference may name several works: a list has no one to ask at once, so the entry is
    // left for an offline request, naming the candidates (the user can paste one's DOI).
    const names = (result.candidates ?? []).map((w) => `${w.title}${w.year ? ` (${w.year})` : ""} — doi:${w.doi}`);
    await save(ctx, e, { ticket: result.id, status: "offline", msg: [result.msg, ...names].join("\n") });
    return;
  }
  if (result.match) {
    // The reference matcher's work: its DOI, title and year are the entry's matched work.
    await save(ctx, e, { doi: result.match.doi, title: result.match.title, year: result.match.year ? String(result.match.year) : e.year });
    e = { ...e, doi: result.match.doi, title: result.match.title, year: result.match.year ? String(result.match.year) : e.year };
  }
  const jobKey = await ticketJobKey(ctx, result.id);
  // A terminal answer at once (a fresh shared result): read the job for its title, file and notices.
  if (result.status !== "processing" && jobKey) {
    const checked = await checkDownloadWithJob(ctx, result.id);
    await saveResult(ctx, e, result.id, jobKey, checked.result, checked.job);
    return;
  }
  await saveResult(ctx, e, result.id, jobKey, result, null);
}

/** The job keys of the list's first processing entries (the ones to wait on). */
export async function processingJobKeys(db: Db, batchId: string, limit: number): Promise<string[]> {
  const { batchEntries: be } = schema;
  const rows = await db
    .select({ jobKey: be.jobKey })
    .from(be)
    .where(and(eq(be.batchId, batchId), eq(be.status, "processing"), sql`${be.jobKey} is not null`))
    .orderBy(asc(be.position))
    .limit(limit);
  return rows.map((r) => r.jobKey!);
}

/** Checks the processing entries of one job (it settled: show each its result now). */
export async function checkJobEntries(ctx: GetpdfContext, batchId: string, jobKey: string): Promise<void> {
  const { batchEntries: be } = schema;
  const rows = await ctx.db
    .select()
    .from(be)
    .where(and(eq(be.batchId, batchId), eq(be.status, "processing"), eq(be.jobKey, jobKey)));
  await inParallel(rows, (e) => checkEntry(ctx, e));
}

async function checkEntry(ctx: GetpdfContext, e: EntryRow): Promise<void> {
  await refreshEntry(ctx, e);
}

/** Shows the entry's job again to this viewer (spending when `ctx` may) and saves what it shows; its status. */
export async function refreshEntry(ctx: GetpdfContext, e: EntryRow): Promise<BatchStatus | null> {
  if (!e.ticket || !e.jobKey) return null;
  const { result, job } = await checkDownloadWithJob(ctx, e.ticket);
  // Still running at the same step: nothing to write (a list's read would otherwise write a row per running entry).
  if (result.status === "processing" && result.msg2 === e.step) return "processing";
  await saveResult(ctx, e, e.ticket, e.jobKey, result, job);
  return result.status === "choose" ? "offline" : result.status;
}

type Shown = { status: Exclude<BatchStatus, never> | "choose"; msg: string; msg2: string | null; doi: string | null; desc: string | null };

async function saveResult(ctx: GetpdfContext, e: EntryRow, ticket: string, jobKey: string | null, r: Shown, job: JobState | null): Promise<void> {
  const file = r.status === "ok" ? (job?.file ?? null) : null;
  await save(ctx, e, {
    ticket,
    jobKey,
    status: r.status === "choose" ? "offline" : r.status,
    step: r.status === "processing" ? r.msg2 : null,
    msg: r.msg,
    doi: job?.meta.doi ?? r.doi ?? e.doi,
    title: job?.meta.title ?? e.title,
    source: job?.file?.source ?? null,
    license: job?.file?.license ?? null,
    fileKey: file?.fileKey ?? null,
    access: file?.access ?? null,
    notices: job ? noticeLines(job.meta) : null,
    ...(job?.meta.biblio ? { biblio: job.meta.biblio, year: e.year ?? job.meta.biblio.year } : {}),
  });
}

/** The job's notices as the list shows them: the pipeline's own lines, then each retraction or correction (Crossref updates) with its DOI. */
function noticeLines(meta: JobState["meta"]): string[] {
  const updates = (meta.updates ?? []).map((u) => (u.relation === "update_to" ? `اطلاعیه دربارهٔ doi:${u.doi}` : `${KIND_TEXT[u.type]} — doi:${u.doi}`));
  return [...meta.notices, ...updates];
}

async function save(ctx: GetpdfContext, e: EntryRow, values: Partial<EntryRow>): Promise<void> {
  await ctx.db
    .update(schema.batchEntries)
    .set({ ...values, updatedAt: new Date(ctx.now) })
    .where(and(eq(schema.batchEntries.batchId, e.batchId), eq(schema.batchEntries.position, e.position)));
}

export async function batchEntries(db: Db, batchId: string): Promise<EntryRow[]> {
  return db.select().from(schema.batchEntries).where(eq(schema.batchEntries.batchId, batchId)).orderBy(asc(schema.batchEntries.position));
}

function provenanceOf(
  e: EntryRow,
  file: { verification: string | null; version: string | null; sourceHost: string | null } | undefined,
): BatchEntry["provenance"] {
  return {
    source: e.source,
    license: e.license,
    verified: oneOf(VERIFICATIONS, file?.verification),
    version: oneOf(VERSIONS, file?.version),
    host: publicHost(file?.sourceHost),
  };
}

/**
 * The parsed reference with what the pipeline found filled in (export): the DOI it resolved to,
 * and from the matched work's record whatever the list left out — title, authors, journal, year,
 * volume, issue, pages, publisher. What the user's list says is kept as written.
 */
export function resolvedCitation(e: EntryRow): Citation {
  const c = { ...(e.citation as unknown as Citation) };
  const b = e.biblio;
  if (e.doi) c.doi = e.doi;
  if (e.title && !c.title) c.title = e.title;
  if (!c.authors?.length && b?.authors.length) c.authors = [...b.authors];
  c.year ||= e.year ?? b?.year ?? null;
  c.container ||= b?.container ?? null;
  c.volume ||= b?.volume ?? null;
  c.issue ||= b?.issue ?? null;
  c.pages ||= b?.pages ?? null;
  c.publisher ||= b?.publisher ?? null;
  return c;
}

/**
 * How long the list's remaining entries will wait, in seconds: at the pace the list has kept so far
 * once a few entries are done (it already includes everyone else's pastes and lists), else at the
 * lists' pace (queue-consumer/list-pace.ts) or what Crossref's list budget leaves lists now if that
 * is less — the consumer asks for a batch of LIST_BATCH entries' records in one list request
 * (queue-consumer/list-prefetch.ts) — shared evenly with the other lists that have entries in the
 * lane (each keeps up to LIST_IN_FLIGHT there, so each gets an even share while it lasts). Lists
 * wait behind pastes; the estimate moves with them.
 */
async function etaSeconds(ctx: GetpdfContext, batch: typeof schema.batches.$inferSelect, remaining: number, done: number): Promise<number | null> {
  if (!remaining) return null;
  const elapsed = Math.max(1, (ctx.now - batch.createdAt.getTime()) / 1000);
  if (done >= 5) return Math.ceil(remaining / Math.max(done / elapsed, 0.05));
  const outlook = await cachedOutlook(ctx);
  const forLists = outlook ? Math.min(LANE_ENTRIES_PER_S, Math.max(0.5, (outlook.perSecond - outlook.pasteRate) * LIST_BATCH)) : LANE_ENTRIES_PER_S;
  const others = await otherListsInLane(ctx, batch.id);
  return Math.ceil((remaining * (others + 1)) / forLists) + 5;
}

/**
 * Other lists at work in the list lane: with an entry in flight that started or moved lately. A list
 * whose page is read keeps starting entries as others finish; one nobody reads stops refilling and
 * drops out (its entries' rows are only updated by reads). The literal conditions match the partial
 * index batch_entries_in_flight_idx, so the count reads the recent entries in flight, not every
 * stored list.
 */
async function otherListsInLane(ctx: GetpdfContext, batchId: string): Promise<number> {
  const be = schema.batchEntries;
  const [row] = await ctx.db
    .select({ n: sql<number>`count(distinct ${be.batchId})` })
    .from(be)
    .where(
      and(sql`${be.status} = 'processing' and ${be.ticket} is not null`, gt(be.updatedAt, new Date(ctx.now - AT_WORK_WITHIN_MS)), ne(be.batchId, batchId)),
    );
  return Number(row?.n ?? 0);
}

/** A list counts as at work while one of its entries in flight started or moved this recently. */
const AT_WORK_WITHIN_MS = 60_000;

/** Entries whose records one list request brings (the list lane's max_batch_size, wrangler.toml). */
const LIST_BATCH = 10;
/** The list lane's own pace: entries start at most this often across the deployment (queue-consumer/list-pace.ts). */
const LANE_ENTRIES_PER_S = PROVIDER_LIMITS.listEntries.perSecond;

/** Crossref's list budget as seen a moment ago: a read of the list page asks it at most every 10 s per isolate. */
let outlookCache: { at: number; value: Awaited<ReturnType<typeof providerOutlook>> } | null = null;
async function cachedOutlook(ctx: GetpdfContext) {
  if (outlookCache && ctx.now - outlookCache.at < 10_000) return outlookCache.value;
  const value = await providerOutlook(ctx.bindings, "crossrefList");
  outlookCache = { at: ctx.now, value };
  return value;
}

const VERSIONS = ["publishedVersion", "acceptedVersion", "submittedVersion"] as const;
const VERIFICATIONS = ["doi_on_page", "title", "trusted_source", "unverified"] as const;
const oneOf = <T extends string>(values: readonly T[], v: string | null | undefined): T | null =>
  (values as readonly (string | null | undefined)[]).includes(v) ? (v as T) : null;

/** The stored files' provenance (how verified, version, host), by file key. */
async function fileProvenance(db: Db, keys: string[]) {
  const out = new Map<string, { verification: string | null; version: string | null; sourceHost: string | null }>();
  const f = schema.storedFiles;
  // D1 binds at most 100 values per statement.
  for (let i = 0; i < keys.length; i += 90) {
    const rows = await db
      .select({ key: f.key, verification: f.verification, version: f.version, sourceHost: f.sourceHost })
      .from(f)
      .where(inArray(f.key, keys.slice(i, i + 90)));
    for (const r of rows) out.set(r.key, r);
  }
  return out;
}

export async function batchView(ctx: GetpdfContext, batch: typeof schema.batches.$inferSelect, advanced?: Advanced): Promise<BatchView> {
  const rows = await batchEntries(ctx.db, batch.id);
  const files = await fileProvenance(ctx.db, [...new Set(rows.flatMap((e) => (e.fileKey ? [e.fileKey] : [])))]);
  const counts = { processing: 0, ok: 0, buy: 0, offline: 0, error: 0 };
  const entries: BatchEntry[] = [];
  let waiting = 0;
  const waitText = batchTexts.waitingStep(advanced?.waitSeconds ?? null);
  for (const e of rows) {
    counts[e.status]++;
    const unstarted = !e.ticket && e.status === "processing";
    if (unstarted) waiting++;
    const c = e.citation as unknown as Citation;
    let link: string | null = null;
    if (e.status === "ok" && e.fileKey) {
      // A licensed copy's link is bound to its user; a guest never holds one (shown as buy).
      if (e.access !== "licensed" || ctx.userId)
        link = await signFileLink(ctx.signingSecret, { key: e.fileKey, now: ctx.now, userId: e.access === "licensed" ? ctx.userId : null });
    }
    entries.push({
      position: e.position,
      input: { type: c.type, title: c.title, authors: c.authors, year: c.year, container: c.container, doi: c.doi, text: c.text },
      lookup_kind: e.lookupKind === "identifier" ? "identifier" : "reference",
      lookup: e.lookup,
      status: e.status,
      step: unstarted ? waitText : e.status === "processing" ? (e.step ?? "در صف پردازش…") : null,
      msg: e.msg,
      work: { doi: e.doi, title: e.title, year: e.year },
      download_link: link,
      provenance: provenanceOf(e, files.get(e.fileKey ?? "")),
      notices: e.notices ?? [],
    });
  }
  const startsIn = waiting ? (advanced?.waitSeconds ?? null) : null;
  const eta = await etaSeconds(ctx, batch, counts.processing, rows.length - counts.processing);
  return {
    id: batch.id,
    created_at: batch.createdAt.toISOString(),
    format: batch.format,
    filename: batch.filename,
    counts,
    eta_seconds: eta,
    waiting: { count: waiting, starts_in_seconds: startsIn },
    entries,
  };
}
