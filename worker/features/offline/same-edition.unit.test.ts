import { describe, expect, it } from "vitest";
import type { RequestMeta } from "../../../contract/offline";
import { citationParts, editionOf, isbnsIn, surnameOf } from "./citation-parts";
import { chooseGroup, compareEditions, lookupKeys, signatureOf, type Verdict } from "./same-edition";
import { findStandard, parseStandard, standardKeyOf } from "./standard-number";

describe("editionOf", () => {
  it.each([
    ["4th ed.", 4],
    ["4th edition", 4],
    ["4th Ed", 4],
    ["4 ed", 4],
    ["Fourth edition", 4],
    ["fourth ed.", 4],
    ["ed. 4", 4],
    ["Ed.4", 4],
    ["edition 4", 4],
    ["4e", 4],
    ["4/e", 4],
    ["4th International Edition", 4],
    ["2nd revised ed.", 2],
    ["چاپ چهارم", 4],
    ["ویرایش دوم", 2],
    ["ویراست ۳", 3],
    ["چاپ ۱۰", 10],
    ["4. Auflage", 4],
    ["quatrième édition", 4],
    ["cuarta edición", 4],
    ["Tenth Edition", 10],
    ["11th ed", 11],
  ])("%s → %i", (text, n) => expect(editionOf(text)).toBe(n));

  it.each(["Introduction to Algorithms", "version 4e5", "Editor: J. Smith", "Windows 10", "Ed Sheeran songbook", "e4 chess openings"])(
    "no edition in %s",
    (text) => expect(editionOf(text)).toBeNull(),
  );
});

describe("isbnsIn", () => {
  it("reads ISBN-10 and ISBN-13 with hyphens, spaces, labels and Persian digits, as ISBN-13", () => {
    expect(isbnsIn("ISBN 0-262-04630-X and 978-0-262-03384-8")).toEqual(["9780262046305", "9780262033848"]);
    expect(isbnsIn("isbn: 026204630X")).toEqual(["9780262046305"]);
    expect(isbnsIn("۹۷۸۰۲۶۲۰۴۶۳۰۵")).toEqual(["9780262046305"]);
    expect(isbnsIn("978 0 262 04630 5")).toEqual(["9780262046305"]);
  });
  it("ignores numbers that only look like one: a bad check digit, an unlabelled 10-digit number, a phone", () => {
    expect(isbnsIn("9780262046306")).toEqual([]);
    expect(isbnsIn("call 0262033844 tomorrow")).toEqual([]);
    expect(isbnsIn("09121234567")).toEqual([]);
  });
});

describe("citationParts", () => {
  it.each([
    ["Introduction to Algorithms, 4th edition, Cormen…", "Introduction to Algorithms", ["cormen"], 4],
    ["Cormen T.H. et al. – introduction to algorithms (4th ed.)", "introduction to algorithms", ["cormen"], 4],
    ["Oppenheim, A. V., Willsky, A. S. Signals and Systems, 2nd ed., Prentice Hall, 1997.", "Signals and Systems", ["oppenheim", "willsky"], 2],
    ["Stewart, James. Calculus: Early Transcendentals. 8th ed., Cengage Learning, 2015.", "Calculus: Early Transcendentals", ["stewart", "james"], 8],
    ["Gonzalez & Woods, Digital Image Processing, ed. 4, Pearson 2018", "Digital Image Processing", ["gonzalez", "woods"], 4],
    ["Engineering Mechanics: Dynamics (14th Edition) by R.C. Hibbeler", "Engineering Mechanics: Dynamics", ["hibbeler"], 14],
    ["Numerical Recipes: The Art of Scientific Computing 3e", "Numerical Recipes: The Art of Scientific Computing", [], 3],
  ])("%s", (text, title, surnames, edition) => {
    const p = citationParts(text);
    expect(p.title).toBe(title);
    expect(p.authors.map(surnameOf)).toEqual(surnames);
    expect(p.edition).toBe(edition);
  });

  it("reads year and publisher and leaves links alone", () => {
    expect(citationParts("introduction to algorithms (MIT Press, 2009)")).toMatchObject({ year: 2009, publisher: "MIT Press" });
    expect(citationParts("https://example.org/book/123").title).toBeNull();
  });
});

describe("standard numbers", () => {
  it.each([
    ["ASTM D638-14", "std:astm d638:2014"],
    ["ASTM D 638 – 14", "std:astm d638:2014"],
    ["astm d638-2014", "std:astm d638:2014"],
    ["ASTM D638-14a", "std:astm d638:2014a"],
    ["ASTM D638", "std:astm d638"],
    ["ISO 527-2:2012", "std:iso 527-2:2012"],
    ["ISO 527-2 (2012)", "std:iso 527-2:2012"],
    ["iso 527-2 2012", "std:iso 527-2:2012"],
    ["ISO 9001-2015", "std:iso 9001:2015"],
    ["IEEE Std 802.11-2020", "std:ieee 802.11:2020"],
    ["ISO/IEC 27001:2013", "std:iso/iec 27001:2013"],
    ["DIN 1055-100", "std:din 1055-100"],
    ["BS EN 1992-1-1:2004", "std:bs en 1992-1-1:2004"],
  ])("%s → %s", (text, key) => expect(standardKeyOf(parseStandard(text)!)).toBe(key));

  it("finds one inside a longer text, and not in ordinary words", () => {
    expect(standardKeyOf(findStandard("ASTM D638-14 Standard Test Method for Tensile Properties of Plastics")!)).toBe("std:astm d638:2014");
    expect(findStandard("such as 2 weeks")).toBeNull();
    expect(findStandard("Plastics tensile test")).toBeNull();
  });
});

