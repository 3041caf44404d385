/**
 * The fetch pipeline's guarantees: one job per document (coalescing), faults never strand a
 * job (explicit retries with backoff, the dead-letter queue, the 60 s alarm), steps recorded in
 * their fixed order, licensed resolvers behind configuration.
 */
import { listDurableObjectIds, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { resolveDocument } from "../../queue-consumer/resolve";
import { enabledLicensedResolvers, type LicensedResolver } from "../../queue-consumer/licensed";
import { fetchJobStub } from "../../worker/features/jobs/fetch-job";
import { JOB_DEADLINE_MS, backoffSeconds, decideStart, idleState, type JobState } from "../../contract/jobs/job-state";
import { jobMessages } from "../../contract/jobs/messages";
import { newClient } from "./auth-helpers";
import { LICENSED_ENV, check, deliver, deliverRecorded, hitsFor, jobState, scenarioDoi, seedProcessingJob, start, waitForResult } from "./getpdf-helpers";

describe("one job per document", () => {
  it("50 concurrent starts for one DOI → one queue message, one resolution, and all 50 callers see ok", async () => {
    const doi = scenarioDoi("oa-unpaywall");
    const spellings = [doi, `https://doi.org/${doi}`, `doi:${doi.toUpperCase()}`, `https://dx.doi.org/${encodeURIComponent(doi)}`, ` ${doi}. `];
    const clients = Array.from({ length: 50 }, () => newClient());
    const firsts = await Promise.all(clients.map((c, i) => start(c, spellings[i % spellings.length]!)));
    const finals = await Promise.all(firsts.map((r, i) => waitForResult(clients[i]!, r)));
    expect(finals.map((r) => r.status)).toEqual(Array(50).fill("ok"));
    expect(new Set(finals.map((r) => r.doi))).toEqual(new Set([doi]));
    const state = await jobState(`doi:${doi}`);
    expect(state!.runs).toBe(1);
    expect(await hitsFor("crossref", doi)).toBe(1);
    expect(await hitsFor("unpaywall", doi)).toBe(1);
    expect(await hitsFor("publisher", doi)).toBe(1);
    // 50 starts each pass the start allowance (two D1 statements) and poll: seconds on a loaded machine.
  }, 20_000);

  it("a start while the job runs joins it (no second message)", async () => {
    const doi = scenarioDoi("upstream-slow");
    const a = await start(newClient(), doi);
    const b = await start(newClient(), doi);
    expect([a.status, b.status]).toEqual(["processing", "processing"]);
    expect((await jobState(`doi:${doi}`))!.runs).toBe(1);
    await waitForResult(newClient(), b, 30_000);
  }, 40_000);

  it("decides join / reuse / run from the job's state and age", () => {
    const now = 1_000_000_000;
    const s = (over: Partial<JobState>): JobState => ({ ...idleState("doi:x"), ...over });
    expect(decideStart(null, now)).toBe("run");
    expect(decideStart(s({ phase: "processing", startedAt: now - 10_000 }), now)).toBe("join");
    expect(decideStart(s({ phase: "processing", startedAt: now - JOB_DEADLINE_MS - 1 }), now)).toBe("run");
    expect(decideStart(s({ phase: "found", finishedAt: now - 23 * 3_600_000 }), now)).toBe("reuse");
    expect(decideStart(s({ phase: "found", finishedAt: now - 24 * 3_600_000 - 1 }), now)).toBe("run");
    expect(decideStart(s({ phase: "not_found", finishedAt: now - 59 * 60_000 }), now)).toBe("reuse");
    expect(decideStart(s({ phase: "not_found", finishedAt: now - 61 * 60_000 }), now)).toBe("run");
    expect(decideStart(s({ phase: "error", finishedAt: now - 1000, error: { reason: "persian", message: "x" } }), now)).toBe("reuse");
    expect(decideStart(s({ phase: "error", finishedAt: now - 1000, error: { reason: "upstream", message: "x" } }), now)).toBe("run");
    expect(decideStart(s({ phase: "error", finishedAt: now - 1000, error: { reason: "timeout", message: "x" } }), now)).toBe("run");
  });
});

describe("resolver order and step records", () => {
  it("records every step of the fixed order with its outcome and time", async () => {
    const doi = scenarioDoi("none");
    await waitForResult(newClient(), await start(newClient(), doi));
    const steps = (await jobState(`doi:${doi}`))!.steps;
    expect(steps.map((s) => s.step)).toEqual(["crossref", "unpaywall", "openalex", "arxiv", "pmc", "licensed"]);
    expect(steps.find((s) => s.step === "crossref")!.outcome).toBe("none");
    expect(steps.find((s) => s.step === "arxiv")!.outcome).toBe("skipped");
    for (const s of steps) expect(s.ms).toBeGreaterThanOrEqual(0);
  });

  it("licensed resolvers run last, only when switched on by LICENSED_RESOLVERS and configured with their key", async () => {
    expect(enabledLicensedResolvers({ LICENSED_RESOLVERS: "" })).toEqual([]);
    expect(enabledLicensedResolvers({ LICENSED_RESOLVERS: " Elsevier , unknown" }).map((r) => r.name)).toEqual(["elsevier"]);

    const job = await seedProcessingJob(scenarioDoi("licensed"));
    const noKey = await resolveDocument(job.message, { ...env, LICENSED_RESOLVERS: "elsevier", ELSEVIER_API_KEY: undefined } as Cloudflare.Env, {
      fetch: (i, init) => fetch(i, init),
      report: async () => true,
    });
    expect(noKey.kind).toBe("not_found");
    expect(noKey.kind !== "abandoned" && noKey.steps.at(-1)).toMatchObject({ step: "licensed", outcome: "none", detail: "elsevier: not configured" });

    const withKey = await resolveDocument(job.message, { ...env, ...LICENSED_ENV } as Cloudflare.Env, {
      fetch: (i, init) => fetch(i, init),
      report: async () => true,
    });
    expect(withKey.kind).toBe("found");
    if (withKey.kind === "found") {
      expect(withKey.access).toBe("licensed");
      expect(withKey.hit.source).toContain("Elsevier");
      expect(new TextDecoder().decode(withKey.hit.bytes.slice(0, 5))).toBe("%PDF-");
    }
  });

  it("any resolver plugs in behind the licensed interface", async () => {
    const calls: string[] = [];
    const fake: LicensedResolver = {
      name: "fake-publisher",
      configured: () => true,
      async fetchByDoi(doi) {
        calls.push(doi);
        return null;
      },
    };
    const job = await seedProcessingJob(scenarioDoi("none"));
    const r = await resolveDocument(job.message, env, { fetch: (i, init) => fetch(i, init), report: async () => true, licensed: [fake] });
    expect(r.kind).toBe("not_found");
    expect(calls).toEqual([job.message.input.identified.doi]);
  });

  it("reports each step to the job as it starts (msg2 while processing), and stops when the job moved on", async () => {
    const job = await seedProcessingJob(scenarioDoi("none"));
    const seen: string[] = [];
    const r = await resolveDocument(job.message, env, {
      fetch: (i, init) => fetch(i, init),
      report: async (step) => {
        seen.push(step);
        return step !== "openalex"; // the job ended meanwhile
      },
    });
    expect(r.kind).toBe("abandoned");
    expect(seen).toEqual(["crossref", "unpaywall", "openalex"]);
  });
});

describe("faults never strand a job", () => {
  it("a consumer that throws on the first deliveries retries with exponential backoff, message by message, then completes", async () => {
    const job = await seedProcessingJob(scenarioDoi("oa-unpaywall"));
    let currentAttempt = 1;
    const flaky = async (...args: Parameters<typeof resolveDocument>) => {
      if (currentAttempt < 3) throw new Error(`injected fault on delivery ${currentAttempt}`);
      return resolveDocument(...args);
    };
    const first = await deliverRecorded(job, { attempts: 1, deps: { resolve: flaky } });
    expect(first).toEqual({ acked: false, retries: [{ delaySeconds: 1 }] });
    expect((await jobState(job.key))!.phase).toBe("processing");
    expect((await check(newClient(), job.id)).status).toBe("processing");

    currentAttempt = 2;
    expect(await deliverRecorded(job, { attempts: 2, deps: { resolve: flaky } })).toEqual({ acked: false, retries: [{ delaySeconds: 2 }] });

    currentAttempt = 3;
    expect(await deliverRecorded(job, { attempts: 3, deps: { resolve: flaky } })).toEqual({ acked: true, retries: [] });
    const state = (await jobState(job.key))!;
    expect(state.phase).toBe("found");
    // the failed deliveries are part of the record
    expect(state.steps.filter((s) => s.step === "retry").length).toBe(2);
    expect((await check(newClient(), job.id)).status).toBe("ok");
  });

  it("backoff doubles per delivery and is capped", () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(backoffSeconds)).toEqual([1, 2, 4, 8, 16, 30, 30]);
  });

  it("messages of one batch are acknowledged one by one: a failing one does not retry its neighbours", async () => {
    const ok = await seedProcessingJob(scenarioDoi("oa-unpaywall"));
    const bad = await seedProcessingJob(scenarioDoi("fail-500"));
    const { createExecutionContext, createMessageBatch, getQueueResult } = await import("cloudflare:test");
    const { handleQueueBatch } = await import("../../queue-consumer");
    const batch = createMessageBatch("daryaft-fetch-jobs", [
      { id: "ok", timestamp: Date.now(), attempts: 1, body: ok.message },
      { id: "bad", timestamp: Date.now(), attempts: 1, body: bad.message },
    ]);
    const ctx = createExecutionContext();
    await handleQueueBatch(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["ok"]);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(["bad"]);
    expect(result.retryBatch.retry).toBe(false);
  });

  it("upstreams failing on every delivery: retried through the real queue, then the dead-letter queue ends the job in error", async () => {
    const c = newClient();
    const doi = scenarioDoi("fail-500");
    const r = await waitForResult(c, await start(c, doi), 45_000, 250);
    expect(r.status).toBe("error");
    expect(r.msg).toBe(jobMessages.upstream);
    // five deliveries (max_retries 4), each asking Crossref once
    expect(await hitsFor("crossref", doi)).toBe(5);
    const state = (await jobState(`doi:${doi}`))!;
    expect(state.error?.reason).toBe("upstream");
    expect(state.steps.filter((s) => s.step === "crossref").length).toBe(5);
  }, 60_000);

  it("the dead-letter consumer marks the job failed (and ignores a run that already finished)", async () => {
    const job = await seedProcessingJob(scenarioDoi("fail-500"));
    const q = await deliver(job, { queue: "daryaft-fetch-jobs-dlq", attempts: 1 });
    expect(q.explicitAcks).toEqual([`msg-${job.runId}`]);
    expect((await jobState(job.key))!.error).toEqual({ reason: "upstream", message: jobMessages.upstream });
    expect((await check(newClient(), job.id)).status).toBe("error");

    const done = await seedProcessingJob(scenarioDoi("oa-unpaywall"));
    await deliver(done);
    expect((await jobState(done.key))!.phase).toBe("found");
    await deliver(done, { queue: "daryaft-fetch-jobs-dlq" });
    expect((await jobState(done.key))!.phase).toBe("found");
  });

  it("a malformed message is acknowledged, not cycled to the dead-letter queue", async () => {
    const { createExecutionContext, createMessageBatch, getQueueResult } = await import("cloudflare:test");
    const { handleQueueBatch } = await import("../../queue-consumer");
    const batch = createMessageBatch("daryaft-fetch-jobs", [{ id: "junk", timestamp: Date.now(), attempts: 1, body: { hello: "world" } }]);
    const ctx = createExecutionContext();
    await handleQueueBatch(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["junk"]);
  });

  it("the alarm ends a job still processing 60 s after it started", async () => {
    const c = newClient();
    const doi = scenarioDoi("fail-slow");
    const startedAt = Date.now() - JOB_DEADLINE_MS - 1_000;
    const first = await start(c, doi, { now: startedAt, wait: 0 });
    expect(first.status).toBe("processing");
    const stub = fetchJobStub(env, `doi:${doi}`);
    await runDurableObjectAlarm(stub); // may already have fired on its own: its time has passed
    const r = await check(c, first.id);
    expect(r.status).toBe("error");
    expect(r.msg).toBe(jobMessages.timeout);
    expect((await stub.read())!.error?.reason).toBe("timeout");
  });

  it("an early alarm leaves a young job alone and re-arms itself for the deadline", async () => {
    const job = await seedProcessingJob(scenarioDoi("none"));
    const stub = fetchJobStub(env, job.key);
    await runInDurableObject(stub, async (_i, ctx) => {
      await ctx.storage.setAlarm(Date.now() + 5_000);
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await stub.read())!.phase).toBe("processing");
    const next = await runInDurableObject(stub, (_i, ctx) => ctx.storage.getAlarm());
    expect(next).toBe(job.message.startedAt + JOB_DEADLINE_MS);
  });

  it("a late result for the current run is still taken after the alarm (the copy is stored); a stale run's is not", async () => {
    const job = await seedProcessingJob(scenarioDoi("oa-unpaywall"), Date.now() - JOB_DEADLINE_MS - 1_000);
    const stub = fetchJobStub(env, job.key);
    await runInDurableObject(stub, async (_i, ctx) => {
      await ctx.storage.setAlarm(Date.now());
    });
    await runDurableObjectAlarm(stub);
    expect((await stub.read())!.error?.reason).toBe("timeout");
    const file = { fileKey: "doi/x.pdf", size: 1, access: "open" as const, source: "s", license: null };
    const meta = (await stub.read())!.meta;
    expect((await stub.complete({ runId: "another-run", finishedAt: Date.now(), outcome: { phase: "found", file, meta, steps: [] } })).accepted).toBe(false);
    expect((await stub.complete({ runId: job.runId, finishedAt: Date.now(), outcome: { phase: "not_found", meta, steps: [] } })).accepted).toBe(false);
    expect((await stub.complete({ runId: job.runId, finishedAt: Date.now(), outcome: { phase: "found", file, meta, steps: [] } })).accepted).toBe(true);
    expect((await stub.read())!.phase).toBe("found");
  });

  it("nothing is enqueued for input refused up front", async () => {
    const before = (await listDurableObjectIds(env.FETCH_JOB)).length;
    const c = newClient();
    await start(c, "http://169.254.169.254/latest/meta-data/");
    await start(c, "A title with no identifier at all");
    expect((await listDurableObjectIds(env.FETCH_JOB)).length).toBe(before);
  });
});
