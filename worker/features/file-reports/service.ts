/**
 * Wrong-file reports: one per reporter and file, only from a receipt (receipt.ts), rate-limited;
 * FILE_REPORT_THRESHOLD distinct signed-in reporters withdraw the file unless staff dismissed
 * earlier reports of it (staff vouched for the file: further reports wait for staff); staff confirm
 * (withdraw) or dismiss on the desk.
 */
import { and, asc, countDistinct, desc, eq, inArray, max, min, sql } from "drizzle-orm";
import {
  FILE_REPORT_THRESHOLD,
  type FileReportDecisionResult,
  type FileReportDesk,
  type FileReportDeskItem,
  type FileReportDeskQuery,
  type FileReportInput,
  type FileReportResult,
} from "../../../contract/file-reports";
import { schema } from "../../../db/client";
import { newId } from "../../../db/ids";
import { DomainError, NotFoundError, RateLimitError } from "../../lib/errors";
import { reserve, type Limit } from "../auth/rate-limit";
import { signFileLink } from "../files/signing";
import { fetchJobStub } from "../jobs/fetch-job";
import { fileReportMessages as m } from "./messages";
import { receiptOf, type Receipt, type Reporter } from "./receipt";
import { dismissReports, isWithdrawn, withdrawFile, type WithdrawDeps } from "./withdraw";

export type FileReportDeps = WithdrawDeps & { secret: string };

const HOUR = 3_600_000;
/** A reader checking a list may find several bad files; more than ten an hour is not reading. */
export const REPORT_LIMITS = {
  user: { limit: 10, windowMs: HOUR },
  /** Guests share their address (a campus NAT): still few, since guests' reports need staff anyway. */
  guestAddress: { limit: 10, windowMs: HOUR },
};

async function spendReportAllowance(deps: FileReportDeps, who: Reporter & { address: string | null }) {
  const limits: Limit[] = who.user
    ? [{ key: `file_report:user:${who.user.id}`, ...REPORT_LIMITS.user }]
    : [{ key: `file_report:guest:${who.address ?? "-"}`, ...REPORT_LIMITS.guestAddress }];
  const r = await reserve(deps.db, limits, deps.now);
  if (!r.ok) throw new RateLimitError(r.wait, m.limited(r.wait));
}

/** The job's steps while it still serves this file: the evidence staff read with the report. */
async function evidenceOf(deps: FileReportDeps, receipt: Receipt) {
  try {
    const state = await fetchJobStub(deps.env, receipt.jobKey).read();
    return state?.phase === "found" && state.file?.fileKey === receipt.fileKey
      ? state.steps.map((s) => ({ step: s.step, outcome: s.outcome, ms: s.ms, ...(s.detail ? { detail: s.detail } : {}) }))
      : null;
  } catch {
    return null;
  }
}

export async function reportFile(deps: FileReportDeps, who: Reporter & { address: string | null }, input: FileReportInput): Promise<FileReportResult> {
  await spendReportAllowance(deps, who);
  const receipt = await receiptOf(deps, who, input);
  if (await isWithdrawn(deps.db, receipt.fileKey)) throw new DomainError(m.alreadyWithdrawn, 409);
  const id = newId("frp", deps.now);
  const inserted = await deps.db
    .insert(schema.fileReports)
    .values({
      id,
      fileKey: receipt.fileKey,
      downloadId: receipt.downloadId,
      jobKey: receipt.jobKey,
      doi: receipt.doi,
      userId: who.user?.id ?? null,
      reporter: who.user ? `u:${who.user.id}` : `g:${receipt.downloadId}`,
      reason: input.reason,
      note: input.note ?? null,
      evidence: await evidenceOf(deps, receipt),
      createdAt: new Date(deps.now),
    })
    .onConflictDoNothing()
    .returning({ id: schema.fileReports.id });
  if (!inserted.length) throw new DomainError(m.duplicate, 409);
  if (who.user && (await thresholdReached(deps, receipt.fileKey))) {
    const w = await withdrawFile(deps, receipt.fileKey, { cause: "reports", by: null });
    if (w.withdrawn) return { status: "ok", report: { id, state: "withdrawn" }, message: m.withdrawnNow };
  }
  return { status: "ok", report: { id, state: "pending" }, message: who.user ? m.reported : m.reportedGuest };
}

/** Enough distinct signed-in reporters, and no staff dismissal of this file's reports. */
async function thresholdReached(deps: FileReportDeps, fileKey: string): Promise<boolean> {
  const r = schema.fileReports;
  const [row] = await deps.db
    .select({
      reporters: sql<number>`count(distinct case when ${r.status} = 'pending' then ${r.userId} end)`,
      dismissed: sql<number>`count(case when ${r.status} = 'dismissed' then 1 end)`,
    })
    .from(r)
    .where(eq(r.fileKey, fileKey));
  return !!row && row.dismissed === 0 && row.reporters >= FILE_REPORT_THRESHOLD;
}

async function requireReports(deps: FileReportDeps, fileKey: string) {
  const [row] = await deps.db.select({ id: schema.fileReports.id }).from(schema.fileReports).where(eq(schema.fileReports.fileKey, fileKey)).limit(1);
  if (!row) throw new NotFoundError(m.noReports);
}

