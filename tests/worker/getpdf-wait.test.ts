/**
 * The answer comes when the job settles: start and check hold a processing answer for up to
 * GETPDF_WAIT_MS, the job's Durable Object releasing every waiter the moment it settles (its
 * completion, the dead-letter failure, the deadline alarm); the progress stream (Accept:
 * text/event-stream) sends each step, then the result. Waiters are counted in the object itself.
 */
import { createExecutionContext, runDurableObjectAlarm, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GETPDF_WAIT_MS, GetPdfProgress, GetPdfResult } from "../../contract/getpdf";
import { JOB_DEADLINE_MS } from "../../contract/jobs/job-state";
import { jobMessages } from "../../contract/jobs/messages";
import worker from "../../worker/index";
import { fetchJobStub } from "../../worker/features/jobs/fetch-job";
import { MAX_WATCHERS_PER_JOB } from "../../worker/features/jobs/job-watchers";
import { newClient } from "./auth-helpers";
import { check, deliver, hitsFor, jobState, scenarioDoi, seedProcessingJob, start } from "./getpdf-helpers";
import type { Client } from "./helpers";
import { createBatch, readBatch } from "./batch-helpers";
import { BatchView } from "../../contract/batch";

const watchersOf = (key: string) => fetchJobStub(env, key).watchers();

