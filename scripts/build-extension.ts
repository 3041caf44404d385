/**
 * `npm run build:extension`: bundles extension/ (TypeScript, esbuild) for Chromium and Firefox into
 * unpacked directories (dist/extension/<target>/, for loading and the browser test), and the files
 * of each package with a stand-in for the site's origin (dist/client/extension/template/<target>.json):
 * the Worker zips them per download with the origin it is downloaded from,
 * so whatever host and port serve the site, its zips talk to it. DARYAFT_ORIGIN picks the origin
 * of the unpacked directories (default: the local stack on PORT, else 8787); `zipDir` also writes
 * zips for that origin (tests).
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { EXTENSION_ORIGIN_PLACEHOLDER, EXTENSION_TARGETS, extensionTemplatePath, type ExtensionTemplate } from "../contract/extension";
import { manifest, type Target } from "../extension/manifest";
import { zip } from "../extension/zip";

const root = path.resolve(import.meta.dirname, "..");
const src = path.join(root, "extension/src");
export const TARGETS: Target[] = [...EXTENSION_TARGETS];
export const DEFAULT_ORIGIN = `http://127.0.0.1:${process.env.PORT ?? 8787}`;

export interface BuildOptions {
  origin?: string;
  /** Unpacked directories go to `<unpackedDir>/<target>`. */
  unpackedDir?: string;
  /** Zips for `origin` go to `<zipDir>/daryaft-<target>.zip`; null (the default) writes none: the site makes them. */
  zipDir?: string | null;
  /** The served packages' files go to `<clientDir>/extension/template/<target>.json`; null skips them. */
  clientDir?: string | null;
}

type PackFile = { name: string; data: Uint8Array };

/** The package's files with the origin in place of the stand-in (only the scripts name it). */
export function withOrigin(files: PackFile[], origin: string): PackFile[] {
  return files.map((f) =>
    f.name.endsWith(".js") ? { name: f.name, data: Buffer.from(Buffer.from(f.data).toString("utf8").split(EXTENSION_ORIGIN_PLACEHOLDER).join(origin)) } : f,
  );
}

export async function buildExtension(opts: BuildOptions = {}) {
  const origin = new URL(opts.origin ?? DEFAULT_ORIGIN).origin;
  const unpackedDir = opts.unpackedDir ?? path.join(root, "dist/extension");
  const zipDir = opts.zipDir ?? null;
  const clientDir = opts.clientDir === undefined ? path.join(root, "dist/client") : opts.clientDir;
  const version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
  const bundles = await build({
    entryPoints: { popup: path.join(src, "popup.ts"), background: path.join(src, "background.ts") },
    bundle: true,
    write: false,
    format: "iife",
    target: ["chrome102", "firefox115"],
    minify: true,
    legalComments: "none",
    define: { DARYAFT_ORIGIN: JSON.stringify(EXTENSION_ORIGIN_PLACEHOLDER) },
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
  const write = (dir: string, files: PackFile[]) => {
    rmSync(dir, { recursive: true, force: true });
    for (const f of files) {
      mkdirSync(path.dirname(path.join(dir, f.name)), { recursive: true });
      writeFileSync(path.join(dir, f.name), f.data);
    }
  };
  for (const target of TARGETS) {
    const template: PackFile[] = [{ name: "manifest.json", data: Buffer.from(JSON.stringify(manifest(target, version), null, 2)) }, ...shared];
    const files = withOrigin(template, origin);
    const dir = path.join(unpackedDir, target);
    write(dir, files);
    if (clientDir) {
      const file = path.join(clientDir, extensionTemplatePath(target));
      const text = /\.(js|json|html|css)$/;
      const served: ExtensionTemplate = {
        files: template.map((f) =>
          text.test(f.name) ? { name: f.name, text: Buffer.from(f.data).toString("utf8") } : { name: f.name, base64: Buffer.from(f.data).toString("base64") },
        ),
      };
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(served));
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
  for (const t of TARGETS)
    console.log(`extension (${t}, ${built.origin}): ${built[t].dir} + dist/client${extensionTemplatePath(t)} (zipped per download for the serving origin)`);
}
