/**
 * The PDF verifier (queue-consumer/check-pdf.ts: pdf-text.ts + verify.ts) over real scholarly PDFs
 * whose true metadata is known: each file against its own metadata (should be accepted) and against
 * other works' metadata from the same field (should be refused), with the verifier's CPU time.
 *
 *   npx tsx scripts/verify-corpus.ts --dir /tmp/corpus/raw [--manifest tests/fixtures/verify-corpus/manifest.json]
 *                                    [--pairs 4] [--only id,id] [--lines id] [--mode full|title|ids]
 *                                    [--covers id,id]
 *
 * The PDFs are third-party files and are not committed: the manifest names each one's repository,
 * commit and path; fetch those snapshots and keep the files as <dir>/<owner>+<name>/<path>.
 * `--mode title` gives the verifier only each work's title (a copy whose identifier is not printed, or a
 * job that knows none; with its subtitle and, where the manifest names them, its authors), `--mode ids` only its
 * identifiers (DOI, arXiv id, PMCID, a book's ISBNs, a report's number); the default gives both. An item's `type`
 * (book, report, standard) is passed as the work's kind in every mode. The last line is a JSON summary.
 * `--lines id` prints what pdf.js reads from that file (lines with their font size), for diagnosis.
 * `--covers id,id` measures the repository mix-up: page 1 of each named file (a cover sheet) put
 * before the first pages of every other file, judged with the cover's own work's metadata (the
 * record names that work, the file behind it is another): every accept is a false accept.
 *
 * Two decisions are reported, as the consumer makes them (verify.ts `decide`): from any location
 * (only doi_on_page or title accepts) and from a source exact by construction (the publisher's own
 * DOI-keyed link, PMC, arXiv by id: weak or undecidable evidence accepts as trusted_source too).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { checkPdfText } from "../queue-consumer/check-pdf";
import { extractLeadingText } from "../queue-consumer/pdf-text";
import { useBudgetedPdfjs } from "./pdfjs-budget-plugin";
import { decide, verifyPages, type Expectation, type PageText } from "../queue-consumer/verify";
import type { WorkKind } from "../queue-consumer/verdict";

type Item = {
  id: string;
  repo: string;
  path: string;
  kind: string;
  /** book, report or standard; an article when absent. */
  type?: WorkKind;
  layout: string[];
  field: string;
  title: string;
  subtitle?: string;
  authors?: string[];
  doi?: string;
  arxiv?: string;
  pmcid?: string;
  isbn?: string[];
  reportNumber?: string;
  truth: string;
};
type Manifest = { commits: Record<string, string>; items: Item[] };

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const dir = arg("dir");
if (!dir) {
  console.error("usage: npx tsx scripts/verify-corpus.ts --dir <folder of <owner>+<name>/<path>> [--manifest file] [--pairs N] [--only ids] [--lines id]");
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(arg("manifest", "tests/fixtures/verify-corpus/manifest.json")!, "utf8")) as Manifest;
const pairsPer = Number(arg("pairs", "4"));
const only = arg("only")?.split(",");

const fileOf = (it: Item) => path.join(dir, it.repo.replace("/", "+"), it.path);
const mode = arg("mode", "full");
if (!["full", "title", "ids"].includes(mode!)) throw new Error(`--mode must be full, title or ids, not ${mode}`);
/** What a job would know of the work in each mode: its title (with subtitle and, for a book or report, authors), its identifiers, or both. */
const titleOf = (it: Item): Partial<Expectation> => ({ title: it.title, subtitle: it.subtitle ?? null, authors: it.authors ?? null });
const idsOf = (it: Item): Partial<Expectation> => ({
  doi: it.doi ?? null,
  arxiv: it.arxiv ?? null,
  pmcid: it.pmcid ?? null,
  isbn: it.isbn ?? null,
  reportNumber: it.reportNumber ?? null,
});
const expectOf = (it: Item): Expectation => ({
  doi: null,
  title: null,
  ...(mode === "ids" ? {} : titleOf(it)),
  ...(mode === "title" ? {} : idsOf(it)),
  ...(it.type ? { kind: it.type } : {}),
});
const hasIds = (x: Item) => !!(x.doi || x.arxiv || x.pmcid || x.isbn?.length || x.reportNumber);

/** Other works to compare a file with: the same field first, then the same area ("cs", "physics"), in manifest order. */
function othersFor(it: Item, all: Item[]): Item[] {
  const i = all.indexOf(it);
  const rotated = [...all.slice(i + 1), ...all.slice(0, i)];
  const area = (x: Item) => x.field.split("-")[0];
  const picked = [
    ...rotated.filter((x) => x.field === it.field),
    ...rotated.filter((x) => x.field !== it.field && area(x) === area(it)),
    ...rotated.filter((x) => area(x) !== area(it)),
  ];
  return picked.slice(0, pairsPer);
}

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]! : 0;
}

