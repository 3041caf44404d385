/**
 * Imports books, solution manuals, standards, reports and theses into D1 (format:
 * worker/features/search/catalog-record.ts; JSONL or CSV with a header row).
 *
 *   npm run catalog:import -- catalog.jsonl                 # local D1 (.wrangler/state)
 *   npm run catalog:import -- catalog.csv --remote          # the deployed D1
 *   npm run catalog:import -- catalog.jsonl --local --persist-to .tmp/state
 *   npm run catalog:import -- catalog.jsonl --direct --persist-to .tmp/state   # bulk, local only
 *
 * Rows are upserted by their `id` (external id), then by ISBN, so a re-run duplicates nothing.
 * Statements with bound parameters (--direct, or any D1 binding) carry at most 100 values, D1's
 * bound-parameter limit: 4 catalogue rows or 7 theses each. SQL files for `wrangler d1 execute
 * --file` (--local, --remote) carry literal values instead, not parameters, so there the limit is
 * D1's 100 KB statement length: up to --rows-per-statement rows (default 100) per INSERT. Files
 * hold --chunk-rows rows each and run one at a time while the next one is written.
 * --direct writes straight into the local D1 SQLite file (node:sqlite) in one transaction and
 * rebuilds the FTS indexes once at the end: the fastest way to load millions of rows, local only,
 * and not while `vite dev`/`wrangler dev` is writing to the same database.
 *
 *   npm run catalog:import -- works.jsonl --format openalex  # OpenAlex snapshot works: open dissertations become theses
 *
 * The lawful collections' own dumps (worker/features/search/collection-imports.ts), one command each:
 *   npm run catalog:import -- oapen-oai.xml --format oapen        # OAPEN OAI-PMH ListRecords (xoai), pages concatenated
 *   npm run catalog:import -- doab.csv --format doab              # DOAB's CSV export (or its OAI-PMH xoai, .xml)
 *   npm run catalog:import -- pg_catalog.csv --format gutenberg   # Project Gutenberg's catalogue CSV
 *   npm run catalog:import -- ntrs.jsonl --format ntrs            # NASA NTRS citations (or whole search answers) per line
 *   (harvesting them: scripts/collection-harvest.ts)
 *
 * Options: --local (default) | --remote | --direct, --persist-to DIR, --format jsonl|csv|openalex|oapen|doab|gutenberg|ntrs,
 * --chunk-rows N (default 100000), --rows-per-statement N (default 100), --keep-sql DIR (keep the generated SQL files),
 * --no-optimize (skip merging the FTS index segments at the end of a file import; --direct always
 * merges), --dry-run (validate only).
 * Rejected lines are listed with their line numbers and written to FILE.rejected.txt.
 */
import { execFile } from "node:child_process";
import { createReadStream, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync, createWriteStream, type WriteStream } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { importRecords, type ImportSink, type ImportSummary } from "../worker/features/search/catalog-import";
import { formatOf, readCsv, readJsonl, type DecodedLine, type ImportFormat } from "../worker/features/search/catalog-reader";
import { openAlexSnapshotTheses } from "../worker/features/search/openalex-snapshot";
import { doabRecords, gutenbergRecords, ntrsRecords, oaiXoaiRecords } from "../worker/features/search/collection-imports";
import { LiteralInsertBuffer, OPTIMIZE_STATEMENTS, splitStatement, tableOf, type Statement } from "../worker/features/search/catalog-sql";

const root = path.resolve(import.meta.dirname, "..");

export interface ImportArgs {
  file: string;
  target: "local" | "remote" | "direct";
  persistTo: string | undefined;
  format: ImportFormat;
  chunkRows: number;
  rowsPerStatement: number;
  keepSql: string | undefined;
  optimize: boolean;
  dryRun: boolean;
  quiet: boolean;
}

