/**
 * Loads the demo data into local D1 (or remote with --remote). Idempotent.
 * Usage: tsx scripts/seed.ts --local [--persist-to DIR]
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEV_PASSWORD, seedStatements } from "../db/seed";
import { hashPassword } from "../worker/features/auth/password";
import { ensureDevVars } from "./dev-vars";

const args = process.argv.slice(2);
const remote = args.includes("--remote");
const persistIdx = args.indexOf("--persist-to");
const persistTo = persistIdx >= 0 ? args[persistIdx + 1] : undefined;
// The Worker's pepper: from the environment (remote seeding, test stacks) or the local .dev.vars.
const pepper = process.env.PASSWORD_PEPPER ?? (remote ? undefined : ensureDevVars().PASSWORD_PEPPER);
if (!pepper) throw new Error("seed: set PASSWORD_PEPPER to the Worker's secret (there is no default)");

const passwordHash = await hashPassword(DEV_PASSWORD, pepper);
const statements = seedStatements({ now: Date.now(), passwordHash });
const dir = path.join(process.cwd(), ".tmp");
mkdirSync(dir, { recursive: true });
const file = path.join(dir, "seed.sql");
writeFileSync(file, statements.join("\n") + "\n");

const wranglerArgs = ["d1", "execute", "DB", remote ? "--remote" : "--local", `--file=${file}`, "--yes"];
if (persistTo) wranglerArgs.push(`--persist-to=${persistTo}`);
execFileSync("wrangler", wranglerArgs, { stdio: ["ignore", "ignore", "inherit"] });
console.log(`seed: ${statements.length} statements applied (${remote ? "remote" : "local"} D1)`);
