/**
 * The PDF reader within its budget, counted inside pdf.js (pdf-budget.ts, patched in by
 * scripts/pdfjs-budget-plugin.ts, which this project's Vite config applies as the Worker's build
 * does): every hostile PDF of tests/fuzz/hostile-pdfs.ts is refused as unreadable, whatever way
 * its filters are written, and a real paper still reads.
 */
import { describe, expect, it } from "vitest";
import { hostilePdfs } from "../tests/fuzz/hostile-pdfs";
import { buildPdf } from "../tests/fakes/providers/_shared";
import { checkPdfText } from "./check-pdf";
import { PdfBombError, pdfjsIsBudgeted, withPdfBudget } from "./pdf-budget";
import { extractLeadingText } from "./pdf-text";

describe("a PDF read within its budget", () => {
  for (const h of hostilePdfs()) {
    it(`refuses: ${h.name}`, { timeout: 30_000 }, async () => {
      const pdf = h.pdf();
      expect(pdf.byteLength).toBeLessThan(2 * 1024 * 1024);
      await expect(extractLeadingText(pdf)).rejects.toBeInstanceOf(PdfBombError);
    });
  }

  it("a refused file is unreadable to the verifier (never stored)", async () => {
    const [flate] = hostilePdfs();
    const check = await checkPdfText(flate!.pdf(), { doi: "10.5555/x", title: "A title" }, true);
    expect(check).toMatchObject({ accept: false, reason: "unreadable" });
    expect(check.detail).toMatch(/PdfBombError|decode past/);
  });

  it("a page within the budget reads, and the pdf.js this project loads is the budgeted one", async () => {
    const bytes = buildPdf(["Glacier retreat measured by drones", "doi:10.5555/abc-12"]);
    const { pages } = await extractLeadingText(bytes);
    expect(pages[0]!.map((l) => l.text).join(" ")).toContain("10.5555/abc-12");
    expect(pdfjsIsBudgeted()).toBe(true);
  });

  it("the budget ends the read however pdf.js handles the first refusal, and a reversed range gives nothing back", async () => {
    const calls = (hook: (kind: string, n: number) => void) => {
      hook("entries", -5_000_000);
      try {
        hook("entries", 10);
      } catch {
        // pdf.js may swallow it
      }
      return "read";
    };
    const hook = () => (globalThis as unknown as Record<string, (k: string, n: number) => void>).__daryaftPdfBudget!;
    await expect(withPdfBudget({ decodedBytes: 100, mapEntries: 5 }, async () => calls(hook()))).rejects.toBeInstanceOf(PdfBombError);
    expect((globalThis as Record<string, unknown>).__daryaftPdfBudget).toBeUndefined();
  });
});
