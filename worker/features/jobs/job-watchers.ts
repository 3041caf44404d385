/**
 * The callers waiting on one job, held by its Durable Object (fetch-job.ts). A watcher is an open
 * stream and a timer, nothing else: no polling, no CPU while the job runs. Every write of the job
 * is offered to every watcher (publish); a settled job releases them all in that one write, so a
 * hundred people waiting on one paper cost one resolution and one write. A watcher ends when the
 * job settles, at its timeout, or when its caller says it stopped reading (unwatch: the client hung
 * up), whichever comes first. The runtime does not tell the object that a reader across the RPC
 * boundary was cancelled until the object next writes to it (then the pipe's `closed` rejects and
 * the watcher goes too), so the caller's unwatch is what ends it at once.
 */
import type { WatchRequest } from "../../../contract/jobs/fetch-job-rpc";
import { isSettled, type JobState } from "../../../contract/jobs/job-state";

/**
 * Watchers one job holds at once. Beyond it a caller is answered the current state at once and
 * polls as before: a stream is a few hundred bytes here, so this bounds the object's memory, not
 * its correctness (1,000 people starting one DOI at once: the first 500 wait, the rest poll).
 */
export const MAX_WATCHERS_PER_JOB = 500;
/** No watch is held longer than this (the progress stream's bound is below it). */
export const MAX_WATCH_MS = 30_000;

type Watcher = {
  id: string | undefined;
  mode: WatchRequest["mode"];
  writer: WritableStreamDefaultWriter<Uint8Array>;
  timer: ReturnType<typeof setTimeout> | undefined;
};

const encoder = new TextEncoder();
const line = (state: JobState | null) => encoder.encode(`${JSON.stringify(state)}\n`);

export class JobWatchers {
  private readonly held = new Set<Watcher>();
  private readonly byId = new Map<string, Watcher>();

  /** `load` reads the job's current state (for the answer at a timeout). */
  constructor(private readonly load: () => JobState | null) {}

  get size(): number {
    return this.held.size;
  }

  /** A stream of newline-delimited job states, as WatchRequest describes. */
  open(req: WatchRequest): ReadableStream<Uint8Array> {
    const current = this.load();
    const timeoutMs = Math.max(0, Math.min(MAX_WATCH_MS, Number.isFinite(req.timeoutMs) ? req.timeoutMs : 0));
    const pipe = new IdentityTransformStream();
    const w: Watcher = { id: req.id, mode: req.mode, writer: pipe.writable.getWriter(), timer: undefined };
    if (isSettled(current) || timeoutMs === 0 || this.held.size >= MAX_WATCHERS_PER_JOB) {
      this.send(w, line(current));
      this.close(w);
      return pipe.readable;
    }
    if (req.mode === "changes" && (current?.rev ?? 0) > (req.after ?? -1)) this.send(w, line(current));
    w.timer = setTimeout(() => this.expire(w), timeoutMs);
    this.held.add(w);
    if (w.id) this.byId.set(w.id, w);
    w.writer.closed.catch(() => this.drop(w));
    return pipe.readable;
  }

  /** The caller stopped reading: the watcher ends now. */
  unwatch(id: string): boolean {
    const w = this.byId.get(id);
    if (!w) return false;
    this.finish(w);
    return true;
  }

  /** Every write of the job: changes watchers get it, and a settled job ends every watcher with it. */
  publish(state: JobState): void {
    const settled = isSettled(state);
    if (!settled && ![...this.held].some((w) => w.mode === "changes")) return;
    const bytes = line(state);
    for (const w of [...this.held]) {
      if (w.mode === "changes" || settled) this.send(w, bytes);
      if (settled) this.finish(w);
    }
  }

  /** At its timeout a `settled` watcher is told the state then (still processing); a `changes` watcher has seen it. */
  private expire(w: Watcher): void {
    if (!this.held.has(w)) return;
    if (w.mode === "settled") this.send(w, line(this.load()));
    this.finish(w);
  }

  /** Not awaited: a write completes when the reader takes it; a reader gone is seen by `closed`. */
  private send(w: Watcher, bytes: Uint8Array): void {
    w.writer.write(bytes).catch(() => undefined);
  }

  private close(w: Watcher): void {
    w.writer.close().catch(() => undefined);
  }

  private finish(w: Watcher): void {
    this.drop(w);
    this.close(w);
  }

  private drop(w: Watcher): void {
    if (w.timer !== undefined) clearTimeout(w.timer);
    this.held.delete(w);
    if (w.id) this.byId.delete(w.id);
  }
}