export function parseImportArgs(argv: string[]): ImportArgs {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const flagsWithValues = new Set(["--persist-to", "--format", "--chunk-rows", "--rows-per-statement", "--keep-sql"]);
  const file = argv.find((a, i) => !a.startsWith("--") && !flagsWithValues.has(argv[i - 1] ?? ""));
  if (!file)
    throw new Error("usage: catalog:import -- FILE [--local|--remote|--direct] [--persist-to DIR] [--format jsonl|csv|openalex|oapen|doab|gutenberg|ntrs]");
  const target = argv.includes("--remote") ? "remote" : argv.includes("--direct") ? "direct" : "local";
  if (target === "remote" && value("--persist-to")) throw new Error("--persist-to is for local databases only");
  return {
    file,
    target,
    persistTo: value("--persist-to"),
    format: formatOf(file, value("--format")),
    chunkRows: Math.max(1000, Number(value("--chunk-rows") ?? 100_000)),
    rowsPerStatement: Math.min(500, Math.max(1, Number(value("--rows-per-statement") ?? 100))),
    keepSql: value("--keep-sql"),
    optimize: !argv.includes("--no-optimize"),
    dryRun: argv.includes("--dry-run"),
    quiet: argv.includes("--quiet"),
  };
}

/** Lines of a file, counting bytes read for the progress bar. */
function fileLines(file: string, progress: { bytes: number }): AsyncIterable<string> {
  const stream = createReadStream(file);
  stream.on("data", (chunk) => (progress.bytes += chunk.length));
  return createInterface({ input: stream, crlfDelay: Infinity });
}

export function decodeFile(file: string, format: ImportFormat, progress = { bytes: 0 }): AsyncIterable<DecodedLine> {
  const lines = fileLines(file, progress);
  switch (format) {
    case "openalex":
      return openAlexSnapshotTheses(readJsonl(lines));
    case "oapen":
      return oaiXoaiRecords(lines, "oapen");
    case "doab":
      // DOAB publishes a CSV export and an OAI-PMH feed (xoai, as OAPEN's).
      return /\.xml$/i.test(file) ? oaiXoaiRecords(lines, "doab") : doabRecords(readCsv(lines));
    case "gutenberg":
      return gutenbergRecords(readCsv(lines));
    case "ntrs":
      return ntrsRecords(readJsonl(lines));
    case "csv":
      return readCsv(lines);
    case "jsonl":
      return readJsonl(lines);
  }
}

// ---------------------------------------------------------------------------------------- sinks

/** The D1 SQLite file of a local state directory (as `wrangler --persist-to` and vite's persistState lay it out). */
export function localD1File(persistTo: string | undefined): string {
  const dir = path.join(persistTo ?? path.join(root, ".wrangler/state"), "v3/d1/miniflare-D1DatabaseObject");
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite") : [];
  if (files.length !== 1) {
    throw new Error(`expected one local D1 database in ${dir}, found ${files.length}; run \`npm run db:migrate\` (with --persist-to) first`);
  }
  return path.join(dir, files[0]!);
}

type Sqlite = {
  exec(sql: string): void;
  prepare(sql: string): { run(...params: (string | number | null)[]): unknown };
  close(): void;
};

/**
 * Straight into the SQLite file, as one transaction: the FTS triggers are suspended, the rows
 * upserted with the same bound-parameter statements, then each FTS index is rebuilt in one pass
 * and the triggers restored before COMMIT (a crash rolls all of it back, triggers included).
 * Rebuilding once is several times faster than updating the index row by row. A failing
 * statement is retried row by row so the bad line is named.
 */
