/**
 * What the FetchJob Durable Object answers over RPC. The DO (worker/features/jobs/fetch-job.ts)
 * implements it; the queue consumer calls it through this interface, so it never imports the
 * Worker's class.
 */
import type { FoundFile, JobErrorReason, JobInput, JobMeta, JobState, StepName, StepRecord } from "./job-state";

export type StartResult = { state: JobState; enqueued: boolean };

export type JobOutcome =
  | { phase: "found"; file: FoundFile; meta: JobMeta; steps: StepRecord[] }
  | { phase: "not_found"; meta: JobMeta; steps: StepRecord[] }
  | { phase: "error"; reason: JobErrorReason; message: string; meta: JobMeta; steps: StepRecord[] };

/** The calls a consumer makes while it works on one run of the job. */
export interface FetchJobRun {
  /** Before working: is this run still the job's current, unfinished run? */
  claim(req: { runId: string; attempt: number }): Promise<{ proceed: boolean; state: JobState | null }>;
  /** The step now running; `records` are the steps of a delivery that ended without a result (before a retry). */
  progress(req: { runId: string; step: StepName; records?: StepRecord[] | undefined; meta?: JobMeta | undefined }): Promise<{ current: boolean }>;
  /** The run's result. */
  complete(req: { runId: string; finishedAt: number; outcome: JobOutcome }): Promise<{ accepted: boolean }>;
  /** The dead-letter consumer gave up on this run. */
  fail(req: { runId: string; reason: JobErrorReason; message: string; finishedAt: number }): Promise<{ accepted: boolean }>;
}

/** Everything the job offers: the run calls plus start (getpdf) and read. */
export interface FetchJobApi extends FetchJobRun {
  start(req: { key: string; input: JobInput; now: number }): Promise<StartResult>;
  read(): Promise<JobState | null>;
  /**
   * A file was withdrawn (wrong, broken: worker/features/file-reports): a job whose result is that
   * file runs again at once (its run skips the withdrawn file); any other job is left as it is.
   */
  withdrawFile(req: { fileKey: string; now: number }): Promise<{ state: JobState | null; enqueued: boolean }>;
}
