import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PDFJS_BUDGET_HOOK, PDFJS_BUDGET_MARK } from "../queue-consumer/pdf-budget";
import { patchPdfjs, pdfjsBudget } from "./pdfjs-budget-plugin";

const source = readFileSync(fileURLToPath(import.meta.resolve("unpdf/pdfjs")), "utf8");

describe("the pdf.js budget patch", () => {
  it("adds a budget call at each place pdf.js grows, and marks the module", () => {
    const out = patchPdfjs(source);
    expect(out.split(`globalThis.${PDFJS_BUDGET_HOOK}?.(`).length - 1).toBe(9);
    expect(out).toContain(`globalThis.${PDFJS_BUDGET_MARK}=true;`);
  });

  it("the Vite plugin patches unpdf's pdf.js and nothing else", () => {
    const plugin = pdfjsBudget();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    expect(transform(source, "/repo/node_modules/unpdf/dist/pdfjs.mjs")?.code).toContain(PDFJS_BUDGET_MARK);
    expect(transform("export const x = 1;", "/repo/worker/index.ts")).toBeNull();
  });

  it("a pdf.js whose code changed fails the build rather than run without its budget", () => {
    expect(() => patchPdfjs(source.replace("ensureBuffer(", "growBuffer("))).toThrow(/ensureBuffer/);
  });
});
