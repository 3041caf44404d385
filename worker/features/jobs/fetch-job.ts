import { DurableObject } from "cloudflare:workers";
import {
  decideStart,
  emptyMeta,
  idleState,
  runDeadline,
  type FetchJobMessage,
  type JobActivity,
  type JobErrorReason,
  type JobInput,
  type JobMeta,
  type JobState,
  type Lane,
  type StepName,
  type StepRecord,
} from "../../../contract/jobs/job-state";
import type { FetchJobApi, JobOutcome, StartResult, WatchRequest } from "../../../contract/jobs/fetch-job-rpc";
import { jobMessages } from "../../../contract/jobs/messages";
import { createLogger } from "../../../lib/logger";
import { JobWatchers } from "./job-watchers";

/** Storage key of the job state (exported for tests that set a job up without the queue). */
export const JOB_STORAGE_KEY = "job";
const STATE_KEY = JOB_STORAGE_KEY;

/**
 * One fetch job per normalised document identifier (the object's name is the job key).
 *
 * Concurrency: state lives in the synchronous KV storage, so a start() decides and records
 * "processing" before its first await; starts arriving while the queue send is in flight see
 * that state and join. Only the start that moved the job to processing enqueues a message.
 * An alarm ends any job still processing past its deadline (contract/jobs/job-state.ts runDeadline).
 *
 * Waiting: callers watch the job (job-watchers.ts); every write is published to them, so the
 * completion, the dead-letter failure and the deadline alarm each release every waiter at once.
 */
export class FetchJob extends DurableObject<Cloudflare.Env> implements FetchJobApi {
  private readonly waiting = new JobWatchers(() => this.load());

  private load(): JobState | null {
    return this.ctx.storage.kv.get<JobState>(STATE_KEY) ?? null;
  }

  private save(state: JobState): void {
    const next: JobState = { ...state, rev: (this.load()?.rev ?? 0) + 1 };
    this.ctx.storage.kv.put(STATE_KEY, next);
    this.waiting.publish(next);
  }

  /** The queue of a lane: pastes and reading-list entries wait in separate queues. */
  private queueOf(lane: Lane): Queue {
    return lane === "list" ? this.env.FETCH_JOBS_BULK : this.env.FETCH_JOBS;
  }

  /**
   * Join, reuse or run; enqueues exactly one message per run, except that a paste joining a list
   * run no consumer has taken up yet moves it to the paste lane (one more message, same run; the
   * list lane's message is then refused at claim).
   */
  async start(req: { key: string; input: JobInput; now: number; lane?: Lane | undefined }): Promise<StartResult> {
    const lane: Lane = req.lane ?? "paste";
    const current = this.load();
    const decision = decideStart(current, req.now);
    if (decision === "join" && current && current.lane === "list" && !current.claimedAt && lane === "paste" && current.runId)
      return this.promote(current, req.now);
    if (decision !== "run" && current) return { state: current, enqueued: false };

    const runId = crypto.randomUUID();
    const next: JobState = {
      ...idleState(req.key),
      phase: "processing",
      runId,
      step: "queued",
      input: req.input,
      startedAt: req.now,
      runs: (current?.runs ?? 0) + 1,
      meta: { ...emptyMeta(), doi: req.input.identified.doi },
      lane,
      claimedAt: null,
    };
    this.save(next);
    const message: FetchJobMessage = { key: req.key, runId, startedAt: req.now, input: req.input, lane };
    try {
      await this.ctx.storage.setAlarm(runDeadline(next));
      await this.queueOf(lane).send(message, { contentType: "json" });
    } catch (err) {
      createLogger(`job:${req.key}`).error("fetch_job.enqueue_failed", { key: req.key, error: String(err) });
      const failed: JobState = { ...next, phase: "error", step: null, finishedAt: req.now, error: { reason: "internal", message: jobMessages.enqueueFailed } };
      this.save(failed);
      return { state: failed, enqueued: false };
    }
    return { state: next, enqueued: true };
  }

  /** A waiting list run moves to the paste lane: a message there, the paste's 60 s from now. */
  private async promote(current: JobState, now: number): Promise<StartResult> {
    const next: JobState = { ...current, lane: "paste", startedAt: now };
    this.save(next);
    const message: FetchJobMessage = { key: current.key, runId: current.runId!, startedAt: now, input: current.input!, lane: "paste" };
    try {
      await this.ctx.storage.setAlarm(runDeadline(next));
      await this.env.FETCH_JOBS.send(message, { contentType: "json" });
    } catch (err) {
      // The list lane's message still runs it, later.
      createLogger(`job:${current.key}`).error("fetch_job.promote_failed", { key: current.key, error: String(err) });
      this.save(current);
      return { state: current, enqueued: false };
    }
    return { state: next, enqueued: true };
  }

