/**
 * Throughput and tail latency under autocannon: 50 connections for 20 s per route, each route
 * measured between two runs of a bare route in the same server, and reported as a ratio to it.
 *
 *   npm run bench:throughput [-- --duration 20 --connections 50 --no-build --port 18951]
 *
 * Server: the production build under `vite preview` (workerd behind Vite's Node proxy, as in every
 * local benchmark here) on a fresh migrated and seeded state, every outside service pointed at
 * the fake upstream (latency 0). Routes:
 *   bare            GET  /dev/bench/bare  (development only: "ok" through the app's shared
 *                                          middleware — services, security headers, request log,
 *                                          CSRF, session — and nothing else)
 *   /               GET  /                (the SPA page with the injected page data)
 *   /direct_access  GET  /direct_access   (the direct-access catalogue, D1)
 *   /getpdf/check   POST /getpdf/check    (a finished job's ticket, CSRF header and cookie as the
 *                                          SPA's poll sends them)
 * Order: bare, /, bare, /direct_access, bare, /getpdf/check, bare; a route's ratio uses the mean
 * of the bare runs just before and after it. Every route gets a 3 s warm-up first. Target (issue
 * 20): each route ≥ 0.5× the bare route's requests/s.
 */
import autocannon from "autocannon";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureBuild, log, outDir, Session, startStack, numberArg, runIfMain } from "./lib/stack";

export type Load = {
  route: string;
  method: string;
  reqPerS: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};
export const RATIO_TARGET = 0.5;
export type Ratio = { route: string; load: Load; bare: { reqPerS: number; p99Ms: number }; reqRatio: number; p99Ratio: number };
export type ThroughputReport = { durationS: number; connections: number; bareRuns: Load[]; routes: Ratio[] };

type Target = { route: string; method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string };

async function hammer(base: string, t: Target, durationS: number, connections: number): Promise<Load> {
  const r = await autocannon({
    url: `${base}${t.path}`,
    method: t.method,
    connections,
    duration: durationS,
    timeout: 30,
    ...(t.headers ? { headers: t.headers } : {}),
    ...(t.body ? { body: t.body } : {}),
  });
  return {
    route: t.route,
    method: t.method,
    reqPerS: Math.round(r.requests.average * 10) / 10,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    requests: r["2xx"] + r.non2xx,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/** Starts one open-access download and polls it to its end; the ticket to check. */
async function finishedTicket(s: Session): Promise<string> {
  type Result = { id: string; status: string };
  let r = await s.post<Result>("/getpdf/start", { url: `10.5555/oa-unpaywall-${Date.now() % 100_000}` });
  const end = Date.now() + 60_000;
  while (!["ok", "error", "offline", "buy"].includes(r.status)) {
    if (Date.now() > end) throw new Error(`job ${r.id} did not finish in 60 s (status ${r.status})`);
    await new Promise((res) => setTimeout(res, 200));
    r = await s.post<Result>("/getpdf/check", { id: r.id });
  }
  log("throughput", `job finished with status ${r.status}`);
  return r.id;
}

export async function runThroughput(base: string, opts: { durationS: number; connections: number }): Promise<ThroughputReport> {
  const s = await new Session(base).init();
  const ticket = await finishedTicket(s);
  const bare: Target = { route: "bare", method: "GET", path: "/dev/bench/bare" };
  const targets: Target[] = [
    { route: "/", method: "GET", path: "/", headers: { accept: "text/html" } },
    { route: "/direct_access", method: "GET", path: "/direct_access", headers: { accept: "application/json" } },
    {
      route: "/getpdf/check",
      method: "POST",
      path: "/getpdf/check",
      headers: { "content-type": "application/json", accept: "application/json", "x-csrf-token": s.token, cookie: s.cookie },
      body: JSON.stringify({ id: ticket }),
    },
  ];
  // Sanity: every target answers 200 once before it is measured.
  for (const t of [bare, ...targets]) {
    const res = await fetch(`${base}${t.path}`, { method: t.method, headers: t.headers ?? {}, ...(t.body ? { body: t.body } : {}) });
    if (res.status !== 200) throw new Error(`${t.method} ${t.path}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  }
  for (const t of [bare, ...targets]) await hammer(base, t, 3, opts.connections);

  const run = async (t: Target) => {
    log("throughput", `${t.method} ${t.path}: ${opts.durationS} s at ${opts.connections} connections …`);
    const l = await hammer(base, t, opts.durationS, opts.connections);
    log(
      "throughput",
      `  ${l.requests} requests, ${l.reqPerS} req/s, p99 ${l.p99Ms} ms${l.non2xx ? `, ${l.non2xx} non-2xx` : ""}${l.errors ? `, ${l.errors} errors` : ""}`,
    );
    return l;
  };
  const bareRuns: Load[] = [await run(bare)];
  const routes: Ratio[] = [];
  for (const t of targets) {
    const load = await run(t);
    bareRuns.push(await run(bare));
    const [before, after] = bareRuns.slice(-2) as [Load, Load];
    const b = { reqPerS: Math.round(((before.reqPerS + after.reqPerS) / 2) * 10) / 10, p99Ms: (before.p99Ms + after.p99Ms) / 2 };
    routes.push({
      route: t.route,
      load,
      bare: b,
      reqRatio: Math.round((load.reqPerS / b.reqPerS) * 100) / 100,
      p99Ratio: Math.round((load.p99Ms / b.p99Ms) * 100) / 100,
    });
  }
  return { durationS: opts.durationS, connections: opts.connections, bareRuns, routes };
}

export function printThroughput(r: ThroughputReport) {
  console.log(`\nThroughput: autocannon, ${r.connections} connections, ${r.durationS} s per run`);
  console.log(`bare runs (req/s, p99 ms): ${r.bareRuns.map((b) => `${b.reqPerS}/${b.p99Ms}`).join("  ")}`);
  console.log(`route           req/s    p50   p99   max  non-2xx  errors  bare req/s  bare p99  req/s ratio  p99 ratio  (target ≥ ${RATIO_TARGET}×)`);
  for (const x of r.routes) {
    const l = x.load;
    console.log(
      `${x.route.padEnd(15)} ${String(l.reqPerS).padStart(6)}  ${String(l.p50Ms).padStart(5)} ${String(l.p99Ms).padStart(5)} ${String(l.maxMs).padStart(5)}  ${String(l.non2xx).padStart(7)}  ${String(l.errors + l.timeouts).padStart(6)}  ${String(x.bare.reqPerS).padStart(10)}  ${String(x.bare.p99Ms).padStart(8)}  ${String(x.reqRatio).padStart(11)}  ${String(x.p99Ratio).padStart(9)}  ${x.reqRatio >= RATIO_TARGET ? "met" : "MISSED"}`,
    );
  }
}

async function main() {
  const args = process.argv.slice(2);
  const at = (name: string, fallback: number) => numberArg(name, fallback, args);
  ensureBuild(args.includes("--no-build"));
  const stack = await startStack({ name: "throughput", port: at("port", 18_951), upstreamPort: at("upstream-port", 18_952) });
  try {
    const r = await runThroughput(stack.base, { durationS: at("duration", 20), connections: at("connections", 50) });
    printThroughput(r);
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, "throughput.json"), JSON.stringify(r, null, 1));
  } finally {
    stack.close();
  }
}

runIfMain(import.meta.filename, main);
