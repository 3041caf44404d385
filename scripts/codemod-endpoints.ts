/**
 * One-off codemod: moves each `defineEndpoint(app, { method, path, … }, handler)` declaration of the
 * Worker into its contract entry (contract/endpoints/<feature>.ts) and turns the call into
 * `bindEndpoint(app, featureApi.key, handler)`. Run once, then deleted.
 */
import { readFileSync, writeFileSync, readdirSync, unlinkSync } from "node:fs";
import path from "node:path";
import { execSync } from "node:child_process";
import ts from "typescript";

const root = process.cwd();
const ROLE_NAMES = new Set(["anyone", "signedIn", "adminOnly", "staff", "partnerOnly"]);

/** Endpoints without a contract entry today: the group file and the key they get. */
const NEW: Record<string, [string, string]> = {
  "get /csrf-token": ["system", "csrfToken"],
  "get /health": ["system", "health"],
  "get /profile/downloads/export": ["getpdf", "exportLibrary"],
  "get /files/*": ["files", "file"],
  "get /batch/list": ["batch", "lists"],
  "get /batch/:id/export": ["batch", "export"],
  "get /batch/:id/zip": ["batch", "zip"],
  "get /share": ["share", "share"],
  "get /profile/ajax/sessions": ["profile", "sessions"],
  "post /gateway/:gateway": ["wallet", "gateway"],
  "get /gateway/:gateway/callback": ["wallet", "callback"],
  "get /admin/ajax/prices": ["wallet", "adminPrices"],
  "post /admin/ajax/prices": ["wallet", "saveAdminPrices"],
  "get /verify/university/:token": ["institutions", "verifyUniversity"],
  "get /dev/outbox.json": ["dev", "outbox"],
  "get /gateway/devbank/pay/:id": ["dev", "devbankPage"],
  "post /gateway/devbank/pay/:id": ["dev", "devbankPay"],
  "get /dev/getpdf/job": ["dev", "jobTiming"],
  "get /dev/bench/bare": ["dev", "benchBare"],
  "get /dev/budget/round-trip": ["dev", "budgetRoundTrip"],
  "post /dev/library-watch/run": ["dev", "libraryWatch"],
  "post /dev/panel/demo-activity": ["dev", "panelDemo"],
};
const NEW_GROUPS: Record<string, { name: string; doc: string }> = {
  system: { name: "systemApi", doc: "/** The CSRF token for clients that load no page, and the health check (worker/features/system/routes.ts). */" },
  files: { name: "filesApi", doc: "/** Stored documents through their signed links (worker/features/files/routes.ts, signing.ts). */" },
  share: { name: "shareApi", doc: "/** The installed app's Web Share Target (worker/features/share/routes.ts). */" },
  dev: { name: "devApi", doc: "/** Development only (worker/dev.ts): 404 and absent from /openapi.json elsewhere. */" },
};

type Entry = {
  key: string;
  method: string;
  path: string;
  /** The new text, or null while only the old line exists (bound by a helper: written by hand). */
  text: string | null;
  old?: string;
  tag?: string;
  modules: string[];
};
type Group = { file: string; name: string; doc: string; entries: Entry[] };

// ---- the contract's entries today -------------------------------------------------------------
const groups = new Map<string, Group>();
const entryOf = new Map<string, { group: Group; entry: Entry }>();
const dir = path.join(root, "contract/endpoints");
for (const f of readdirSync(dir).filter((n) => n.endsWith(".ts"))) {
  const base = f.replace(/\.ts$/, "");
  const text = readFileSync(path.join(dir, f), "utf8");
  const sf = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true);
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const decl = st.declarationList.declarations[0]!;
    const init = decl.initializer;
    if (!init || !ts.isObjectLiteralExpression(init)) continue;
    const doc = text.slice(st.getFullStart(), st.getStart()).trim();
    const group: Group = { file: base, name: decl.name.getText(), doc, entries: [] };
    for (const p of init.properties) {
      if (!ts.isPropertyAssignment(p)) throw new Error(`${f}: ${p.getText()}`);
      const call = p.initializer as ts.CallExpression;
      const [m, pa] = call.arguments as unknown as [ts.StringLiteral, ts.StringLiteral];
      const entry: Entry = { key: p.name.getText(), method: m.text, path: pa.text, text: null, old: p.getText(), modules: [] };
      group.entries.push(entry);
      entryOf.set(`${m.text} ${pa.text}`, { group, entry });
    }
    groups.set(base, group);
  }
}
for (const [base, g] of Object.entries(NEW_GROUPS)) if (!groups.has(base)) groups.set(base, { file: base, name: g.name, doc: g.doc, entries: [] });
for (const [mp, [base, key]] of Object.entries(NEW)) {
  const [method, p] = mp.split(" ") as [string, string];
  const existing = entryOf.get(mp);
  if (existing) existing.group.entries.splice(existing.group.entries.indexOf(existing.entry), 1);
  const group = groups.get(base)!;
  const entry: Entry = { key, method, path: p, text: null, modules: [] };
  group.entries.push(entry);
  entryOf.set(mp, { group, entry });
}

