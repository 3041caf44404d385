/**
 * The browser extension's packages, zipped per download for the origin they are downloaded from:
 * the build leaves each package's files with a stand-in for the site's origin under the static
 * assets (scripts/build-extension.ts); here they are read, the origin put in the scripts, and
 * zipped (client-zip: stored entries, CRC-32 computed as they pass). Whatever host and port serve
 * the site (PORT, a deployment's domain), its zips talk to that site and no other.
 */
import { makeZip } from "client-zip";
import { EXTENSION_ORIGIN_PLACEHOLDER, extensionTemplatePath, type ExtensionTarget, type ExtensionTemplate } from "../../../contract/extension";

/** A fixed time for every entry: the same package and origin always give the same bytes. */
const ENTRY_TIME = new Date("2024-01-01T00:00:00Z");
/** Zips made in this isolate, by target and origin (a site has one or two origins: a small bound). */
const made = new Map<string, Uint8Array>();
const MADE_MAX = 8;

const FILE_NAME = /^[a-z0-9][a-z0-9._/-]{0,80}$/;

function fromBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The package's files as the build left them, or null without a build. */
async function readTemplate(assets: Fetcher, origin: string, target: ExtensionTarget): Promise<ExtensionTemplate | null> {
  const res = await assets.fetch(new Request(new URL(extensionTemplatePath(target), origin)));
  // Without a build ASSETS answers index.html (single-page-application mode) or 404.
  if (!res.ok || !res.headers.get("content-type")?.includes("json")) {
    await res.body?.cancel();
    return null;
  }
  return (await res.json()) as ExtensionTemplate;
}

/** The package's zip for `origin`, or null when the build left no files for it. */
export async function extensionZip(assets: Fetcher, origin: string, target: ExtensionTarget): Promise<Uint8Array | null> {
  const key = `${target} ${origin}`;
  const cached = made.get(key);
  if (cached) return cached;
  const template = await readTemplate(assets, origin, target);
  if (!template) return null;
  const files = template.files
    .filter((f) => FILE_NAME.test(f.name) && !f.name.includes(".."))
    .map((f) => ({
      name: f.name,
      // Only the scripts name the site.
      input: f.text !== undefined ? (f.name.endsWith(".js") ? f.text.split(EXTENSION_ORIGIN_PLACEHOLDER).join(origin) : f.text) : fromBase64(f.base64 ?? ""),
      lastModified: ENTRY_TIME,
    }));
  const zip = new Uint8Array(await new Response(makeZip(files)).arrayBuffer());
  if (made.size >= MADE_MAX) made.delete(made.keys().next().value!);
  made.set(key, zip);
  return zip;
}
