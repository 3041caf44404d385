import { describe, expect, it } from "vitest";
import { searchLinks } from "./search-links";

const none = { title: null, authors: [], isbns: [], doi: null, publisher: null, standard: null };

describe("searchLinks", () => {
  it("looks a book up by its ISBN where it has one", () => {
    const links = searchLinks({ ...none, title: "Introduction to Algorithms", isbns: ["9780262046305"], publisher: "MIT Press" }, "ISBN 978-0-262-04630-5");
    expect(links.map((l) => l.label)).toEqual(["Google Books", "Open Library", "WorldCat", "Crossref", "ناشر: MIT Press"]);
    expect(links[1]!.href).toBe("https://openlibrary.org/isbn/9780262046305");
    expect(links[2]!.href).toBe("https://search.worldcat.org/search?q=bn:9780262046305");
  });

  it("by title and first author otherwise, and a DOI at its publisher", () => {
    const links = searchLinks({ ...none, title: "Signals and Systems", authors: ["Oppenheim, A. V."], doi: "10.1000/x y" }, "");
    expect(links[0]!.href).toBe("https://www.google.com/search?tbm=bks&q=Signals%20and%20Systems%20Oppenheim%2C%20A.%20V.");
    expect(links.find((l) => l.label === "ناشر (DOI)")?.href).toBe("https://doi.org/10.1000/x y");
  });

  it("uses what the user typed when nothing was resolved, never a link as a title", () => {
    expect(searchLinks(none, "Convex Optimization Boyd")[0]!.href).toContain("Convex%20Optimization%20Boyd");
    expect(searchLinks(none, "https://example.org/some/page")).toEqual([]);
  });
});