export async function directSink(
  dbFile: string,
  opts: { onRejected(line: number, error: string): void; onPhases?(p: { rebuildMs: number; optimizeMs: number }): void },
): Promise<ImportSink> {
  // node:sqlite is flagged experimental in Node 22; the notice says nothing an operator can act on.
  process.removeAllListeners("warning");
  process.on("warning", (w) => {
    if (w.name !== "ExperimentalWarning") console.warn(w);
  });
  const { DatabaseSync } = (await import("node:sqlite")) as unknown as { DatabaseSync: new (file: string) => Sqlite };
  const db = new DatabaseSync(dbFile);
  db.exec("PRAGMA busy_timeout = 10000");
  // The unique indexes (external_id, isbn_key) take keys in random order: a 256 MB page cache
  // keeps their b-trees in memory for the whole load instead of re-reading pages from disk.
  db.exec("PRAGMA cache_size = -262144");
  db.exec("PRAGMA temp_store = MEMORY");
  const prepared = new Map<string, ReturnType<Sqlite["prepare"]>>();
  const run = (s: Statement) => {
    let st = prepared.get(s.sql);
    if (!st) prepared.set(s.sql, (st = db.prepare(s.sql)));
    st.run(...s.params);
  };
  db.exec("BEGIN IMMEDIATE");
  const triggers = (db.prepare(FTS_TRIGGERS_SQL) as unknown as { all(): { name: string; sql: string }[] }).all();
  for (const t of triggers) db.exec(`DROP TRIGGER "${t.name}"`);
  return {
    write(s) {
      try {
        run(s);
      } catch {
        for (const one of splitStatement(s, tableOf(s))) {
          try {
            run(one);
          } catch (e) {
            opts.onRejected(one.lines[0]!, `database: ${(e as Error).message}`);
          }
        }
      }
    },
    finish() {
      const t0 = performance.now();
      try {
        for (const fts of ["catalog_fts", "theses_fts"]) {
          // Rebuild with a 64 MB in-memory term buffer and no incremental merging (twice as
          // fast at a million rows), then back to FTS5's defaults and one full merge below.
          db.exec(`INSERT INTO ${fts}(${fts}, rank) VALUES('hashsize', ${64 << 20})`);
          db.exec(`INSERT INTO ${fts}(${fts}, rank) VALUES('automerge', 0)`);
          db.exec(`INSERT INTO ${fts}(${fts}) VALUES('rebuild')`);
          db.exec(`INSERT INTO ${fts}(${fts}, rank) VALUES('hashsize', ${1 << 20})`);
          db.exec(`INSERT INTO ${fts}(${fts}, rank) VALUES('automerge', 4)`);
        }
        for (const t of triggers) db.exec(t.sql);
        db.exec("COMMIT");
      } catch (e) {
        db.exec("ROLLBACK");
        throw e;
      }
      const t1 = performance.now();
      // Always merge here: the rebuild above left the segments unmerged.
      for (const sql of OPTIMIZE_STATEMENTS) db.exec(sql);
      opts.onPhases?.({ rebuildMs: t1 - t0, optimizeMs: performance.now() - t1 });
      db.close();
    },
  };
}

const FTS_TRIGGERS_SQL = "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND (name LIKE 'catalog_items_fts_%' OR name LIKE 'theses_fts_%')";

function wranglerBin(): string {
  const local = path.join(root, "node_modules/.bin/wrangler");
  return existsSync(local) ? local : "wrangler";
}

function runWrangler(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(wranglerBin(), args, { cwd: root, maxBuffer: 64 * 1024 * 1024 }, (err, _stdout, stderr) => {
      if (err) reject(new Error(`wrangler ${args.join(" ")} failed:\n${String(stderr).slice(-2000)}`));
      else resolve();
    });
  });
}

/**
 * SQL files of `chunkRows` rows, each run with `wrangler d1 execute --file` while the next one
 * is written. A failing file stops the import with the line range it held (re-running is safe).
 */
