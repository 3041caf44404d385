/**
 * Bundle budget report: what the home page loads and what each lazy chunk costs, gzipped.
 *
 *   npm run bench:bundle              # vite build, then the report
 *   npm run bench:bundle -- --no-build
 *
 * The first route's files come from dist/client/index.html (entry script, modulepreload links,
 * stylesheets) plus the static imports of those scripts, followed transitively. Fonts are the
 * Vazirmatn woff2 files the first-route CSS references for the Arabic and Latin subsets in
 * regular (400) and bold (700). Budgets: first-route JS ≤ 150 KB gzipped; each lazy chunk,
 * with the static imports it adds beyond the first route, ≤ 50 KB. Always exits 0.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const client = path.join(root, "dist/client");
const FIRST_ROUTE_JS_BUDGET = 150 * 1024;
const LAZY_CHUNK_BUDGET = 50 * 1024;

if (!process.argv.includes("--no-build")) {
  execFileSync("vite", ["build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}
if (!existsSync(path.join(client, "index.html"))) {
  console.error("dist/client/index.html is missing: run `vite build` first.");
  process.exit(0);
}

const gzCache = new Map<string, { raw: number; gz: number }>();
function sizeOf(file: string) {
  let s = gzCache.get(file);
  if (!s) {
    const buf = readFileSync(path.join(client, file));
    s = { raw: buf.length, gz: gzipSync(buf).length };
    gzCache.set(file, s);
  }
  return s;
}

/** "/assets/x.js" or "./x.js" relative to `from` → "assets/x.js". */
function resolveAsset(spec: string, from = ""): string {
  if (spec.startsWith("/")) return spec.slice(1);
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
}

// Static `import ... from "x"`, `import "x"` and `export ... from "x"`; not `import("x")`.
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^'"();]*?\bfrom\s*)?["']([^"']+\.js)["']/g;

function staticImports(file: string): string[] {
  const code = readFileSync(path.join(client, file), "utf8");
  return [...code.matchAll(STATIC_IMPORT)].map((m) => resolveAsset(m[1]!, file));
}

function closure(starts: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f) || !existsSync(path.join(client, f))) continue;
    seen.add(f);
    stack.push(...staticImports(f));
  }
  return seen;
}

const html = readFileSync(path.join(client, "index.html"), "utf8");
const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const tags = [...html.matchAll(/<(script|link)\b[^>]*>/g)].map((m) => m[0]);
const entryScripts = tags.filter((t) => t.startsWith("<script") && /type="module"/.test(t)).map((t) => attr(t, "src")).filter(Boolean) as string[];
const preloads = tags.filter((t) => /rel="modulepreload"/.test(t)).map((t) => attr(t, "href")).filter(Boolean) as string[];
const stylesheets = tags.filter((t) => /rel="stylesheet"/.test(t)).map((t) => attr(t, "href")).filter(Boolean) as string[];

const firstJs = closure([...entryScripts, ...preloads].map((s) => resolveAsset(s)));
const firstCss = stylesheets.map((s) => resolveAsset(s));

// Fonts the first-route CSS references: Vazirmatn Arabic and Latin, 400 and 700, woff2.
const fontRefs = new Set<string>();
for (const css of firstCss) {
  const text = readFileSync(path.join(client, css), "utf8");
  for (const m of text.matchAll(/url\(([^)]+\.woff2)\)/g)) {
    const ref = m[1]!.replace(/["']/g, "");
    if (/vazirmatn-(arabic|latin)-(400|700)-normal/.test(ref)) fontRefs.add(resolveAsset(ref, css));
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sum = (files: Iterable<string>, k: "raw" | "gz") => [...files].reduce((t, f) => t + sizeOf(f)[k], 0);

function table(title: string, rows: string[][], header: string[]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}

const firstRows = [...firstJs].sort((a, b) => sizeOf(b).gz - sizeOf(a).gz).map((f) => [f, kb(sizeOf(f).raw), kb(sizeOf(f).gz)]);
const jsGz = sum(firstJs, "gz");
firstRows.push(["total JS", kb(sum(firstJs, "raw")), kb(jsGz)]);
table("First route (home): JavaScript", firstRows, ["file", "raw", "gzip"]);

const cssRows = firstCss.map((f) => [f, kb(sizeOf(f).raw), kb(sizeOf(f).gz)]);
cssRows.push(["total CSS", kb(sum(firstCss, "raw")), kb(sum(firstCss, "gz"))]);
table("First route (home): CSS", cssRows, ["file", "raw", "gzip"]);

const fontRows = [...fontRefs].sort().map((f) => [f, kb(sizeOf(f).raw), kb(sizeOf(f).gz)]);
fontRows.push(["total fonts", kb(sum(fontRefs, "raw")), kb(sum(fontRefs, "gz"))]);
table("First route (home): fonts (woff2, Arabic and Latin, 400 and 700)", fontRows, ["file", "raw", "gzip"]);

const assets = readdirSync(path.join(client, "assets")).filter((f) => f.endsWith(".js")).map((f) => `assets/${f}`);
const lazy = assets.filter((f) => !firstJs.has(f));
const lazyRows = lazy
  .map((f) => {
    const added = [...closure([f])].filter((d) => !firstJs.has(d));
    const withDeps = sum(added, "gz");
    return { f, own: sizeOf(f).gz, withDeps };
  })
  .sort((a, b) => b.withDeps - a.withDeps);
let lazyOver = 0;
table(
  `Lazy chunks (budget ${kb(LAZY_CHUNK_BUDGET)} gzipped, with the chunks they add beyond the first route)`,
  lazyRows.map((r) => {
    const ok = r.withDeps <= LAZY_CHUNK_BUDGET;
    if (!ok) lazyOver++;
    return [r.f, kb(r.own), kb(r.withDeps), ok ? "ok" : "OVER"];
  }),
  ["chunk", "own gzip", "with deps", "budget"],
);

const met = jsGz <= FIRST_ROUTE_JS_BUDGET;
console.log(`\nFirst-route JS: ${kb(jsGz)} gzipped of ${kb(FIRST_ROUTE_JS_BUDGET)}: budget ${met ? "MET" : "MISSED"}.`);
console.log(`Lazy chunks: ${lazyRows.length - lazyOver} of ${lazyRows.length} within ${kb(LAZY_CHUNK_BUDGET)}${lazyOver ? `; ${lazyOver} over` : ""}.`);
