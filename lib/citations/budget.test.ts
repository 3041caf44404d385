import { describe, expect, it } from "vitest";
import { hostileCitationInputs, nestedStringBib } from "../../tests/fuzz/hostile-citations";
import { CITATION_BUDGET, CitationBudgetError, detectFormat, parseCitations } from "./index";

describe("reading-list readers' budget", () => {
  it("the nested-@string bomb is refused before its text is built", () => {
    expect(() => parseCitations(nestedStringBib(1900), "bibtex")).toThrow(CitationBudgetError);
  });

  it("a macro used within the budget still expands (a long journal name used by many entries)", () => {
    const bib = `@string{j = "Journal of Very Long Names in Applied Everything"}\n` + Array.from({ length: 300 }, (_, i) => `@article{k${i}, title = {T ${i}}, journal = j}`).join("\n");
    const list = parseCitations(bib, "bibtex");
    expect(list).toHaveLength(300);
    expect(list[299]!.container).toBe("Journal of Very Long Names in Applied Everything");
  });

  it("every hostile list is refused with a budget error or read to at most one entry past the limit, each field cut to what is stored", () => {
    for (const h of hostileCitationInputs()) {
      let out;
      try {
        out = parseCitations(h.text, detectFormat(h.text, h.filename), { maxEntries: 500 });
      } catch (e) {
        if (e instanceof CitationBudgetError) continue;
        if ((e as Error).constructor.name === "CitationParseError") continue;
        throw new Error(`${h.name}: ${String(e)}`);
      }
      expect(out.length, h.name).toBeLessThanOrEqual(501);
      for (const c of out) {
        expect(c.authors.length, h.name).toBeLessThanOrEqual(CITATION_BUDGET.maxAuthors);
        for (const v of [c.title, c.text, c.container, c.url]) expect((v ?? "").length, h.name).toBeLessThanOrEqual(CITATION_BUDGET.maxStoredChars);
      }
    }
  });

  it("nested accents deeper than the reader goes keep their letters, without recursing", () => {
    const [c] = parseCitations(`@article{k, title = {${"\\'{".repeat(500)}e${"}".repeat(500)}}}`, "bibtex");
    expect(c!.title).toMatch(/[eé]/);
  });
});
