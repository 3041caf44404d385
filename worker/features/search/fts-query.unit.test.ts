import { describe, expect, it } from "vitest";
import { buildMatch, facetTag, filterTags, isbnQuery, keywordExpression, quote, tokenize, yearRangeTags } from "./fts-query";
import { bookSearchMatch, standardSearchMatch, thesisSearchMatch } from "./matches";

const COLS = ["title", "authors"] as const;

describe("tokenize", () => {
  it.each([
    ["Deep  Learning", ["deep", "learning"]],
    ["C++ & Java", ["c", "java"]],
    ['title:x OR "y" NEAR(z) -w*', ["title", "x", "or", "y", "near", "z", "w"]],
    ["ISO 9001:2015", ["iso", "9001", "2015"]],
    ["سال ۱۴۰۲ و ٢٠٢٣", ["سال", "1402", "و", "2023"]],
    ["Schrödinger's cat", ["schrödinger", "s", "cat"]],
    ["!!! ??? ---", []],
  ])("%s", (input, tokens) => {
    expect(tokenize(input)).toEqual(tokens);
  });
});

describe("keywordExpression", () => {
  it("ANDs the tokens for all words, ORs them for any word, makes one phrase for exact", () => {
    expect(keywordExpression("heat transfer", "all", COLS)).toBe('{title authors} : ("heat" AND "transfer")');
    expect(keywordExpression("heat transfer", "any", COLS)).toBe('{title authors} : ("heat" OR "transfer")');
    expect(keywordExpression("heat transfer", "exact", COLS)).toBe('{title authors} : "heat transfer"');
  });

  it("drops stopwords from all/any but keeps them in a phrase", () => {
    expect(keywordExpression("Introduction to the Algorithms", "all", COLS)).toBe('{title authors} : ("introduction" AND "algorithms")');
    expect(keywordExpression("introduction to algorithms", "exact", COLS)).toBe('{title authors} : "introduction to algorithms"');
  });

  it("keeps stopwords when they are all there is, and removes repeated words", () => {
    expect(keywordExpression("the of", "all", COLS)).toBe('{title authors} : ("the" AND "of")');
    expect(keywordExpression("graph graph theory", "any", COLS)).toBe('{title authors} : ("graph" OR "theory")');
  });

  it("never lets user text become FTS5 syntax", () => {
    const expr = keywordExpression('x" OR tags:t1 OR "y', "all", COLS)!;
    expect(expr).toBe('{title authors} : ("x" AND "tags" AND "t1" AND "y")');
    expect(expr).not.toMatch(/ OR /);
  });

  it("returns null when nothing searchable is left", () => {
    expect(keywordExpression("  -- ** ", "all", COLS)).toBeNull();
  });

  it("caps the number of tokens", () => {
    const many = Array.from({ length: 30 }, (_, i) => `w${i}`).join(" ");
    expect(keywordExpression(many, "any", COLS)!.match(/"w\d+"/g)).toHaveLength(12);
  });
});

describe("quote", () => {
  it("doubles quotes inside FTS5 strings", () => {
    expect(quote('a"b')).toBe('"a""b"');
  });
});

describe("yearRangeTags", () => {
  it.each([
    [2015, 2015, ["y2015"]],
    [2010, 2019, ["d201"]],
    [1990, 2024, ["d199", "d200", "d201", "y2020", "y2021", "y2022", "y2023", "y2024"]],
    [1987, 1992, ["y1987", "y1988", "y1989", "y1990", "y1991", "y1992"]],
    [1900, 2005, ["c19", "y2000", "y2001", "y2002", "y2003", "y2004", "y2005"]],
    [2021, 2019, []],
  ])("%i-%i", (from, to, tags) => {
    expect(yearRangeTags(from, to)).toEqual(tags);
  });

  it("is null without a range and open-ended with one bound", () => {
    expect(yearRangeTags(undefined, undefined)).toBeNull();
    expect(yearRangeTags(2090, undefined)).toEqual(["d209", "y2100"]);
    const upTo = yearRangeTags(undefined, 1010)!;
    expect(upTo).toEqual(["d100", "y1010"]);
  });

  it("covers exactly the years of the range, each once", () => {
    for (const [from, to] of [
      [1950, 2025],
      [1999, 2001],
      [1000, 1234],
      [1899, 2100],
    ] as const) {
      const years = yearRangeTags(from, to)!.flatMap((t) => {
        const n = Number(t.slice(1));
        if (t[0] === "y") return [n];
        const size = t[0] === "d" ? 10 : 100;
        return Array.from({ length: size }, (_, i) => n * size + i);
      });
      expect(years).toEqual(Array.from({ length: to - from + 1 }, (_, i) => from + i));
    }
  });
});