// ---- the Worker's declarations ------------------------------------------------------------------
const files = execSync("grep -rl 'defineEndpoint(' worker --include=*.ts", { cwd: root })
  .toString()
  .trim()
  .split("\n")
  .filter((f) => !f.endsWith("lib/endpoint.ts"));

const skipped: string[] = [];
for (const file of files) {
  const full = path.join(root, file);
  let text = readFileSync(full, "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const imports = new Map<string, string>();
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && st.importClause?.namedBindings && ts.isNamedImports(st.importClause.namedBindings)) {
      for (const e of st.importClause.namedBindings.elements) imports.set(e.name.text, (st.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  const edits: { start: number; end: number; text: string }[] = [];
  const used = new Set<Group>();
  let remaining = 0;
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && n.expression.getText() === "defineEndpoint") {
      const def = n.arguments[1]!;
      const props: Record<string, ts.Expression> = {};
      let literal = ts.isObjectLiteralExpression(def);
      if (ts.isObjectLiteralExpression(def)) {
        for (const p of def.properties) {
          if (ts.isPropertyAssignment(p)) props[p.name.getText()] = p.initializer;
          else if (ts.isShorthandPropertyAssignment(p) && p.name.text === "tag") {
            const value = new RegExp(`^const tag = ("[a-z-]+");$`, "m").exec(text)![1]!;
            props.tag = ts.factory.createStringLiteral(JSON.parse(value) as string);
          } else literal = false;
        }
      }
      const pathNode = props.path;
      const summary = props.summary;
      if (!literal || !pathNode || !(ts.isStringLiteral(pathNode) || ts.isNoSubstitutionTemplateLiteral(pathNode)) || !summary || !(ts.isStringLiteral(summary) || ts.isNoSubstitutionTemplateLiteral(summary))) {
        skipped.push(`${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`);
        remaining++;
        return;
      }
      const method = (props.method as ts.StringLiteral).text;
      const p = (pathNode as ts.StringLiteral).text;
      const found = entryOf.get(`${method} ${p}`);
      if (!found) throw new Error(`${file}: no contract group for ${method} ${p}`);
      const { group, entry } = found;
      const parts: string[] = [`summary: ${summary.getText()}`];
      const roles = props.roles!;
      if (ts.isIdentifier(roles) && ROLE_NAMES.has(roles.text)) parts.push(`roles: ${roles.text}`);
      else throw new Error(`${file}: roles ${roles.getText()}`);
      for (const k of ["html", "devOnly", "verifiedMobile"]) if (props[k]) parts.push(`${k}: ${props[k]!.getText()}`);
      for (const k of ["query", "body", "response"]) {
        const e = props[k];
        if (!e) continue;
        if (!ts.isIdentifier(e)) throw new Error(`${file}: ${k} ${e.getText()}`);
        const from = imports.get(e.text);
        if (!from || !/contract\/[a-z-]+$/.test(from)) throw new Error(`${file}: ${k} ${e.text} from ${from}`);
        entry.modules.push(`../${from.slice(from.lastIndexOf("/") + 1)}`);
        parts.push(`${k}: (s) => s.${e.text}`);
      }
      for (const k of Object.keys(props)) if (!["method", "path", "summary", "roles", "html", "devOnly", "verifiedMobile", "query", "body", "response", "tag"].includes(k)) throw new Error(`${file}: prop ${k}`);
      entry.tag = props.tag ? (props.tag as ts.StringLiteral).text : undefined;
      entry.text = `api.${method}(${JSON.stringify(p)}, { ${parts.join(", ")}TAG })`;
      edits.push({ start: n.expression.getStart(), end: n.expression.getEnd(), text: "bindEndpoint" });
      edits.push({ start: def.getStart(), end: def.getEnd(), text: `${group.name}.${entry.key}` });
      used.add(group);
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (!edits.length) continue;
  edits.sort((a, b) => b.start - a.start);
  for (const e of edits) text = text.slice(0, e.start) + e.text + text.slice(e.end);

  // Imports: bindEndpoint, the contract groups; drop what is no longer used.
  const rel = (target: string) => {
    let r = path.relative(path.dirname(file), target).split(path.sep).join("/");
    if (!r.startsWith(".")) r = `./${r}`;
    return r;
  };
  text = text.replace(/import \{([^}]*)\bdefineEndpoint\b([^}]*)\} from "([^"]*lib\/endpoint)";/, (_, a: string, b: string, from: string) =>
    remaining ? `import {${a}bindEndpoint, defineEndpoint${b}} from "${from}";` : `import {${a}bindEndpoint${b}} from "${from}";`,
  );
  const newImports = [...used].map((g) => `import { ${g.name} } from "${rel(`contract/endpoints/${g.file}`)}";`).join("\n");
  const lastImport = [...text.matchAll(/^import [^;]*;$/gms)].pop()!;
  text = text.slice(0, lastImport.index! + lastImport[0].length) + "\n" + newImports + text.slice(lastImport.index! + lastImport[0].length);
  // Unused named imports from the contract, the roles and zod.
  const importRe = /^import (type )?\{([^}]*)\} from "([^"]*)";\n/gm;
  const body = text.replace(importRe, "");
  text = text.replace(importRe, (whole, typeOnly: string | undefined, names: string, from: string) => {
    if (!/contract\/|lib\/roles$|^zod$/.test(from)) return whole;
    const kept = names
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .filter((spec) => {
        const local = spec.replace(/^type\s+/, "").split(/\s+as\s+/).pop()!;
        return new RegExp(`\\b${local}\\b`).test(body);
      });
    if (!kept.length) return "";
    const multi = whole.includes("\n  ");
    return multi ? `import ${typeOnly ?? ""}{\n  ${kept.join(",\n  ")},\n} from "${from}";\n` : `import ${typeOnly ?? ""}{ ${kept.join(", ")} } from "${from}";\n`;
  });
  writeFileSync(full, text);
}

