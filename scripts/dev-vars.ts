/**
 * Local development settings. The Worker is production unless APP_ENV says "development", and it
 * has no fallback secrets; the local scripts (`npm start`, `npm run dev`, the browser-test and
 * bench stacks) get both from `.dev.vars`, which this module creates on first use with random
 * secrets, and completes (never overwrites) when a key is missing.
 * Usage: tsx scripts/dev-vars.ts  (writes .dev.vars if needed; prints nothing secret)
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const devVarsFile = path.join(root, ".dev.vars");

/** `KEY=value` lines; quotes around a value are dropped, comments and blanks skipped. */
export function parseDevVars(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    out[m[1]!] = m[2]!.replace(/^(["'])(.*)\1$/, "$2");
  }
  return out;
}

const random = () => randomBytes(32).toString("base64url");

/** The local development variables, with .dev.vars created or completed as needed. */
export function ensureDevVars(file = devVarsFile): { APP_ENV: string; PASSWORD_PEPPER: string; SIGNING_SECRET: string } {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const vars = parseDevVars(text);
  const wanted: Record<string, () => string> = { APP_ENV: () => "development", PASSWORD_PEPPER: random, SIGNING_SECRET: random };
  const added = Object.keys(wanted).filter((k) => !vars[k]);
  if (added.length) {
    for (const k of added) vars[k] = wanted[k]!();
    const header = text ? "" : "# Local development only (written by scripts/dev-vars.ts; never commit). See .dev.vars.example.\n";
    const lines = added.map((k) => `${k}=${vars[k]}`).join("\n");
    writeFileSync(file, `${header}${text}${text && !text.endsWith("\n") ? "\n" : ""}${lines}\n`);
  }
  return { APP_ENV: vars.APP_ENV!, PASSWORD_PEPPER: vars.PASSWORD_PEPPER!, SIGNING_SECRET: vars.SIGNING_SECRET! };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const before = existsSync(devVarsFile);
  const vars = ensureDevVars();
  console.log(`dev-vars: ${before ? "using" : "created"} .dev.vars (APP_ENV=${vars.APP_ENV})`);
}
