import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { build as esbuild } from "esbuild";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { pdfjsBudget } from "./scripts/pdfjs-budget-plugin.ts";

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
    longKeepAlive(),
    ssrAssets(),
    serviceWorker(),
    // pdf.js counts what a PDF makes it build against the read's budget (queue-consumer/pdf-budget.ts).
    pdfjsBudget(),
  ],
  build: {
    target: "es2022",
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      plugins: [chunkGraph()],
    },
  },
  // No CORS from Vite's own servers: its default answers every preflight itself (allowing only
  // localhost pages), so the Worker's answer to the browser extension (worker/lib/extension-access.ts)
  // never arrived. Without it the Worker alone decides, as on Cloudflare.
  server: { host: "127.0.0.1", cors: false },
  preview: { host: "127.0.0.1", cors: false },
});

/**
 * Writes each build's chunk graph (imports, dynamic imports, source modules) beside its output
 * directory — dist/client.chunks.json, dist/daryaft.chunks.json — so `npm run bench:bundle` can
 * attribute bytes to routes by their source files. Outside the deployed directories.
 */
function chunkGraph(): Rollup.Plugin {
  return {
    name: "daryaft-chunk-graph",
    generateBundle(options, bundle) {
      if (!options.dir) return;
      const chunks = Object.values(bundle)
        .filter((o): o is Rollup.OutputChunk => o.type === "chunk")
        .map((c) => ({
          fileName: c.fileName,
          isEntry: c.isEntry,
          isDynamicEntry: c.isDynamicEntry,
          facadeModuleId: c.facadeModuleId ? path.relative(process.cwd(), c.facadeModuleId) : null,
          imports: c.imports,
          dynamicImports: c.dynamicImports,
          modules: Object.fromEntries(Object.entries(c.modules).map(([id, m]) => [path.relative(process.cwd(), id), m.renderedLength])),
        }));
      mkdirSync(path.dirname(options.dir), { recursive: true });
      writeFileSync(`${options.dir.replace(/\/+$/, "")}.chunks.json`, JSON.stringify({ chunks }, null, 1));
    },
  };
}

/** The app's module: web/boot.ts imports it after the first paint. */
const APP_MODULE = "web/main.tsx";

/**
 * Two things the client build writes for pages that arrive drawn (decision 0010):
 * - the app's stylesheets in index.html: the app's code (web/main.tsx and what it imports) loads
 *   after the first paint (web/boot.ts), but the markup the Worker drew needs its styles at once;
 * - the asset map, dist/client/ssr-assets.json: for each lazily loaded module (by its repository
 *   path) the stylesheets and scripts its first use fetches beyond the app. The Worker's page route
 *   reads it once per isolate to put the CSS of the lazy parts it rendered into the page's head and to
 *   name their code for web/boot.ts to fetch beside the app (worker/features/page/shell.ts). Nothing
 *   secret: every file it names is public.
 */
