import { describe, expect, it } from "vitest";
import { hostileCitationInputs, nestedStringBib } from "../../tests/fuzz/hostile-citations";
import { CITATION_BUDGET, CitationBudgetError, detectFormat, parseCitations } from "./index";

describe("reading-list readers' budget", () => {
  it("the nested-@string bomb is refused before its text is built", () => {
    expect(() => parseCitations(nestedStringBib(1900), "bibtex")).toThrow(CitationBudgetError);
  });

  it("a macro used within the budget still expands (a long journal name used by many entries)", () => {
    const bib =
      `@string{j = "Journal of Very Long Names in Applied Everything"}\n` +
      Array.from({ length: 300 }, (_, i) => `@article{k${i}, title = {T ${i}}, journal = j}`).join("\n");
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

  it("a CSL-JSON file of 700,000 empty objects (2 MB, two levels) is refused before JSON.parse builds them (~76 MB in workerd)", () => {
    const flat = `[${"{},".repeat(690_000)}{}]`;
    expect(() => parseCitations(flat, "csljson", { maxEntries: 500 })).toThrow(expect.objectContaining({ reason: "values" }));
  });

  it("a CSL-JSON list of 500 references with their names and fields is read", () => {
    const items = Array.from({ length: 500 }, (_, i) => ({
      id: `r${i}`,
      type: "article-journal",
      title: `T ${i}`,
      DOI: `10.5555/x-${i}`,
      author: Array.from({ length: 20 }, (_, a) => ({ family: `F${a}`, given: "G" })),
      issued: { "date-parts": [[2020, 1, 1]] },
    }));
    expect(parseCitations(JSON.stringify(items), "csljson", { maxEntries: 500 })).toHaveLength(500);
  });
});
