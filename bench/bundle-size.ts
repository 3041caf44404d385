/**
 * Bundle budgets: what the home page loads, what each lazy route or dialog adds, and the Worker.
 *
 *   npm run bench:bundle                       # vite build, then the static report
 *   npm run bench:bundle -- --no-build         # report on the existing dist/
 *   npm run bench:bundle -- --loaded           # also load / in Chromium and count what it fetched
 *                                              (--port, --upstream-port for its server)
 *
 * Sizes are gzip (zlib level 9, what a CDN serves at best) of the built files in dist/client, read
 * through the chunk graph vite.config.ts writes (dist/client.chunks.json: each chunk's static
 * and dynamic imports and source modules).
 *
 * First route: index.html's script (web/boot.ts), the app it imports after the first paint
 * (web/main.tsx) and their static imports, and —
 * with --loaded or from the full `npm run bench` — every script Chromium actually fetched to show
 * / at 390×844 and 1440×900 before any interaction (the entry plus the lazy parts home renders at
 * once). Budgets (issue 20): the entry ≤ 110 KB, what is fetched ≤ 120 KB at each width.
 *
 * Lazy units: every chunk loaded by a dynamic import() — route pages (labelled with their paths
 * from web/routes/tree.tsx), home's panels, dialogs. A unit's first-visit cost is its chunk plus
 * its static imports not already loaded by the first route. Chunks in the first-visit set of two
 * or more units are "shared" and attributed once, in their own table; a unit's "own" bytes are
 * the rest. Budget ≤ 50 KB on each unit's own bytes and on each shared chunk. The first-visit
 * total is reported beside it.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ensureBuild, kb, outDir, root } from "./lib/stack";

/** Issue 20: the entry (what index.html loads) and everything fetched before any interaction. */
export const ENTRY_JS_BUDGET = 110 * 1024;
export const LOADED_JS_BUDGET = 120 * 1024;
export const LAZY_BUDGET = 50 * 1024;
const client = path.join(root, "dist/client");

type Chunk = {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  modules: Record<string, number>;
};

const sizes = new Map<string, { raw: number; gz: number }>();
export function sizeOf(file: string) {
  let s = sizes.get(file);
  if (!s) {
    const buf = readFileSync(path.join(client, file));
    s = { raw: buf.length, gz: gzipSync(buf, { level: 9 }).length };
    sizes.set(file, s);
  }
  return s;
}
const sumGz = (files: Iterable<string>) => [...files].reduce((t, f) => t + sizeOf(f).gz, 0);
const sumRaw = (files: Iterable<string>) => [...files].reduce((t, f) => t + sizeOf(f).raw, 0);

function loadGraph(): Map<string, Chunk> {
  const file = path.join(root, "dist/client.chunks.json");
  if (!existsSync(file)) throw new Error("dist/client.chunks.json is missing: run `vite build` (vite.config.ts writes it).");
  const { chunks } = JSON.parse(readFileSync(file, "utf8")) as { chunks: Chunk[] };
  return new Map(chunks.map((c) => [c.fileName, c]));
}

function closure(graph: Map<string, Chunk>, starts: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...(graph.get(f)?.imports ?? []));
  }
  return seen;
}

/** Route paths per page module, from web/routes/tree.tsx: `page("/x", "/web/features/a/pages/x.tsx")` (and `pageModule("…")` with its path). */
function routePaths(): Map<string, string[]> {
  const tree = readFileSync(path.join(root, "web/routes/tree.tsx"), "utf8");
  const out = new Map<string, string[]>();
  const add = (route: string, file: string) => {
    const mod = file.replace(/^\//, "");
    out.set(mod, [...(out.get(mod) ?? []), route]);
  };
  for (const m of tree.matchAll(/page\(\s*"([^"]+)"\s*,\s*"([^"]+)"\s*\)/g)) add(m[1]!, m[2]!);
  for (const m of tree.matchAll(/path:\s*"([^"]+)"[^\n]*pageModule\(\s*"([^"]+)"\s*\)/g)) add(m[1]!, m[2]!);
  return out;
}

