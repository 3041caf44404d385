/**
 * Fetch-pipeline benchmark (issue 4):
 *
 *   npm run bench:getpdf [-- --port 18979 --poll 25 --distinct 200 --same 1000 --connections 128 --no-build --keep]
 *
 * 1. A fake upstream with a fixed 50 ms latency on every call (tests/fakes/upstream-server.ts, in
 *    its own process so the benchmark's client does not slow it down).
 * 2. A fresh local state dir, migrated; the built app served by `vite preview` against it with
 *    UPSTREAM_BASE pointing at the fake (as Worker vars through CLOUDFLARE_INCLUDE_PROCESS_ENV:
 *    the vite config's DARYAFT_UPSTREAM_BASE only reaches a *build*, not a preview).
 * 3. Phase "sequential": 20 open-access DOIs one after another (an idle queue: the pipeline's
 *    own cost per job).
 *    Phase "distinct": 200 distinct open-access DOIs started at once, each polled to the end.
 *    Phase "same": 1,000 starts of one DOI at once by 1,000 people (a session and an address each), each polled to the end.
 * 4. For every job: start → terminal status as the client saw it (polling every --poll ms), the
 *    upstream time (the job's calls counted on the fake's hit counters × the fixed latency; the
 *    resolver chain calls them one after another), and the pipeline's overhead = total − upstream.
 *    Lost jobs: never reached a terminal status within --timeout. Resolutions for the single DOI:
 *    how often Unpaywall and Crossref were asked about it.
 *
 * Targets: overhead p95 ≤ 150 ms, zero lost jobs, exactly one resolution. Writes bench/out/getpdf.json.
 *
 * 5. Verification cost (issue 14): CPU time per PDF (p50/p95) of reading pages 1-2 and matching,
 *    for 1, 10 and 50 MB files, and the bundle growth (bench/lib/verify-cost.ts). Runs first;
 *    `--verify-only` stops after it.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { startServer as startServerOf, startUpstream as startUpstreamOf, stopServer } from "./servers";
import path from "node:path";
import { bundleGrowth, measureVerification, measureWorstCases, printVerification, printWorstCases } from "./lib/verify-cost";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const PORT = arg("port", 18979);
const POLL_MS = arg("poll", 25);
const LATENCY_MS = 50;
const DISTINCT = arg("distinct", 200);
const SAME = arg("same", 1000);
const SEQUENTIAL = arg("sequential", 20);
const TIMEOUT_MS = arg("timeout", 120_000);
const TERMINAL = new Set(["ok", "error", "offline", "buy"]);
/** Requests in flight at once: `vite preview` proxies each one to workerd and fails beyond a few hundred sockets. */
const MAX_IN_FLIGHT = arg("connections", 128);
const POLL_BUDGET_PER_S = arg("poll-rate", 150);
const UPSTREAM_PORT = arg("upstream-port", 18998);

type Result = { id: string; status: string };
type Timing = { phase: string; runs: number; started_at: number | null; finished_at: number | null; steps: { step: string; ms: number }[] };
type Job = {
  doi: string;
  id: string | null;
  /** Wall-clock ms (Date.now) when the start request was sent. */
  sendAt: number;
  /** When the result existed: the server's finish time, or the start response for a reused result. */
  terminalAt: number | null;
  /** When this client saw it (through polling). */
  seenAt: number | null;
  status: string | null;
  polls: number;
  timing?: Timing | undefined;
  error?: string | undefined;
};

/** A counting semaphore: every job starts at once, the sockets are shared fairly. */
function limiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((r) => waiting.push(r));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
const inFlight = limiter(MAX_IN_FLIGHT);

// ---------------------------------------------------------------------------
// Server

function log(msg: string) {
  process.stderr.write(`[bench:getpdf] ${msg}\n`);
}

const startServer = (upstreamUrl: string) => startServerOf({ name: "getpdf", port: PORT, upstreamUrl, build: !args.includes("--no-build"), log });
const startUpstream = () => startUpstreamOf(UPSTREAM_PORT, LATENCY_MS);

// ---------------------------------------------------------------------------
// Client

let sessions = 0;