async function judge(bytes: Uint8Array, expect: Expectation) {
  const start = process.cpuUsage();
  const any = await checkPdfText(bytes, expect, false);
  const cpu = process.cpuUsage(start);
  const exact = await checkPdfText(bytes, expect, true);
  return { any, exact, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/**
 * The mix-up on real text: a cover sheet's page over another paper's first pages, as pdf.js reads
 * them (the lines joined page by page, which is what verify.ts judges; the file is not rewritten).
 */
async function coversOverOthers(coverIds: string[]): Promise<void> {
  const firstPages = new Map<string, PageText[]>();
  for (const it of manifest.items) firstPages.set(it.id, (await extractLeadingText(new Uint8Array(readFileSync(fileOf(it))))).pages);
  for (const id of coverIds) {
    const cover = manifest.items.find((x) => x.id === id);
    if (!cover) throw new Error(`no item ${id}`);
    // In ids mode only a work that has an identifier takes part.
    if (mode === "ids" && !hasIds(cover)) {
      console.log(`mode ${mode}; cover ${id}: the work has no identifier, skipped`);
      continue;
    }
    const coverPage = firstPages.get(id)![0]!;
    let pairs = 0;
    let any = 0;
    let exact = 0;
    for (const other of manifest.items) {
      if (other.id === id) continue;
      pairs++;
      const verdict = verifyPages([coverPage, ...firstPages.get(other.id)!], expectOf(cover));
      if (decide(verdict, false).accept) {
        any++;
        console.log(`  ${id} over ${other.id}: accepted from any location (${verdict.kind}: ${verdict.detail.slice(0, 140)})`);
      }
      if (decide(verdict, true).accept) exact++;
    }
    console.log(`mode ${mode}; cover ${id} over ${pairs} other papers: accepted from any location ${any}, from an exact source ${exact}`);
  }
}

async function main(): Promise<void> {
  // The pdf.js the Worker runs: patched with its read budget (no Vite here to patch it).
  await useBudgetedPdfjs();
  const covers = arg("covers");
  if (covers) return coversOverOthers(covers.split(","));
  const lines = arg("lines");
  if (lines) {
    const it = manifest.items.find((x) => x.id === lines);
    if (!it) throw new Error(`no item ${lines}`);
    const read = await extractLeadingText(new Uint8Array(readFileSync(fileOf(it))));
    read.pages.forEach((p, i) => {
      console.log(`-- page ${i + 1}`);
      for (const l of p) console.log(`[${l.size}] ${l.text}`);
    });
    return;
  }
  // In ids mode only the works that have an identifier take part.
  const items = manifest.items.filter((x) => (!only || only.includes(x.id)) && (mode !== "ids" || hasIds(x)));
  // pdf.js is loaded once per isolate: not part of any file's cost.
  await extractLeadingText(new Uint8Array(readFileSync(fileOf(items[0]!))), 1);

  const cpu: number[] = [];
  const rejectedAny: string[] = [];
  const rejectedExact: string[] = [];
  const falseAny: string[] = [];
  const falseExact: string[] = [];
  const evidence = new Map<string, number>();
  let pairs = 0;
  console.log(["id", "kind", "own: any location", "own: exact source", "cpu ms", "cross refused (any/exact)", "detail"].join("\t"));
  for (const it of items) {
    const bytes = new Uint8Array(readFileSync(fileOf(it)));
    const own = await judge(bytes, expectOf(it));
    cpu.push(own.cpuMs);
    const anyLabel = own.any.accept ? own.any.verification : `REFUSED ${own.any.reason}`;
    const exactLabel = own.exact.accept ? own.exact.verification : `REFUSED ${own.exact.reason}`;
    if (own.any.accept) evidence.set(own.any.verification, (evidence.get(own.any.verification) ?? 0) + 1);
    else rejectedAny.push(it.id);
    if (!own.exact.accept) rejectedExact.push(it.id);
    let refusedAny = 0;
    let refusedExact = 0;
    const others = othersFor(it, mode === "ids" ? items : manifest.items);
    for (const other of others) {
      const r = await judge(bytes, expectOf(other));
      cpu.push(r.cpuMs);
      pairs++;
      if (r.any.accept) falseAny.push(`${it.id} accepted as ${other.id} (${r.any.verification}: ${r.any.detail})`);
      else refusedAny++;
      if (r.exact.accept) falseExact.push(`${it.id} accepted as ${other.id} (${r.exact.verification}: ${r.exact.detail})`);
      else refusedExact++;
    }
    console.log(
      [
        it.id,
        it.kind,
        anyLabel,
        exactLabel,
        own.cpuMs.toFixed(1),
        `${refusedAny}/${others.length} ${refusedExact}/${others.length}`,
        own.any.detail.slice(0, 160),
      ].join("\t"),
    );
  }
  const n = items.length;
  const rate = (k: number, of: number) => `${k}/${of} (${((100 * k) / Math.max(1, of)).toFixed(1)}%)`;
  console.log("");
  console.log(`mode ${mode}; PDFs: ${n}; own-metadata evidence from any location: ${[...evidence].map(([k, v]) => `${k} ${v}`).join(", ")}`);
  console.log(`false rejects, any location: ${rate(rejectedAny.length, n)} ${rejectedAny.join(" ")}`);
  console.log(`false rejects, exact source: ${rate(rejectedExact.length, n)} ${rejectedExact.join(" ")}`);
  console.log(`false accepts, any location: ${rate(falseAny.length, pairs)}`);
  for (const f of falseAny) console.log(`  ${f}`);
  console.log(`false accepts, exact source (trusted_source on weak evidence counts): ${rate(falseExact.length, pairs)}`);
  for (const f of falseExact) console.log(`  ${f}`);
  console.log(
    `verifier CPU per check (extraction + decision, ${cpu.length} checks): p50 ${pct(cpu, 50).toFixed(1)} ms, p95 ${pct(cpu, 95).toFixed(1)} ms, max ${Math.max(...cpu).toFixed(1)} ms`,
  );
  const summary = {
    mode,
    pdfs: n,
    refusedAny: rejectedAny.length,
    refusedExact: rejectedExact.length,
    pairs,
    falseAny: falseAny.length,
    falseExact: falseExact.length,
    cpuP50: +pct(cpu, 50).toFixed(1),
    cpuP95: +pct(cpu, 95).toFixed(1),
  };
  console.log(`SUMMARY ${JSON.stringify(summary)}`);
}

await main();
