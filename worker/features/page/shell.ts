/**
 * The built index.html and the client build's asset map, each read from ASSETS once per isolate
 * (neither changes within a deployment). A failed or unusable read is not kept, nor is anything
 * under Vite's dev server, where both change.
 */

/** index.html cut where the page route inserts its parts: before `</head>` and inside `<div id="root">`. */
export type Shell = { head: string; body: string; end: string };

/** Per lazily loaded module (repository path): the stylesheets and scripts its first use fetches. */
export type AssetMap = Record<string, { css: string[]; js: string[] }>;

const ROOT_OPEN = '<div id="root">';
const keep = () => !(import.meta.env?.DEV && import.meta.env?.MODE !== "test");

let shellCache: Promise<Shell | { raw: string }> | null = null;
let assetCache: Promise<AssetMap> | null = null;

/** The shell; `{ raw }` when ASSETS has no usable build (a test run without one), answered as it is. */
export function pageShell(assets: Fetcher, origin: URL): Promise<Shell | { raw: string }> {
  const shell = (shellCache ??= (async () => {
    const res = await assets.fetch(new Request(new URL("/", origin), { headers: { accept: "text/html" } }));
    const raw = await res.text();
    const head = raw.lastIndexOf("</head>");
    const root = raw.indexOf(ROOT_OPEN, head);
    const rootEnd = root < 0 ? -1 : raw.indexOf("</div>", root);
    if (!res.ok || head < 0 || rootEnd < 0) {
      shellCache = null;
      return { raw };
    }
    return { head: raw.slice(0, head), body: raw.slice(head, root + ROOT_OPEN.length), end: raw.slice(rootEnd) };
  })());
  shell.catch(() => (shellCache = null));
  if (!keep()) shellCache = null;
  return shell;
}

/** The client build's asset map (dist/client/ssr-assets.json, written by vite.config.ts); empty without one. */
export function assetMap(assets: Fetcher, origin: URL): Promise<AssetMap> {
  const map = (assetCache ??= (async () => {
    const res = await assets.fetch(new Request(new URL("/ssr-assets.json", origin), { headers: { accept: "application/json" } }));
    // Without a build ASSETS answers index.html (single-page-application mode) or 404.
    if (!res.ok || !res.headers.get("content-type")?.includes("json")) {
      await res.body?.cancel();
      assetCache = null;
      return {};
    }
    return (await res.json()) as AssetMap;
  })());
  map.catch(() => (assetCache = null));
  if (!keep()) assetCache = null;
  return map;
}

/**
 * The head's part for the modules a render drew: their stylesheets (no unstyled flash) and, in the
 * `app-preload` meta tag, their code, which web/boot.ts fetches beside the app after the first paint.
 */
export function moduleLinks(map: AssetMap, modules: readonly string[]): string {
  const css = new Set<string>();
  const js = new Set<string>();
  for (const module of modules) {
    for (const href of map[module]?.css ?? []) css.add(href);
    for (const href of map[module]?.js ?? []) js.add(href);
  }
  const styles = [...css].map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join("");
  return js.size ? `${styles}<meta name="app-preload" content="${[...js].join(" ")}">` : styles;
}
