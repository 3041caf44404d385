/**
 * Book search at catalogue scale.
 *
 *   npm run bench:search                         # 1,000,000 records
 *   npm run bench:search -- --count 5700000 --like-queries 24
 *
 * 1. Generates N deterministic records (catalog:generate) into .tmp/bench-search/.
 * 2. Creates a fresh local D1 (wrangler migrations) and imports them with
 *    `catalog:import --direct` (read, parse, validate, upsert, FTS rebuild, optimise): import
 *    throughput is that whole step. The `wrangler d1 execute --file` path is measured too, on a
 *    sample (--file-sample, default 50,000 rows, into its own database).
 * 3. Starts `wrangler dev` on that state and sends a fixed mixed workload (rare and common single
 *    words, two words with all/any, exact phrases; with and without type and year filters; page
 *    sizes 10 and 30, some second pages) to POST /book_search, one request at a time.
 * 4. Runs the same workload straight on the SQLite file: the Worker's FTS statements, and a plain
 *    LIKE query (same filters, same capped count, first page by id) as the baseline.
 * Prints p50/p95/p99 for each and checks the targets: p95 <= 50 ms at 1M, >= 20x faster than LIKE
 * at p95, import >= 20,000 records/s. Results also go to .tmp/bench-search/result-<count>.json.
 *
 * Options: --count N, --seed S, --rounds R (HTTP rounds, default 3), --like-queries K (LIKE on the
 * first K queries only; default all), --file-sample N (0 to skip), --port P, --keep (keep state),
 * --shape imported|operator (default imported: the records catalog:import --format oapen|doab|
 * gutenberg|ntrs writes; operator: the operator's own priced catalogue, the earlier runs' shape).
 *
 * The Worker answers sources free, report and standard with the lawful collections' live results
 * after the catalogue's: the fake upstream stands in for them (UPSTREAM_BASE), each query's answer
 * cached an hour as in production, so the first round pays each collection's call once per query.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { generateCatalog } from "../scripts/catalog-generate";
import { startFakeUpstream } from "../tests/fakes/upstream-server";
import { localD1File, runImport, type ImportArgs } from "../scripts/catalog-import";
import { BENCH_VOCABULARY } from "../worker/features/search/catalog-generator";
import { splitMatch, tokenize } from "../worker/features/search/fts-query";
import { bookSearchMatch } from "../worker/features/search/matches";
import { CATALOG_COUNT_SQL, CATALOG_FILTERED_PAGE_SQL, CATALOG_PAGE_SQL, COUNT_CAP } from "../worker/features/search/search-sql";

const root = path.resolve(import.meta.dirname, "..");
const work = path.join(root, ".tmp/bench-search");

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  const n = Number((process.argv[i + 1] ?? "").replace(/_/g, ""));
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} needs a number`);
  return n;
}

const COUNT = arg("--count", 1_000_000);
const SEED = arg("--seed", 7);
const ROUNDS = Math.max(1, arg("--rounds", 3));
const LIKE_QUERIES = arg("--like-queries", Number.POSITIVE_INFINITY);
const FILE_SAMPLE = arg("--file-sample", 50_000);
const PORT = arg("--port", 18_877);
const KEEP = process.argv.includes("--keep");
const SHAPE: "imported" | "operator" =
  process.argv.includes("--shape") && process.argv[process.argv.indexOf("--shape") + 1] === "operator" ? "operator" : "imported";

const fmt = (n: number, digits = 1) => n.toLocaleString("en", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const int = (n: number) => Math.round(n).toLocaleString("en");
const log = (s: string) => console.log(s);

// ------------------------------------------------------------------------------------ workload

type Query = {
  label: string;
  keywords: string;
  type: "all" | "any" | "exact";
  search_from: "all" | "solutions" | "standard" | "report" | "free";
  year_from?: number;
  year_to?: number;
  count: number;
  page: number;
};

/** The fixed workload: 31 searches x 4 filter variants = 124 requests per round. */
export function workload(): Query[] {
  const base: { label: string; keywords: string; type: "all" | "any" | "exact" }[] = [
    ...BENCH_VOCABULARY.rare.map((w) => ({ label: "rare word", keywords: w, type: "all" as const })),
    ...BENCH_VOCABULARY.common.map((w) => ({ label: "common word", keywords: w, type: "all" as const })),
    ...BENCH_VOCABULARY.pairs.map(([a, b]) => ({ label: "two words, all", keywords: `${a} ${b}`, type: "all" as const })),
    ...BENCH_VOCABULARY.pairs.map(([a, b]) => ({ label: "two words, any", keywords: `${a} ${b}`, type: "any" as const })),
    ...BENCH_VOCABULARY.phrases.map((p) => ({ label: "exact phrase", keywords: p, type: "exact" as const })),
  ];
  const types = ["solutions", "standard", "report", "free"] as const;
  const years: [number, number][] = [
    [2010, 2020],
    [1990, 2005],
    [2015, 2015],
    [1960, 1999],
  ];
  const out: Query[] = [];
  base.forEach((q, i) => {
    const count = i % 2 === 0 ? 10 : 30;
    const page = i % 5 === 4 ? 2 : 1;
    const [yf, yt] = years[i % years.length]!;
    out.push({ ...q, search_from: "all", count, page });
    out.push({ ...q, label: `${q.label} + type`, search_from: types[i % types.length]!, count, page });
    out.push({ ...q, label: `${q.label} + years`, search_from: "all", year_from: yf, year_to: yt, count, page: 1 });
    out.push({ ...q, label: `${q.label} + type + years`, search_from: types[(i + 1) % types.length]!, year_from: yf, year_to: yt, count, page: 1 });
  });
  return out;
}

