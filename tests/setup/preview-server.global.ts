/**
 * Browser tests: the production build (run `vite build` first; `npm test` does) served by
 * `vite preview` on its own local D1/R2/DO state, migrated and seeded, with every outside
 * service pointed at the fake upstream.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startFakeUpstream } from "../fakes/upstream-server";

const root = path.resolve(import.meta.dirname, "../..");

async function waitFor(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`preview server did not answer ${url} within ${ms} ms`);
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, "dist/client/index.html"))) {
    execFileSync("vite", ["build"], { cwd: root, stdio: "inherit" });
  }
  // The site serves the packed extension (/extension/daryaft-*.zip); `npm run build` makes it.
  if (!existsSync(path.join(root, "dist/client/extension/daryaft-chromium.zip"))) {
    execFileSync("tsx", ["scripts/build-extension.ts"], { cwd: root, stdio: "inherit" });
  }
  const stateDir = path.join(root, `.tmp/e2e-state-${process.pid}`);
  rmSync(stateDir, { recursive: true, force: true });
  const upstream = await startFakeUpstream({ port: 0 });
  execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", `--persist-to=${stateDir}`], { cwd: root, stdio: "ignore" });
  execFileSync("tsx", ["scripts/seed.ts", "--local", "--persist-to", stateDir], { cwd: root, stdio: "ignore" });
  const port = Number(process.env.E2E_PORT ?? 18788);
  const child: ChildProcess = spawn("vite", ["preview", "--port", String(port), "--strictPort"], {
    cwd: root,
    // The vite config's DARYAFT_UPSTREAM_BASE only reaches a build; a preview takes Worker vars
    // from the process environment when CLOUDFLARE_INCLUDE_PROCESS_ENV is set.
    // The licensed resolver is switched on with a key the fake Elsevier accepts, so the journeys can
    // download a licensed-only article (tests/fakes/README.md, `10.5555/licensed-<n>`).
    env: {
      ...process.env,
      DARYAFT_STATE_DIR: stateDir,
      DARYAFT_UPSTREAM_BASE: upstream.url,
      CLOUDFLARE_INCLUDE_PROCESS_ENV: "true",
      UPSTREAM_BASE: upstream.url,
      LICENSED_RESOLVERS: "elsevier",
      ELSEVIER_API_KEY: "e2e-fake-elsevier-key",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseUrl}/health`, 90_000);
  } catch (e) {
    child.kill("SIGTERM");
    throw new Error(`${(e as Error).message}\n${log.slice(-3000)}`);
  }
  project.provide("baseUrl", baseUrl);
  project.provide("upstreamUrl", upstream.url);
  return async () => {
    child.kill("SIGTERM");
    await upstream.close();
    rmSync(stateDir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    upstreamUrl: string;
    fakeUpstreamUrl: string;
  }
}