/** The biggest source packages or folders in a set of chunks, by rendered (minified, unzipped) size. */
function composition(graph: Map<string, Chunk>, files: Iterable<string>, top = 4): string {
  const by = new Map<string, number>();
  for (const f of files) {
    for (const [id, n] of Object.entries(graph.get(f)?.modules ?? {})) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
      const key = m
        ? m[1]!
        : id
            .replace(/^\0/, "")
            .split("/")
            .slice(0, id.startsWith("web/features/") ? 3 : 2)
            .join("/");
      by.set(key, (by.get(key) ?? 0) + n);
    }
  }
  const total = [...by.values()].reduce((a, b) => a + b, 0) || 1;
  return [...by]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => `${k} ${Math.round((v / total) * 100)}%`)
    .join(", ");
}

const isVendor = (graph: Map<string, Chunk>, f: string) => {
  const mods = Object.entries(graph.get(f)?.modules ?? {});
  const total = mods.reduce((t, [, n]) => t + n, 0) || 1;
  return mods.filter(([id]) => id.includes("node_modules/")).reduce((t, [, n]) => t + n, 0) / total >= 0.8;
};

export type FileRow = { file: string; raw: number; gz: number; what: string };
export type LazyUnit = {
  label: string;
  module: string;
  chunk: string;
  ownGz: number;
  ownFiles: string[];
  sharedGz: number;
  sharedFiles: string[];
  firstVisitGz: number;
  met: boolean;
};
export type SharedChunk = { file: string; gz: number; vendor: boolean; usedBy: number; what: string; met: boolean };
export type StaticBundleReport = {
  firstRoute: { files: FileRow[]; jsGz: number; jsRaw: number; met: boolean; css: FileRow[]; fonts: FileRow[] };
  lazy: LazyUnit[];
  shared: SharedChunk[];
  totals: { jsFiles: number; jsGz: number };
};

/**
 * The first route's chunks: index.html's script (web/boot.ts) and the app it imports after the first
 * paint (web/main.tsx), each with their static imports: what every page needs before it answers.
 */
function firstRouteFiles(graph: Map<string, Chunk>): Set<string> {
  const starts = [...graph.values()].filter((c) => c.isEntry || c.facadeModuleId === "web/main.tsx").map((c) => c.fileName);
  return closure(graph, starts);
}

export function analyzeBundle(): StaticBundleReport {
  const graph = loadGraph();
  const first = firstRouteFiles(graph);
  const row = (f: string): FileRow => ({ file: f, ...sizeOf(f), what: composition(graph, [f], 3) });

  // Cross-check with index.html: what it preloads must be what the graph says.
  const html = readFileSync(path.join(client, "index.html"), "utf8");
  const preloaded = [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  for (const f of preloaded) if (!first.has(f)) throw new Error(`index.html loads ${f}, which the chunk graph does not put in the first route`);

  const css = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="\/?([^"]+)"/g)].map((m) => m[1]!);
  const fonts = new Set<string>();
  for (const c of css) {
    for (const m of readFileSync(path.join(client, c), "utf8").matchAll(/url\(([^)]+\.woff2)\)/g)) {
      const ref = m[1]!.replace(/["']/g, "");
      if (/vazirmatn-(arabic|latin)-(400|700)-normal/.test(ref))
        fonts.add(ref.startsWith("/") ? ref.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(c), ref)));
    }
  }

  const pages = routePaths();
  const units = [...graph.values()].filter((c) => c.isDynamicEntry && !first.has(c.fileName) && c.facadeModuleId);
  const need = new Map(units.map((u) => [u.fileName, [...closure(graph, [u.fileName])].filter((f) => !first.has(f))]));
  const users = new Map<string, number>();
  for (const files of need.values()) for (const f of files) users.set(f, (users.get(f) ?? 0) + 1);
  const isShared = (f: string) => (users.get(f) ?? 0) >= 2;

  const lazy: LazyUnit[] = units.map((u) => {
    const mod = u.facadeModuleId!.replace(/\.(tsx?|jsx?)$/, "");
    const files = need.get(u.fileName)!;
    const ownFiles = files.filter((f) => !isShared(f));
    const sharedFiles = files.filter(isShared);
    const ownGz = sumGz(ownFiles);
    const paths = pages.get(mod);
    return {
      label: paths ? paths.join(" ") : mod.replace(/^web\//, ""),
      module: u.facadeModuleId!,
      chunk: u.fileName,
      ownGz,
      ownFiles,
      sharedGz: sumGz(sharedFiles),
      sharedFiles,
      firstVisitGz: sumGz(files),
      met: ownGz <= LAZY_BUDGET,
    };
  });
  lazy.sort((a, b) => b.firstVisitGz - a.firstVisitGz);

  const shared: SharedChunk[] = [...users]
    .filter(([, n]) => n >= 2)
    .map(([f, n]) => ({ file: f, gz: sizeOf(f).gz, vendor: isVendor(graph, f), usedBy: n, what: composition(graph, [f]), met: sizeOf(f).gz <= LAZY_BUDGET }))
    .sort((a, b) => b.gz - a.gz);

  const firstFiles = [...first].map(row).sort((a, b) => b.gz - a.gz);
  const jsGz = sumGz(first);
  const allJs = readdirSync(path.join(client, "assets"))
    .filter((f) => f.endsWith(".js"))
    .map((f) => `assets/${f}`);
  return {
    firstRoute: { files: firstFiles, jsGz, jsRaw: sumRaw(first), met: jsGz <= ENTRY_JS_BUDGET, css: css.map(row), fonts: [...fonts].sort().map(row) },
    lazy,
    shared,
    totals: { jsFiles: allJs.length, jsGz: sumGz(allJs) },
  };
}