const normalised = (q: Query) => q;

/** The baseline: the same search as LIKE '%word%' over the same columns, no index help. */
function likeStatement(q: Query): { count: string; page: string; params: (string | number)[] } {
  const n = normalised(q);
  const cols = ["title", "authors", "publisher", "isbn", "standard_number", "keywords"];
  const words = n.type === "exact" ? [tokenize(n.keywords).join(" ")] : tokenize(n.keywords);
  const groups = words.map(() => `(${cols.map((c) => `${c} LIKE ?`).join(" OR ")})`);
  const params: (string | number)[] = words.flatMap((w) => cols.map(() => `%${w}%`));
  const where = [`(${groups.join(n.type === "any" ? " OR " : " AND ")})`];
  const typeOf = { solutions: 1, standard: 2, report: 3 } as const;
  if (n.search_from === "free") where.push("free = 1");
  else if (n.search_from !== "all") where.push(`type = ${typeOf[n.search_from]}`);
  if (n.year_from !== undefined) where.push(`year >= ${n.year_from}`);
  if (n.year_to !== undefined) where.push(`year <= ${n.year_to}`);
  const w = where.join(" AND ");
  return {
    count: `SELECT count(*) AS n FROM (SELECT 1 FROM catalog_items WHERE ${w} LIMIT ${COUNT_CAP + 1})`,
    page: `SELECT id, title, authors, year FROM catalog_items WHERE ${w} ORDER BY id LIMIT ${n.count} OFFSET ${(n.page - 1) * n.count}`,
    params,
  };
}

// ---------------------------------------------------------------------------------- statistics

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

type Stats = { n: number; p50: number; p95: number; p99: number; max: number; mean: number };
function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    p99: percentile(s, 99),
    max: s[s.length - 1] ?? NaN,
    mean: s.reduce((a, b) => a + b, 0) / (s.length || 1),
  };
}

const row = (name: string, s: Stats) =>
  `  ${name.padEnd(34)} ${String(s.n).padStart(5)}  ${fmt(s.p50).padStart(9)}  ${fmt(s.p95).padStart(9)}  ${fmt(s.p99).padStart(9)}  ${fmt(s.max).padStart(9)}`;

// ------------------------------------------------------------------------------------- helpers

async function waitFor(url: string, ms: number, child: ChildProcess, output: () => string) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}):\n${output().slice(-3000)}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`wrangler dev did not answer ${url} within ${ms} ms:\n${output().slice(-3000)}`);
}

function freshState(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  execFileSync(path.join(root, "node_modules/.bin/wrangler"), ["d1", "migrations", "apply", "DB", "--local", `--persist-to=${dir}`], {
    cwd: root,
    stdio: "ignore",
  });
}

function dirSize(dir: string): number {
  let total = 0;
  for (const f of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, f.name);
    total += f.isDirectory() ? dirSize(p) : statSync(p).size;
  }
  return total;
}

type Sqlite = {
  prepare(sql: string): { all(...p: (string | number)[]): unknown[]; get(...p: (string | number)[]): unknown };
  exec(sql: string): void;
  close(): void;
};

async function openSqlite(file: string): Promise<Sqlite> {
  process.removeAllListeners("warning");
  const { DatabaseSync } = (await import("node:sqlite")) as unknown as { DatabaseSync: new (f: string, o?: object) => Sqlite };
  return new DatabaseSync(file, { readOnly: true });
}

// ---------------------------------------------------------------------------------------- main

