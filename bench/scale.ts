/**
 * A compressed busy day against a fake upstream that ENFORCES the providers' published limits:
 *
 *   npm run bench:scale [-- --no-build --quick --port 18807 --latency 150 --daily-scale 0.1]
 *
 * The built Worker (dist/daryaft) runs in one Miniflare instance as production runs it on
 * Cloudflare, more than one consumer at once: a `main` worker (HTTP, the Durable Objects, D1, R2,
 * the cron's watcher), and the fetch queues' messages shared out over several consumer workers —
 * each its own isolate, one invocation at a time, as Cloudflare runs `max_concurrency`
 * invocations — by a small dispatcher (Miniflare delivers one batch at a time per queue). They
 * share nothing but the bindings: every outside call takes its slot from the one ProviderBudget
 * object per provider.
 *
 * The fake upstream (tests/fakes/upstream-server.ts, in this process) holds every caller to
 * Crossref's polite pool (10 single records a second and 3 at once; 3 lists a second and 3 at once),
 * OpenAlex's 100 a second and day's allowance, Unpaywall's 100,000 a day (daily caps × --daily-scale:
 * the bench's day is a tenth of a day's traffic), answers 429 past any of them and counts it.
 *
 * The day: 500 signed-in users behind 100 addresses (campus and carrier NATs); 100,000 DOIs held in their libraries; a paste stream alone first
 * (the baseline), then 20 reading lists of 500 started together while 2,000 pastes from the 500
 * users arrive and the library watcher runs once. Reported (bench/out/scale.json): calls over any
 * limit and 429s (target 0), pastes' time to result p50/p95 under load against alone (target
 * p95 ≤ 2×), lists' entries resolved per second against Crossref's ceiling of 10 (target ≥ 80%),
 * watcher calls per day as a share of the library (target ≤ 1%), the slot's round trip, the most
 * consumer invocations seen at once, and the machine's load.
 */
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from "miniflare";
import { spawn, type ChildProcess } from "node:child_process";
import { waitFor } from "../scripts/wait-for";
import { Session, machine, stop } from "./lib/stack";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const QUICK = flag("quick");
const PORT = arg("port", 18807);
const LATENCY_MS = arg("latency", 150);
const DAILY_SCALE = arg("daily-scale", 0.1);
/** Per-second limits × this on both sides (the fake's and our budgets): 1 = the published ones. */
const RATE_SCALE = arg("rate-scale", 1);
const LIST_POLL_MS = arg("list-poll", 5_000);
const WARMUP = arg("warmup", 20);
const USERS = arg("users", QUICK ? 100 : 500);
const PASTES = arg("pastes", QUICK ? 300 : 2_000);
const ALONE = arg("alone", QUICK ? 60 : 200);
const LISTS = arg("lists", QUICK ? 4 : 20);
const LIST_SIZE = arg("list-size", QUICK ? 100 : 500);
const LIBRARY = arg("library", QUICK ? 20_000 : 100_000);
const PASTE_CONSUMERS = arg("paste-consumers", 3);
/**
 * The users reach the site from this many addresses (campus and carrier NATs: several users each).
 * Without it every request would come from 127.0.0.1 (Miniflare sets cf-connecting-ip to the
 * socket's address), and the per-address start allowance, not the providers, would set the pace.
 */
const ADDRESSES = arg("addresses", QUICK ? 20 : 100);
const LIST_CONSUMERS = arg("list-consumers", 2);
/** Pastes arrive at this rate (per second), through the whole loaded phase. */
const PASTE_RATE = arg("paste-rate", 2);
/** A paste's result is polled every second (the page polls every 3 s; the time is the job's own finish time). */
const POLL_MS = 1_000;
const CROSSREF_CEILING = 10 * RATE_SCALE;
const log = (m: string) => process.stderr.write(`[bench:scale] ${new Date().toISOString().slice(11, 19)} ${m}\n`);
const pct = (v: number[], p: number) => (v.length ? [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.ceil((p / 100) * v.length) - 1)]! : NaN);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------
// The stack: Miniflare with main + dispatcher + consumer workers