/** Resolves once the job's object holds `n` watchers (each request reaches it in its own time). */
async function untilWatchers(key: string, n: number, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while ((await watchersOf(key)) !== n) {
    if (Date.now() > end) throw new Error(`expected ${n} watchers on ${key}, have ${await watchersOf(key)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A promise's state without waiting for it. */
async function settledYet(p: Promise<unknown>): Promise<boolean> {
  const marker = Symbol();
  return (
    (await Promise.race([
      p.then(
        () => true,
        () => true,
      ),
      Promise.resolve(marker),
    ])) !== marker
  );
}

type Sse = { event: string; data: unknown };

/** Reads server-sent events until the stream ends (or `stopAfter` events). */
async function readEvents(res: Response, stopAfter = Infinity): Promise<Sse[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: Sse[] = [];
  let buffered = "";
  while (events.length < stopAfter) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffered.indexOf("\n\n")) !== -1 && events.length < stopAfter) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.*)$/m.exec(block)?.[1];
      events.push({ event, data: data === undefined ? null : JSON.parse(data) });
    }
  }
  if (events.length >= stopAfter) await reader.cancel();
  return events;
}

const streamPost = (c: Client, path: string, body: unknown, signal?: AbortSignal) =>
  c.token().then((token) =>
    c.fetch(path, {
      method: "POST",
      signal,
      headers: { "content-type": "application/json", "x-csrf-token": token, accept: "text/event-stream" },
      body: JSON.stringify(body),
    }),
  );

describe("start and check answer when the job settles", () => {
  it("a job that finishes within the bound is answered ok by the first start: no check needed", async () => {
    const c = newClient();
    const doi = scenarioDoi("oa-unpaywall");
    const first = await start(c, doi);
    expect(first.status).toBe("ok");
    expect(first.download_link).toMatch(/^\/files\/doi\//);
    expect(await hitsFor("unpaywall", doi)).toBe(1);
    // Nothing left waiting on the job.
    expect(await watchersOf(`doi:${doi}`)).toBe(0);
  });

  it("a job outliving the bound is answered processing at the bound, and a check waiting on it is answered the moment it completes", async () => {
    const job = await seedProcessingJob(scenarioDoi("oa-unpaywall")); // no queue message: nothing runs it yet
    const c = newClient();
    const startedAt = Date.now();
    const first = await start(c, job.message.input.raw);
    expect(first.status).toBe("processing");
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(GETPDF_WAIT_MS - 50);
    expect(await watchersOf(job.key)).toBe(0);

    const pending = check(c, first.id);
    await untilWatchers(job.key, 1);
    expect(await settledYet(pending)).toBe(false);
    await deliver(job);
    const r = await pending;
    expect(r.status).toBe("ok");
    expect(await watchersOf(job.key)).toBe(0);
  });

  it("the GET forms wait too, and wait=0 answers at once", async () => {
    const job = await seedProcessingJob(scenarioDoi("oa-unpaywall"));
    const c = newClient();
    const now = await c.get(`/getpdf/check?id=${encodeURIComponent(job.id)}&wait=0`);
    expect(GetPdfResult.parse(await now.json()).status).toBe("processing");
    expect(await watchersOf(job.key)).toBe(0);
    const pending = check(c, job.id, { get: true });
    await untilWatchers(job.key, 1);
    await deliver(job);
    expect((await pending).status).toBe("ok");
  });

  it("100 waiters on one job are all released by its completion, at the cost of one resolution", async () => {
    const doi = scenarioDoi("oa-unpaywall");
    const job = await seedProcessingJob(doi);
    const clients = Array.from({ length: 100 }, () => newClient());
    const pending = clients.map((c) => check(c, job.id));
    await untilWatchers(job.key, 100);
    await deliver(job);
    const results = await Promise.all(pending);
    expect(results.map((r) => r.status)).toEqual(Array(100).fill("ok"));
    expect(await watchersOf(job.key)).toBe(0);
    expect(await hitsFor("unpaywall", doi)).toBe(1);
    expect(await hitsFor("crossref", doi)).toBe(1);
    expect(await hitsFor("publisher", doi)).toBe(1);
    expect((await jobState(job.key))!.runs).toBe(1);
  }, 60_000);

  it("the dead-letter failure releases waiters with the error", async () => {
    const job = await seedProcessingJob(scenarioDoi("oa-unpaywall"));
    const pending = check(newClient(), job.id);
    await untilWatchers(job.key, 1);
    await deliver(job, { queue: "daryaft-fetch-jobs-dlq" });
    const r = await pending;
    expect(r.status).toBe("error");
    expect(r.msg).toBe(jobMessages.upstream);
  });

  it("the deadline alarm still ends a stuck job, and releases its waiters", async () => {
    const job = await seedProcessingJob(scenarioDoi("none"), Date.now() - JOB_DEADLINE_MS + 60_000);
    const stub = fetchJobStub(env, job.key);
    await runInDurableObject(stub, async (_i, ctx) => {
      await ctx.storage.setAlarm(Date.now() + 60_000);
    });
    const pending = check(newClient(), job.id);
    await untilWatchers(job.key, 1);
    // The deadline comes (its time moved into the past) while the check waits.
    await runInDurableObject(stub, (_i, ctx) => {
      const s = ctx.storage.kv.get<{ startedAt: number }>("job")!;
      ctx.storage.kv.put("job", { ...s, startedAt: Date.now() - JOB_DEADLINE_MS - 1 });
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const r = await pending;
    expect(r.status).toBe("error");
    expect(r.msg).toBe(jobMessages.timeout);
    expect((await stub.read())!.error?.reason).toBe("timeout");
    expect(await watchersOf(job.key)).toBe(0);
  });
});

/**
 * A disconnect, as the Worker sees it: its request's signal aborts (enable_request_signal in
 * wrangler.toml) or the response body it streams is cancelled. Test requests through
 * exports.default.fetch cross a boundary that carries neither, so these call the Worker's own
 * fetch handler in this isolate, with the signal and the body the runtime would hand it.
 */
async function inProcess(
  path: string,
  body: unknown,
  init: { signal?: AbortSignal; accept?: string } = {},
): Promise<{ res: Promise<Response>; ctx: ExecutionContext }> {
  const c = newClient();
  const token = await c.token();
  const headers = new Headers({ "content-type": "application/json", "x-csrf-token": token, cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ") });
  if (init.accept) headers.set("accept", init.accept);
  const ctx = createExecutionContext();
  const request = new Request(`https://daryaft.test${path}`, { method: "POST", headers, body: JSON.stringify(body), signal: init.signal });
  return { res: Promise.resolve(worker.fetch(request as Parameters<typeof worker.fetch>[0], env, ctx)), ctx };
}

describe("waiters are bounded and go with their clients", () => {
  it("a client that disconnects leaves no waiter behind (held JSON answer)", async () => {
    const job = await seedProcessingJob(scenarioDoi("oa-unpaywall"));
    const gone = new AbortController();
    const { res, ctx } = await inProcess("/getpdf/check", { id: job.id }, { signal: gone.signal });
    await untilWatchers(job.key, 1);
    gone.abort();
    await res.catch(() => undefined);
    await waitOnExecutionContext(ctx);
    // Gone at once, long before the bound would have ended it.
    expect(await watchersOf(job.key)).toBe(0);
  });

  it("a client that leaves the progress stream leaves no waiter behind", async () => {
    const job = await seedProcessingJob(scenarioDoi("oa-unpaywall"));
    const { res, ctx } = await inProcess("/getpdf/check", { id: job.id }, { accept: "text/event-stream" });
    const response = await res;
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const [firstEvent] = await readEvents(response, 1); // reads one event, then cancels the body
    expect(firstEvent!.event).toBe("progress");
    await waitOnExecutionContext(ctx);
    await untilWatchers(job.key, 0, 5_000);
  });

  it("an unwatched watch is dropped by the object at once, a dead reader at the next write; past the per-job cap a watch answers at once", async () => {
    const job = await seedProcessingJob(scenarioDoi("oa-unpaywall"));
    const stub = fetchJobStub(env, job.key);
    const stream = await stub.watch({ mode: "settled", timeoutMs: 20_000, id: "w1" });
    expect(await stub.watchers()).toBe(1);
    expect(await stub.unwatch({ id: "w1" })).toEqual({ dropped: true });
    expect(await stub.watchers()).toBe(0);
    expect(await new Response(stream).text()).toBe(""); // closed without an answer
    expect(await stub.unwatch({ id: "w1" })).toEqual({ dropped: false });

    // A reader cancelled without a word: the next write to it finds the pipe closed.
    const silent = await stub.watch({ mode: "changes", timeoutMs: 20_000 });
    await silent.cancel();
    expect(await stub.watchers()).toBe(1);
    await stub.progress({ runId: job.runId, step: "crossref" });
    await untilWatchers(job.key, 0, 5_000);

    const held = await Promise.all(Array.from({ length: MAX_WATCHERS_PER_JOB }, (_, i) => stub.watch({ mode: "settled", timeoutMs: 20_000, id: `cap-${i}` })));
    expect(await stub.watchers()).toBe(MAX_WATCHERS_PER_JOB);
    const overflow = await stub.watch({ mode: "settled", timeoutMs: 20_000 });
    const text = await new Response(overflow).text(); // answered and closed at once
    expect(JSON.parse(text.trim()).phase).toBe("processing");
    await Promise.all(held.map((_, i) => stub.unwatch({ id: `cap-${i}` })));
    expect(await stub.watchers()).toBe(0);
  }, 60_000);

  it("rejects a wait beyond the bound or not a number with a Persian 422", async () => {
    const c = newClient();
    for (const wait of [GETPDF_WAIT_MS + 1, -1, "soon", 1.5]) {
      const res = await c.post("/getpdf/start", { url: scenarioDoi("oa-unpaywall"), wait });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { errors: Record<string, string[]> };
      expect(body.errors.wait?.[0]).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe("the progress stream", () => {
  it("streams the job's steps in order, then the result; one request from paste to link", async () => {
    const doi = scenarioDoi("oa-unpaywall");
    const job = await seedProcessingJob(doi);
    const c = newClient();
    const res = await streamPost(c, "/getpdf/check", { id: job.id });
    const reading = readEvents(res);
    await untilWatchers(job.key, 1);
    await deliver(job);
    const events = await reading;
    const last = events.at(-1)!;
    expect(last.event).toBe("result");
    expect(GetPdfResult.parse(last.data)).toMatchObject({ status: "ok", doi });
    const stages = events.filter((e) => e.event === "progress").map((e) => GetPdfProgress.parse(e.data).stage);
    // Each step once, in the pipeline's order.
    expect(stages).toEqual(["queued", "metadata", "searching", "located", "downloading", "verifying"]);
    const downloading = events.map((e) => e.data as GetPdfProgress).find((p) => p.stage === "downloading")!;
    expect(downloading.host).toBe("oa.publisher.test");
    expect(downloading.bytes).toBeGreaterThan(0);
    expect(downloading.text).toMatch(/کیلوبایت|مگابایت/);
    expect(await watchersOf(job.key)).toBe(0);
  });

  it("a settled job's stream is its result alone; a reused result needs no job run", async () => {
    const c = newClient();
    const doi = scenarioDoi("oa-unpaywall");
    expect((await start(c, doi)).status).toBe("ok");
    const events = await readEvents(await streamPost(c, "/getpdf/start", { url: doi }));
    expect(events.map((e) => e.event)).toEqual(["result"]);
    expect((events[0]!.data as GetPdfResult).status).toBe("ok");
    expect(await hitsFor("unpaywall", doi)).toBe(1);
  });

  it("per-user rules apply to the streamed result: a guest is offered buy for a licensed copy", async () => {
    const job = await seedProcessingJob(scenarioDoi("licensed"));
    const res = await streamPost(newClient(), "/getpdf/check", { id: job.id });
    const reading = readEvents(res);
    await untilWatchers(job.key, 1);
    await deliver(job, { env: { LICENSED_RESOLVERS: "elsevier", ELSEVIER_API_KEY: "test-elsevier-key" } });
    const last = (await reading).at(-1)!;
    expect(last.event).toBe("result");
    expect(last.data).toMatchObject({ status: "buy", download_link: null });
  });

  it("errors before the stream (a bad ticket) answer JSON as before", async () => {
    const res = await streamPost(newClient(), "/getpdf/check", { id: "nope" });
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toContain("application/json");
  });
});

describe("a reading list's read waits for its next entry", () => {
  it("GET /batch/{id}?wait= is answered the moment an entry's job finishes; without wait it answers at once", async () => {
    const held = await seedProcessingJob(scenarioDoi("oa-unpaywall")); // joined by the list, run by nobody yet
    const c = newClient();
    const created = await createBatch(c, { text: held.message.input.raw });
    expect((await readBatch(c, created.id)).counts.processing).toBe(1); // at once, as before
    expect(await watchersOf(held.key)).toBe(0);

    const pending = c.get(`/batch/${created.id}?wait=${GETPDF_WAIT_MS}`);
    await untilWatchers(held.key, 1);
    expect(await settledYet(pending)).toBe(false);
    await deliver(held);
    const view = BatchView.parse(await (await pending).json());
    expect(view.counts).toMatchObject({ processing: 0, ok: 1 });
    expect(view.entries[0]!.download_link).toMatch(/^\/files\/doi\//);
    expect(await watchersOf(held.key)).toBe(0);
  });

  it("a waiting read of a list whose entries all run long is answered at the bound, and leaves no watcher", async () => {
    const a = await seedProcessingJob(scenarioDoi("oa-unpaywall"));
    const b = await seedProcessingJob(scenarioDoi("oa-unpaywall"));
    const c = newClient();
    const created = await createBatch(c, { text: `${a.message.input.raw}\n${b.message.input.raw}` });
    const res = await c.get(`/batch/${created.id}?wait=300`);
    expect(BatchView.parse(await res.json()).counts.processing).toBe(2);
    expect(await watchersOf(a.key)).toBe(0);
    expect(await watchersOf(b.key)).toBe(0);
  });
});
