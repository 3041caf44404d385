/**
 * The whole stack with every outside service played by the bundled fake upstream
 * (tests/fakes/upstream-server.ts, real wire formats): the production build served by `vite preview`
 * on its own local D1/R2/DO state, migrated and seeded, in development mode, with the development
 * licensed source (the fake Elsevier) switched on. One launcher for `npm run start:offline` and the
 * browser tests (tests/setup/preview-server.global.ts), so what the tests drive is what a newcomer runs.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startFakeUpstream } from "../tests/fakes/upstream-server";
import { ensureDevVars } from "./dev-vars";
import { waitFor } from "./wait-for";

export const root = path.resolve(import.meta.dirname, "..");

/**
 * Worker vars for the offline stack. A preview takes Worker vars from the process environment when
 * CLOUDFLARE_INCLUDE_PROCESS_ENV is set (the vite config's DARYAFT_UPSTREAM_BASE only reaches a build).
 * APP_ENV is set here, not inherited from wrangler.toml: the development outbox, bank and logins are
 * what this stack is for, whatever the checked-in default is.
 */
export function offlineWorkerEnv(upstreamUrl: string): Record<string, string> {
  return {
    // The local secrets (no fallback secrets in the Worker), from .dev.vars, written on first use.
    ...ensureDevVars(),
    CLOUDFLARE_INCLUDE_PROCESS_ENV: "true",
    APP_ENV: "development",
    DARYAFT_UPSTREAM_BASE: upstreamUrl,
    UPSTREAM_BASE: upstreamUrl,
    // The development licensed source: the fake Elsevier accepts any key but its special ones
    // (tests/fakes/README.md, `10.5555/licensed-<n>`).
    LICENSED_RESOLVERS: "elsevier",
    ELSEVIER_API_KEY: "offline-fake-elsevier-key",
    // The live thesis source (OpenAlex dissertations) against the fake's recorded list format.
    OPENALEX_API_KEY: "offline-fake-openalex-key",
  };
}

/**
 * Hands `vars` to the next `vite preview` of the build through the file it reads them from.
 * A build snapshots the developer's .dev.vars into dist/daryaft/.dev.vars, and once that file
 * exists wrangler ignores the process environment (CLOUDFLARE_INCLUDE_PROCESS_ENV included): a
 * stack started from the environment alone then talked to the real Crossref (DNS failures, every
 * job in error) as soon as .dev.vars had been written once. Writing the stack's own vars there
 * makes the preview use them whatever the build copied. One stack per build directory at a time.
 */
export function writePreviewVars(vars: Record<string, string>): void {
  const file = path.join(root, "dist/daryaft/.dev.vars");
  const quote = (v: string) => (v.includes("'") ? JSON.stringify(v) : `'${v}'`);
  // The launcher's own switches are not Worker vars.
  const workerVars = Object.entries(vars).filter(([k]) => !/^(CLOUDFLARE|DARYAFT)_/.test(k));
  writeFileSync(file, workerVars.map(([k, v]) => `${k}=${quote(v)}\n`).join(""));
}

/** pid: the `vite preview` process (its workerd child is what the memory fuzz measures). */
export type OfflineStack = { baseUrl: string; upstreamUrl: string; pid: number; stop(): Promise<void> };

export async function startOfflineStack(opts: { port: number; stateDir: string; fresh: boolean; log?: (chunk: string) => void }): Promise<OfflineStack> {
  if (!existsSync(path.join(root, "dist/client/index.html"))) execFileSync("vite", ["build"], { cwd: root, stdio: "inherit" });
  if (opts.fresh) rmSync(opts.stateDir, { recursive: true, force: true });
  const upstream = await startFakeUpstream({ port: 0 });
  execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", `--persist-to=${opts.stateDir}`], { cwd: root, stdio: "ignore" });
  execFileSync("tsx", ["scripts/seed.ts", "--local", "--persist-to", opts.stateDir], { cwd: root, stdio: "ignore" });
  const vars = offlineWorkerEnv(upstream.url);
  writePreviewVars(vars);
  const child: ChildProcess = spawn("vite", ["preview", "--port", String(opts.port), "--strictPort"], {
    cwd: root,
    env: { ...process.env, DARYAFT_STATE_DIR: opts.stateDir, ...vars },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const collect = (d: Buffer) => {
    log = (log + d).slice(-20_000);
    opts.log?.(String(d));
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const stop = async () => {
    child.kill("SIGTERM");
    await upstream.close();
  };
  try {
    await waitFor(`${baseUrl}/health`, 90_000);
  } catch (e) {
    await stop();
    throw new Error(`${(e as Error).message}\n${log.slice(-3000)}`);
  }
  return { baseUrl, upstreamUrl: upstream.url, pid: child.pid!, stop };
}