const DB_ID = "bench-scale-db";
const BUCKET = "bench-scale-files";
const PASTE_QUEUE = "daryaft-fetch-jobs";
const BULK_QUEUE = "daryaft-fetch-jobs-bulk";
const DLQ = "daryaft-fetch-jobs-dlq";
const pasteShard = (i: number) => `${PASTE_QUEUE}-s${i}`;
// The consumer tells a list's queue by its "-bulk" ending (queue-consumer/index.ts).
const bulkShard = (i: number) => `${PASTE_QUEUE}-s${i}-bulk`;

/** Spreads each lane's messages over its consumers, as Cloudflare hands batches to concurrent invocations. */
const DISPATCHER = `
export default {
  async queue(batch, env) {
    const bulk = batch.queue.endsWith("-bulk");
    const shards = Number(bulk ? env.BULK_SHARDS : env.PASTE_SHARDS);
    for (const m of batch.messages) {
      const i = Math.floor(Math.random() * shards);
      await env[(bulk ? "BULK_" : "PASTE_") + i].send(m.body, { contentType: "json" });
      m.ack();
    }
  },
};`;

let workerLogLines = 0;

/** Queue batch lines Miniflare logs ("QUEUE <name> 10/10 (1234ms)"): when each consumer invocation ran. */
const invocations: { queue: string; end: number; ms: number }[] = [];
class CapturingLog extends Log {
  protected override log(message: string): void {
    // eslint-disable-next-line no-control-regex
    const plain = message.replace(/\u001b\[[0-9;]*m/g, "");
    const m = /QUEUE (\S+) \d+\/\d+ \((\d+)ms\)/.exec(plain);
    if (m && m[1] !== PASTE_QUEUE && m[1] !== BULK_QUEUE) invocations.push({ queue: m[1]!, end: Date.now(), ms: Number(m[2]) });
    else if (/error|uncaught|exception|crash|fatal/i.test(plain)) process.stderr.write(`[workerd] ${plain.slice(0, 500)}\n`);
  }
}

function maxConcurrentInvocations(): number {
  const edges = invocations.flatMap((i) => [
    { t: i.end - i.ms, d: 1 },
    { t: i.end, d: -1 },
  ]);
  edges.sort((a, b) => a.t - b.t || a.d - b.d);
  let now = 0;
  let best = 0;
  for (const e of edges) best = Math.max(best, (now += e.d));
  return best;
}

function workerModules() {
  const dir = path.join(root, "dist/daryaft");
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".js")) files.push(p);
    }
  };
  walk(dir);
  const entry = path.join(dir, "index.js");
  return { modulesRoot: dir, modules: [entry, ...files.filter((f) => f !== entry)].map((p) => ({ type: "ESModule" as const, path: p })) };
}