/** Staff: the file is wrong. Withdrawn for everyone, re-resolved, reporters told. */
export async function confirmReports(deps: FileReportDeps, fileKey: string, staffId: string): Promise<FileReportDecisionResult> {
  await requireReports(deps, fileKey);
  const w = await withdrawFile(deps, fileKey, { cause: "staff", by: staffId });
  if (!w.withdrawn) throw new DomainError(m.alreadyWithdrawn, 409);
  return { status: "ok", closed: w.closed, rerun: w.rerun, message: m.confirmed(w.rerun) };
}

/** Staff: the file is right. Pending reports closed, reporters told; the threshold no longer applies to it. */
export async function dismissFileReports(deps: FileReportDeps, fileKey: string, staffId: string): Promise<FileReportDecisionResult> {
  await requireReports(deps, fileKey);
  const closed = await dismissReports(deps, fileKey, staffId);
  if (!closed) throw new DomainError(m.nothingPending, 409);
  return { status: "ok", closed, rerun: 0, message: m.dismissed };
}

const DESK_PER_PAGE = 10;
const REPORTS_PER_FILE = 50;

/** The desk's section: reported files with their provenance, the job's evidence and every report. */
export async function fileReportDesk(deps: FileReportDeps, staffId: string, query: FileReportDeskQuery): Promise<FileReportDesk> {
  const { db } = deps;
  const r = schema.fileReports;
  const first = min(r.createdAt);
  const last = max(r.createdAt);
  const groups = await db
    .select({ fileKey: r.fileKey })
    .from(r)
    .where(eq(r.status, query.status))
    .groupBy(r.fileKey)
    .orderBy(query.status === "pending" ? asc(first) : desc(last))
    .limit(DESK_PER_PAGE)
    .offset((query.page - 1) * DESK_PER_PAGE);
  const [{ total } = { total: 0 }] = await db
    .select({ total: countDistinct(r.fileKey) })
    .from(r)
    .where(eq(r.status, query.status));
  const data: FileReportDeskItem[] = [];
  for (const { fileKey } of groups) data.push(await deskItem(deps, staffId, fileKey));
  return { data, total, page: query.page, per_page: DESK_PER_PAGE, total_pages: Math.max(1, Math.ceil(total / DESK_PER_PAGE)) };
}

async function deskItem(deps: FileReportDeps, staffId: string, fileKey: string): Promise<FileReportDeskItem> {
  const { db } = deps;
  const r = schema.fileReports;
  const d = schema.downloads;
  const [stored, withdrawal, reports, doc, holders] = await Promise.all([
    db.query.storedFiles.findFirst({ where: eq(schema.storedFiles.key, fileKey) }),
    db.query.fileWithdrawals.findFirst({ where: eq(schema.fileWithdrawals.fileKey, fileKey) }),
    db
      .select({ report: r, name: schema.users.name, email: schema.users.email })
      .from(r)
      .leftJoin(schema.users, eq(schema.users.id, r.userId))
      .where(eq(r.fileKey, fileKey))
      .orderBy(asc(r.createdAt))
      .limit(REPORTS_PER_FILE),
    db.select({ doi: d.doi, title: d.title }).from(d).where(eq(d.fileKey, fileKey)).orderBy(desc(d.title)).limit(1),
    db
      .select({ n: sql<number>`count(distinct coalesce(${d.userId}, ${d.id}))` })
      .from(d)
      .where(and(eq(d.fileKey, fileKey), inArray(d.outcome, ["ok"]))),
  ]);
  const withEvidence = reports.find((x) => x.report.evidence)?.report;
  return {
    file_key: fileKey,
    doi: doc[0]?.doi ?? reports[0]?.report.doi ?? null,
    title: doc[0]?.title ?? null,
    file: {
      source: stored?.source ?? null,
      license: stored?.license ?? null,
      access: stored?.access ?? null,
      verification: stored?.verification ?? null,
      version: stored?.version ?? null,
      source_host: stored?.sourceHost ?? null,
      source_url: stored?.sourceUrl ?? null,
      size: stored?.size ?? null,
      sha256: stored?.sha256 ?? withdrawal?.sha256 ?? null,
      stored_at: stored?.createdAt.toISOString() ?? null,
    },
    evidence: { job_key: withEvidence?.jobKey ?? reports[0]?.report.jobKey ?? null, phase: withEvidence ? "found" : null, steps: withEvidence?.evidence ?? [] },
    // Staff look at the file through a link bound to them (a licensed copy included); none once withdrawn.
    file_link: withdrawal || !stored ? null : await signFileLink(deps.secret, { key: fileKey, now: deps.now, userId: staffId }),
    holders: holders[0]?.n ?? 0,
    signed_in_reporters: new Set(reports.flatMap((x) => (x.report.userId ? [x.report.userId] : []))).size,
    withdrawn: withdrawal ? { cause: withdrawal.cause, at: withdrawal.createdAt.toISOString() } : null,
    reports: reports.map(({ report, name, email }) => ({
      id: report.id,
      reason: report.reason,
      note: report.note,
      status: report.status,
      created_at: report.createdAt.toISOString(),
      reporter: report.userId && name !== null && email !== null ? { name, email } : null,
    })),
  };
}
