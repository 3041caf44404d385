/**
 * Browser tests: the production build (run `vite build` first; `npm test` does) served on its own
 * local D1/R2/DO state by the same launcher as `npm run start:offline` (scripts/offline-stack.ts):
 * migrated and seeded, development mode, every outside service pointed at the fake upstream, and the
 * licensed resolver switched on with a key the fake Elsevier accepts, so the journeys can download a
 * licensed-only article (tests/fakes/README.md, `10.5555/licensed-<n>`).
 */
import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { root, startOfflineStack } from "../../scripts/offline-stack";

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, "dist/client/index.html"))) execFileSync("vite", ["build"], { cwd: root, stdio: "inherit" });
  // The site zips the extension per download (/extension/daryaft-*.zip) from the files `npm run build` writes.
  if (!existsSync(path.join(root, "dist/client/extension/template/chromium.json"))) {
    execFileSync("tsx", ["scripts/build-extension.ts"], { cwd: root, stdio: "inherit" });
  }
  const stateDir = path.join(root, `.tmp/e2e-state-${process.pid}`);
  const stack = await startOfflineStack({ port: Number(process.env.E2E_PORT ?? 18788), stateDir, fresh: true });
  project.provide("baseUrl", stack.baseUrl);
  project.provide("upstreamUrl", stack.upstreamUrl);
  project.provide("previewPid", stack.pid);
  return async () => {
    await stack.stop();
    rmSync(stateDir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    upstreamUrl: string;
    fakeUpstreamUrl: string;
    previewPid: number;
  }
}