/** The fake upstream in its own process, so this one's load does not slow its answers. */
async function startUpstream(port: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    "npx",
    [
      "tsx",
      "tests/fakes/upstream-server.ts",
      "--port",
      String(port),
      "--latency",
      String(LATENCY_MS),
      "--enforce",
      "all",
      "--daily-scale",
      String(DAILY_SCALE),
      "--rate-scale",
      String(RATE_SCALE),
    ],
    { cwd: root, detached: true, stdio: "ignore" },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/__stats`, 30_000);
  return { url, child };
}

function startStack(upstream: { url: string }): Miniflare {
  const { modules, modulesRoot } = workerModules();
  const compat = JSON.parse(readFileSync(path.join(root, "dist/daryaft/wrangler.json"), "utf8")) as {
    compatibility_date: string;
    compatibility_flags: string[];
  };
  const bindings = {
    APP_ENV: "development",
    SITE_NAME: "دریافت",
    PAYMENT_GATEWAY: "devbank",
    ZARINPAL_SANDBOX: "true",
    CONTACT_EMAIL: "bench@daryaft.test",
    MOBILE_SMS_CONFIRMATION: "false",
    SHOW_OLD_TAB_STANDARD_SEARCH: "false",
    LICENSED_RESOLVERS: "",
    PASSWORD_PEPPER: "bench-pepper",
    SIGNING_SECRET: "bench-signing-secret",
    OPENALEX_API_KEY: "bench-openalex-key",
    UPSTREAM_BASE: upstream.url,
    // The providers' own limits (not the tests' hundredfold), daily caps scaled like the fake's.
    UPSTREAM_PROVIDER_LIMITS: "real",
    UPSTREAM_DAILY_SCALE: String(DAILY_SCALE),
    UPSTREAM_RATE_SCALE: String(RATE_SCALE),
  };
  const shared = {
    compatibilityDate: compat.compatibility_date,
    compatibilityFlags: compat.compatibility_flags,
    modules,
    modulesRoot,
    bindings,
    d1Databases: { DB: DB_ID },
    r2Buckets: { FILES: BUCKET },
  };
  const doRef = (className: string) => ({ className, scriptName: "main", useSQLite: true });
  const consumer = (name: string, queue: string, list: boolean) => ({
    ...shared,
    name,
    durableObjects: { FETCH_JOB: doRef("FetchJob"), PROVIDER_BUDGET: doRef("ProviderBudget") },
    queueProducers: { FETCH_JOBS: { queueName: PASTE_QUEUE }, FETCH_JOBS_BULK: { queueName: BULK_QUEUE } },
    queueConsumers: { [queue]: { maxBatchSize: 10, maxBatchTimeout: list ? 1 : 0, maxRetries: 4, deadLetterQueue: DLQ } },
  });
  const dispatcherProducers: Record<string, { queueName: string }> = {};
  for (let i = 0; i < PASTE_CONSUMERS; i++) dispatcherProducers[`PASTE_${i}`] = { queueName: pasteShard(i) };
  for (let i = 0; i < LIST_CONSUMERS; i++) dispatcherProducers[`BULK_${i}`] = { queueName: bulkShard(i) };
  // The installed Miniflare takes its newer option shape; the converter reads the familiar one.
  return new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: PORT,
      log: new CapturingLog(LogLevel.INFO),
      // The Worker's own request log lines: counted, not printed (the run's output stays the figures).
      handleStructuredLogs: () => void (workerLogLines += 1),
      unsafeTriggerHandlers: true,
      workers: [
        {
          ...shared,
          name: "main",
          durableObjects: { FETCH_JOB: { className: "FetchJob", useSQLite: true }, PROVIDER_BUDGET: { className: "ProviderBudget", useSQLite: true } },
          queueProducers: { FETCH_JOBS: { queueName: PASTE_QUEUE }, FETCH_JOBS_BULK: { queueName: BULK_QUEUE } },
          queueConsumers: { [DLQ]: { maxBatchSize: 10, maxBatchTimeout: 0 } },
        },
        {
          name: "dispatcher",
          modules: true,
          script: DISPATCHER,
          compatibilityDate: compat.compatibility_date,
          bindings: { PASTE_SHARDS: String(PASTE_CONSUMERS), BULK_SHARDS: String(LIST_CONSUMERS) },
          queueProducers: dispatcherProducers,
          queueConsumers: { [PASTE_QUEUE]: { maxBatchSize: 100, maxBatchTimeout: 0 }, [BULK_QUEUE]: { maxBatchSize: 100, maxBatchTimeout: 0 } },
        },
        ...Array.from({ length: PASTE_CONSUMERS }, (_, i) => consumer(`paste-consumer-${i}`, pasteShard(i), false)),
        ...Array.from({ length: LIST_CONSUMERS }, (_, i) => consumer(`list-consumer-${i}`, bulkShard(i), true)),
      ],
    }),
  );
}

// ---------------------------------------------------------------------------
// Data: the schema, users with sessions, libraries

type D1 = Awaited<ReturnType<Miniflare["getD1Database"]>>;

/**
 * Miniflare's proxy to D1 drops a connection now and then while workerd starts its isolates on a
 * busy machine: the seeding statements are idempotent (INSERT OR IGNORE, migrations that already
 * ran are skipped), so they are simply sent again.
 */
async function retrying<T>(what: string, f: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await f();
    } catch (err) {
      if (/already exists/i.test(String(err))) return undefined as T;
      if (attempt >= 6) throw err;
      log(`${what}: ${String(err).slice(0, 120)}; again (${attempt})`);
      await sleep(1_000 * attempt);
    }
  }
}

async function migrate(db: D1) {
  const dir = path.join(root, "db/migrations");
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    for (const stmt of readFileSync(path.join(dir, f), "utf8").split("--> statement-breakpoint")) {
      if (stmt.trim()) await retrying(`migration ${f}`, () => db.prepare(stmt).run());
    }
  }
}

type User = { id: string; token: string; address: string };

async function seedUsers(db: D1, count: number, now: number): Promise<User[]> {
  const users: User[] = [];
  const u = db.prepare("INSERT OR IGNORE INTO users (id, name, email, password_hash, created_at, updated_at) VALUES (?, ?, ?, 'bench-no-login', ?, ?)");
  const s = db.prepare("INSERT OR IGNORE INTO sessions (id, user_id, remember, created_at, last_seen_at, expires_at) VALUES (?, ?, 1, ?, ?, ?)");
  for (let i = 0; i < count; i += 100) {
    const stmts: ReturnType<typeof u.bind>[] = [];
    for (let j = i; j < Math.min(count, i + 100); j++) {
      const id = `usr_bench_${j}`;
      const token = randomBytes(32).toString("base64url");
      users.push({ id, token, address: `10.20.${j % ADDRESSES}.1` });
      stmts.push(u.bind(id, `کاربر سنجش ${j}`, `bench-${j}@daryaft.test`, now, now));
      stmts.push(s.bind(createHash("sha256").update(token).digest("hex"), id, now, now, now + 30 * 86_400_000));
    }
    await retrying("users", () => db.batch(stmts));
  }
  return users;
}

const utcTag = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll("-", "");

/** LIBRARY ok downloads over the users; among them works the day's notice feeds name (the fake's). */
async function seedLibrary(db: D1, users: User[], now: number): Promise<{ rows: number; noticed: number }> {
  const tags = [utcTag(now - 86_400_000), utcTag(now)];
  const noticed = tags.flatMap((t) => [
    ...Array.from({ length: 10 }, (_, i) => `10.5555/noticed-${t}-${i}`),
    ...Array.from({ length: 5 }, (_, i) => `10.5555/rw-updated-${t}-${i}`),
  ]);
  const ins = db.prepare("INSERT OR IGNORE INTO downloads (id, user_id, job_key, outcome, doi, created_at) VALUES (?, ?, ?, 'ok', ?, ?)");
  await retrying("library", () =>
    db.batch(noticed.map((doi, i) => ins.bind(`dl_bench_noticed_${i}`, users[i % users.length]!.id, `doi:${doi}`, doi, now - 86_400_000))),
  );
  // The rest in one statement: a row per held DOI, spread over the users.
  const rest = LIBRARY - noticed.length;
  await retrying("library", () =>
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ? - 1)
       INSERT OR IGNORE INTO downloads (id, user_id, job_key, outcome, doi, created_at)
       SELECT 'dl_bench_' || i, 'usr_bench_' || (i % CAST(? AS INTEGER)), 'doi:10.9999/library-' || i, 'ok', '10.9999/library-' || i, ? FROM n`,
      )
      .bind(rest, users.length, now - 86_400_000)
      .run(),
  );
  return { rows: LIBRARY, noticed: noticed.length };
}

