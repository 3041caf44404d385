/**
 * Reading-list benchmark:
 *
 *   npm run bench:batch [-- --port 18978 --entries 200 --runs 3 --latency 300 --no-build]
 *
 * 1. Parse time of a 10,000-entry .bib (lib/citations, in this process; best and median of 5).
 * 2. The fake upstream at --latency ms on every provider call (Crossref's realistic 300 ms applied
 *    to all providers: conservative), the built app under `vite preview` on a fresh state.
 * 3. --runs times: one signed-in user's list of --entries entries posted to POST /batch (three in
 *    four a bare open-access DOI, the rest a Vancouver reference with no identifier, which only
 *    Crossref's bibliographic search can match), polled with GET /batch/{id} every 3 s (as the page
 *    polls) until no entry is processing: time to all-terminal. `--guest-lists` instead posts
 *    distinct DOIs as guest lists of 20 at once (guests may post 20 entries a list).
 *
 * Targets: 200 entries terminal within 90 s (p95 over the runs); 10,000 entries parsed within 1 s.
 * Writes bench/out/batch.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseCitations } from "../lib/citations";
import { Session } from "./lib/stack";
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
  const one = (i: number) =>
    String.raw`@article{k${i}, author = {M{\"u}ller, J{\"o}rg and van der Berg, Anna}, title = {On the {DNA} of caf\'e number ${i}}, journal = {Journal of Things}, year = {2020}, volume = {12}, pages = {100--120}, doi = {10.5555/x-${i}}}` +
    "\n";
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

/** Polls a list as its page does until no entry is processing. */
async function untilTerminal(base: string, id: string, cookie: () => string): Promise<Record<string, number>> {
  const t0 = Date.now();
  for (;;) {
    const view = (await readJson(await fetch(`${base}/batch/${id}`, { headers: { cookie: cookie() } }), `GET /batch/${id}`)) as {
      counts: Record<string, number>;
    };
    if (view.counts.processing === 0) return view.counts;
    if (Date.now() - t0 > 600_000) throw new Error(`still processing after 600 s: ${JSON.stringify(view.counts)}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** Posts `lines` as one list from `session`; its id. */
async function postList(session: Session, lines: string[]): Promise<string> {
  const form = new FormData();
  form.set("text", lines.join("\n"));
  const res = await fetch(`${session.base}/batch`, { method: "POST", body: form, headers: { cookie: session.cookie, "x-csrf-token": session.token } });
  if (!res.ok) throw new Error(`POST /batch ${res.status}: ${await res.text()}`);
  return ((await readJson(res, "POST /batch")) as { id: string }).id;
}

/** The fake upstream's scenario work n as a Vancouver reference with no DOI (tests/fakes/providers/crossref.ts). */
const reference = (n: number) =>
  `Sadasivan S, Pond BB, Pani AK, Qu C. Open access through Unpaywall: test article ${n}. J Fake Res. ${2020 + (n % 5)};${(n % 40) + 1}(${(n % 12) + 1}):e${10000 + n}.`;

/** A fresh account (development mode sends no SMS; the list needs only a session). */
async function signedIn(base: string, run: number): Promise<Session> {
  const s = await new Session(base).init();
  const tag = `${Date.now().toString(36)}${run}`;
  const password = "bench-batch-password";
  await s.post("/register", {
    name: "کاربر سنجش",
    email: `bench-${tag}@daryaft.test`,
    mobile: `0912${String(Date.now() + run).slice(-7)}`,
    password,
    password_confirmation: password,
  });
  return s;
}

/** One signed-in list of ENTRIES (3 in 4 DOIs, the rest references), timed from the post to all-terminal. */
async function runSignedIn(base: string, run: number): Promise<{ ms: number; counts: Record<string, number> }> {
  const session = await signedIn(base, run);
  const lines = Array.from({ length: ENTRIES }, (_, i) => {
    const n = run * 100_000 + i + 1;
    return i % 4 === 3 ? reference(n) : `10.5555/oa-unpaywall-${n}`;
  });
  const t0 = Date.now();
  const id = await postList(session, lines);
  const counts = await untilTerminal(base, id, () => session.cookie);
  return { ms: Date.now() - t0, counts };
}

/**
 * ENTRIES distinct DOIs as guest lists of 20 posted at once (`--guest-lists`), timed from the first
 * post to the last list all-terminal.
 */
async function runGuestLists(base: string, run: number): Promise<{ ms: number; counts: Record<string, number> }> {
  const dois = Array.from({ length: ENTRIES }, (_, i) => `10.5555/oa-unpaywall-${run * 100_000 + i + 1}`);
  const lists: string[][] = [];
  for (let i = 0; i < dois.length; i += 20) lists.push(dois.slice(i, i + 20));
  const t0 = Date.now();
  const all = await Promise.all(
    lists.map(async (l) => {
      const session = await new Session(base).init();
      const id = await postList(session, l);
      return untilTerminal(base, id, () => session.cookie);
    }),
  );
  const counts: Record<string, number> = {};
  for (const c of all) for (const [k, v] of Object.entries(c)) counts[k] = (counts[k] ?? 0) + v;
  return { ms: Date.now() - t0, counts };
}

async function main() {
  const parse = parseBench();
  log(`parse 10,000 entries: best ${parse.best_ms} ms, median ${parse.median_ms} ms`);
  const upstream = await startUpstream(arg("upstream-port", 18997), LATENCY_MS);
  // The providers' own limits (Crossref 10 a second, …, at 80%), not the tests' hundredfold ones;
  // documents keep the scaled per-host limit, as the one fake host stands in for every publisher's.
  const server = await startServer({
    name: "batch",
    port: PORT,
    upstreamUrl: upstream.url,
    build: !args.includes("--no-build"),
    log,
    vars: { UPSTREAM_PROVIDER_LIMITS: "real" },
  });
  const guests = args.includes("--guest-lists");
  const times: number[] = [];
  const outcomes: Record<string, number>[] = [];
  try {
    for (let r = 0; r < RUNS; r++) {
      const { ms, counts } = await (guests ? runGuestLists : runSignedIn)(server.base, r + 1);
      log(`run ${r + 1}: ${ENTRIES} entries terminal in ${(ms / 1000).toFixed(1)} s (${JSON.stringify(counts)})`);
      times.push(ms);
      outcomes.push(counts);
    }
  } finally {
    stopServer(server.child);
    stopServer(upstream.child);
  }
  const out = {
    entries: ENTRIES,
    shape: guests ? "guest lists of 20 DOIs" : "one signed-in list: 3 in 4 DOIs, 1 in 4 references",
    latency_ms: LATENCY_MS,
    runs: times,
    outcomes,
    p50_s: pct(times, 50) / 1000,
    p95_s: pct(times, 95) / 1000,
    target_s: 90,
    parse_10k: parse,
    parse_target_ms: 1000,
  };
  mkdirSync(path.join(root, "bench/out"), { recursive: true });
  writeFileSync(path.join(root, "bench/out/batch.json"), JSON.stringify(out, null, 2));
  console.log(JSON.stringify(out, null, 2));
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
