/**
 * Waiting on a job from a request: the job's Durable Object holds the wait (job-watchers.ts) and
 * answers over one stream of newline-delimited states; this side only reads it. Bounded per
 * isolate: past MAX_WAITS_PER_ISOLATE held waits a request does not wait at all and is answered at
 * once (the client polls, as the spec's client always did). A request that ends early (the client
 * went away) cancels its stream and tells the object (unwatch), which drops the watcher at once.
 */
import type { FetchJobApi, WatchRequest } from "../../../contract/jobs/fetch-job-rpc";
import type { JobState } from "../../../contract/jobs/job-state";

/**
 * Waits held by one isolate at once. A held wait is a pending subrequest and a few small objects
 * (well under 10 KB), so 1,000 of them stay far inside an isolate's 128 MB; past it the isolate is
 * busy enough that answering at once and letting clients poll is the cheaper course.
 */
export const MAX_WAITS_PER_ISOLATE = 1000;

let held = 0;

/** Waits this isolate holds now (the benchmark's development route reports it). */
export const heldWaits = () => held;

type Watchable = Pick<FetchJobApi, "watch" | "unwatch">;

/** Keeps a promise running after the answer (the execution context's waitUntil), when there is one. */
export type Background = (p: Promise<unknown>) => void;

/**
 * The job's states from `req` on, as they come. Yields nothing when this isolate already holds its
 * maximum of waits; ends when the object ends the stream or `signal` aborts (then the stream is
 * cancelled, which drops the watcher in the object at once).
 */
export async function* watchJob(
  stub: Watchable,
  req: Omit<WatchRequest, "id">,
  signal?: AbortSignal,
  background?: Background,
): AsyncGenerator<JobState | null> {
  if (req.timeoutMs <= 0 || held >= MAX_WAITS_PER_ISOLATE || signal?.aborted) return;
  held++;
  const id = crypto.randomUUID();
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let ended = false;
  const abort = () => void reader?.cancel().catch(() => undefined);
  signal?.addEventListener("abort", abort, { once: true });
  try {
    reader = (await stub.watch({ ...req, id })).getReader();
    if (signal?.aborted) return;
    const decoder = new TextDecoder();
    let buffered = "";
    for (;;) {
      // Cancelled by an abort: the wait just ends (the caller answers, or nobody is listening).
      const { done, value } = await reader.read().catch((err: unknown) => {
        if (signal?.aborted) return { done: true as const, value: undefined };
        throw err;
      });
      if (done) {
        // Ended by the object (settled, timed out): nothing left to drop there.
        ended = !signal?.aborted;
        break;
      }
      buffered += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffered.indexOf("\n")) !== -1) {
        const text = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        yield JSON.parse(text) as JobState | null;
      }
    }
  } finally {
    signal?.removeEventListener("abort", abort);
    held--;
    if (!ended) {
      // Ended early (the client went away, a consumer that stopped reading): the object's watcher goes now.
      void reader?.cancel().catch(() => undefined);
      const dropped = stub.unwatch({ id }).catch(() => undefined);
      if (background) background(dropped);
      else await dropped;
    }
  }
}

/**
 * The job's first settled state within `timeoutMs`, or its state at the bound; `undefined` when
 * no wait was held (the isolate's cap, a zero bound, an aborted request): answer what you have.
 */
export async function waitForSettled(stub: Watchable, timeoutMs: number, signal?: AbortSignal, background?: Background): Promise<JobState | null | undefined> {
  let last: JobState | null | undefined;
  for await (const state of watchJob(stub, { mode: "settled", timeoutMs }, signal, background)) last = state;
  return last;
}
