/**
 * One fetch-jobs message: claim the run, resolve, store, report to the job. Acknowledged one
 * by one; a transient failure (or an unexpected exception) is retried explicitly with
 * exponential backoff from message.attempts. After max_retries the runtime moves the message
 * to the dead-letter queue, whose consumer (handleDeadLetter) marks the job failed.
 */
import type { FetchFn } from "../clients/http";
import { fetchJobRun } from "./job-run";
import type { FetchJobRun } from "../contract/jobs/fetch-job-rpc";
import { LANES, MAX_ATTEMPTS, backoffSeconds, type FetchJobMessage, type Lane, type StepRecord } from "../contract/jobs/job-state";
import type { Priority } from "../contract/budget";
import { createDb } from "../db/client";
import { d1AnswerStore } from "../db/shared-answers";
import { jobMessages } from "../contract/jobs/messages";
import { resolveDocument, type ChainOutcome, type ResolveDeps } from "./resolve";
import { LeaseScope } from "./memory";
import { storeDocument } from "./store";
import { paceListEntry } from "./list-pace";
import { createLogger } from "../lib/logger";

export type ConsumerDeps = {
  fetch: FetchFn;
  /** The resolver chain (tests wrap it to inject faults). */
  resolve: (msg: FetchJobMessage, env: Cloudflare.Env, deps: ResolveDeps) => Promise<ChainOutcome>;
  now: () => number;
};

export const defaultConsumerDeps: ConsumerDeps = {
  fetch: (input, init) => fetch(input, init),
  resolve: resolveDocument,
  now: () => Date.now(),
};

export function parseJobMessage(body: unknown): FetchJobMessage | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Partial<FetchJobMessage>;
  if (typeof b.key !== "string" || typeof b.runId !== "string" || typeof b.startedAt !== "number") return null;
  if (!b.input || typeof b.input !== "object" || !b.input.identified || typeof b.input.identified !== "object") return null;
  // An unknown lane is no lane: the queue it came from decides.
  if (b.lane !== undefined && !(LANES as readonly unknown[]).includes(b.lane)) return { ...(b as FetchJobMessage), lane: undefined };
  return b as FetchJobMessage;
}

const log = createLogger("queue");

/**
 * `queueLane`: the lane of the queue the message came from (a message names its own lane too;
 * older ones do not, and they were all pastes).
 */
export async function processFetchMessage(
  message: Message<unknown>,
  env: Cloudflare.Env,
  deps: ConsumerDeps = defaultConsumerDeps,
  queueLane: Lane = "paste",
): Promise<void> {
  const body = parseJobMessage(message.body);
  if (!body) {
    // Unusable forever: acknowledge so it does not cycle to the dead-letter queue.
    log.error("fetch job message malformed", { id: message.id });
    message.ack();
    return;
  }
  const stub = fetchJobRun(env, body.key);
  // Every document body this message reads is reserved in the isolate's budget until it is stored.
  const leases = new LeaseScope();
  try {
    const lane: Lane = body.lane ?? queueLane;
    if (lane === "list") await paceListEntry(env);
    const claim = await stub.claim({ runId: body.runId, attempt: message.attempts, lane });
    if (!claim.proceed) {
      message.ack();
      return;
    }
    // A list run's minute starts when it is taken up, not when it entered its lane.
    const startedAt = lane === "list" ? (claim.state?.claimedAt ?? body.startedAt) : body.startedAt;
    let priority: Priority = claim.state?.lane ?? lane;
    // A paste joined this list run: its remaining calls go first.
    const reports = reporter(stub, body.runId, (moved) => (priority = moved));
    const outcome = await deps.resolve({ ...body, startedAt }, env, {
      fetch: deps.fetch,
      report: reports.report,
      activity: reports.activity,
      leases,
      priority: () => priority,
      answers: d1AnswerStore(createDb(env.DB)),
    });
    // The steps the job shows arrive before its result.
    await reports.sent();
    let finishedAt = deps.now();
    switch (outcome.kind) {
      case "abandoned":
        message.ack();
        return;
      case "found": {
        const file = await storeDocument(env, {
          jobKey: body.key,
          doi: outcome.meta.doi,
          bytes: outcome.hit.bytes,
          access: outcome.access,
          source: outcome.hit.source,
          license: outcome.hit.license,
          verification: outcome.hit.verification,
          version: outcome.hit.version,
          host: hostOfUrl(outcome.hit.url),
          url: outcome.hit.url,
          now: finishedAt,
          format: outcome.hit.format,
        });
        // The job ends when its file is stored (downloadable), not when it was found.
        finishedAt = deps.now();
        await stub.complete({ runId: body.runId, finishedAt, outcome: { phase: "found", file, meta: outcome.meta, steps: outcome.steps } });
        message.ack();
        return;
      }
      case "not_found":
        await stub.complete({ runId: body.runId, finishedAt, outcome: { phase: "not_found", meta: outcome.meta, steps: outcome.steps } });
        message.ack();
        return;
      case "refused":
        await stub.complete({
          runId: body.runId,
          finishedAt,
          outcome: { phase: "error", reason: outcome.reason, message: outcome.message, meta: outcome.meta, steps: outcome.steps },
        });
        message.ack();
        return;
      case "transient":
        await retryLater(message, stub, body, outcome.steps, outcome.detail);
        return;
    }
  } catch (err) {
    log.error("fetch job attempt failed", { key: body.key, attempt: message.attempts, error: String(err) });
    await retryLater(message, stub, body, [{ step: "retry", outcome: "failed", ms: 0, detail: String(err).slice(0, 300) }], "exception");
  } finally {
    leases.releaseAll();
  }
}

