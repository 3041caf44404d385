/**
 * Faults in the fetch pipeline (issue 10 §5): the queue consumer runs against real D1, R2 and the
 * FetchJob Durable Object, with failures injected into the bindings and into every outside call.
 * The property each time: no job is stranded (every job reaches found / not_found / error and
 * /getpdf/check shows it, an error in Persian), and a found copy is a whole PDF, stored once.
 *
 * Already proven elsewhere, not repeated here (tests/worker/pipeline.test.ts "faults never strand a
 * job"): a throwing resolver retried with backoff, per-message acks in a batch, upstreams failing
 * on every delivery through the real queue → dead-letter → error, a malformed message, the 60 s
 * alarm, late results; tests/worker/getpdf.test.ts: Unpaywall 500 / slow, HTML served as PDF.
 * Added here: R2 write failures, D1 and Durable Object failures mid-job, and a property-based run
 * of random transport faults (500s, 429s, timeouts, resets, truncated bodies, truncated PDFs).
 */
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import type { FetchFn } from "../../clients/http";
import { MAX_ATTEMPTS } from "../../contract/jobs/job-state";
import { defaultConsumerDeps, handleDeadLetter, processFetchMessage, type ConsumerDeps } from "../../queue-consumer/process";
import { newClient } from "./auth-helpers";
import { check, isPdf, jobState, scenarioDoi, seedProcessingJob, type DirectJob } from "./getpdf-helpers";

const PERSIAN = /[\u0600-\u06FF]/;

type Delivery = { acked: boolean; retried: boolean };

/** One delivery of `job`'s message with the given bindings and deps, recording ack / retry. */
async function deliverWith(job: DirectJob, attempts: number, bindings: Cloudflare.Env, deps: Partial<ConsumerDeps> = {}): Promise<Delivery> {
  const rec: Delivery = { acked: false, retried: false };
  const message = {
    id: `msg-${job.runId}-${attempts}`,
    timestamp: new Date(),
    attempts,
    body: job.message as unknown,
    ack: () => void (rec.acked = true),
    retry: () => void (rec.retried = true),
  } satisfies Message<unknown>;
  await processFetchMessage(message, bindings, { ...defaultConsumerDeps, ...deps });
  return rec;
}

/**
 * What the queue does: deliver until acknowledged, at most MAX_ATTEMPTS times, then hand the
 * message to the dead-letter consumer. Returns how many deliveries it took.
 */
async function runLikeTheQueue(
  job: DirectJob,
  bindings: Cloudflare.Env,
  deps: Partial<ConsumerDeps> = {},
): Promise<{ deliveries: number; deadLettered: boolean }> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const d = await deliverWith(job, attempt, bindings, deps);
    expect(d.acked !== d.retried, `delivery ${attempt} must be acked or retried, exactly one`).toBe(true);
    if (d.acked) return { deliveries: attempt, deadLettered: false };
  }
  const dead = { id: "dlq", timestamp: new Date(), attempts: 1, body: job.message as unknown, ack: () => {}, retry: () => {} } satisfies Message<unknown>;
  await handleDeadLetter(dead, bindings);
  return { deliveries: MAX_ATTEMPTS, deadLettered: true };
}

/** The job is over and the user sees it: a terminal status, a Persian message for an error. */
async function expectTerminalForUser(job: DirectJob) {
  const state = (await jobState(job.key))!;
  expect(["found", "not_found", "error"], `job stranded in ${state.phase}`).toContain(state.phase);
  const r = await check(newClient(), job.id);
  expect(r.status).not.toBe("processing");
  if (r.status === "error") expect(r.msg).toMatch(PERSIAN);
  return { state, result: r };
}

async function storedRows(jobKey: string): Promise<number> {
  return (await env.DB.prepare("select count(*) as n from stored_files where job_key = ?").bind(jobKey).first<{ n: number }>())!.n;
}

/** A whole PDF: the magic at the start and the %%EOF marker in the last KB (where readers look for it). */
function isWholePdf(bytes: Uint8Array): boolean {
  const tail = new TextDecoder("latin1").decode(bytes.slice(Math.max(0, bytes.length - 1024)));
  return isPdf(bytes.buffer as ArrayBuffer) && tail.includes("%%EOF");
}

// ---------- bindings that fail ----------

