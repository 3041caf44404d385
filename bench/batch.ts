/**
 * Reading-list benchmark (issue 18):
 *
 *   npm run bench:batch [-- --port 18978 --entries 200 --runs 3 --latency 300 --no-build]
 *
 * 1. Parse time of a 10,000-entry .bib (lib/citations, in this process; best and median of 5).
 * 2. The fake upstream at --latency ms on every provider call (Crossref's realistic 300 ms applied
 *    to all providers: conservative), the built app under `vite preview` on a fresh state.
 * 3. --runs times: --entries distinct open-access DOIs posted to POST /batch as guest lists of 20
 *    at once, each polled with GET /batch/{id} every 3 s (as the page polls) until no entry is
 *    processing: time to all-terminal.
 *
 * Targets: 200 entries terminal within 90 s (p95 over the runs); 10,000 entries parsed within 1 s.
 * Writes bench/out/batch.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseCitations } from "../lib/citations";
import { startServer, startUpstream, stopServer } from "./servers";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const PORT = arg("port", 18978);
const ENTRIES = arg("entries", 200);
const RUNS = arg("runs", 3);
const LATENCY_MS = arg("latency", 300);
const POLL_MS = 3000;
const log = (m: string) => process.stderr.write(`[bench:batch] ${m}\n`);
const pct = (v: number[], p: number) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.ceil((p / 100) * v.length) - 1)]!;

function parseBench() {
  const one = (i: number) => String.raw`@article{k${i}, author = {M{\"u}ller, J{\"o}rg and van der Berg, Anna}, title = {On the {DNA} of caf\'e number ${i}}, journal = {Journal of Things}, year = {2020}, volume = {12}, pages = {100--120}, doi = {10.5555/x-${i}}}` + "\n";
  const text = Array.from({ length: 10_000 }, (_, i) => one(i)).join("");
  const times: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t = performance.now();
    const n = parseCitations(text, "bibtex").length;
    times.push(performance.now() - t);
    if (n !== 10_000) throw new Error(`parsed ${n}`);
  }
  return { bytes: text.length, best_ms: Math.round(Math.min(...times)), median_ms: Math.round(pct(times, 50)) };
}

/** The answer as JSON, or an error naming the request, its status and type and the start of the body. */
async function readJson(res: Response, what: string): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what} answered ${res.status} ${res.headers.get("content-type")}: ${text.slice(0, 300)}`);
  }
}

/** One guest's list of DOIs to all-terminal (guests post at most 20 entries per list). */
async function runList(base: string, dois: string[]): Promise<void> {
  const csrfRes = await fetch(`${base}/csrf-token`);
  const cookies = csrfRes.headers.getSetCookie().map((c) => c.split(";")[0]);
  const { token } = (await csrfRes.json()) as { token: string };
  const form = new FormData();
  form.set("text", dois.join("\n"));
  const res = await fetch(`${base}/batch`, { method: "POST", body: form, headers: { cookie: cookies.join("; "), "x-csrf-token": token } });
  if (!res.ok) throw new Error(`POST /batch ${res.status}: ${await res.text()}`);
  const { id } = (await readJson(res, "POST /batch")) as { id: string };
  cookies.push(...res.headers.getSetCookie().map((c) => c.split(";")[0]));
  const t0 = Date.now();
  for (;;) {
    const view = (await readJson(await fetch(`${base}/batch/${id}`, { headers: { cookie: cookies.join("; ") } }), `GET /batch/${id}`)) as { counts: Record<string, number> };
    if (view.counts.processing === 0) return;
    if (Date.now() - t0 > 600_000) throw new Error(`still processing after 600 s: ${JSON.stringify(view.counts)}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * ENTRIES distinct DOIs as guest lists of 20 posted at once (the bench has no signed-in account;
 * the pipeline sees the same 200 jobs), timed from the first post to the last list all-terminal.
 */
async function runBatch(base: string, run: number): Promise<number> {
  const dois = Array.from({ length: ENTRIES }, (_, i) => `10.5555/oa-unpaywall-${run * 100_000 + i + 1}`);
  const lists: string[][] = [];
  for (let i = 0; i < dois.length; i += 20) lists.push(dois.slice(i, i + 20));
  const t0 = Date.now();
  await Promise.all(lists.map((l) => runList(base, l)));
  return Date.now() - t0;
}

async function main() {
  const parse = parseBench();
  log(`parse 10,000 entries: best ${parse.best_ms} ms, median ${parse.median_ms} ms`);
  const upstream = await startUpstream(arg("upstream-port", 18997), LATENCY_MS);
  // The providers' own limits (Crossref 10 a second, …, at 80%), not the tests' hundredfold ones;
  // documents keep the scaled per-host limit, as the one fake host stands in for every publisher's.
  const server = await startServer({ name: "batch", port: PORT, upstreamUrl: upstream.url, build: !args.includes("--no-build"), log, vars: { UPSTREAM_PROVIDER_LIMITS: "real" } });
  const times: number[] = [];
  try {
    for (let r = 0; r < RUNS; r++) {
      const ms = await runBatch(server.base, r + 1);
      log(`run ${r + 1}: ${ENTRIES} entries terminal in ${(ms / 1000).toFixed(1)} s`);
      times.push(ms);
    }
  } finally {
    stopServer(server.child);
    stopServer(upstream.child);
  }
  const out = { entries: ENTRIES, latency_ms: LATENCY_MS, runs: times, p50_s: pct(times, 50) / 1000, p95_s: pct(times, 95) / 1000, target_s: 90, parse_10k: parse, parse_target_ms: 1000 };
  mkdirSync(path.join(root, "bench/out"), { recursive: true });
  writeFileSync(path.join(root, "bench/out/batch.json"), JSON.stringify(out, null, 2));
  console.log(JSON.stringify(out, null, 2));
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