/** A signed-in user's session, sending the user's address as Cloudflare's edge would. */
class UserSession extends Session {
  constructor(
    base: string,
    readonly address: string,
  ) {
    super(base);
  }
  /** The headers of a request of this user: the session cookie and the address. */
  get headers(): Record<string, string> {
    return { cookie: this.cookie, "cf-connecting-ip": this.address };
  }
}

async function sessionFor(base: string, user: User): Promise<UserSession> {
  const s = new UserSession(base, user.address);
  s.cookies.set("daryaft_session", user.token);
  s.cookies.set("__Host-daryaft_session", user.token);
  return s.init();
}

// ---------------------------------------------------------------------------
// Traffic

let nextN = (Math.floor(Date.now() / 1000) % 100_000) * 10;
const freshN = () => ++nextN;

/** What one person pastes: mostly open-access DOIs (OpenAlex has most), some Unpaywall-only, some none, a few references. */
function pasteText(popular: string[]): string {
  const r = Math.random();
  if (r < 0.3 && popular.length) return popular[Math.floor(Math.random() ** 2 * popular.length)]!;
  const n = freshN();
  if (r < 0.72) return `10.5555/oa-openalex-${n}`;
  if (r < 0.84) return `10.5555/oa-unpaywall-${n}`;
  if (r < 0.95) return `10.5555/none-${n}`;
  return `Open access through OpenAlex: test article ${n}`;
}

