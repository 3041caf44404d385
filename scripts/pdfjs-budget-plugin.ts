/**
 * A build step that makes pdf.js count what a hostile PDF asks it to build
 * (queue-consumer/pdf-budget.ts says why and what the budget is). pdf.js ships minified inside
 * unpdf and offers no limit of its own, so each place it grows gets one call to the read's budget
 * (a global set by withPdfBudget for the read in progress; absent, the call does nothing):
 *
 * - DecodeStream.ensureBuffer: every decoding filter grows its output here (capacity added);
 * - the DecompressionStream path of Flate and Brotli streams: each chunk (twice: the chunks and
 *   their joined copy are both held);
 * - CMap ranges and single mappings, a CID font's /W and /W2 width ranges, and the entries of an
 *   XRef stream: a loop over a range the file only names (entries).
 *
 * Each pattern must match exactly as often as listed, else the build fails: an unpdf upgrade that
 * changes the code is caught here, not by a PDF in production. Used by vite.config.ts (the
 * Worker's build and dev server) and vitest.config.ts (the worker project; the unit project loads
 * the same patched code from writeBudgetedPdfjs()); scripts run by tsx call useBudgetedPdfjs().
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { definePDFJSModule } from "unpdf";
import type { Plugin } from "vite";
import { PDFJS_BUDGET_HOOK, PDFJS_BUDGET_MARK } from "../queue-consumer/pdf-budget.ts";

const PDFJS_MODULE = /[\\/]unpdf[\\/]dist[\\/]pdfjs\.mjs(?:\?.*)?$/;
const call = (kind: "decoded" | "entries", amount: string) => `globalThis.${PDFJS_BUDGET_HOOK}?.(${JSON.stringify(kind)},${amount})`;

type Patch = { name: string; pattern: RegExp; count: number; replace: (m: string, ...groups: string[]) => string };

const PATCHES: Patch[] = [
  {
    name: "DecodeStream.ensureBuffer",
    pattern: /(ensureBuffer\((\w+)\)\{let (\w+)=this\.buffer;if\(\2<=\3\.byteLength\)return \3;let (\w+)=this\.minBufferLength;for\(;\4<\2;\)\4\*=2;)/g,
    count: 1,
    replace: (m, _all, _e, t, n) => `${m}${call("decoded", `${n}-${t}.byteLength`)};`,
  },
  {
    name: "asyncGetBytesFromDecompressionStream chunks",
    pattern: /for await\(let (\w+) of (\w+)\)(\w+)\.push\(\1\),/g,
    count: 1,
    replace: (m, e) => `${m}${call("decoded", `2*${e}.byteLength`)},`,
  },
  {
    name: "CMap ranges",
    pattern: /(map(?:CidRange|BfRange|BfRangeToArray))\((\w+),(\w+),(\w+)\)\{if\(\3-\2>\w+\)throw Error\(`\1 - ignoring data above MAX_MAP_RANGE\.`\);/g,
    count: 3,
    replace: (m, _name, low, high) => `${m}${call("entries", `${high}-${low}+1`)};`,
  },
  {
    name: "CMap.mapOne",
    pattern: /mapOne\((\w+),(\w+)\)\{(?=this\._map\[\1\]=\2\})/g,
    count: 1,
    replace: (m) => `${m}${call("entries", "1")};`,
  },
  {
    name: "font widths ranges (/W, /W2)",
    pattern: /continue;for\(let (\w+)=(\w+);\1<=(\w+);\1\+\+\)/g,
    count: 2,
    replace: (m, _e, from, to) => `continue;${call("entries", `${to}-${from}+1`)};${m.slice("continue;".length)}`,
  },
  {
    name: "XRef stream entries",
    pattern: /(Invalid XRef entry fields length: \$\{\w+\}, \$\{(\w+)\}`\);)for\(let (\w+)=(\w+)\.entryNum;\3<\2;\+\+\3\)/g,
    count: 1,
    replace: (m, head, count, _a, state) => `${head}${call("entries", `${count}-${state}.entryNum`)};${m.slice(head.length)}`,
  },
];

/** The module's code with every budget call added (throws when a pattern is not found as often as expected). */
export function patchPdfjs(code: string): string {
  let out = code;
  for (const p of PATCHES) {
    const found = [...out.matchAll(p.pattern)].length;
    if (found !== p.count)
      throw new Error(
        `pdfjs budget: "${p.name}" found ${found} times in unpdf's pdf.js, expected ${p.count}; update scripts/pdfjs-budget-plugin.ts for this pdf.js`,
      );
    out = out.replace(p.pattern, p.replace as (m: string, ...a: unknown[]) => string);
  }
  return `${out}\nglobalThis.${PDFJS_BUDGET_MARK}=true;\n`;
}

/** Patches unpdf's pdf.js wherever Vite loads it (kept out of dependency pre-bundling, which skips plugins). */
export function pdfjsBudget(): Plugin {
  return {
    name: "daryaft-pdfjs-budget",
    enforce: "pre",
    configEnvironment(name) {
      if (name !== "client") return { optimizeDeps: { exclude: ["unpdf"] } };
    },
    transform(code, id) {
      if (!PDFJS_MODULE.test(id)) return null;
      return { code: patchPdfjs(code), map: null };
    },
  };
}

/**
 * unpdf's pdf.js patched the same way, as a file in the system's temporary folder (named by its
 * content, written once): for Node, which imports it natively, far faster than through Vite's
 * transform (the unit tests alias `unpdf/pdfjs` to it) and for scripts run by tsx (below).
 */
export function writeBudgetedPdfjs(): string {
  const patched = patchPdfjs(readFileSync(fileURLToPath(import.meta.resolve("unpdf/pdfjs")), "utf8"));
  const dir = path.join(os.tmpdir(), "daryaft-pdfjs");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pdfjs-${createHash("sha256").update(patched).digest("hex").slice(0, 16)}.mjs`);
  if (!existsSync(file)) writeFileSync(file, patched);
  return file;
}

/** For scripts run by tsx (no Vite): hands unpdf the patched pdf.js. The reader refuses an unpatched one. */
export async function useBudgetedPdfjs(): Promise<void> {
  const file = writeBudgetedPdfjs();
  await definePDFJSModule(() => import(pathToFileURL(file).href));
}
