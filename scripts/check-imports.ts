/**
 * The import-graph check (`npm run check:imports`, part of `npm run lint`): every import between our own
 * folders must follow the layers of docs/decisions/0009-layers-and-wiring.md. It reads every .ts/.tsx file
 * of the product folders with the TypeScript parser (static imports, `export … from`, `import type`,
 * dynamic `import()`, `import("…")` types, `require`) and prints each arrow that points the wrong way.
 *
 *   npx tsx scripts/check-imports.ts            exit 1 when an arrow breaks a layer
 *   npx tsx scripts/check-imports.ts --report   print them, exit 0 (while a refactor is under way)
 *
 * Test files (`*.test.ts[x]`) and tests/, scripts/, bench/ may import anything: they are not shipped.
 * Inside worker/ and web/: no feature imports another feature's `routes.ts` (its HTTP surface); only
 * the composition roots import a composition root; worker/lib and the money kernel (worker/money)
 * import no feature. And no feature cycle: two features (or a feature and the kernel or the request's
 * services) that import each other, directly or around a longer loop, are listed with the arrows
 * that close the loop.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

/** Top-level product folders and the folders each may import (itself included). */
export const LAYERS: Record<string, readonly string[]> = {
  lib: ["lib"],
  contract: ["contract", "lib"],
  db: ["db", "lib", "contract"],
  clients: ["clients", "lib", "contract"],
  worker: ["worker", "lib", "contract", "db", "clients"],
  "queue-consumer": ["queue-consumer", "lib", "contract", "db", "clients"],
  web: ["web", "lib", "contract"],
  extension: ["extension", "lib", "contract"],
};

/** Inner layers: files under `from` may not import files under any of `not` (save those under `except`). */
export const INNER_RULES: readonly { from: string; not: readonly string[]; except?: readonly string[] }[] = [
  { from: "web/lib", not: ["web/components", "web/features"] },
  { from: "web/components", not: ["web/features"] },
  { from: "worker/lib", not: ["worker/features"] },
  { from: "worker/lib", not: ["worker/money", "worker/services.ts"] },
  // The money kernel is below every feature: features bring it their products (worker/products.ts,
  // through the composition root), it reaches for none. Save the notifier, the platform's messenger
  // (built by worker/services.ts, importing no feature), whose type a fulfiller's receipt is sent with.
  { from: "worker/money", not: ["worker/features", "worker/services.ts"], except: ["worker/features/notify"] },
];

/**
 * The composition roots inside worker/ and web/: they wire the features together (the Worker's
 * handlers, the app and its middleware, the product registry, the Cron Triggers; the SPA's entries,
 * router and route tree), so only they import one another. A feature importing one would import
 * every feature through it.
 */
export const COMPOSITION_ROOTS: readonly string[] = [
  "worker/index.ts",
  "worker/app.ts",
  "worker/dev.ts",
  "worker/products.ts",
  "worker/scheduled",
  "worker/middleware",
  "web/main.tsx",
  "web/app-root.tsx",
  "web/entry-server.tsx",
  "web/router.tsx",
  "web/boot.ts",
  "web/routes",
];

/**
 * Feature cycles under these folders are printed but do not fail the check, each with its reason.
 * None now: web/'s getpdf ↔ batch loop was taken apart (citation export in components/citations,
 * the library notices in getpdf), so a loop anywhere fails.
 */
export const CYCLES_REPORTED_ONLY: readonly string[] = [];

/** Single file pairs allowed across a layer, each with its reason. */
export const ALLOWED_PAIRS: readonly { from: string; to: string }[] = [
  // The Worker's entry is the composition root of the one Worker (decision 0001): it hands the runtime's
  // `queue` event to the consumer, so it alone may import it.
  { from: "worker/index.ts", to: "queue-consumer/index.ts" },
  // The bookmarklet is the extension's page reader itself, inlined into a javascript: link by the site's
  // build; a copy in web/ would drift from the extension's. Sibling leaves, so no cycle.
  { from: "web/routes/pages/bookmarklet.tsx", to: "extension/src/bookmarklet.ts" },
  // The Worker's entry is also where the SPA's server entry is handed to the page route (as a RenderPage,
  // contract/page-render.ts), so pages arrive drawn (decision 0010). Through the "#web/entry-server"
  // import of package.json, which the Worker's type check maps to the contract type alone.
  { from: "worker/index.ts", to: "web/entry-server.tsx" },
];

/** package.json "imports": `#name` specifiers and the repository file each stands for. */
export const IMPORT_ALIASES: Readonly<Record<string, string>> = (() => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { imports?: Record<string, string> };
  return Object.fromEntries(Object.entries(pkg.imports ?? {}).map(([name, file]) => [name, path.posix.normalize(file)]));
})();

