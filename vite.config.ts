import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// One build: the React SPA (dist/client) and the Worker (dist/daryaft) that serves it.
// DARYAFT_STATE_DIR lets the browser tests run on their own local D1/R2/DO state.
export default defineConfig({
  plugins: [
    react(),
    cloudflare({
      persistState: process.env.DARYAFT_STATE_DIR ? { path: process.env.DARYAFT_STATE_DIR } : true,
      // Local runs (browser tests, benchmarks) point every outside service at a fake upstream.
      config: (cfg) => (process.env.DARYAFT_UPSTREAM_BASE ? { vars: { ...cfg.vars, UPSTREAM_BASE: process.env.DARYAFT_UPSTREAM_BASE } } : {}),
    }),
  ],
  build: {
    target: "es2022",
    chunkSizeWarningLimit: 600,
  },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
});