// ---- the contract files -------------------------------------------------------------------------
for (const g of groups.values()) {
  const tags = new Map<string, number>();
  for (const e of g.entries) if (e.tag) tags.set(e.tag, (tags.get(e.tag) ?? 0) + 1);
  const tag = [...tags].sort((a, b) => b[1] - a[1])[0]?.[0] ?? g.file;
  const modules = [...new Set(g.entries.flatMap((e) => e.modules))].sort();
  const rolesUsed = [...ROLE_NAMES].filter((r) => g.entries.some((e) => e.text?.includes(`roles: ${r}`)));
  const lines = g.entries.map((e) => (e.text ? `  ${e.key}: ${e.text.replace("TAG", e.tag && e.tag !== tag ? `, tag: ${JSON.stringify(e.tag)}` : "")},` : `  ${e.old ?? `${e.key}: TODO(${e.method} ${e.path})`},`));
  const schemas = modules.length ? `, schemas: () => Promise.all([${modules.map((m) => `import(${JSON.stringify(m)})`).join(", ")}])` : "";
  const out = [
    `import { endpoints } from "../endpoint";`,
    rolesUsed.length ? `import { ${rolesUsed.join(", ")} } from "../roles";` : "",
    "",
    `const api = endpoints({ tag: ${JSON.stringify(tag)}${schemas} });`,
    "",
    g.doc,
    `export const ${g.name} = {`,
    ...lines,
    `};`,
    "",
  ]
    .filter((l, i, a) => !(l === "" && a[i - 1] === ""))
    .join("\n");
  writeFileSync(path.join(dir, `${g.file}.ts`), out);
}
if (!groups.get("notify")?.entries.length) unlinkSync(path.join(dir, "notify.ts"));
console.log("left for hand:", skipped.join(" "));