/** Folders whose files may import anything. */
const FREE_FOLDERS = ["tests", "scripts", "bench"];

export type Violation = { from: string; to: string; specifier: string; rule: string };

const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);
const under = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);
const topFolder = (file: string) => (file.includes("/") ? file.slice(0, file.indexOf("/")) : "");
/** A folder as the rules print it ("worker/lib/"); a file as itself. */
const shown = (p: string) => (/\.tsx?$/.test(p) ? p : `${p}/`);

/** Every module specifier a source file names, type-only and dynamic ones included. */
export function importSpecifiers(fileName: string, text: string): string[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expr = node.moduleReference.expression;
      if (ts.isStringLiteral(expr)) found.push(expr.text);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === "require";
      const [first] = node.arguments;
      if ((isImport || isRequire) && first && ts.isStringLiteralLike(first)) found.push(first.text);
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal)) found.push(arg.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Where a relative specifier lands, as a repo-relative path: the file itself when it is one of `files`
 * (trying .ts, .tsx and index files), otherwise the bare path; a `#` import, the file package.json names
 * for it. Packages and `node:`/`cloudflare:` modules give null: they are not ours.
 */
export function resolveSpecifier(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  if (specifier.startsWith("#")) return IMPORT_ALIASES[specifier] ?? specifier;
  if (!specifier.startsWith(".")) return null;
  const bare = specifier.replace(/[?#].*$/, "");
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), bare));
  const candidates = [joined, `${joined}.ts`, `${joined}.tsx`, `${joined}/index.ts`, `${joined}/index.tsx`];
  return candidates.find((c) => files.has(c)) ?? joined;
}

/** The rule an arrow breaks, or null. `from` and `to` are repo-relative paths. */
export function brokenRule(from: string, to: string): string | null {
  if (isTestFile(from) || FREE_FOLDERS.some((f) => under(from, f))) return null;
  const fromTop = topFolder(from);
  const allowed = LAYERS[fromTop];
  if (!allowed) return null;
  if (ALLOWED_PAIRS.some((p) => p.from === from && p.to === to)) return null;
  const toTop = topFolder(to);
  if (!allowed.includes(toTop)) {
    const others = allowed.filter((l) => l !== fromTop).map((l) => `${l}/`);
    return others.length ? `${fromTop}/ may import only ${others.join(", ")}` : `${fromTop}/ may import nothing of ours`;
  }
  for (const rule of INNER_RULES) {
    if (under(from, rule.from) && rule.not.some((n) => under(to, n)) && !rule.except?.some((e) => under(to, e))) {
      return `${rule.from}/ may not import ${rule.not.map(shown).join(" or ")}`;
    }
  }
  const isRoot = (file: string) => COMPOSITION_ROOTS.some((r) => under(file, r));
  if (isRoot(to) && !isRoot(from))
    return `only a composition root may import one (${COMPOSITION_ROOTS.filter((r) => r.startsWith(`${fromTop}/`))
      .map(shown)
      .join(", ")})`;
  // A feature's routes are its HTTP surface, mounted by the composition root: another feature takes
  // what it needs from the modules the routes themselves use (its context, deps, services).
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (fromFeature && toFeature && fromFeature !== toFeature && /\/routes(\.tsx?)?$/.test(to)) return "a feature may not import another feature's routes";
  return null;
}

/** "worker/features/batch" for any file under it (web's features too), else null. */
function featureOf(file: string): string | null {
  const m = /^(worker|web)\/features\/([^/]+)\//.exec(file);
  return m ? `${m[1]}/features/${m[2]}` : null;
}

