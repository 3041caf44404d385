import { describe, expect, it } from "vitest";
import { writeBibtex } from "./bibtex";
import { emptyCitation } from "./entry";
import { asciiWords, firstSignificantWord, readableStem } from "./slug";

describe("readable names from a reference", () => {
  it("folds to ASCII lower-case words", () => {
    expect(asciiWords("Sadasiván, Müller & Straße: Œuvre")).toEqual(["sadasivan", "muller", "strasse", "oeuvre"]);
    expect(asciiWords("یادگیری عمیق")).toEqual([]);
  });

  it("takes the title's first word that says something", () => {
    expect(firstSignificantWord("The Deep Learning of Things")).toBe("deep");
    expect(firstSignificantWord("On the 2 problems")).toBe("problems");
    expect(firstSignificantWord("")).toBe("");
  });

  it("names a file author-year-title, bounded, with no dangling word", () => {
    expect(readableStem({ author: "Müller, Jan", year: "2019", title: "Deep learning for sparse signals" })).toBe(
      "muller-2019-deep-learning-for-sparse-signals",
    );
    expect(readableStem({ author: null, year: null, title: null })).toBe("");
    const long = readableStem({ author: "Smith, A.", year: "2020", title: "a ".repeat(5) + "verylongwordthatgoesonandon ".repeat(8) }, 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toMatch(/^smith-2020-a-a-a-a-a(-[a-z]+)*$/);
  });
});

describe("BibTeX keys", () => {
  const cite = (over: Partial<ReturnType<typeof emptyCitation>>) => ({ ...emptyCitation(), ...over });
  it("are author-year-word, a letter after a second one, and the title's word and year without an author", () => {
    const out = writeBibtex([
      cite({ authors: ["Sadasivan, Shankar"], year: "2020", title: "Open access through Unpaywall" }),
      cite({ authors: ["Sadasivan, Shankar"], year: "2020", title: "Open questions" }),
      cite({ authors: [], year: "2021", title: "The anonymous report" }),
      cite({ authors: [], year: null, title: null }),
    ]);
    expect([...out.matchAll(/^@\w+\{([^,]+),/gm)].map((m) => m[1])).toEqual(["sadasivan2020open", "sadasivan2020opena", "anonymous2021", "ref"]);
  });
});
