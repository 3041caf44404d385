import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { pdfjsBudget, writeBudgetedPdfjs } from "./scripts/pdfjs-budget-plugin.ts";

const migrations = await readD1Migrations(path.join(import.meta.dirname, "db/migrations"));

export default defineConfig({
  test: {
    projects: [
      {
        // Pure modules and upstream clients, in Node. pdf.js with its read budget, patched as the
        // Worker's build patches it, imported natively (through Vite's transform it took seconds).
        resolve: { alias: { "unpdf/pdfjs": writeBudgetedPdfjs() } },
        test: {
          name: "unit",
          server: { deps: { inline: [/[\\/]unpdf[\\/]dist[\\/]index\.mjs$/], external: [/[\\/]daryaft-pdfjs[\\/]/] } },
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
          pdfjsBudget(),
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
          // A page's state is waited for, not timed: expect.poll's default of 1 s is a timing
          // assertion on a 2-core machine under load (a desk list answering in 1.2 s failed a run).
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
