/**
 * Where each endpoint's path is written in product code. An endpoint is declared once, in
 * contract/endpoints/ (docs/decisions/0016-endpoints-declared-once.md); everything else (the
 * Worker's binding, the SPA's calls, the extension, links the Worker builds) names the entry. This
 * reads every .ts/.tsx file of the product folders with the TypeScript parser and finds the string
 * literals, template literals and `+` chains that spell an endpoint's path (a `${…}` or a variable
 * standing for a `:param`, an origin before it, a query string or fragment after it).
 *
 *   npx tsx scripts/endpoint-paths.ts [endpoints.json [root]]   print each path literal outside the declarations
 *
 * Test files and tests/, scripts/, bench/, docs may mention paths: they are not product code.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

/** The folders shipped as the Worker, the consumer, the SPA and the extension, and what they import. */
export const PRODUCT_FOLDERS = ["worker", "queue-consumer", "web", "extension", "contract", "lib", "db", "clients"] as const;

/** What a template substitution or a non-literal part of a `+` chain becomes in a literal's text. */
const HOLE = "\u0000";

/** A string (its text, holes marked) or a regular expression literal (its source, `regex` set). */
export type PathLiteral = { file: string; line: number; text: string; regex?: RegExp };

/** Every string a source file spells out, with `${…}` and non-literal `+` operands as holes. */
export function stringLiterals(fileName: string, source: string): PathLiteral[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const out: PathLiteral[] = [];
  const push = (node: ts.Node, text: string) => out.push({ file: fileName, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text });
  /** The text of a string-ish expression, or null when it is not one. */
  const textOf = (node: ts.Expression): string | null => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s) => HOLE + s.literal.text).join("");
    if (ts.isParenthesizedExpression(node)) return textOf(node.expression);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const left = textOf(node.left);
      const right = textOf(node.right);
      if (left === null && right === null) return null;
      return (left ?? HOLE) + (right ?? HOLE);
    }
    return null;
  };
  const visit = (node: ts.Node): void => {
    // Module specifiers and type-level strings are not paths.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isLiteralTypeNode(node)) return;
    if (ts.isRegularExpressionLiteral(node)) {
      const m = /^\/(.*)\/([a-z]*)$/s.exec(node.text);
      if (m)
        out.push({
          file: fileName,
          line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
          text: m[1]!,
          regex: new RegExp(m[1]!, m[2]!.replace("g", "")),
        });
      return;
    }
    if (ts.isExpression(node)) {
      const text = textOf(node);
      if (text !== null) {
        push(node, text);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** `/batch/:id/zip` → a pattern a literal's text is matched against: a param is a segment or a hole. */
export function pathPattern(endpointPath: string): RegExp {
  const segment = `(?:[^/${HOLE}?#]+|${HOLE})`;
  const body = endpointPath
    .split(/(:[A-Za-z_]+\??|\*)/)
    .map((part) => (part.startsWith(":") ? segment : part === "*" ? `(?:[^?#]*|${HOLE})` : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  // An origin (a hole, or http(s)://host) may come first; a query string or fragment may follow.
  return new RegExp(`^(?:${HOLE}|https?://[^/]+)?${body}(?:[?#].*|${HOLE})?$`, "s");
}

export type Endpointish = { method: string; path: string };

/**
 * Whether a regular expression literal stands for the endpoint's path: it matches the path with each
 * param as `1`, and its source spells each fixed run of the path between params (`/gateway/` and
 * `/callback` of `/gateway/:gateway/callback`), so neither a page pattern such as
 * `/^\/profile(\/[A-Za-z]+)?$/` nor another site's `/(?:ebooks|files)\//` is taken for one.
 */
function regexSpells(regex: RegExp, source: string, endpointPath: string): boolean {
  const concrete = endpointPath.replace(/:[A-Za-z_]+\??/g, "1").replace(/\*$/, "1");
  const unescaped = source.replaceAll("\\", "");
  const runs = endpointPath.split(/:[A-Za-z_]+\??|\*/).filter(Boolean);
  return regex.test(concrete) && runs.every((run) => unescaped.includes(run));
}

/** How specific a path is: its fixed characters (`/batch/list` before `/batch/:id`). */
const fixedLength = (p: string) => p.replace(/:[A-Za-z_]+|\*/g, "").length;

/**
 * Per endpoint path, the literals in `literals` that spell it. A literal that could spell several
 * (`/batch/list` is also `/batch/:id`) belongs to the most specific of them.
 */
export function pathOccurrences(endpoints: readonly Endpointish[], literals: readonly PathLiteral[]): Map<string, PathLiteral[]> {
  const paths = [...new Set(endpoints.map((e) => e.path))];
  const patterns = new Map(paths.map((p) => [p, pathPattern(p)]));
  const out = new Map<string, PathLiteral[]>(paths.map((p) => [p, []]));
  for (const l of literals) {
    const matching = paths.filter((p) => (l.regex ? regexSpells(l.regex, l.text, p) : patterns.get(p)!.test(l.text)));
    if (!matching.length) continue;
    const best = Math.max(...matching.map(fixedLength));
    for (const p of matching.filter((m) => fixedLength(m) === best)) out.get(p)!.push(l);
  }
  return out;
}

const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);

/** Every product source file (relative to `root`), test files left out. */
export function productFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir))) {
      if (name === "node_modules" || name.startsWith(".")) continue;
      const rel = `${dir}/${name}`;
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts") && !isTestFile(name)) files.push(rel);
    }
  };
  for (const folder of PRODUCT_FOLDERS) walk(folder);
  return files.sort();
}