export function wranglerSink(opts: {
  target: "local" | "remote";
  persistTo: string | undefined;
  chunkRows: number;
  rowsPerStatement: number;
  keepSql: string | undefined;
  optimize: boolean;
  onChunk(rows: number): void;
  onStatement?(): void;
}): ImportSink {
  const dir = opts.keepSql ?? path.join(root, ".tmp/catalog-import");
  mkdirSync(dir, { recursive: true });
  let chunkNo = 0;
  let out: WriteStream | null = null;
  let file = "";
  let rows = 0;
  let firstLine = 0;
  let lastLine = 0;
  let running: Promise<void> = Promise.resolve();
  const literal = new LiteralInsertBuffer(opts.rowsPerStatement);

  const execute = (sqlFile: string, chunkRows: number, lines: string) => {
    const args = ["d1", "execute", "DB", opts.target === "remote" ? "--remote" : "--local", `--file=${sqlFile}`, "--yes"];
    if (opts.persistTo) args.push(`--persist-to=${opts.persistTo}`);
    const previous = running;
    running = previous.then(async () => {
      try {
        await runWrangler(args);
      } catch (e) {
        throw new Error(`lines ${lines}: ${(e as Error).message}`);
      }
      if (!opts.keepSql) rmSync(sqlFile, { force: true });
      opts.onChunk(chunkRows);
    });
    // Awaited later (next chunk or finish); this only keeps Node from calling it unhandled meanwhile.
    running.catch(() => undefined);
  };

  const close = async (extra: string[] = []) => {
    if (!out) return;
    for (const sql of literal.flush()) {
      out.write(sql + "\n");
      opts.onStatement?.();
    }
    for (const sql of extra) out.write(`${sql};\n`);
    const stream = out;
    await new Promise<void>((r) => stream.end(() => r()));
    // At most one wrangler at a time: wait for the previous file before queuing this one.
    await running;
    execute(file, rows, `${firstLine}-${lastLine}`);
    out = null;
    rows = 0;
  };

  return {
    async write(s) {
      if (!out) {
        chunkNo++;
        file = path.join(dir, `chunk-${String(chunkNo).padStart(4, "0")}.sql`);
        out = createWriteStream(file);
        firstLine = s.lines[0] ?? 0;
      }
      let ok = true;
      for (const sql of literal.add(s)) {
        ok = out.write(sql + "\n");
        opts.onStatement?.();
      }
      rows += s.rows;
      lastLine = s.lines[s.lines.length - 1] ?? lastLine;
      if (!ok) await new Promise<void>((r) => out!.once("drain", () => r()));
      if (rows >= opts.chunkRows) await close();
    },
    async finish() {
      if (!out && opts.optimize) {
        // Nothing pending: run the optimisation on its own.
        file = path.join(dir, `chunk-optimize.sql`);
        writeFileSync(file, OPTIMIZE_STATEMENTS.map((s) => `${s};`).join("\n") + "\n");
        await running;
        execute(file, 0, "-");
      } else {
        await close(opts.optimize ? OPTIMIZE_STATEMENTS : []);
      }
      await running;
    },
  };
}

const nullSink: ImportSink = { write() {}, finish() {} };

// ------------------------------------------------------------------------------------- progress

function bar(fraction: number, width = 28): string {
  const done = Math.round(Math.min(1, Math.max(0, fraction)) * width);
  return `[${"#".repeat(done)}${"-".repeat(width - done)}]`;
}

export type ImportReport = ImportSummary & { ms: number; recordsPerSecond: number; written: number; phases?: { rebuildMs: number; optimizeMs: number } };