function listLines(popular: string[], size: number): string[] {
  return Array.from({ length: size }, () => {
    const r = Math.random();
    if (r < 0.1) return popular[Math.floor(Math.random() * popular.length)]!;
    const n = freshN();
    if (r < 0.8) return `10.5555/oa-openalex-${n}`;
    if (r < 0.88) return `10.5555/oa-unpaywall-${n}`;
    if (r < 0.95) return `10.5555/none-${n}`;
    return `Open access through OpenAlex: test article ${n}`;
  });
}

/** ms: start to result; stepsMs: the job's resolver steps (its outside calls); the rest is queue and runtime. */
/**
 * workerd closes an idle keep-alive connection at the moment the client reuses it now and then
 * ("other side closed" before a byte came back): such a request never reached the Worker, so every
 * request of this process — the Session helper's too — is sent again on a fresh connection.
 */
const plainFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await plainFetch(input, init);
    } catch (err) {
      const cause = (err as { cause?: { code?: string; socket?: { bytesRead?: number } } }).cause;
      const dropped = cause?.code === "ECONNRESET" || (cause?.code === "UND_ERR_SOCKET" && (cause.socket?.bytesRead ?? 0) === 0);
      if (!dropped || attempt >= 5) throw err;
      await sleep(200 * attempt);
    }
  }
};
const getWithRetry = (url: string, init: RequestInit) => fetch(url, init);

type PasteResult = { ms: number; status: string; stepsMs?: number; waits?: Record<string, number>; error?: string };
/** A paste that reached its result (a file, an offer, a "not found"): refused or failed ones have no time to result. */
const reachedResult = (p: PasteResult) => Number.isFinite(p.ms) && p.status !== "error" && !p.status.startsWith("failed");

async function readJson(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`${what}: ${res.status} ${text.slice(0, 200)}`);
  }
}

/** One paste: start, then the job's own finish time (server clock, same machine) or the first terminal answer. */
async function paste(s: UserSession, text: string): Promise<PasteResult> {
  const t0 = Date.now();
  const res = await fetch(`${s.base}/getpdf/start`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-csrf-token": s.token, ...s.headers },
    body: JSON.stringify({ url: text }),
  });
  let r = await readJson(res, "POST /getpdf/start");
  const deadline = t0 + 180_000;
  while (r["status"] === "processing" && Date.now() < deadline) {
    await sleep(POLL_MS);
    r = await readJson(await getWithRetry(`${s.base}/getpdf/check?id=${encodeURIComponent(String(r["id"]))}`, { headers: s.headers }), "GET /getpdf/check");
  }
  let end = Date.now();
  let stepsMs: number | undefined;
  const waits: Record<string, number> = {};
  if (r["id"]) {
    const timing = await getWithRetry(`${s.base}/dev/getpdf/job?id=${encodeURIComponent(String(r["id"]))}`, { headers: s.headers })
      .then((res) => readJson(res, "GET /dev/getpdf/job"))
      .catch(() => null);
    const finished = timing?.["finished_at"];
    if (typeof finished === "number" && finished >= t0 - 5 && finished <= end) {
      end = finished;
      const steps = (timing?.["steps"] as { step: string; ms: number }[] | undefined) ?? [];
      stepsMs = steps.reduce((n, x) => n + x.ms, 0);
      for (const x of steps) waits[x.step] = (waits[x.step] ?? 0) + x.ms;
    }
  }
  const error = r["status"] === "error" ? String(r["error"] ?? r["message"] ?? JSON.stringify(r)).slice(0, 160) : undefined;
  return { ms: end - t0, status: String(r["status"]), stepsMs, waits, ...(error ? { error } : {}) };
}

