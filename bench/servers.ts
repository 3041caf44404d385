/** The benchmarks' local servers: the fake upstream in its own process, and the built app under `vite preview` on a fresh migrated state. */
import { ensureDevVars } from "../scripts/dev-vars";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { waitFor } from "../scripts/wait-for";
import { writePreviewVars } from "../scripts/offline-stack";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Refuses a port something else already answers on, and fails when our child exits before it is
 * ready: a readiness poll alone took another engineer's server on the same port for ours (its
 * HTML answers were read as the bench's API), while our `vite preview --strictPort` had exited.
 */
async function assertPortFree(base: string) {
  const busy = await fetch(base, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`${base} is already served by another process; choose another --port`);
}

function readyOrExit(child: ChildProcess, url: string, ms: number, output: () => string): Promise<void> {
  return Promise.race([
    waitFor(url, ms),
    new Promise<never>((_, reject) =>
      child.once("exit", (code) => reject(new Error(`the server exited (${code}) before ${url} answered\n${output().slice(-3000)}`))),
    ),
  ]);
}

export function stopServer(child: ChildProcess) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    child.kill("SIGTERM");
  }
}

/** `vite preview` of the built app (built first unless --no-build and a build exists), UPSTREAM_BASE at the fake. */
export async function startServer(opts: {
  name: string;
  port: number;
  upstreamUrl: string;
  build: boolean;
  log: (m: string) => void;
  vars?: Record<string, string>;
}): Promise<{ child: ChildProcess; base: string; stateDir: string }> {
  if (opts.build || !existsSync(path.join(root, "dist/client/index.html"))) {
    opts.log("vite build …");
    execFileSync("vite", ["build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  }
  const stateDir = path.join(root, `.tmp/bench-${opts.name}-state`);
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });
  opts.log(`migrating ${path.relative(root, stateDir)} …`);
  execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", `--persist-to=${stateDir}`], { cwd: root, stdio: "ignore" });
  const upstreamUrl = opts.upstreamUrl;
  await assertPortFree(`http://127.0.0.1:${opts.port}`);
  writePreviewVars({ ...ensureDevVars(), UPSTREAM_BASE: upstreamUrl, ...opts.vars });
  const child = spawn("vite", ["preview", "--port", String(opts.port), "--strictPort"], {
    cwd: root,
    detached: true, // its own process group, so the workerd children stop with it
    // Development mode and its secrets from .dev.vars (no fallback secrets in the Worker).
    env: {
      ...process.env,
      DARYAFT_STATE_DIR: stateDir,
      DARYAFT_UPSTREAM_BASE: upstreamUrl,
      CLOUDFLARE_INCLUDE_PROCESS_ENV: "true",
      ...ensureDevVars(),
      UPSTREAM_BASE: upstreamUrl,
      ...opts.vars,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  // The server's own log (queue batch lines among it) goes to bench/out for diagnosis.
  mkdirSync(path.join(root, "bench/out"), { recursive: true });
  const serverLog = createWriteStream(path.join(root, `bench/out/${opts.name}-server.log`));
  const keep = (d: Buffer) => {
    out = (out + d).slice(-20_000);
    serverLog.write(d);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const base = `http://127.0.0.1:${opts.port}`;
  try {
    await readyOrExit(child, `${base}/health`, 90_000, () => out);
  } catch (e) {
    stopServer(child);
    throw new Error(`${(e as Error).message}\n${out.slice(-3000)}`);
  }
  return { child, base, stateDir };
}

/** The fake upstream in its own process (its hit counters read over HTTP: GET /__stats). */
export async function startUpstream(port: number, latencyMs: number): Promise<{ child: ChildProcess; url: string }> {
  await assertPortFree(`http://127.0.0.1:${port}`);
  const child = spawn("tsx", ["tests/fakes/upstream-server.ts", "--port", String(port), "--latency", String(latencyMs)], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await readyOrExit(child, `${url}/__stats`, 30_000, () => "");
  return { child, url };
}
