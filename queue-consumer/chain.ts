/**
 * The shapes the resolver chain is built from: what one step returns, what the chain ends with,
 * and the context every step reads and fills (resolve.ts runs the steps of resolver-steps.ts).
 */
import { isUpstreamError, type FetchFn } from "../clients/http";
import type { Priority } from "../contract/budget";
import type { AnswerStore } from "../db/shared-answers";
import type { IdentifyResult } from "../contract/identify";
import type { FileAccess, JobActivity, JobMeta, StepName, StepOutcome, StepRecord } from "../contract/jobs/job-state";
import type { Attempt, DocumentFetcher, PdfHit } from "./documents";
import type { LicensedResolver } from "./licensed";
import type { LeaseScope } from "./memory";
import { FetchRefused } from "./safe-fetch";
import type { Expectation } from "./verify";
import type { Withdrawn } from "./withdrawn";

export type ChainOutcome =
  | { kind: "found"; hit: PdfHit; access: FileAccess; meta: JobMeta; steps: StepRecord[] }
  | { kind: "not_found"; meta: JobMeta; steps: StepRecord[] }
  | { kind: "refused"; reason: "persian" | "invalid"; message: string; meta: JobMeta; steps: StepRecord[] }
  /** Nothing found, but some source failed in a way worth retrying. */
  | { kind: "transient"; meta: JobMeta; steps: StepRecord[]; detail: string }
  /** The job ended or moved on meanwhile (alarm, a newer run): stop quietly. */
  | { kind: "abandoned"; steps: StepRecord[] };

export type ResolveDeps = {
  fetch: FetchFn;
  /** Tells the job which step runs now; false: stop, the job moved on. */
  report(step: StepName, meta: JobMeta): Promise<boolean>;
  /** What the running step does inside itself (copies listed, downloading, checking): shown live, never awaited. */
  activity?: ActivitySink | undefined;
  licensed?: readonly LicensedResolver[] | undefined;
  /** The message's share of the isolate's document memory budget (memory.ts). */
  leases?: LeaseScope | undefined;
  /** The class the run's outside calls draw on the providers' budgets with (a paste that joined a list run moves it up). */
  priority?: (() => Priority) | undefined;
  /** Answers shared across jobs (D1); none: every step asks its service. */
  answers?: AnswerStore | null | undefined;
};

export type ActivitySink = (activity: JobActivity) => void;

export type StepResult = { outcome: StepOutcome; detail?: string | undefined; transient?: boolean; hit?: PdfHit | undefined; access?: FileAccess };

/** What the steps know of the document; a step may learn more (a landing page's DOI, the PMCID). */
export type DocumentIds = { doi: string | null; arxiv: string | null; pmid: string | null; pmcid: string | null; url: string | null };

/** One job's run of the chain: read by every step's `applies`, filled by its `run`. */
export type ResolveContext = {
  env: Cloudflare.Env;
  deps: ResolveDeps;
  identified: IdentifyResult;
  ids: DocumentIds;
  meta: JobMeta;
  /** The steps recorded so far (the chain's outcome carries them). */
  steps: StepRecord[];
  /** Locations already fetched in this run (and withdrawn files' locations): no step fetches one. */
  tried: Set<string>;
  /** The document's withdrawn files: their bytes are refused from any location. */
  withdrawn: Withdrawn;
  /** Options every outside-service client is built with. */
  common: { fetch: FetchFn; upstreamBase: string | undefined; timeoutMs: number };
  /** The class this run's calls take the providers' budgets with, now. */
  priority(): Priority;
  /** Answers shared across jobs: a fresh one is used instead of asking its service. */
  answers: AnswerStore | null;
  mail: string;
  licensed: readonly LicensedResolver[];
  /** What a file must show to be accepted: read when the file arrives, after the metadata steps. */
  expect(): Expectation;
};

/** One source of the chain: adding a source is one more of these in RESOLVER_STEPS. */
export type ResolverStep = {
  name: StepName;
  /** The step's own deadline (limits.ts DEADLINES), cut to what is left of the job's. */
  budgetMs: number;
  applies(ctx: ResolveContext): boolean;
  /** Recorded as a skipped step when it does not apply; absent: left out without a record. */
  skipReason?(ctx: ResolveContext): string;
  /** `fetchDoc` stops at the step's deadline. */
  run(ctx: ResolveContext, fetchDoc: DocumentFetcher): Promise<StepResult>;
  /** After it ran: the chain's outcome when this result ends the chain, else null. */
  ends(ctx: ResolveContext, result: StepResult): ChainOutcome | null;
};

export class StepDeadline extends Error {}

/** A rate limit that asks for a longer wait than this is skipped, not retried. */
const LONG_WAIT_SECONDS = 600;

export function failureResult(err: unknown): StepResult {
  if (err instanceof StepDeadline) return { outcome: "failed", transient: true, detail: err.message };
  if (err instanceof FetchRefused) return { outcome: "rejected", detail: err.message };
  if (isUpstreamError(err)) {
    // A daily allowance used up (ours or the provider's) will not heal by a retry within the job's minutes.
    if (err.kind === "rate_limited" && (err.retryAfterSeconds ?? 0) > LONG_WAIT_SECONDS) return { outcome: "failed", transient: false, detail: err.message };
    // auth/config problems (a bad key, a refused e-mail) will not heal by retrying
    return { outcome: "failed", transient: err.retryable, detail: err.message };
  }
  if (err instanceof RangeError) return { outcome: "rejected", detail: err.message };
  return { outcome: "failed", transient: true, detail: String(err) };
}

export function fromAttempts(r: { hit: PdfHit | null; attempts: Attempt[] }, access: FileAccess): StepResult {
  const detail = r.attempts.map((a) => `${a.outcome} ${a.url} (${a.detail})`).join("; ");
  if (r.hit) return { outcome: "found", detail, hit: r.hit, access };
  const transient = r.attempts.some((a) => a.transient);
  if (transient) return { outcome: "failed", transient: true, detail };
  if (r.attempts.some((a) => a.outcome === "mismatch")) return { outcome: "mismatch", detail };
  return { outcome: r.attempts.length ? "rejected" : "none", detail: detail || "every location already tried" };
}
