/**
 * `npm run build:extension`: bundles extension/ (TypeScript, esbuild) for Chromium and Firefox into
 * unpacked directories (dist/extension/<target>/, for loading and the browser test) and zips the
 * site serves (dist/client/extension/daryaft-<target>.zip; run after `vite build`, which empties
 * dist/client). DARYAFT_ORIGIN picks the site the extension talks to (default: the local stack).
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { manifest, type Target } from "../extension/manifest";
import { zip } from "../extension/zip";

const root = path.resolve(import.meta.dirname, "..");
const src = path.join(root, "extension/src");
export const TARGETS: Target[] = ["chromium", "firefox"];
export const DEFAULT_ORIGIN = "http://127.0.0.1:8787";

export interface BuildOptions {
  origin?: string;
  /** Unpacked directories go to `<unpackedDir>/<target>`. */
  unpackedDir?: string;
  /** Zips go to `<zipDir>/daryaft-<target>.zip`; null skips them. */
  zipDir?: string | null;
}

export async function buildExtension(opts: BuildOptions = {}) {
  const origin = new URL(opts.origin ?? DEFAULT_ORIGIN).origin;
  const unpackedDir = opts.unpackedDir ?? path.join(root, "dist/extension");
  const zipDir = opts.zipDir === undefined ? path.join(root, "dist/client/extension") : opts.zipDir;
  const version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
  const bundles = await build({
    entryPoints: { popup: path.join(src, "popup.ts"), background: path.join(src, "background.ts") },
    bundle: true,
    write: false,
    format: "iife",
    target: ["chrome102", "firefox115"],
    minify: true,
    legalComments: "none",
    define: { DARYAFT_ORIGIN: JSON.stringify(origin) },
    outdir: "/",
  });
  const icons = readdirSync(path.join(root, "extension/icons")).map((f) => ({ name: `icons/${f}`, data: readFileSync(path.join(root, "extension/icons", f)) }));
  const shared = [
    ...bundles.outputFiles.map((f) => ({ name: path.basename(f.path), data: f.contents })),
    { name: "popup.html", data: readFileSync(path.join(src, "popup.html")) },
    { name: "popup.css", data: readFileSync(path.join(src, "popup.css")) },
    ...icons,
  ];
  const out: Record<Target, { dir: string; zip: string | null }> = {} as never;
  for (const target of TARGETS) {
    const files = [{ name: "manifest.json", data: Buffer.from(JSON.stringify(manifest(target, version), null, 2)) }, ...shared];
    const dir = path.join(unpackedDir, target);
    rmSync(dir, { recursive: true, force: true });
    for (const f of files) {
      mkdirSync(path.dirname(path.join(dir, f.name)), { recursive: true });
      writeFileSync(path.join(dir, f.name), f.data);
    }
    let zipPath: string | null = null;
    if (zipDir) {
      mkdirSync(zipDir, { recursive: true });
      zipPath = path.join(zipDir, `daryaft-${target}.zip`);
      writeFileSync(zipPath, zip(files));
    }
    out[target] = { dir, zip: zipPath };
  }
  return { origin, ...out };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const built = await buildExtension({ origin: process.env.DARYAFT_ORIGIN });
  for (const t of TARGETS) console.log(`extension (${t}, ${built.origin}): ${built[t].dir}${built[t].zip ? ` + ${path.relative(root, built[t].zip!)}` : ""}`);
}