/**
 * The job hears each step (awaited: a job that moved on stops the run) and, between them, what the
 * step does (not awaited: the progress line must not slow the job). The calls are chained, so the
 * object gets them in the order they happened and a step never arrives before the activity of the
 * step it follows.
 */
function reporter(
  stub: FetchJobRun,
  runId: string,
  onLane: (lane: Lane) => void,
): Required<Pick<ResolveDeps, "report" | "activity">> & { sent(): Promise<unknown> } {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    sent: () => queue,
    report: async (step, meta) => {
      const sent = queue.then(() => stub.progress({ runId, step, meta }));
      queue = sent.catch(() => undefined);
      const r = await sent;
      if (r.lane) onLane(r.lane);
      return r.current;
    },
    activity: (activity) => {
      queue = queue.then(() => stub.activity({ runId, activity })).catch(() => undefined);
    },
  };
}

async function retryLater(message: Message<unknown>, stub: FetchJobRun, body: FetchJobMessage, steps: StepRecord[], detail: string) {
  const delaySeconds = backoffSeconds(message.attempts);
  log.warn("fetch job retry", { key: body.key, attempt: message.attempts, of: MAX_ATTEMPTS, delaySeconds, detail });
  try {
    await stub.progress({ runId: body.runId, step: "retry", records: steps });
  } catch {
    // The record is diagnosis only; the retry itself must still be asked for.
  }
  message.retry({ delaySeconds });
}

/** A message that used up its retries: the job ends in error, so nobody polls forever. */
export async function handleDeadLetter(message: Message<unknown>, env: Cloudflare.Env, now: () => number = () => Date.now()): Promise<void> {
  const body = parseJobMessage(message.body);
  if (!body) {
    message.ack();
    return;
  }
  try {
    await fetchJobRun(env, body.key).fail({ runId: body.runId, reason: "upstream", message: jobMessages.upstream, finishedAt: now() });
    message.ack();
  } catch (err) {
    log.error("dead letter could not mark the job", { key: body.key, error: String(err) });
    message.retry({ delaySeconds: backoffSeconds(message.attempts) });
  }
}

/** "licensed:elsevier" stays as it is; a URL gives its host. */
function hostOfUrl(url: string): string {
  try {
    return url.startsWith("licensed:") ? url : new URL(url).hostname;
  } catch {
    return "?";
  }
}
