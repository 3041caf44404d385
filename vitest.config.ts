import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const migrations = await readD1Migrations(path.join(import.meta.dirname, "db/migrations"));

export default defineConfig({
  test: {
    projects: [
      {
        // Pure modules and upstream clients, in Node.
        test: {
          name: "unit",
          include: [
            "lib/**/*.test.ts",
            "contract/**/*.test.ts",
            "db/**/*.test.ts",
            "worker/**/*.unit.test.ts",
            "clients/*.test.ts",
            "queue-consumer/**/*.unit.test.ts",
            "scripts/**/*.test.ts",
            "extension/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        // SPA components in a DOM.
        test: {
          name: "web",
          include: ["web/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
        },
      },
      {
        // The Worker through its HTTP surface, inside workerd with D1, Queues, DOs and R2.
        plugins: [
          cloudflareTest(async ({ inject }) => ({
            main: "./worker/index.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                APP_ENV: "test",
                TEST_MIGRATIONS: migrations,
                UPSTREAM_BASE: inject<string>("fakeUpstreamUrl"),
                PASSWORD_PEPPER: "test-pepper",
                SIGNING_SECRET: "test-signing-secret",
              },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          setupFiles: ["./tests/worker/setup.ts"],
          globalSetup: ["./tests/setup/fake-upstream.global.ts"],
        },
      },
      {
        // The production build served by the Worker, driven in Debian's Chromium.
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./tests/setup/preview-server.global.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