function bucketFailingPut(failures: number): { bucket: R2Bucket; puts: () => number } {
  let calls = 0;
  const bucket = new Proxy(env.FILES, {
    get(target, key) {
      if (key === "put")
        return async (...args: Parameters<R2Bucket["put"]>) => {
          calls++;
          if (calls <= failures) throw new Error("R2 put: We encountered an internal error. Please try again. (10001)");
          return target.put(...args);
        };
      const v = Reflect.get(target, key);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return { bucket, puts: () => calls };
}

function databaseFailingOn(pattern: RegExp, failures: number): D1Database {
  let left = failures;
  return new Proxy(env.DB, {
    get(target, key) {
      if (key === "prepare")
        return (sql: string) => {
          if (pattern.test(sql) && left > 0) {
            left--;
            // D1 fails when the statement runs; the prepared statement itself is fine.
            const stmt = target.prepare(sql);
            const boom = async () => {
              throw new Error("D1_ERROR: Network connection lost.");
            };
            const failing = { bind: () => failing, run: boom, all: boom, first: boom, raw: boom };
            void stmt;
            return failing;
          }
          return target.prepare(sql);
        };
      const v = Reflect.get(target, key);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

/** The FetchJob namespace, with one of the stub's methods throwing its first `failures` calls. */
function jobsFailingOn(method: "claim" | "complete" | "progress", failures: number): DurableObjectNamespace {
  let left = failures;
  const ns = env.FETCH_JOB;
  return {
    idFromName: (n: string) => ns.idFromName(n),
    get: (id: DurableObjectId) => {
      const stub = ns.get(id) as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
      // An RPC stub answers any property as a remote method, so forward the job's methods by name.
      const call =
        (name: string) =>
        async (...a: unknown[]) => {
          if (name === method && left > 0) {
            left--;
            throw new Error("Durable Object reset because its code was updated.");
          }
          return stub[name]!(...a);
        };
      return Object.fromEntries(["start", "claim", "progress", "complete", "fail", "read"].map((n) => [n, call(n)]));
    },
  } as unknown as DurableObjectNamespace;
}

const withBindings = (over: Partial<Cloudflare.Env>) => ({ ...env, ...over }) as Cloudflare.Env;

describe("R2 write failures", () => {
  it("R2 failing on every delivery: retried MAX_ATTEMPTS times, then the job ends in a Persian error; no row points at a missing file", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const job = await seedProcessingJob(scenarioDoi("oa-unpaywall"));
    const { bucket, puts } = bucketFailingPut(Infinity);
    const run = await runLikeTheQueue(job, withBindings({ FILES: bucket }));
    expect(run).toEqual({ deliveries: MAX_ATTEMPTS, deadLettered: true });
    expect(puts()).toBe(MAX_ATTEMPTS);
    const { state, result } = await expectTerminalForUser(job);
    expect(state.phase).toBe("error");
    expect(result.status).toBe("error");
    expect(await storedRows(job.key)).toBe(0);
    vi.restoreAllMocks();
  });

  it("R2 failing once: the retry stores the file once, and the user downloads a whole PDF", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const job = await seedProcessingJob(scenarioDoi("oa-unpaywall"));
    const { bucket } = bucketFailingPut(1);
    expect(await runLikeTheQueue(job, withBindings({ FILES: bucket }))).toEqual({ deliveries: 2, deadLettered: false });
    const { state, result } = await expectTerminalForUser(job);
    expect(state.phase).toBe("found");
    expect(result.status).toBe("ok");
    expect(await storedRows(job.key)).toBe(1);
    const object = await env.FILES.get(state.file!.fileKey);
    expect(isWholePdf(new Uint8Array(await object!.arrayBuffer()))).toBe(true);
    vi.restoreAllMocks();
  });
});

describe("D1 and Durable Object failures mid-job", () => {
  it("D1 failing on the stored_files write (after the R2 put): the retry completes with one row", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const job = await seedProcessingJob(scenarioDoi("oa-openalex"));
    const run = await runLikeTheQueue(job, withBindings({ DB: databaseFailingOn(/stored_files/i, 1) }));
    expect(run.deliveries).toBe(2);
    const { state } = await expectTerminalForUser(job);
    expect(state.phase).toBe("found");
    expect(await storedRows(job.key)).toBe(1);
    vi.restoreAllMocks();
  });

  it("D1 failing on every stored_files write: the job still ends (dead-letter → Persian error)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const job = await seedProcessingJob(scenarioDoi("oa-unpaywall"));
    const run = await runLikeTheQueue(job, withBindings({ DB: databaseFailingOn(/stored_files/i, Infinity) }));
    expect(run.deadLettered).toBe(true);
    const { result } = await expectTerminalForUser(job);
    expect(result.status).toBe("error");
    vi.restoreAllMocks();
  });

  for (const method of ["claim", "progress", "complete"] as const) {
    it(`the job's Durable Object failing on ${method}() once: retried, then the job completes; one stored row`, async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const job = await seedProcessingJob(scenarioDoi("oa-unpaywall"));
      const run = await runLikeTheQueue(job, withBindings({ FETCH_JOB: jobsFailingOn(method, 1) as unknown as Cloudflare.Env["FETCH_JOB"] }));
      expect(run.deadLettered).toBe(false);
      const { state } = await expectTerminalForUser(job);
      expect(state.phase).toBe("found");
      expect(await storedRows(job.key)).toBeLessThanOrEqual(1);
      vi.restoreAllMocks();
    });
  }

  it("the dead-letter consumer failing to reach the Durable Object asks for a retry rather than dropping the job", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const job = await seedProcessingJob(scenarioDoi("none"));
    let retried = false;
    let acked = false;
    const dead = {
      id: "dlq",
      timestamp: new Date(),
      attempts: 1,
      body: job.message as unknown,
      ack: () => void (acked = true),
      retry: () => void (retried = true),
    } satisfies Message<unknown>;
    const broken = { idFromName: (n: string) => env.FETCH_JOB.idFromName(n), get: () => ({ fail: async () => Promise.reject(new Error("DO unavailable")) }) };
    await handleDeadLetter(dead, withBindings({ FETCH_JOB: broken as unknown as Cloudflare.Env["FETCH_JOB"] }));
    expect({ acked, retried }).toEqual({ acked: false, retried: true });
    await handleDeadLetter({ ...dead, ack: () => void (acked = true) }, env);
    expect(acked).toBe(true);
    expect((await expectTerminalForUser(job)).result.status).toBe("error");
    vi.restoreAllMocks();
  });
});

// ---------- random transport faults ----------

const FAULTS = ["pass", "pass", "500", "429", "timeout", "reset", "truncated-body", "truncated-pdf", "empty-200"] as const;
type Fault = (typeof FAULTS)[number];

/** Wraps the consumer's fetch: call number i suffers plan[i] (calls past the plan pass). */
function faultyFetch(plan: Fault[]): { fetch: FetchFn; log: string[] } {
  let i = 0;
  const log: string[] = [];
  const fetchFn: FetchFn = async (input, init) => {
    const fault = plan[i++] ?? "pass";
    const url = String(input instanceof Request ? input.url : input);
    log.push(`${fault} ${url.replace(env.UPSTREAM_BASE ?? "", "")}`);
    switch (fault) {
      case "500":
        return new Response("<!doctype html><h1>500 Internal Server Error</h1>", { status: 500, headers: { "content-type": "text/html" } });
      case "429":
        return new Response('{"message":"Too Many Requests"}', { status: 429, headers: { "content-type": "application/json", "retry-after": "7" } });
      case "timeout":
        throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
      case "reset":
        throw new TypeError("Network connection lost.");
      case "empty-200":
        return new Response("", { status: 200, headers: { "content-type": "application/json" } });
      case "pass":
        return fetch(input, init);
      case "truncated-body":
      case "truncated-pdf": {
        const real = await fetch(input, init);
        const type = real.headers.get("content-type") ?? "";
        const isPdfBody = type.includes("pdf");
        if ((fault === "truncated-pdf") !== isPdfBody) return real;
        const bytes = new Uint8Array(await real.arrayBuffer());
        const headers = new Headers(real.headers);
        headers.delete("content-length");
        return new Response(bytes.slice(0, Math.floor(bytes.length / 2)), { status: real.status, headers });
      }
    }
  };
  return { fetch: fetchFn, log };
}

describe("truncated PDFs", () => {
  it("a PDF cut off in transit on every try is never stored as the document", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const job = await seedProcessingJob(scenarioDoi("oa-unpaywall"));
    const { fetch: f } = faultyFetch(Array<Fault>(60).fill("truncated-pdf"));
    await runLikeTheQueue(job, env, { fetch: f });
    const { state } = await expectTerminalForUser(job);
    expect(state.phase).not.toBe("found");
    expect(await storedRows(job.key)).toBe(0);
    vi.restoreAllMocks();
  });
});

describe("random transport faults on every outside call (property)", () => {
  it("every job ends, the user sees it (errors in Persian), and a found copy is a whole PDF stored once", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    const seed = 4_242_026;
    console.info(`faults property seed ${seed}`);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("oa-unpaywall", "oa-openalex", "oa-landing", "none", "pmc"),
        fc.array(fc.constantFrom<Fault>(...FAULTS), { minLength: 1, maxLength: 14 }),
        async (kind, plan) => {
          const job = await seedProcessingJob(scenarioDoi(kind));
          const { fetch: f, log } = faultyFetch(plan);
          await runLikeTheQueue(job, env, { fetch: f });
          const { state, result } = await expectTerminalForUser(job);
          if (state.phase === "found") {
            expect(result.status).toBe("ok");
            const object = await env.FILES.get(state.file!.fileKey);
            const bytes = new Uint8Array(await object!.arrayBuffer());
            expect(isWholePdf(bytes), `stored a partial PDF (${bytes.length} bytes) after ${log.join(", ")}`).toBe(true);
            expect(await storedRows(job.key)).toBe(1);
          }
        },
      ),
      { numRuns: 30, seed },
    );
    vi.restoreAllMocks();
  }, 240_000);
});