const meta = (m: Partial<RequestMeta>): RequestMeta => ({
  title: null,
  authors: [],
  edition: null,
  year: null,
  publisher: null,
  cover: null,
  isbns: [],
  doi: null,
  standard: null,
  source: "typed",
  ...m,
});
const typed = (text: string, extra: Partial<RequestMeta> = {}, solution = false) => {
  const p = citationParts(text);
  return signatureOf(
    meta({ title: p.title, authors: p.authors, edition: p.edition, isbns: isbnsIn(text), standard: findStandard(text) ? text : null, ...extra }),
    solution,
  );
};
const kind = (v: Verdict) => (v.kind === "same" ? `same:${v.basis}` : v.kind);

describe("compareEditions", () => {
  it.each([
    ["Introduction to Algorithms, 4th edition, Cormen…", "Cormen T.H. et al. – introduction to algorithms (4th ed.)", "same:title"],
    ["Introduction to Algorithms, 4th edition", "INTRODUCTION TO ALGORITHMS Fourth Edition", "same:title"],
    ["Introduction to Algorithms ed. 4", "Introduction to Algorithms چاپ چهارم", "same:title"],
    ["Introduction to Algorithms, 4th edition", "Introduction to Algorithms, 3rd edition", "different"],
    ["Introduction to Algorithms by Thomas H. Cormen", "Introduction to Algorithms, 3rd edition", "same:title_no_edition"],
    ["Fundamentals of Physics Halliday Resnick 10th edition", "Halliday, Resnick, Walker - Fundamentals of Physics, Tenth Edition (Wiley)", "same:title"],
    ["Fundamentals of Physics Extended, 10th Edition", "Halliday, Resnick, Walker - Fundamentals of Physics, Tenth Edition (Wiley)", "maybe"],
    ["Signals and Systems Continuous and Discrete", "Signals & Systems (2nd Edition) by Alan V. Oppenheim", "maybe"],
    ["Calculus, 8th edition, Stewart", "Calculus, 8th edition, Spivak", "different"],
    ["ISBN 978-0-262-04630-5", "0-262-04630-X", "same:isbn"],
    ["ISBN 978-0-262-04630-5", "ISBN 978-0-262-03384-8", "different"],
    ["ASTM D638-14", "ASTM D 638 – 14", "same:standard"],
    ["ASTM D638-14", "ASTM D638-22", "different"],
    ["ASTM D638", "ASTM D638-22", "same:standard_no_year"],
    ["ISO 527-2:2012", "ISO 527-1:2012", "different"],
  ])("%s · %s → %s", (a, b, verdict) => expect(kind(compareEditions(typed(a), typed(b)))).toBe(verdict));

  it("a solution manual is never the book, whatever the title", () => {
    expect(compareEditions(typed("Introduction to Algorithms 4th ed."), typed("Introduction to Algorithms 4th ed.", {}, true)).kind).toBe("different");
  });

  it("two ISBNs of one edition (hardback, e-book) are the same only when title and edition say so", () => {
    const hard = signatureOf(meta({ title: "Linear Algebra Done Right", edition: 3, authors: ["Sheldon Axler"], isbns: ["9783319110790"] }), false);
    const ebook = signatureOf(meta({ title: "Linear Algebra Done Right", edition: 3, authors: ["Axler, S."], isbns: ["9783319110806"] }), false);
    const unknown = signatureOf(meta({ isbns: ["9783319110806"] }), false);
    expect(kind(compareEditions(hard, ebook))).toBe("same:title");
    expect(kind(compareEditions(hard, signatureOf(meta({ isbns: ["9780262046305"] }), false)))).toBe("different");
    expect(kind(compareEditions(ebook, unknown))).toBe("same:isbn");
  });

  it("lookup keys: every ISBN, the DOI, the standard without its year, the title's first words", () => {
    expect(lookupKeys(typed("ISBN 978-0-262-04630-5 Introduction to Algorithms"))).toEqual(["isbn:9780262046305", "tp:introduction algorithms"]);
    expect(lookupKeys(typed("ASTM D638-14"))).toContain("std:astm d638");
  });
});

describe("chooseGroup", () => {
  const same = (basis: "isbn" | "title" | "title_no_edition") => ({ kind: "same", basis }) as const;
  it("joins the surest group whose members all agree", () => {
    expect(
      chooseGroup([
        { groupKey: "g:a", createdAt: 3, verdict: same("title_no_edition") },
        { groupKey: "g:b", createdAt: 1, verdict: same("isbn") },
        { groupKey: "g:c", createdAt: 2, verdict: same("isbn") },
        { groupKey: "g:c", createdAt: 2, verdict: { kind: "different" } },
      ]),
    ).toEqual({ groupKey: "g:b", basis: "isbn" });
    expect(chooseGroup([{ groupKey: "g:a", createdAt: 1, verdict: { kind: "maybe" } }])).toBeNull();
  });
});