/** Pastes arriving at PASTE_RATE a second (exponential gaps) until `count` have arrived. */
async function pasteStream(base: string, users: User[], count: number, popular: string[], keepGoing: () => boolean = () => true): Promise<PasteResult[]> {
  const sessions = new Map<string, UserSession>();
  const results: Promise<PasteResult>[] = [];
  for (let i = 0; i < count && keepGoing(); i++) {
    const user = users[Math.floor(Math.random() * users.length)]!;
    const s = sessions.get(user.id) ?? (await sessionFor(base, user));
    sessions.set(user.id, s);
    results.push(paste(s, pasteText(popular)).catch((e: unknown) => ({ ms: NaN, status: `failed: ${String(e).slice(0, 100)}` })));
    await sleep(-Math.log(1 - Math.random()) * (1000 / PASTE_RATE));
  }
  return Promise.all(results);
}

async function runList(base: string, owner: User, lines: string[]): Promise<{ ms: number; entries: number; counts: Record<string, number> }> {
  const s = await sessionFor(base, owner);
  const form = new FormData();
  form.set("text", lines.join("\n"));
  const t0 = Date.now();
  const res = await fetch(`${base}/batch`, { method: "POST", body: form, headers: { ...s.headers, "x-csrf-token": s.token } });
  const created = await readJson(res, "POST /batch");
  if (!res.ok) throw new Error(`POST /batch ${res.status}: ${JSON.stringify(created).slice(0, 300)}`);
  const id = String(created["id"]);
  for (;;) {
    await sleep(LIST_POLL_MS);
    const view = await readJson(await getWithRetry(`${base}/batch/${id}`, { headers: s.headers }), `GET /batch/${id}`);
    const counts = view["counts"] as Record<string, number>;
    if (counts["processing"] === 0) return { ms: Date.now() - t0, entries: lines.length, counts };
    if (Date.now() - t0 > 3_600_000) throw new Error(`list ${id} still processing after an hour: ${JSON.stringify(counts)}`);
  }
}

// ---------------------------------------------------------------------------

type Limits = {
  served: Record<string, number>;
  over: Record<string, number>;
  maxInFlight: Record<string, number>;
  maxPerSecond: Record<string, number>;
  usedToday: Record<string, number>;
};

