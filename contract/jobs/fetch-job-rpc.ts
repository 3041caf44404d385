/**
 * What the FetchJob Durable Object answers over RPC. The DO (worker/features/jobs/fetch-job.ts)
 * implements it; the queue consumer calls it through this interface, so it never imports the
 * Worker's class.
 */
import type { FoundFile, JobErrorReason, JobInput, JobMeta, JobState, Lane, StepName, StepRecord } from "./job-state";

export type StartResult = { state: JobState; enqueued: boolean };

export type JobOutcome =
  | { phase: "found"; file: FoundFile; meta: JobMeta; steps: StepRecord[] }
  | { phase: "not_found"; meta: JobMeta; steps: StepRecord[] }
  | { phase: "error"; reason: JobErrorReason; message: string; meta: JobMeta; steps: StepRecord[] };

/** The calls a consumer makes while it works on one run of the job. */
export interface FetchJobRun {
  /**
   * Before working: is this run still the job's current, unfinished run, and is it waiting in the
   * lane this message came from (a list run moved to the paste lane is worked from there only)?
   */
  claim(req: { runId: string; attempt: number; lane?: Lane | undefined }): Promise<{ proceed: boolean; state: JobState | null }>;
  /**
   * The step now running; `records` are the steps of a delivery that ended without a result (before
   * a retry). `lane` is the run's lane now (a paste that joined moves it up: its calls go first).
   */
  progress(req: { runId: string; step: StepName; records?: StepRecord[] | undefined; meta?: JobMeta | undefined }): Promise<{ current: boolean; lane?: Lane | undefined }>;
  /** The run's result. */
  complete(req: { runId: string; finishedAt: number; outcome: JobOutcome }): Promise<{ accepted: boolean }>;
  /** The dead-letter consumer gave up on this run. */
  fail(req: { runId: string; reason: JobErrorReason; message: string; finishedAt: number }): Promise<{ accepted: boolean }>;
}

/** Everything the job offers: the run calls plus start (getpdf) and read. */
export interface FetchJobApi extends FetchJobRun {
  start(req: { key: string; input: JobInput; now: number; lane?: Lane | undefined }): Promise<StartResult>;
  read(): Promise<JobState | null>;
}