describe("filterTags and facetTag", () => {
  it("combines a type with the year tags into one group", () => {
    expect(filterTags("t3", ["d199", "y2000"])).toEqual([["t3d199", "t3y2000"]]);
    expect(filterTags("f1", null)).toEqual([["f1"]]);
    expect(filterTags(null, ["y2015"])).toEqual([["y2015"]]);
    expect(filterTags(null, null)).toEqual([]);
  });

  it("spells facet values as the SQL views do", () => {
    expect(facetTag("o", "ISO/IEC JTC 1")).toBe("oisoiecjtc1");
    expect(facetTag("o", "MIL-STD")).toBe("omilstd");
    expect(facetTag("p", "Materials Science and Engineering")).toBe("pmaterialsscienceandengineering");
    expect(facetTag("l", "English")).toBe("lenglish");
  });
});

describe("isbnQuery", () => {
  it.each([
    ["978-0-262-03384-8", "9780262033848"],
    ["9780262033848", "9780262033848"],
    ["0-262-03384-4", "9780262033848"],
    ["۹۷۸۰۲۶۲۰۳۳۸۴۸", "9780262033848"],
    ["978-0-262-03384-9", null],
    ["deep learning", null],
  ])("%s", (input, isbn) => {
    expect(isbnQuery(input)).toBe(isbn);
  });
});

describe("buildMatch", () => {
  it("searches the isbn column for an ISBN typed as the whole query", () => {
    expect(buildMatch({ keywords: "978-0-262-03384-8", match: "all", columns: ["title", "isbn"] })).toBe('(isbn : "9780262033848")');
  });

  it("ANDs each tag group", () => {
    expect(buildMatch({ keywords: "steel", match: "all", columns: COLS, tagGroups: [["t2"], null, ["oiso", "oastm"]] })).toBe(
      '({title authors} : ("steel")) AND tags : ("t2") AND tags : ("oiso" OR "oastm")',
    );
  });

  it("matches nothing for an empty range and nothing at all without tokens", () => {
    expect(buildMatch({ keywords: "steel", match: "all", columns: COLS, tagGroups: [[]] })).toBeNull();
    expect(buildMatch({ keywords: "...", match: "all", columns: COLS })).toBeNull();
  });
});

describe("request -> MATCH", () => {
  it("book search: source and years as combined tags", () => {
    expect(bookSearchMatch({ keywords: "concrete", type: "all", search_from: "report", year_from: 2010, year_to: 2011 })).toBe(
      '({title authors publisher isbn standard_number keywords} : ("concrete")) AND tags : ("t3y2010" OR "t3y2011")',
    );
    expect(bookSearchMatch({ keywords: "concrete", type: "any", search_from: "all" })).toBe(
      '({title authors publisher isbn standard_number keywords} : ("concrete"))',
    );
    expect(bookSearchMatch({ keywords: "concrete", type: "all", search_from: "free" })).toContain('tags : ("f1")');
  });

  it("standard search: standards only, organisation as its own group", () => {
    expect(standardSearchMatch({ keywords: "9001", type: "all", organization: "ISO" })).toBe(
      '({title standard_number keywords} : ("9001")) AND tags : ("t2") AND tags : ("oiso")',
    );
  });

  it("thesis search: department, language and years", () => {
    expect(thesisSearchMatch({ keywords: "robot", department: "Computer Science", language: "English", year_from: 2020, year_to: 2020 })).toBe(
      '({title author abstract department} : ("robot")) AND tags : ("pcomputerscience") AND tags : ("lenglish") AND tags : ("y2020")',
    );
  });
});