export type LoadedPage = { url: string; viewport: string; files: FileRow[]; jsGz: number; lazyAdded: string[]; met: boolean };

/** Every script Chromium fetches to show a page (load + network idle), before any interaction. */
export async function measureLoaded(base: string, urls: string[] = ["/"]): Promise<LoadedPage[]> {
  const { chromium } = await import("playwright-core");
  const graph = loadGraph();
  const first = firstRouteFiles(graph);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const out: LoadedPage[] = [];
  try {
    for (const url of urls) {
      for (const [viewport, size] of [
        ["390×844", { width: 390, height: 844 }],
        ["1440×900", { width: 1440, height: 900 }],
      ] as const) {
        const context = await browser.newContext({ viewport: size, locale: "fa-IR" });
        const page = await context.newPage();
        const files = new Set<string>();
        page.on("request", (r) => {
          const m = /\/(assets\/[^?#]+\.js)(?:[?#]|$)/.exec(r.url());
          if (m && existsSync(path.join(client, m[1]!))) files.add(m[1]!);
        });
        await page.goto(`${base}${url}`, { waitUntil: "networkidle", timeout: 60_000 });
        await page.waitForTimeout(500);
        await context.close();
        const rows = [...files].map((f) => ({ file: f, ...sizeOf(f), what: composition(graph, [f], 3) })).sort((a, b) => b.gz - a.gz);
        const jsGz = sumGz(files);
        out.push({ url, viewport, files: rows, jsGz, lazyAdded: [...files].filter((f) => !first.has(f)), met: jsGz <= LOADED_JS_BUDGET });
      }
    }
  } finally {
    await browser.close();
  }
  return out;
}

export type WorkerBundle = { files: { file: string; raw: number; gz: number }[]; raw: number; gz: number; freeLimitMet: boolean; paidLimitMet: boolean };

/** The Worker's deployable code (dist/daryaft/*.js and its assets chunk files), raw and gzip. */
export function workerSize(): WorkerBundle {
  const dir = path.join(root, "dist/daryaft");
  const files: { file: string; raw: number; gz: number }[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(m?js|wasm)$/.test(e.name)) {
        const buf = readFileSync(p);
        files.push({ file: path.relative(root, p), raw: buf.length, gz: gzipSync(buf, { level: 9 }).length });
      }
    }
  };
  walk(dir);
  files.sort((a, b) => b.gz - a.gz);
  const raw = files.reduce((t, f) => t + f.raw, 0);
  const gz = files.reduce((t, f) => t + f.gz, 0);
  return { files, raw, gz, freeLimitMet: gz <= 3 * 1024 * 1024, paidLimitMet: gz <= 10 * 1024 * 1024 };
}