export function productLiterals(root: string): PathLiteral[] {
  return productFiles(root).flatMap((f) => stringLiterals(f, readFileSync(path.join(root, f), "utf8")));
}

/** Where endpoints are declared: a path literal there is the declaration itself. */
export const DECLARATIONS = "contract/endpoints/";

/**
 * Endpoint paths that are also a page of the SPA (a GET the Worker answers with the page): the
 * page's route and the links to it write the same string for the page, not for the endpoint.
 */
export const PAGES_ON_ENDPOINT_PATHS = ["/batch", "/logout", "/admin/createInvoice"] as const;

export type Stray = { path: string; literal: PathLiteral; why: string };

/**
 * Each endpoint's path is written once, in its declaration (contract/endpoints/): anything that
 * spells it elsewhere, and a declaration file that spells a path more times than there are
 * endpoints on it (one per method), is reported.
 */
export function strayPaths(endpoints: readonly Endpointish[], literals: readonly PathLiteral[]): Stray[] {
  const out: Stray[] = [];
  const pages = new Set<string>(PAGES_ON_ENDPOINT_PATHS);
  for (const [p, found] of pathOccurrences(endpoints, literals)) {
    const declared = found.filter((l) => l.file.startsWith(DECLARATIONS));
    const methods = endpoints.filter((e) => e.path === p).length;
    for (const l of declared.slice(methods)) out.push({ path: p, literal: l, why: `declared ${declared.length} times for ${methods} endpoint(s)` });
    for (const l of found) {
      if (l.file.startsWith(DECLARATIONS)) continue;
      if (pages.has(p) && l.file.startsWith("web/")) continue;
      out.push({ path: p, literal: l, why: "written outside its declaration" });
    }
  }
  return out;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const listFile = process.argv[2];
  const endpoints: Endpointish[] = listFile
    ? (JSON.parse(readFileSync(listFile, "utf8")) as Endpointish[])
    : [...(await import("../worker/endpoints")).endpoints];
  const literals = productLiterals(process.argv[3] ?? root);
  const found = pathOccurrences(endpoints, literals);
  const show = (l: PathLiteral) => `    ${l.file}:${l.line}  ${JSON.stringify(l.text.replaceAll(HOLE, "${…}"))}`;
  const many = [...found].filter(([, l]) => l.length > 1);
  const stray = strayPaths(endpoints, literals);
  for (const s of stray) console.log(`${s.path}: ${s.why}\n${show(s.literal)}`);
  console.log(
    `${endpoints.length} endpoints, ${found.size} paths: ${many.length} spelled more than once in product code, ${stray.length} literals outside the declarations`,
  );
  process.exitCode = stray.length ? 1 : 0;
}