/** One user: a cookie jar and an address of their own (the per-address start limit is per person). */
class Session {
  cookie = "";
  token = "";
  readonly address: string;
  constructor(readonly base: string) {
    const n = ++sessions;
    this.address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }

  async init() {
    const res = await fetch(`${this.base}/csrf-token`, { headers: { "cf-connecting-ip": this.address } });
    this.cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    this.token = ((await res.json()) as { token: string }).token;
  }

  private post(p: string, body: unknown): Promise<Result> {
    return inFlight(async () => {
      const res = await fetch(`${this.base}${p}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": this.token, cookie: this.cookie, "cf-connecting-ip": this.address },
        body: JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`${p}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
      return (await res.json()) as Result;
    });
  }

  start(url: string) {
    return this.post("/getpdf/start", { url });
  }
  async timing(id: string): Promise<Timing | undefined> {
    return inFlight(async () => {
      const res = await fetch(`${this.base}/dev/getpdf/job?id=${encodeURIComponent(id)}`, { headers: { cookie: this.cookie } });
      return res.ok ? ((await res.json()) as Timing) : undefined;
    });
  }
  check(id: string) {
    return this.post("/getpdf/check", { id });
  }
}

let polling = 0;
/** Poll gently: the local dev server answers a few hundred requests a second in all. */
const pollInterval = () => Math.max(POLL_MS, Math.ceil((polling / POLL_BUDGET_PER_S) * 1000));

async function runJob(s: Session, doi: string): Promise<Job> {
  const job: Job = { doi, id: null, sendAt: Date.now(), terminalAt: null, seenAt: null, status: null, polls: 0 };
  const deadline = job.sendAt + TIMEOUT_MS;
  try {
    let r = await s.start(doi);
    job.id = r.id;
    if (TERMINAL.has(r.status)) job.terminalAt = Date.now();
    polling++;
    try {
      while (!TERMINAL.has(r.status)) {
        if (Date.now() > deadline) return job;
        await new Promise((res) => setTimeout(res, pollInterval()));
        job.polls++;
        r = await s.check(r.id);
      }
    } finally {
      polling--;
    }
    job.seenAt = Date.now();
    job.status = r.status;
  } catch (err) {
    // A transport failure is reported as a lost job with its reason, never hidden.
    job.error = String(err).slice(0, 300);
  }
  return job;
}

/** The server's own finish time for jobs that were processing when started. */
async function attachTimings(s: Session, jobs: Job[]) {
  await Promise.all(
    jobs.map(async (j) => {
      if (!j.id || j.seenAt === null) return;
      j.timing = await s.timing(j.id);
      if (j.terminalAt === null) j.terminalAt = j.timing?.finished_at ?? j.seenAt;
    }),
  );
}

async function hits(upstreamUrl: string): Promise<Map<string, number>> {
  const res = await fetch(`${upstreamUrl}/__stats`);
  return new Map(Object.entries((await res.json()) as Record<string, number>));
}

/** Calls made for one DOI (every provider), from the fake's counters. */
function callsFor(h: Map<string, number>, doi: string): number {
  let n = 0;
  for (const [k, v] of h) if (k.endsWith(`:${doi}`)) n += v;
  return n;
}

// ---------------------------------------------------------------------------
// Statistics

function pct(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

type PhaseReport = {
  phase: string;
  jobs: number;
  lost: number;
  statuses: Record<string, number>;
  /** start sent → result available (server finish time, or the start's own answer when reused). */
  totalMs: { p50: number; p95: number; max: number };
  upstreamMs: { p50: number; p95: number };
  overheadMs: { p50: number; p95: number; max: number };
  /** start sent → status seen by this client's (gentle) polling. */
  seenMs: { p50: number; p95: number };
  /** Inside the job, outside the resolver steps: queue delivery, Durable Object calls, R2/D1 store. */
  outsideStepsMs: { p50: number; p95: number } | null;
  wallMs: number;
  polls: number;
  resolutions?: { unpaywall: number; crossref: number; runs: number };
};

function report(phase: string, jobs: Job[], upstreamMsOf: (j: Job) => number, wallMs: number): PhaseReport {
  const done = jobs.filter((j) => j.seenAt !== null && j.terminalAt !== null);
  const totals = done.map((j) => j.terminalAt! - j.sendAt);
  const ups = done.map(upstreamMsOf);
  const overheads = done.map((_j, i) => totals[i]! - ups[i]!);
  const seen = done.map((j) => j.seenAt! - j.sendAt);
  const outside = done.flatMap((j) => {
    const t = j.timing;
    if (!t || t.started_at === null || t.finished_at === null || j.terminalAt !== t.finished_at) return [];
    return [t.finished_at - t.started_at - t.steps.reduce((sum, st) => sum + st.ms, 0)];
  });
  const statuses: Record<string, number> = {};
  for (const j of jobs) statuses[j.status ?? "lost"] = (statuses[j.status ?? "lost"] ?? 0) + 1;
  const errors = [...new Set(jobs.flatMap((j) => (j.error ? [j.error] : [])))];
  if (errors.length) log(`${phase}: ${jobs.filter((j) => j.error).length} job(s) failed in transport, e.g. ${errors[0]}`);
  const r1 = (n: number) => Math.round(n * 10) / 10;
  return {
    phase,
    jobs: jobs.length,
    lost: jobs.length - done.length,
    statuses,
    totalMs: { p50: r1(pct(totals, 50)), p95: r1(pct(totals, 95)), max: r1(Math.max(...totals)) },
    upstreamMs: { p50: r1(pct(ups, 50)), p95: r1(pct(ups, 95)) },
    overheadMs: { p50: r1(pct(overheads, 50)), p95: r1(pct(overheads, 95)), max: r1(Math.max(...overheads)) },
    seenMs: { p50: r1(pct(seen, 50)), p95: r1(pct(seen, 95)) },
    outsideStepsMs: outside.length ? { p50: r1(pct(outside, 50)), p95: r1(pct(outside, 95)) } : null,
    wallMs: Math.round(wallMs),
    polls: jobs.reduce((sum, j) => sum + j.polls, 0),
  };
}

// ---------------------------------------------------------------------------

async function main() {
  const costs = await measureVerification();
  const growth = bundleGrowth(root);
  printVerification(costs, growth);
  const worst = await measureWorstCases();
  printWorstCases(worst);
  mkdirSync(path.join(root, "bench/out"), { recursive: true });
  writeFileSync(path.join(root, "bench/out/getpdf-verify.json"), JSON.stringify({ costs, worst, growth }, null, 2));
  if (args.includes("--verify-only")) return;
  const upstream = await startUpstream();
  log(`fake upstream ${upstream.url} (latency ${LATENCY_MS} ms)`);
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(upstream.url);
  } catch (err) {
    stopServer(upstream.child);
    throw err;
  }
  log(`preview ${server.base}`);
  const reports: PhaseReport[] = [];
  const raw: Record<string, Job[]> = {};
  try {
    const s = new Session(server.base);
    await s.init();
    const seed = Date.now() % 100_000;
    const upstreamMs = (h: Map<string, number>) => (j: Job) => callsFor(h, j.doi.toLowerCase()) * LATENCY_MS;

    // Warm-up (first requests compile the Worker, open D1/R2/DO storage).
    await runJob(s, `10.5555/oa-unpaywall-${seed}000`);

    log(`sequential: ${SEQUENTIAL} jobs one after another …`);
    const seqJobs: Job[] = [];
    let t = performance.now();
    for (let i = 0; i < SEQUENTIAL; i++) seqJobs.push(await runJob(s, `10.5555/oa-unpaywall-${seed}1${String(i).padStart(3, "0")}`));
    await attachTimings(s, seqJobs);
    raw["sequential"] = seqJobs;
    reports.push(report("sequential", seqJobs, upstreamMs(await hits(upstream.url)), performance.now() - t));

    log(`distinct: ${DISTINCT} DOIs at once …`);
    t = performance.now();
    const distinct = await Promise.all(Array.from({ length: DISTINCT }, (_, i) => runJob(s, `10.5555/oa-unpaywall-${seed}2${String(i).padStart(3, "0")}`)));
    const distinctWall = performance.now() - t;
    await attachTimings(s, distinct);
    raw["distinct"] = distinct;
    reports.push(report("distinct", distinct, upstreamMs(await hits(upstream.url)), distinctWall));

    log(`same: ${SAME} starts of one DOI at once …`);
    const one = `10.5555/oa-unpaywall-${seed}3000`;
    // SAME people, each with their own session and address: one address may start 600 downloads
    // in 10 minutes (issue 15), which a single client sending them all would hit.
    const users = Array.from({ length: SAME }, () => new Session(server.base));
    for (let i = 0; i < users.length; i += 50) await Promise.all(users.slice(i, i + 50).map((u) => u.init()));
    t = performance.now();
    const same = await Promise.all(users.map((u) => runJob(u, one)));
    const sameWall = performance.now() - t;
    await attachTimings(s, same);
    const h = await hits(upstream.url);
    // Every caller waited for the same single resolution: its upstream time is that one chain's.
    const sameReport = report("same", same, () => callsFor(h, one) * LATENCY_MS, sameWall);
    sameReport.resolutions = {
      unpaywall: h.get(`unpaywall:${one}`) ?? 0,
      crossref: h.get(`crossref:${one}`) ?? 0,
      runs: same.find((j) => j.timing)?.timing?.runs ?? 0,
    };
    reports.push(sameReport);
  } finally {
    stopServer(server.child);
    stopServer(upstream.child);
    if (!args.includes("--keep")) rmSync(server.stateDir, { recursive: true, force: true });
  }

  console.log(`\nFetch pipeline benchmark: fake upstream with a fixed ${LATENCY_MS} ms per call; times in ms.`);
  console.log("total = start sent → result available (the job's finish, or the start's own answer when a fresh result was reused);");
  console.log(
    `overhead = total − upstream (calls made for the DOI × ${LATENCY_MS} ms); seen = when this client's polling saw it (≥ ${POLL_MS} ms apart, ≤ ${POLL_BUDGET_PER_S} polls/s in all).\n`,
  );
  const cols = [
    "phase",
    "jobs",
    "lost",
    "total p50",
    "total p95",
    "upstream",
    "overhead p50",
    "overhead p95",
    "overhead max",
    "seen p95",
    "outside steps p50/p95",
    "wall",
  ];
  console.log(cols.join(" | "));
  for (const r of reports) {
    console.log(
      [
        r.phase,
        r.jobs,
        r.lost,
        r.totalMs.p50,
        r.totalMs.p95,
        r.upstreamMs.p50,
        r.overheadMs.p50,
        r.overheadMs.p95,
        r.overheadMs.max,
        r.seenMs.p95,
        r.outsideStepsMs ? `${r.outsideStepsMs.p50}/${r.outsideStepsMs.p95}` : "-",
        r.wallMs,
      ].join(" | "),
    );
  }
  const same = reports.find((r) => r.phase === "same")!;
  const distinct = reports.find((r) => r.phase === "distinct")!;
  console.log(`\nstatuses: ${reports.map((r) => `${r.phase} ${JSON.stringify(r.statuses)}`).join("; ")}`);
  console.log(
    `resolutions for the single DOI: ${same.resolutions!.runs} job run(s); Unpaywall asked ${same.resolutions!.unpaywall}×, Crossref ${same.resolutions!.crossref}×`,
  );
  console.log(`lost jobs: ${reports.reduce((sum, r) => sum + r.lost, 0)}`);
  const fmt = (ok: boolean) => (ok ? "met" : "NOT met");
  console.log(
    `targets: overhead p95 ≤ 150 ms: distinct ${distinct.overheadMs.p95}, same ${same.overheadMs.p95} (${fmt(Math.max(distinct.overheadMs.p95, same.overheadMs.p95) <= 150)}); zero lost jobs (${fmt(reports.every((r) => r.lost === 0))}); exactly one resolution (${fmt(same.resolutions!.unpaywall === 1 && same.resolutions!.runs === 1)})`,
  );
  mkdirSync(path.join(root, "bench/out"), { recursive: true });
  writeFileSync(
    path.join(root, "bench/out/getpdf.json"),
    JSON.stringify({ latencyMs: LATENCY_MS, pollMs: POLL_MS, pollBudgetPerS: POLL_BUDGET_PER_S, connections: MAX_IN_FLIGHT, reports }, null, 2),
  );
  writeFileSync(path.join(root, "bench/out/getpdf-jobs.json"), JSON.stringify(raw));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
