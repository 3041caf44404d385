/**
 * Writes deterministic, realistic catalogue records for tests and benchmarks.
 *
 *   npm run catalog:generate -- --count 1000000 --seed 1 --out .tmp/catalog.jsonl
 *   npm run catalog:generate -- --count 500 --format csv --theses 0.2 > sample.csv
 *
 * --count N     records to write (default 1000)
 * --seed S      the same seed always gives the same records (default 1)
 * --out FILE    output file (default: stdout); .csv selects CSV unless --format says otherwise
 * --format F    jsonl (default) or csv
 * --theses X    share of thesis records, 0..1 (default 0)
 * --start I     index of the first record (default 0), to extend an earlier run
 * --shape S     operator (default: the operator's own catalogue, priced and free) or imported (the
 *               records catalog:import --format oapen|doab|gutenberg|ntrs writes: free, sourced)
 */
import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { generateImportedRecord, generateRecord } from "../worker/features/search/catalog-generator";
import { CSV_COLUMNS, csvLine, formatOf } from "../worker/features/search/catalog-reader";

export interface GenerateArgs {
  count: number;
  seed: number;
  start: number;
  theses: number;
  out: string | null;
  format: "jsonl" | "csv";
  shape?: "operator" | "imported";
}

export function parseGenerateArgs(argv: string[]): GenerateArgs {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const num = (name: string, fallback: number) => {
    const v = value(name);
    if (v === undefined) return fallback;
    const n = Number(v.replace(/_/g, ""));
    if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${v}"`);
    return n;
  };
  const out = value("--out") ?? null;
  return {
    count: Math.floor(num("--count", 1000)),
    seed: Math.floor(num("--seed", 1)),
    start: Math.floor(num("--start", 0)),
    theses: Math.min(1, num("--theses", 0)),
    out,
    // The generator writes our own record format only (JSONL or CSV), never OpenAlex works.
    format: formatOf(out ?? "", value("--format")) === "csv" ? ("csv" as const) : ("jsonl" as const),
    shape: value("--shape") === "imported" ? ("imported" as const) : ("operator" as const),
  };
}

/** Streams the records to `out` (or stdout), respecting back-pressure. Resolves with the count. */
export async function generateCatalog(args: GenerateArgs): Promise<number> {
  if (args.out) mkdirSync(path.dirname(path.resolve(args.out)), { recursive: true });
  const stream = args.out ? createWriteStream(args.out) : process.stdout;
  const write = (s: string) => (stream.write(s) ? Promise.resolve() : new Promise<void>((r) => stream.once("drain", () => r())));
  if (args.format === "csv") await write(CSV_COLUMNS.join(",") + "\n");
  let buffer = "";
  for (let i = args.start; i < args.start + args.count; i++) {
    const record =
      args.shape === "imported" ? generateImportedRecord(i, { seed: args.seed }) : generateRecord(i, { seed: args.seed, thesisShare: args.theses });
    buffer += (args.format === "csv" ? csvLine(record as Record<string, unknown>) : JSON.stringify(record)) + "\n";
    if (buffer.length > 1 << 20) {
      await write(buffer);
      buffer = "";
    }
  }
  if (buffer) await write(buffer);
  if (args.out)
    await new Promise<void>((resolve, reject) => (stream as ReturnType<typeof createWriteStream>).end((err?: Error | null) => (err ? reject(err) : resolve())));
  return args.count;
}

async function main() {
  const args = parseGenerateArgs(process.argv.slice(2));
  const started = performance.now();
  await generateCatalog(args);
  if (args.out) {
    const s = (performance.now() - started) / 1000;
    console.error(`catalog:generate: ${args.count.toLocaleString("en")} records (seed ${args.seed}) -> ${args.out} in ${s.toFixed(1)} s`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((e: unknown) => {
    console.error(`catalog:generate: ${(e as Error).message}`);
    process.exit(1);
  });
}
