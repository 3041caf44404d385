import { describe, expect, it } from "vitest";
import { identify } from "../../../lib/identify";
import {
  classifyDocument,
  classOfCrossrefType,
  classOfDoi,
  classOfUrl,
  contentTypeMisfit,
  docKeyFor,
  identifyRequest,
  looksLikeSolutionManual,
  titleKey,
  type DocClass,
} from "./content-type";

describe("classOfDoi", () => {
  const cases: [string, DocClass][] = [
    ["10.1007/978-3-030-12345-6", "book"],
    ["10.1007/978-3-030-12345-6_7", "chapter"],
    ["10.1002/9781119123456", "book"],
    ["10.1002/9781119123456.ch3", "chapter"],
    ["10.4324/9780203123456", "book"],
    ["10.1093/oso/9780198123456.001.0001", "book"],
    ["10.1093/oso/9780198123456.003.0004", "chapter"],
    ["10.1017/9781108123456", "book"],
    ["10.1109/ieeestd.2018.8457469", "standard"],
    ["10.1520/d0471-16", "standard"],
    ["10.3403/30284374", "standard"],
    ["10.1038/nature12373", "unknown"],
    ["10.1016/j.cell.2020.01.001", "unknown"],
    ["10.1103/physrevlett.116.061102", "unknown"],
  ];
  it.each(cases)("%s → %s", (doi, cls) => expect(classOfDoi(doi)).toBe(cls));
});

describe("classOfUrl", () => {
  const cases: [string, DocClass][] = [
    ["https://link.springer.com/book/10.1007/978-3-030-12345-6", "book"],
    ["https://link.springer.com/article/10.1007/s00123-020-01234-5", "article"],
    ["https://link.springer.com/chapter/10.1007/978-3-030-12345-6_7", "chapter"],
    ["https://www.sciencedirect.com/science/article/pii/S0000000000000000", "article"],
    ["https://www.sciencedirect.com/book/9780128123456/some-title", "book"],
    ["https://www.amazon.com/Some-Book/dp/0306406152", "book"],
    ["https://books.google.com/books?id=abc", "book"],
    ["https://arxiv.org/abs/2001.01234", "article"],
    ["https://standards.ieee.org/ieee/802.11/7028/", "standard"],
    ["https://www.astm.org/d0471-16.html", "standard"],
    ["https://example.com/some/page", "unknown"],
    ["not a url", "unknown"],
  ];
  it.each(cases)("%s → %s", (url, cls) => expect(classOfUrl(url)).toBe(cls));
});

describe("classifyDocument", () => {
  it("lets Crossref's type decide when it is known", () => {
    const ids = [identify("10.1007/978-3-030-12345-6")];
    expect(classifyDocument(ids, "journal-article")).toBe("article");
    expect(classifyDocument(ids, null)).toBe("book");
    expect(classifyDocument(ids, "dataset")).toBe("book");
  });

  it("reads ISBNs, arXiv, PubMed and PMC ids", () => {
    expect(classifyDocument([identify("ISBN 978-0-306-40615-7")])).toBe("book");
    expect(classifyDocument([identify("0306406152")])).toBe("book");
    expect(classifyDocument([identify("arXiv:2001.01234")])).toBe("article");
    expect(classifyDocument([identify("PMID: 12345678")])).toBe("article");
    expect(classifyDocument([identify("PMC1234567")])).toBe("article");
  });

  it("never classifies a plain title", () => {
    expect(classifyDocument([identify("Introduction to Algorithms, 3rd edition")])).toBe("unknown");
    expect(classifyDocument([identify("Deep residual learning for image recognition")])).toBe("unknown");
  });

  it("maps Crossref types", () => {
    expect(classOfCrossrefType("journal-article")).toBe("article");
    expect(classOfCrossrefType("proceedings-article")).toBe("article");
    expect(classOfCrossrefType("monograph")).toBe("book");
    expect(classOfCrossrefType("book-chapter")).toBe("chapter");
    expect(classOfCrossrefType("standard")).toBe("standard");
    expect(classOfCrossrefType("dissertation")).toBe("unknown");
    expect(classOfCrossrefType(null)).toBe("unknown");
  });
});

describe("contentTypeMisfit", () => {
  const cases: ["article" | "book" | "standard", DocClass, string | null][] = [
    ["book", "article", "articleSentAsBook"],
    ["book", "standard", "standardSentAsBook"],
    ["book", "book", null],
    ["book", "chapter", null],
    ["book", "unknown", null],
    ["standard", "article", "articleSentAsBook"],
    ["standard", "book", null],
    ["standard", "standard", null],
    ["article", "book", "bookSentAsArticle"],
    ["article", "standard", "standardSentAsArticle"],
    ["article", "chapter", null],
    ["article", "article", null],
    ["article", "unknown", null],
  ];
  it.each(cases)("%s request for a %s → %s", (as, cls, misfit) => expect(contentTypeMisfit(as, cls)).toBe(misfit));
});

describe("document keys", () => {
  it("groups the same DOI however it was written", () => {
    const a = docKeyFor(identifyRequest({ url: "https://doi.org/10.1038/NATURE12373" }).ids, "");
    const b = docKeyFor(identifyRequest({ url: "10.1038/nature12373" }).ids, "");
    const c = docKeyFor(identifyRequest({ url: "Some title I typed", doi: "doi:10.1038/nature12373" }).ids, "");
    expect(a).toBe("doi:10.1038/nature12373");
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it("groups ISBN-10 and ISBN-13 of one book", () => {
    expect(docKeyFor(identifyRequest({ url: "0-306-40615-2" }).ids, "")).toBe(docKeyFor(identifyRequest({ url: "978-0-306-40615-7" }).ids, ""));
  });

  it("folds titles: case, punctuation, spacing and Arabic letter variants", () => {
    const k1 = docKeyFor(identifyRequest({ url: "Introduction to Algorithms (3rd ed.)" }).ids, "");
    const k2 = docKeyFor(identifyRequest({ url: "  introduction   to algorithms 3rd ed" }).ids, "");
    expect(k1).toBe(k2);
    expect(k1.startsWith("title:")).toBe(true);
    expect(titleKey("كتاب علي")).toBe(titleKey("کتاب علی"));
    expect(docKeyFor(identifyRequest({ url: "Another book" }).ids, "")).not.toBe(k1);
  });
});

describe("looksLikeSolutionManual", () => {
  it.each([
    ["Solutions Manual for Engineering Mechanics: Dynamics", true],
    ["Instructor's Solution Manual - Calculus, 8th ed", true],
    ["Student Solutions to Physics", true],
    ["حل‌المسائل فیزیک هالیدی", true],
    ["حل المسائل مکانیک سیالات", true],
    ["Engineering Mechanics: Dynamics", false],
    ["A manual of solutions chemistry", false],
  ])("%s → %s", (title, expected) => expect(looksLikeSolutionManual(title)).toBe(expected));
});