async function main() {
  if (!flag("no-build")) {
    log("vite build …");
    execFileSync("npx", ["vite", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  }
  const upstream = await startUpstream(arg("upstream-port", PORT + 1));
  const loadStart = os.loadavg();
  const mf = startStack(upstream);
  // Ctrl-C or a timeout: stop our workerd and our fake upstream, nothing else.
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.once(sig, () => {
      stop(upstream.child);
      void mf.dispose().finally(() => process.exit(130));
    });
  }
  try {
    const url = await mf.ready;
    const base = url.origin;
    log(
      `stack ${base}: main + ${PASTE_CONSUMERS} paste and ${LIST_CONSUMERS} list consumer workers; fake upstream ${upstream.url} (${LATENCY_MS} ms, limits enforced, daily × ${DAILY_SCALE})`,
    );
    const db = await mf.getD1Database("DB", "main");
    const now = Date.now();
    await migrate(db);
    const users = await seedUsers(db, USERS, now);
    const library = await seedLibrary(db, users, now);
    log(`${users.length} users, ${library.rows} library rows seeded`);

    // The dev routes below are the operator's: the first bench user is made an admin.
    await retrying("admin", () => db.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").bind(users[0]!.id).run());
    const admin = await sessionFor(base, users[0]!);
    const rtt = await readJson(await admin.get("/dev/budget/round-trip?n=50"), "round trip");
    log(`one budget slot (take + done): p50 ${rtt["p50_ms"]} ms, p95 ${rtt["p95_ms"]} ms`);

    // Popular works everyone pastes and lists share (a course's reading).
    const popular = Array.from({ length: 300 }, () => `10.5555/oa-openalex-${freshN()}`);

    // Every consumer isolate loads pdf.js on its first document: not part of anyone's paste time.
    log(`warm-up: ${WARMUP} pastes …`);
    await Promise.all(
      Array.from({ length: WARMUP }, (_, i) => sessionFor(base, users[i % users.length]!).then((s) => paste(s, `10.5555/oa-openalex-${freshN()}`))),
    );
    log(`alone: ${ALONE} pastes at ${PASTE_RATE}/s …`);
    const aloneT0 = Date.now();
    const alone = await pasteStream(base, users, ALONE, popular);
    const aloneMs = alone.filter(reachedResult).map((p) => p.ms);
    log(`alone: p50 ${pct(aloneMs, 50)} ms, p95 ${pct(aloneMs, 95)} ms (${((Date.now() - aloneT0) / 1000).toFixed(0)} s)`);
    const limitsBefore = (await (await fetch(`${upstream.url}/__limits`)).json()) as Limits;

    log(`loaded: ${LISTS} lists of ${LIST_SIZE}, ${PASTES} pastes at ${PASTE_RATE}/s, the watcher over ${library.rows} held DOIs …`);
    const t0 = Date.now();
    const owners = users.slice(1, 1 + LISTS);
    let listsDone = false;
    const lists = Promise.all(owners.map((o) => runList(base, o, listLines(popular, LIST_SIZE)))).finally(() => (listsDone = true));
    // Awaited below; a failure is reported there, not as an unhandled rejection meanwhile.
    lists.catch(() => undefined);
    await sleep(2_000);
    const watch = fetch(`${base}/dev/library-watch/run`, { method: "POST", headers: { ...admin.headers, "x-csrf-token": admin.token } }).then((r) =>
      readJson(r, "watcher"),
    );
    watch.catch(() => undefined);
    const pastes = await pasteStream(base, users, PASTES, popular);
    const listResults = await lists;
    const listsEnd = Math.max(...listResults.map((l) => l.ms)) + t0;
    const watched = await watch;
    const elapsed = (Date.now() - t0) / 1000;
    const limits = (await (await fetch(`${upstream.url}/__limits`)).json()) as Limits;
    const loadEnd = os.loadavg();

    const loadedMs = pastes.filter(reachedResult).map((p) => p.ms);
    const entries = listResults.reduce((n, l) => n + l.entries, 0);
    const listSeconds = (listsEnd - t0) / 1000;
    const sum = (rec: Record<string, number>, prefix = "") =>
      Object.entries(rec)
        .filter(([k]) => k.startsWith(prefix))
        .reduce((n, [, v]) => n + v, 0);
    const crossrefSingle = (limits.served["crossref/single"] ?? 0) - (limitsBefore.served["crossref/single"] ?? 0);
    const out = {
      shape: {
        rate_scale: RATE_SCALE,
        list_poll_ms: LIST_POLL_MS,
        users: USERS,
        addresses: ADDRESSES,
        pastes: PASTES,
        alone: ALONE,
        lists: LISTS,
        list_size: LIST_SIZE,
        library: library.rows,
        paste_rate_per_s: PASTE_RATE,
        latency_ms: LATENCY_MS,
        daily_scale: DAILY_SCALE,
        paste_consumers: PASTE_CONSUMERS,
        list_consumers: LIST_CONSUMERS,
      },
      budget_slot_round_trip_ms: rtt,
      consumer_invocations_at_once_max: maxConcurrentInvocations(),
      consumer_invocations: invocations.length,
      worker_log_lines: workerLogLines,
      calls_over_any_limit: sum(limits.over),
      over_by_limit: limits.over,
      calls_served: limits.served,
      max_per_second_seen: limits.maxPerSecond,
      max_in_flight_seen: limits.maxInFlight,
      daily_use: limits.usedToday,
      "429s_seen": sum(limits.over),
      pastes: {
        alone: { n: aloneMs.length, p50_ms: pct(aloneMs, 50), p95_ms: pct(aloneMs, 95) },
        loaded: { n: loadedMs.length, p50_ms: pct(loadedMs, 50), p95_ms: pct(loadedMs, 95) },
        p95_loaded_over_alone: Math.round((pct(loadedMs, 95) / pct(aloneMs, 95)) * 100) / 100,
        // Where a loaded paste's time went: its resolver steps (outside calls and documents) and the rest (queue, runtime).
        loaded_steps_p50_ms: pct(
          pastes.flatMap((p) => (p.stepsMs === undefined ? [] : [p.stepsMs])),
          50,
        ),
        loaded_outside_steps_p50_ms: pct(
          pastes.flatMap((p) => (p.stepsMs === undefined ? [] : [p.ms - p.stepsMs])),
          50,
        ),
        loaded_step_p95_ms: Object.fromEntries(
          ["crossref", "openalex", "unpaywall", "pmc"].map((st) => [
            st,
            pct(
              pastes.flatMap((p) => (p.waits?.[st] === undefined ? [] : [p.waits[st]!])),
              95,
            ),
          ]),
        ),
        alone_steps_p50_ms: pct(
          alone.flatMap((p) => (p.stepsMs === undefined ? [] : [p.stepsMs])),
          50,
        ),
        statuses: Object.fromEntries([...new Set(pastes.map((p) => p.status))].map((s) => [s, pastes.filter((p) => p.status === s).length])),
        // Pastes that got no result (refused by an allowance, failed): the run's figures hold only if this is 0.
        without_result: pastes.length - loadedMs.length + (alone.length - aloneMs.length),
        errors_seen: [...new Set([...alone, ...pastes].flatMap((p) => (p.error ? [p.error] : [])))].slice(0, 5),
      },
      lists: {
        entries,
        seconds: Math.round(listSeconds),
        entries_per_s: Math.round((entries / listSeconds) * 100) / 100,
        share_of_crossref_ceiling: Math.round((entries / listSeconds / CROSSREF_CEILING) * 100) / 100,
        crossref_single_calls_per_s_while_loaded: Math.round((crossrefSingle / elapsed) * 100) / 100,
        crossref_list_calls: (limits.served["crossref/list"] ?? 0) - (limitsBefore.served["crossref/list"] ?? 0),
        per_list_s: listResults.map((l) => Math.round(l.ms / 1000)),
        outcomes: listResults.reduce<Record<string, number>>((acc, l) => {
          for (const [k, v] of Object.entries(l.counts)) acc[k] = (acc[k] ?? 0) + v;
          return acc;
        }, {}),
      },
      watcher: { ...watched, library: library.rows, calls_per_day_share_of_library: Number(watched["calls"]) / library.rows },
      loaded_phase_s: Math.round(elapsed),
      machine: {
        ...machine(),
        loadAverageStart: loadStart.map((n) => Math.round(n * 100) / 100),
        loadAverageEnd: loadEnd.map((n) => Math.round(n * 100) / 100),
      },
      listsDone,
    };
    mkdirSync(path.join(root, "bench/out"), { recursive: true });
    writeFileSync(path.join(root, "bench/out/scale.json"), JSON.stringify(out, null, 2));
    console.log(JSON.stringify(out, null, 2));
  } finally {
    await mf.dispose().catch(() => undefined);
    stop(upstream.child);
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