async function main() {
  mkdirSync(work, { recursive: true });
  const os = await import("node:os");
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
  log(
    `bench:search — ${int(COUNT)} records of the ${SHAPE} shape, seed ${SEED}, ${ROUNDS} HTTP round(s); ${os.cpus().length} cores, load average ${load()} (other work on the machine skews every figure)`,
  );

  // 1. records
  const data = path.join(work, `catalog-${SHAPE}-${COUNT}-${SEED}.jsonl`);
  let t = performance.now();
  await generateCatalog({ count: COUNT, seed: SEED, start: 0, theses: 0, out: data, format: "jsonl", shape: SHAPE });
  log(`generate:  ${int(COUNT)} records in ${fmt((performance.now() - t) / 1000)} s (${fmt(statSync(data).size / 1e6, 0)} MB JSONL)`);

  // 2a. import, direct (the path for bulk loads)
  const state = path.join(work, "state");
  freshState(state);
  const base: Omit<ImportArgs, "target" | "persistTo"> = {
    file: data,
    format: "jsonl",
    chunkRows: 100_000,
    rowsPerStatement: 100,
    keepSql: undefined,
    optimize: true,
    dryRun: false,
    quiet: true,
  };
  const direct = await runImport({ ...base, target: "direct", persistTo: state });
  const importRate = direct.recordsPerSecond;
  log(
    `import:    ${int(direct.catalogRows)} rows via catalog:import --direct in ${fmt(direct.ms / 1000)} s = ${int(importRate)} records/s (${direct.rejected.length} rejected; includes parse, validation, upsert, FTS rebuild ${fmt((direct.phases?.rebuildMs ?? 0) / 1000)} s and optimise ${fmt((direct.phases?.optimizeMs ?? 0) / 1000)} s)`,
  );
  const dbFile = localD1File(state);
  log(`database:  ${fmt(statSync(dbFile).size / 1e6, 0)} MB SQLite (${fmt(dirSize(state) / 1e6, 0)} MB state directory)`);

  // 2b. import through wrangler d1 execute --file, on a sample
  let fileRate: number | null = null;
  if (FILE_SAMPLE > 0) {
    const sampleFile = path.join(work, `sample-${FILE_SAMPLE}.jsonl`);
    await generateCatalog({ count: Math.min(FILE_SAMPLE, COUNT), seed: SEED, start: 0, theses: 0, out: sampleFile, format: "jsonl", shape: SHAPE });
    const sampleState = path.join(work, "state-file");
    freshState(sampleState);
    const viaFile = await runImport({ ...base, file: sampleFile, target: "local", persistTo: sampleState });
    fileRate = viaFile.recordsPerSecond;
    log(`import:    ${int(viaFile.catalogRows)} rows via catalog:import --local (wrangler d1 execute --file, triggers on) = ${int(fileRate)} records/s`);
    rmSync(sampleState, { recursive: true, force: true });
  }

  // 3. HTTP through the Worker
  const queries = workload();
  const out: string[] = [];
  const upstream = await startFakeUpstream({ port: 0 });
  const child = spawn(
    path.join(root, "node_modules/.bin/wrangler"),
    ["dev", "--persist-to", state, "--port", String(PORT), "--ip", "127.0.0.1", "--log-level", "warn", "--var", `UPSTREAM_BASE:${upstream.url}`],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, CI: "1" },
    },
  );
  child.stdout?.on("data", (d: Buffer) => out.length < 2000 && out.push(String(d)));
  child.stderr?.on("data", (d: Buffer) => out.length < 2000 && out.push(String(d)));
  const baseUrl = `http://127.0.0.1:${PORT}`;
  const http: number[] = [];
  const byLabel = new Map<string, number[]>();
  /** Sources with live collections (free, report, standard) apart from the catalogue's alone; the first round pays their calls. */
  const bySource = new Map<string, number[]>();
  let empty = 0;
  try {
    await waitFor(`${baseUrl}/health`, 120_000, child, () => out.join(""));
    const token = "b".repeat(43);
    const headers = { "content-type": "application/json", cookie: `daryaft_csrf=${token}`, "x-csrf-token": token };
    const send = async (q: Query) => {
      const { label: _label, ...body } = q;
      const started = performance.now();
      const res = await fetch(`${baseUrl}/book_search`, { method: "POST", headers, body: JSON.stringify(body) });
      const json = (await res.json()) as { results?: unknown[]; error?: string };
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`/book_search ${JSON.stringify(body)} -> ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
      return { ms, results: json.results?.length ?? 0 };
    };
    for (const q of queries.slice(0, 10)) await send(q); // warm-up: isolate, page cache
    for (let r = 0; r < ROUNDS; r++) {
      for (const q of queries) {
        const { ms, results } = await send(q);
        http.push(ms);
        if (r === 0 && results === 0) empty++;
        const key = q.label.replace(/ \+ .*/, "");
        (byLabel.get(key) ?? byLabel.set(key, []).get(key)!).push(ms);
        const live = q.search_from === "free" || q.search_from === "report" || q.search_from === "standard";
        const sourceKey = live ? `catalogue + live collections, round ${r === 0 ? "1 (their calls)" : "2+ (cached)"}` : "catalogue only (all, solutions)";
        (bySource.get(sourceKey) ?? bySource.set(sourceKey, []).get(sourceKey)!).push(ms);
      }
    }
  } finally {
    child.kill("SIGTERM");
    await upstream.close();
  }

  // 4. the same workload straight on SQLite: FTS statements and the LIKE baseline
  const db = await openSqlite(dbFile);
  const ftsCount = db.prepare(CATALOG_COUNT_SQL);
  const ftsPage = db.prepare(CATALOG_PAGE_SQL);
  const ftsFilteredPage = db.prepare(CATALOG_FILTERED_PAGE_SQL);
  const ftsDirect: number[] = [];
  const matches: Record<string, number> = {};
  for (const q of queries) {
    const n = normalised(q);
    const match = bookSearchMatch(n)!;
    const { words, tags } = splitMatch(match);
    const started = performance.now();
    const c = ftsCount.get(match) as { n: number };
    if (tags) ftsFilteredPage.all(match, n.count, (n.page - 1) * n.count, words, tags);
    else ftsPage.all(match, n.count, (n.page - 1) * n.count);
    ftsDirect.push(performance.now() - started);
    if (q.search_from === "all" && q.year_from === undefined) matches[`${q.type} "${q.keywords}"`] = c.n;
  }
  const like: number[] = [];
  const likeQueries = queries.slice(0, Math.min(queries.length, LIKE_QUERIES));
  const ftsSameSubset = ftsDirect.slice(0, likeQueries.length);
  t = performance.now();
  for (const q of likeQueries) {
    const s = likeStatement(q);
    const started = performance.now();
    db.prepare(s.count).get(...s.params);
    db.prepare(s.page).all(...s.params);
    like.push(performance.now() - started);
  }
  const likeWall = performance.now() - t;
  db.close();

  // 5. report
  log(`load average at the end: ${load()}`);
  const h = stats(http);
  const f = stats(ftsDirect);
  const fSub = stats(ftsSameSubset);
  const l = stats(like);
  log("");
  log(
    `matches (capped at ${int(COUNT_CAP + 1)}): ${Object.entries(matches)
      .map(([k, v]) => `${k} ${int(v)}`)
      .join(", ")}`,
  );
  log(`queries with no result: ${empty} of ${queries.length}`);
  log("");
  log(`  ${"latency, ms".padEnd(34)} ${"n".padStart(5)}  ${"p50".padStart(9)}  ${"p95".padStart(9)}  ${"p99".padStart(9)}  ${"max".padStart(9)}`);
  log(row("POST /book_search (wrangler dev)", h));
  for (const [label, samples] of byLabel) log(row(`  ${label}`, stats(samples)));
  for (const [label, samples] of [...bySource].sort()) log(row(`  ${label}`, stats(samples)));
  log(row("FTS statements on SQLite", f));
  log(row(`LIKE baseline on SQLite${like.length < queries.length ? ` (${like.length} q)` : ""}`, l));
  log("");
  const speedupHttp = l.p95 / h.p95;
  const speedupDirect = l.p95 / fSub.p95;
  log(`LIKE baseline: ${fmt(likeWall / 1000)} s for ${like.length} queries`);
  const check = (ok: boolean, text: string) => log(`${ok ? "PASS" : "FAIL"}  ${text}`);
  check(h.p95 <= 50, `p95 of /book_search ${fmt(h.p95)} ms (target <= 50 ms at 1M; this run: ${int(COUNT)} records)`);
  check(speedupHttp >= 20, `LIKE p95 / HTTP FTS p95 = ${fmt(speedupHttp)}x (target >= 20x; FTS on SQLite vs LIKE on SQLite: ${fmt(speedupDirect)}x)`);
  check(
    importRate >= 20_000,
    `import ${int(importRate)} records/s (target >= 20,000)${fileRate !== null ? `; wrangler --file path ${int(fileRate)} records/s` : ""}`,
  );

  const result = {
    count: COUNT,
    seed: SEED,
    rounds: ROUNDS,
    import: { recordsPerSecond: importRate, ms: direct.ms, rows: direct.catalogRows, fileSampleRecordsPerSecond: fileRate },
    http: h,
    shape: SHAPE,
    byLabel: Object.fromEntries([...byLabel].map(([k, v]) => [k, stats(v)])),
    bySource: Object.fromEntries([...bySource].map(([k, v]) => [k, stats(v)])),
    ftsDirect: f,
    like: l,
    speedupHttp,
    speedupDirect,
    matches,
  };
  writeFileSync(path.join(work, `result-${COUNT}.json`), JSON.stringify(result, null, 2));
  if (!KEEP) {
    rmSync(state, { recursive: true, force: true });
    rmSync(data, { force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((e: unknown) => {
    console.error(`bench:search: ${(e as Error).stack ?? String(e)}`);
    process.exit(1);
  });
}
