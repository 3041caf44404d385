/** Helpers of the link/DOI download tests: scenario DOIs of the fake upstream, start/poll, hit counters. */
import { createExecutionContext, createMessageBatch, getQueueResult, runInDurableObject, type QueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { getResolvedPDFJS } from "unpdf";
import { beforeAll, expect } from "vitest";
import { GetPdfResult } from "../../../contract/getpdf";
import { identify, jobKeyFor } from "../../../lib/identify";
import { handleQueueBatch } from "../../../queue-consumer";
import { defaultConsumerDeps, processFetchMessage, type ConsumerDeps } from "../../../queue-consumer/process";
import { signingSecret } from "../../../worker/env";
import { makeTicket } from "../../../worker/features/getpdf/ticket";
import { JOB_STORAGE_KEY, fetchJobStub } from "../../../worker/features/jobs/fetch-job";
import { emptyMeta, idleState, type FetchJobMessage, type JobState, type Lane } from "../../../contract/jobs/job-state";
import type { Client } from "./helpers";

// pdf.js (1.6 MB, queue-consumer/pdf-text.ts) is loaded on the first verification; the test
// runner's module loading makes that take seconds, longer than one test's timeout. Load it first.
beforeAll(async () => {
  await getResolvedPDFJS();
}, 120_000);

/** A number no other test (in this run) uses, so the fake's hit counters are this test's own. */
export function uniqueN(): number {
  return 100_000 + Math.floor(Math.random() * 899_999);
}

/** A DOI the fake upstream answers by scenario (tests/fakes/providers/_shared.ts). */
export function scenarioDoi(kind: string, n = uniqueN()): string {
  return `10.5555/${kind}-${n}`;
}

/** `wait`: how long the answer may wait for the job to settle (the route's default when absent; 0 answers at once). */
export async function start(c: Client, url: string, opts: { now?: number; form?: boolean; get?: boolean; wait?: number } = {}): Promise<GetPdfResult> {
  const wait: Record<string, string> = opts.wait === undefined ? {} : { wait: String(opts.wait) };
  const res = opts.get
    ? await c.get(`/getpdf/start?${new URLSearchParams({ url, ...wait })}`, { now: opts.now })
    : opts.form
      ? await c.postForm("/getpdf/start", { url, ...wait }, { now: opts.now })
      : await c.post("/getpdf/start", { url, ...(opts.wait === undefined ? {} : { wait: opts.wait }) }, { now: opts.now });
  expect(res.status, await res.clone().text()).toBe(200);
  return GetPdfResult.parse(await res.json());
}

export async function check(c: Client, id: string, opts: { now?: number; get?: boolean } = {}): Promise<GetPdfResult> {
  const res = opts.get
    ? await c.get(`/getpdf/check?id=${encodeURIComponent(id)}`, { now: opts.now })
    : await c.post("/getpdf/check", { id }, { now: opts.now });
  expect(res.status, await res.clone().text()).toBe(200);
  return GetPdfResult.parse(await res.json());
}

/** Polls until the result is no longer `processing` (each check may itself wait for the job; tests poll again at once). */
export async function waitForResult(c: Client, first: GetPdfResult, timeoutMs = 30_000, intervalMs = 50): Promise<GetPdfResult> {
  let r = first;
  const end = Date.now() + timeoutMs;
  while (r.status === "processing") {
    if (Date.now() > end) throw new Error(`still processing after ${timeoutMs} ms: ${JSON.stringify(r)}`);
    await new Promise((res) => setTimeout(res, intervalMs));
    r = await check(c, r.id);
  }
  return r;
}

export async function startAndWait(c: Client, url: string, timeoutMs?: number): Promise<GetPdfResult> {
  return waitForResult(c, await start(c, url), timeoutMs);
}

/** The fake upstream's hit counters ("provider:key" -> count). */
export async function upstreamHits(): Promise<Record<string, number>> {
  const res = await fetch(`${env.UPSTREAM_BASE}/__stats`);
  return (await res.json()) as Record<string, number>;
}

export async function hitsFor(provider: string, key: string): Promise<number> {
  return (await upstreamHits())[`${provider}:${key}`] ?? 0;
}

/** Downloads a result's link through the Worker (same session). */
export async function download(c: Client, link: string): Promise<Response> {
  return c.get(link);
}

export function isPdf(bytes: ArrayBuffer): boolean {
  return new TextDecoder().decode(new Uint8Array(bytes).slice(0, 5)) === "%PDF-";
}

// ---------------------------------------------------------------------------
// Running the consumer directly (fault injection, licensed configuration) on a job that the real
// queue never hears about: the job is put into its Durable Object as start() would.

export type DirectJob = { key: string; runId: string; id: string; message: FetchJobMessage };

/** A processing job for `raw`, as start() (or a reading list, lane "list") leaves it, but with no queue message sent. */
export async function seedProcessingJob(raw: string, startedAt = Date.now(), lane?: Lane): Promise<DirectJob> {
  const identified = identify(raw);
  const key = jobKeyFor(identified);
  if (!key) throw new Error(`no job key for ${raw}`);
  const runId = crypto.randomUUID();
  const input = { raw, identified };
  const state: JobState = {
    ...idleState(key),
    phase: "processing",
    runId,
    step: "queued",
    input,
    startedAt,
    runs: 1,
    meta: { ...emptyMeta(), doi: identified.doi },
    ...(lane ? { lane } : {}),
  };
  await runInDurableObject(fetchJobStub(env, key), (_instance, ctx) => {
    ctx.storage.kv.put(JOB_STORAGE_KEY, state);
  });
  const { id } = await makeTicket(signingSecret(env), key, startedAt);
  return { key, runId, id, message: { key, runId, startedAt, input, ...(lane ? { lane } : {}) } };
}

/** Delivers `job`'s message to the consumer once, as delivery number `attempts`, and reports ack/retry. */
export async function deliver(
  job: DirectJob,
  opts: { attempts?: number; env?: Partial<Cloudflare.Env>; deps?: Partial<ConsumerDeps>; queue?: string } = {},
): Promise<QueueResult> {
  const batch = createMessageBatch<FetchJobMessage>(opts.queue ?? "daryaft-fetch-jobs", [
    { id: `msg-${job.runId}`, timestamp: Date.now(), attempts: opts.attempts ?? 1, body: job.message },
  ]);
  const ctx = createExecutionContext();
  await handleQueueBatch(batch as MessageBatch<unknown>, { ...env, ...opts.env } as Cloudflare.Env, ctx, { ...defaultConsumerDeps, ...opts.deps });
  return getQueueResult(batch, ctx);
}

export async function jobState(key: string): Promise<JobState | null> {
  return fetchJobStub(env, key).read();
}

/** The Worker configuration with the Elsevier resolver switched on (the fake accepts any key). */
export const LICENSED_ENV: Partial<Cloudflare.Env> = { LICENSED_RESOLVERS: "elsevier", ELSEVIER_API_KEY: "test-elsevier-key" };

export type Recorded = { acked: boolean; retries: { delaySeconds?: number | undefined }[] };

/**
 * Delivers `job`'s message to processFetchMessage as a message object that records ack() and
 * retry({ delaySeconds }) (the test runtime's getQueueResult does not report retry delays).
 */
export async function deliverRecorded(job: DirectJob, opts: { attempts: number; deps?: Partial<ConsumerDeps> }): Promise<Recorded> {
  const rec: Recorded = { acked: false, retries: [] };
  const message = {
    id: `msg-${job.runId}`,
    timestamp: new Date(),
    attempts: opts.attempts,
    body: job.message as unknown,
    ack: () => void (rec.acked = true),
    retry: (o?: { delaySeconds?: number }) => void rec.retries.push({ delaySeconds: o?.delaySeconds }),
  } satisfies Message<unknown>;
  await processFetchMessage(message, env, { ...defaultConsumerDeps, ...opts.deps });
  return rec;
}