function ssrAssets(): Plugin {
  return {
    name: "daryaft-ssr-assets",
    applyToEnvironment: (environment) => environment.name === "client",
    // After Vite's own generateBundle, which writes index.html and drops the chunks that held only CSS.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const chunks = new Map(
          Object.values(bundle)
            .filter((o): o is Rollup.OutputChunk => o.type === "chunk")
            .map((c) => [c.fileName, c]),
        );
        const closure = (start: string[]) => {
          const seen = new Set<string>();
          const stack = [...start];
          while (stack.length) {
            const file = stack.pop()!;
            if (seen.has(file)) continue;
            seen.add(file);
            stack.push(...(chunks.get(file)?.imports ?? []).filter((f) => chunks.has(f)));
          }
          return seen;
        };
        const cssOf = (files: Iterable<string>) => new Set([...files].flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])]));
        const moduleOf = (c: Rollup.OutputChunk) => (c.facadeModuleId ? path.relative(process.cwd(), c.facadeModuleId) : null);
        const boot = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
        const app = [...chunks.values()].find((c) => moduleOf(c) === APP_MODULE);
        if (!app) throw new Error(`no chunk for ${APP_MODULE}`);
        // Stylesheets in the order Vite loads them: a chunk's imports' before its own.
        const cssInOrder = (start: string) => {
          const out: string[] = [];
          const seen = new Set<string>();
          const visit = (file: string) => {
            if (seen.has(file) || !chunks.has(file)) return;
            seen.add(file);
            for (const dep of chunks.get(file)!.imports) visit(dep);
            for (const css of chunks.get(file)!.viteMetadata?.importedCss ?? []) if (!out.includes(css)) out.push(css);
          };
          visit(start);
          return out;
        };
        const bootFiles = closure(boot);
        const appFiles = closure([...boot, app.fileName]);
        const bootCss = cssOf(bootFiles);
        const appCss = cssInOrder(app.fileName).filter((f) => !bootCss.has(f));

        const html = bundle["index.html"];
        if (html?.type !== "asset" || typeof html.source !== "string") throw new Error("no index.html in the client build");
        const links = appCss.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`).join("\n    ");
        html.source = html.source.replace("</head>", `  ${links}\n  </head>`);

        const appAllCss = cssOf(appFiles);
        const map: Record<string, { css: string[]; js: string[] }> = {};
        for (const chunk of chunks.values()) {
          const module = moduleOf(chunk);
          if (!chunk.isDynamicEntry || !module || chunk === app) continue;
          const own = [...closure([chunk.fileName])].filter((f) => !appFiles.has(f));
          map[module] = {
            css: [...cssOf(own)].filter((f) => !appAllCss.has(f)).map((f) => `/${f}`),
            js: own.map((f) => `/${f}`),
          };
        }
        this.emitFile({ type: "asset", fileName: "ssr-assets.json", source: JSON.stringify(map) });
      },
    },
  };
}

/**
 * The installed app's service worker, /sw.js (web/sw/service-worker.ts, bundled by esbuild into the
 * client build), with what only the build knows: its id (a hash of every output file's name, so a
 * new build's worker replaces the old and drops its cache), the files to keep ahead (index.html's
 * entry script with the chunks it imports, the app's chunks, its stylesheets and preloaded fonts:
 * what every page needs) and the font of the offline page. Not in `vite dev` (nothing registers it there).
 */
function serviceWorker(): Plugin {
  return {
    name: "daryaft-service-worker",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle: {
      order: "post",
      async handler(_options, bundle) {
        const html = bundle["index.html"];
        if (html?.type !== "asset" || typeof html.source !== "string") throw new Error("no index.html in the client build");
        const chunks = new Map(
          Object.values(bundle)
            .filter((o): o is Rollup.OutputChunk => o.type === "chunk")
            .map((c) => [c.fileName, c]),
        );
        const closure = (start: string[]) => {
          const seen = new Set<string>();
          const stack = [...start];
          while (stack.length) {
            const file = stack.pop()!;
            if (seen.has(file) || !chunks.has(file)) continue;
            seen.add(file);
            stack.push(...chunks.get(file)!.imports);
          }
          return seen;
        };
        const entries = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
        const app = [...chunks.values()]
          .filter((c) => c.facadeModuleId && path.relative(process.cwd(), c.facadeModuleId) === APP_MODULE)
          .map((c) => c.fileName);
        const hrefs = [...html.source.matchAll(/<link\b[^>]*\bhref="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
        const fonts = hrefs.filter((h) => h.endsWith(".woff2"));
        const precache = [...new Set([...[...closure([...entries, ...app])].map((f) => `/${f}`), ...hrefs])].sort();
        const buildId = createHash("sha256").update(Object.keys(bundle).sort().join("\n")).digest("hex").slice(0, 16);
        const out = await esbuild({
          entryPoints: [path.resolve(import.meta.dirname, "web/sw/service-worker.ts")],
          bundle: true,
          write: false,
          format: "iife",
          target: "es2022",
          minify: true,
          define: { __BUILD_ID__: JSON.stringify(buildId), __PRECACHE__: JSON.stringify(precache), __OFFLINE_FONT__: JSON.stringify(fonts[0] ?? null) },
        });
        this.emitFile({ type: "asset", fileName: "sw.js", source: out.outputFiles[0]!.text });
      },
    },
  };
}

/**
 * Node's HTTP server closes an idle keep-alive socket after 5 s; a client that reuses it at that moment
 * gets ECONNRESET (a browser test's API call after a few seconds of page work hit exactly this). The
 * local servers keep idle sockets for two minutes, longer than any client here waits between calls.
 * Cloudflare's edge, not this server, answers in production.
 */
function longKeepAlive(): Plugin {
  const lengthen = (server: { httpServer: unknown }) => {
    const http = server.httpServer as { keepAliveTimeout?: number; headersTimeout?: number } | null;
    if (!http) return;
    http.keepAliveTimeout = 120_000;
    http.headersTimeout = 121_000;
  };
  return { name: "daryaft-long-keep-alive", configureServer: lengthen, configurePreviewServer: lengthen };
}
