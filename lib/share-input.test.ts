import { describe, expect, it } from "vitest";
import { shareInput } from "./share-input";

describe("shareInput", () => {
  it("nothing shared gives nothing", () => {
    expect(shareInput({})).toBeNull();
    expect(shareInput({ title: "  ", text: "", url: undefined })).toBeNull();
  });

  it("a page shared by the browser: its link, whatever the title says", () => {
    expect(shareInput({ title: "Deep learning | Nature", url: "https://www.nature.com/articles/nature14539" })).toBe(
      "https://www.nature.com/articles/nature14539",
    );
  });

  it("an identifier anywhere wins over a link without one", () => {
    expect(shareInput({ url: "https://example.org/blog/post", text: "see doi:10.1038/nature14539 for details" })).toBe(
      "see doi:10.1038/nature14539 for details",
    );
    expect(shareInput({ title: "arXiv:2101.01234", url: "https://example.org/" })).toBe("arXiv:2101.01234");
  });

  it("a selected DOI arrives as text", () => {
    expect(shareInput({ text: "10.1371/journal.pone.0033693" })).toBe("10.1371/journal.pone.0033693");
  });

  it("a link inside an app's text", () => {
    expect(shareInput({ title: "Read this", text: "Interesting read https://example.org/papers/42." })).toBe("https://example.org/papers/42");
  });

  it("a reference without identifier is started as text (the link box matches it)", () => {
    const ref = "LeCun Y, Bengio Y, Hinton G. Deep learning. Nature. 2015;521:436-444.";
    expect(shareInput({ title: "Notes", text: ref })).toBe(ref);
  });

  it("only a title: the title", () => {
    expect(shareInput({ title: "Attention is all you need" })).toBe("Attention is all you need");
  });

  it("clips each field to the link box's limit", () => {
    expect(shareInput({ text: "x".repeat(5000) })!.length).toBe(2000);
  });
});