  /** The consumer asks before working: is this run still the job's current, unfinished run, in this lane? */
  async claim(req: { runId: string; attempt: number; lane?: Lane | undefined }): Promise<{ proceed: boolean; state: JobState | null }> {
    const s = this.load();
    if (!s || s.runId !== req.runId || s.phase !== "processing") return { proceed: false, state: s };
    if (req.lane && (s.lane ?? "paste") !== req.lane) return { proceed: false, state: s };
    const claimedAt = s.claimedAt ?? Date.now();
    const next: JobState = { ...s, attempt: req.attempt, step: s.step === "retry" ? "queued" : s.step, claimedAt };
    this.save(next);
    // A list run waited in its lane; from now it has the same 60 s as a paste.
    if (!s.claimedAt && s.lane === "list") await this.ctx.storage.setAlarm(runDeadline(next));
    return { proceed: true, state: next };
  }

  /** The step now running; `records` are the steps of a delivery that ended without a result (before a retry). */
  async progress(req: {
    runId: string;
    step: StepName;
    records?: StepRecord[] | undefined;
    meta?: JobMeta | undefined;
  }): Promise<{ current: boolean; lane?: Lane | undefined }> {
    const s = this.load();
    if (!s || s.runId !== req.runId || s.phase !== "processing") return { current: false };
    this.save({ ...s, step: req.step, steps: req.records ? [...s.steps, ...req.records] : s.steps, meta: req.meta ?? s.meta, activity: null });
    return { current: true, lane: s.lane ?? "paste" };
  }

  async activity(req: { runId: string; activity: JobActivity }): Promise<{ current: boolean }> {
    const s = this.load();
    if (!s || s.runId !== req.runId || s.phase !== "processing") return { current: false };
    this.save({ ...s, activity: req.activity });
    return { current: true };
  }

  /**
   * The run's result. A late "found" for the current run is still taken after the alarm ended
   * it (the copy is stored; the next check shows it); anything else only while processing.
   */
  async complete(req: { runId: string; finishedAt: number; outcome: JobOutcome }): Promise<{ accepted: boolean }> {
    const s = this.load();
    if (!s || s.runId !== req.runId) return { accepted: false };
    const lateFound = s.phase === "error" && s.error?.reason === "timeout" && req.outcome.phase === "found";
    if (s.phase !== "processing" && !lateFound) return { accepted: false };
    const o = req.outcome;
    const base: JobState = { ...s, step: null, activity: null, finishedAt: req.finishedAt, meta: o.meta, steps: [...s.steps, ...o.steps] };
    const next: JobState =
      o.phase === "found"
        ? { ...base, phase: "found", file: o.file, error: null }
        : o.phase === "not_found"
          ? { ...base, phase: "not_found", file: null, error: null }
          : { ...base, phase: "error", file: null, error: { reason: o.reason, message: o.message } };
    this.save(next);
    await this.ctx.storage.deleteAlarm();
    return { accepted: true };
  }

  /** The dead-letter consumer gave up on this run. */
  async fail(req: { runId: string; reason: JobErrorReason; message: string; finishedAt: number }): Promise<{ accepted: boolean }> {
    const s = this.load();
    if (!s || s.runId !== req.runId || s.phase !== "processing") return { accepted: false };
    this.save({ ...s, phase: "error", step: null, activity: null, finishedAt: req.finishedAt, error: { reason: req.reason, message: req.message } });
    await this.ctx.storage.deleteAlarm();
    return { accepted: true };
  }

  async read(): Promise<JobState | null> {
    return this.load();
  }

  /** A job whose result is the withdrawn file runs again now; every poller of it sees the new run. */
  async withdrawFile(req: { fileKey: string; now: number }): Promise<{ state: JobState | null; enqueued: boolean }> {
    const s = this.load();
    if (!s || s.phase !== "found" || s.file?.fileKey !== req.fileKey || !s.input) return { state: s, enqueued: false };
    // The result is forgotten and the run decided in the same synchronous step, as start() does.
    this.save({ ...s, phase: "idle", file: null });
    return this.start({ key: s.key, input: s.input, now: req.now });
  }

  async watch(req: WatchRequest): Promise<ReadableStream<Uint8Array>> {
    return this.waiting.open(req);
  }

  async unwatch(req: { id: string }): Promise<{ dropped: boolean }> {
    return { dropped: this.waiting.unwatch(req.id) };
  }

  async watchers(): Promise<number> {
    return this.waiting.size;
  }

  /** Ends a job still processing at its deadline, so nobody polls forever. */
  override async alarm(): Promise<void> {
    const s = this.load();
    if (!s || s.phase !== "processing" || s.startedAt === null) return;
    const due = runDeadline(s);
    const now = Date.now();
    if (now < due) {
      await this.ctx.storage.setAlarm(due);
      return;
    }
    this.save({ ...s, phase: "error", step: null, activity: null, finishedAt: now, error: { reason: "timeout", message: jobMessages.timeout } });
  }
}

/** The typed stub of the job for `key`. */
export function fetchJobStub(env: Cloudflare.Env, key: string): DurableObjectStub<FetchJob> {
  const ns = env.FETCH_JOB as unknown as DurableObjectNamespace<FetchJob>;
  return ns.get(ns.idFromName(key));
}
