/**
 * What the FetchJob Durable Object answers over RPC. The DO (worker/features/jobs/fetch-job.ts)
 * implements it; the queue consumer calls it through this interface, so it never imports the
 * Worker's class.
 */
import type { FoundFile, JobActivity, JobErrorReason, JobInput, JobMeta, JobState, Lane, StepName, StepRecord } from "./job-state";

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
  progress(req: {
    runId: string;
    step: StepName;
    records?: StepRecord[] | undefined;
    meta?: JobMeta | undefined;
  }): Promise<{ current: boolean; lane?: Lane | undefined }>;
  /** What the running step is doing inside itself (copies listed, downloading, checking); kept until the next step. */
  activity(req: { runId: string; activity: JobActivity }): Promise<{ current: boolean }>;
  /** The run's result. */
  complete(req: { runId: string; finishedAt: number; outcome: JobOutcome }): Promise<{ accepted: boolean }>;
  /** The dead-letter consumer gave up on this run. */
  fail(req: { runId: string; reason: JobErrorReason; message: string; finishedAt: number }): Promise<{ accepted: boolean }>;
}

/**
 * How a caller waits on the job (worker/features/jobs/job-watchers.ts): `settled` answers one state,
 * the job's first one that is no longer processing or, at `timeoutMs`, the state then; `changes`
 * answers every state after revision `after` (the current one at once when it is newer), until the
 * job settles or `timeoutMs` passes.
 */
export type WatchRequest = {
  mode: "settled" | "changes";
  after?: number | undefined;
  timeoutMs: number;
  /** The caller's name for this watch, for unwatch. */
  id?: string | undefined;
};

/** Everything the job offers: the run calls plus start (getpdf), read and watch. */
export interface FetchJobApi extends FetchJobRun {
  start(req: { key: string; input: JobInput; now: number; lane?: Lane | undefined }): Promise<StartResult>;
  read(): Promise<JobState | null>;
  /**
   * A file was withdrawn (wrong, broken: worker/features/file-reports): a job whose result is that
   * file runs again at once (its run skips the withdrawn file); any other job is left as it is.
   */
  withdrawFile(req: { fileKey: string; now: number }): Promise<{ state: JobState | null; enqueued: boolean }>;
  /** Newline-delimited JSON job states (see WatchRequest). */
  watch(req: WatchRequest): Promise<ReadableStream<Uint8Array>>;
  /**
   * The caller stopped reading watch `id` (its client went away): the watcher goes now. A reader
   * that is cancelled is not seen by the object until it next writes to it, so the caller says so.
   */
  unwatch(req: { id: string }): Promise<{ dropped: boolean }>;
  /** Watchers held right now (tests, the benchmark). */
  watchers(): Promise<number>;
}