export async function runImport(args: ImportArgs, now = Date.now()): Promise<ImportReport> {
  const total = statSync(args.file).size;
  const progress = { bytes: 0 };
  const started = performance.now();
  let written = 0;
  let fileStatements = 0;
  let phases: ImportReport["phases"];
  const extraRejected: { line: number; error: string }[] = [];
  const tty = process.stderr.isTTY && !args.quiet;
  let lastPrint = 0;
  const show = (s: ImportSummary, final = false) => {
    if (args.quiet) return;
    const t = performance.now();
    if (!final && !tty && t - lastPrint < 5000) return;
    lastPrint = t;
    const secs = (t - started) / 1000;
    const rate = Math.round((s.catalogRows + s.thesisRows) / Math.max(secs, 0.001));
    const line = `${bar(total ? progress.bytes / total : 1)} ${Math.round((progress.bytes / Math.max(total, 1)) * 100)}%  ${s.lines.toLocaleString("en")} lines, ${written.toLocaleString("en")} rows in D1, ${s.rejected.length} rejected, ${rate.toLocaleString("en")} records/s`;
    process.stderr.write(tty ? `\r${line}` : `${line}\n`);
  };

  let sink: ImportSink;
  if (args.dryRun) sink = nullSink;
  else if (args.target === "direct") {
    const inner = await directSink(localD1File(args.persistTo), {
      onRejected: (line, error) => extraRejected.push({ line, error }),
      onPhases: (p) => (phases = p),
    });
    sink = {
      write: (s) => {
        inner.write(s);
        written += s.rows;
      },
      finish: () => inner.finish(),
    };
  } else {
    sink = wranglerSink({
      target: args.target,
      persistTo: args.persistTo,
      chunkRows: args.chunkRows,
      rowsPerStatement: args.rowsPerStatement,
      keepSql: args.keepSql,
      optimize: args.optimize,
      onChunk: (n) => (written += n),
      onStatement: () => fileStatements++,
    });
  }

  const summary = await importRecords(decodeFile(args.file, args.format, progress), sink, { now, onProgress: (s) => show(s), progressEvery: 5000 });
  summary.rejected.push(...extraRejected);
  summary.rejected.sort((a, b) => a.line - b.line);
  if (args.dryRun) written = 0;
  show(summary, true);
  if (tty) process.stderr.write("\n");
  const ms = performance.now() - started;
  if (fileStatements) summary.statements = fileStatements;
  return { ...summary, ms, written, phases, recordsPerSecond: Math.round((summary.catalogRows + summary.thesisRows) / (ms / 1000)) };
}

async function main() {
  const args = parseImportArgs(process.argv.slice(2));
  const report = await runImport(args);
  const where = args.dryRun
    ? "nothing written (dry run)"
    : args.target === "remote"
      ? "remote D1"
      : `local D1${args.persistTo ? ` in ${args.persistTo}` : ""}${args.target === "direct" ? " (direct)" : ""}`;
  console.log(
    [
      `catalog:import ${args.file} -> ${where}`,
      `  lines read:        ${report.lines.toLocaleString("en")}`,
      `  catalogue rows:    ${report.catalogRows.toLocaleString("en")} upserted`,
      `  thesis rows:       ${report.thesisRows.toLocaleString("en")} upserted`,
      args.target === "direct" || args.dryRun
        ? `  statements:        ${report.statements.toLocaleString("en")} (at most 100 bound values each)`
        : `  SQL statements:    ${report.statements.toLocaleString("en")} (literal values, at most ${args.rowsPerStatement} rows and 100 KB each)`,
      `  rejected lines:    ${report.rejected.length.toLocaleString("en")}`,
      `  time:              ${(report.ms / 1000).toFixed(1)} s (${report.recordsPerSecond.toLocaleString("en")} records/s)`,
    ].join("\n"),
  );
  if (report.rejected.length) {
    // By reason (a collection's dump leaves out what may not be served: say how many and why).
    const reasons = new Map<string, number>();
    for (const r of report.rejected) {
      const reason = r.error.replace(/\d+/g, "#").slice(0, 120);
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${n.toLocaleString("en").padStart(9)} × ${reason}`);
    for (const r of report.rejected.slice(0, 20)) console.log(`  line ${r.line}: ${r.error}`);
    if (report.rejected.length > 20) console.log(`  ... ${report.rejected.length - 20} more`);
    const out = `${args.file}.rejected.txt`;
    writeFileSync(out, report.rejected.map((r) => `line ${r.line}: ${r.error}`).join("\n") + "\n");
    console.log(`  all rejected lines: ${out}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((e: unknown) => {
    console.error(`\ncatalog:import: ${(e as Error).message}`);
    process.exit(1);
  });
}