/** Every broken arrow in a map of repo-relative file paths to their source text. */
export function findViolations(sources: ReadonlyMap<string, string>): Violation[] {
  const files = new Set(sources.keys());
  const violations: Violation[] = [];
  for (const [from, text] of sources) {
    for (const specifier of importSpecifiers(from, text)) {
      const to = resolveSpecifier(from, specifier, files);
      if (to === null) continue;
      const rule = brokenRule(from, to);
      if (rule) violations.push({ from, to, specifier, rule });
    }
  }
  return violations.sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/**
 * The unit an import belongs to in the feature graph: a feature folder of the Worker or the SPA, the
 * money kernel, or the request's services (every feature uses them, so they may lean on none that
 * leans on them). Other files (libs, roots) are kept in order by the layer rules instead.
 */
export function unitOf(file: string): string | null {
  if (under(file, "worker/money")) return "worker/money";
  if (file === "worker/services.ts") return file;
  return featureOf(file);
}

export type Cycle = { units: string[]; arrows: { from: string; to: string }[] };

/**
 * Every feature cycle: the strongly connected groups (Tarjan) of the graph whose nodes are units and
 * whose edges are the imports of shipped files between two units. Each group lists its units and
 * the file arrows between them (every one of them lies on a loop).
 */
export function findCycles(sources: ReadonlyMap<string, string>): Cycle[] {
  const files = new Set(sources.keys());
  const edges = new Map<string, Map<string, { from: string; to: string }[]>>();
  for (const [from, text] of sources) {
    if (isTestFile(from) || FREE_FOLDERS.some((f) => under(from, f))) continue;
    const a = unitOf(from);
    if (!a) continue;
    for (const specifier of importSpecifiers(from, text)) {
      const to = resolveSpecifier(from, specifier, files);
      const b = to === null ? null : unitOf(to);
      if (!b || b === a) continue;
      const out = edges.get(a) ?? new Map<string, { from: string; to: string }[]>();
      edges.set(a, out);
      out.set(b, [...(out.get(b) ?? []), { from, to: to! }]);
    }
  }
  // Tarjan's strongly connected components, over the units in a fixed order (stable output).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of [...(edges.get(v)?.keys() ?? [])].sort()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return groups
    .map((units) => ({
      units,
      arrows: [...new Map(units.flatMap((a) => units.flatMap((b) => edges.get(a)?.get(b) ?? [])).map((e) => [`${e.from} ${e.to}`, e])).values()].sort(
        (x, y) => x.from.localeCompare(y.from) || x.to.localeCompare(y.to),
      ),
    }))
    .sort((x, y) => x.units[0]!.localeCompare(y.units[0]!));
}

/** Whether a cycle is only reported (CYCLES_REPORTED_ONLY), not failed on. */
export const cycleReportedOnly = (cycle: Cycle) => cycle.units.every((u) => CYCLES_REPORTED_ONLY.includes(topFolder(u)));

/** A readable list of cycles. */
export function formatCycles(cycles: readonly Cycle[]): string {
  const title = (c: Cycle) => (c.units.length === 2 ? `feature cycle: ${c.units.join(" ↔ ")}` : `feature cycle of ${c.units.length}: ${c.units.join(", ")}`);
  return cycles.map((c) => [title(c), ...c.arrows.map((a) => `  ${a.from} → ${a.to}`)].join("\n")).join("\n");
}

/** A readable list, grouped by rule. */
export function formatViolations(violations: readonly Violation[]): string {
  const byRule = new Map<string, Violation[]>();
  for (const v of violations) byRule.set(v.rule, [...(byRule.get(v.rule) ?? []), v]);
  const lines: string[] = [];
  for (const [rule, list] of byRule) {
    lines.push(`${rule} (${list.length}):`);
    for (const v of list) lines.push(`  ${v.from} → ${v.to}`);
  }
  return lines.join("\n");
}

function readProductSources(root: string): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir))) {
      if (name === "node_modules" || name.startsWith(".")) continue;
      const rel = `${dir}/${name}`;
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) sources.set(rel, readFileSync(path.join(root, rel), "utf8"));
    }
  };
  for (const folder of Object.keys(LAYERS)) {
    try {
      if (statSync(path.join(root, folder)).isDirectory()) walk(folder);
    } catch {
      // a planned folder (clients/) may not exist yet
    }
  }
  return sources;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const reportOnly = process.argv.includes("--report");
  const sources = readProductSources(root);
  const violations = findViolations(sources);
  const cycles = findCycles(sources);
  const failing = cycles.filter((c) => !cycleReportedOnly(c));
  const reported = cycles.filter(cycleReportedOnly);
  if (violations.length === 0) {
    console.log(`import graph: ${sources.size} files, every arrow follows the layers`);
  } else {
    console.log(`import graph: ${violations.length} arrow(s) break the layers (docs/decisions/0009-layers-and-wiring.md)\n`);
    console.log(formatViolations(violations));
  }
  console.log(failing.length === 0 ? "feature cycles: none" : `\nfeature cycles: ${failing.length}\n${formatCycles(failing)}`);
  if (reported.length)
    console.log(
      `\nfeature cycles reported only (${CYCLES_REPORTED_ONLY.map(shown).join(", ")}; see CYCLES_REPORTED_ONLY): ${reported.length}\n${formatCycles(reported)}`,
    );
  if ((violations.length || failing.length) && !reportOnly) process.exitCode = 1;
}