// ---------------------------------------------------------------------------------------- CLI

function table(title: string, header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(`\n${title}\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const r of rows) console.log(line(r));
}

export function printBundle(r: StaticBundleReport, loaded: LoadedPage[], w: WorkerBundle) {
  table(
    "First route (entry + static imports): JavaScript",
    ["file", "raw", "gzip", "mostly"],
    [...r.firstRoute.files.map((f) => [f.file, kb(f.raw), kb(f.gz), f.what]), ["total", kb(r.firstRoute.jsRaw), kb(r.firstRoute.jsGz), ""]],
  );
  for (const l of loaded) {
    table(
      `Loaded by Chromium for ${l.url} at ${l.viewport} (before any interaction)`,
      ["file", "raw", "gzip", "mostly"],
      [...l.files.map((f) => [f.file, kb(f.raw), kb(f.gz), f.what]), ["total", "", kb(l.jsGz), l.met ? "budget met" : "budget MISSED"]],
    );
  }
  table(
    "First route CSS and fonts",
    ["file", "raw", "gzip", ""],
    [...r.firstRoute.css, ...r.firstRoute.fonts].map((f) => [f.file, kb(f.raw), kb(f.gz), ""]),
  );
  table(
    `Lazy routes and dialogs (budget ${kb(LAZY_BUDGET)} on own bytes)`,
    ["unit", "own", "shared", "first visit", "budget"],
    r.lazy.map((u) => [u.label, kb(u.ownGz), kb(u.sharedGz), kb(u.firstVisitGz), u.met ? "met" : "MISSED"]),
  );
  table(
    "Shared chunks (attributed once)",
    ["chunk", "gzip", "units", "vendor", "mostly"],
    r.shared.map((s) => [s.file, kb(s.gz), String(s.usedBy), s.vendor ? "yes" : "", s.what + (s.met ? "" : "  (OVER)")]),
  );
  table(
    "Worker bundle (dist/daryaft)",
    ["file", "raw", "gzip", ""],
    [...w.files.map((f) => [f.file, kb(f.raw), kb(f.gz), ""]), ["total", kb(w.raw), kb(w.gz), w.freeLimitMet ? "within 3 MB (free)" : "over 3 MB (free)"]],
  );
  console.log(`\nEntry JS: ${kb(r.firstRoute.jsGz)} gzipped of ${kb(ENTRY_JS_BUDGET)}: ${r.firstRoute.met ? "met" : "MISSED"}.`);
  if (loaded.length) {
    const worstLoaded = Math.max(...loaded.map((l) => l.jsGz));
    console.log(
      `JS fetched before any interaction: ${kb(worstLoaded)} gzipped at worst of ${kb(LOADED_JS_BUDGET)}: ${worstLoaded <= LOADED_JS_BUDGET ? "met" : "MISSED"}.`,
    );
  }
  const over = r.lazy.filter((u) => !u.met).length + r.shared.filter((s) => !s.met).length;
  console.log(
    `Lazy units: ${r.lazy.length - r.lazy.filter((u) => !u.met).length} of ${r.lazy.length} within ${kb(LAZY_BUDGET)} own; shared chunks over: ${r.shared.filter((s) => !s.met).length}; ${over ? "MISSED" : "met"}.`,
  );
}

async function main() {
  const args = process.argv.slice(2);
  ensureBuild(args.includes("--no-build"));
  const r = analyzeBundle();
  let loaded: LoadedPage[] = [];
  if (args.includes("--loaded")) {
    const { startStack } = await import("./lib/stack");
    const at = (name: string, fallback: number) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
    const stack = await startStack({ name: "bundle", port: at("port", 18_971), upstreamPort: at("upstream-port", 18_972) });
    try {
      loaded = await measureLoaded(stack.base);
    } finally {
      stack.close();
    }
  }
  const w = workerSize();
  printBundle(r, loaded, w);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, "bundle.json"), JSON.stringify({ static: r, loaded, worker: w }, null, 1));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
