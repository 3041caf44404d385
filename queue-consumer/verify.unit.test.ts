import { describe, expect, it } from "vitest";
import { buildPdf, buildScannedPdf, otherPaperLines } from "../tests/fakes/providers/_shared";
import { extractLeadingText, plainText } from "./pdf-text";
import { makePdf } from "../tests/fakes/pdf-builder";
import { decide, significantWords, verifyPages, verifyText } from "./verify";

const title = "Glacier retreat measured by drones in the Alps: a ten-year record";

describe("verifyText (the matcher)", () => {
  it("finds the DOI whatever the case, spacing or line break inside it", () => {
    expect(verifyText("Journal of Ice\nhttps://doi.org/10.5555/ABC-12\nGlacier", { doi: "10.5555/abc-12", title: null }).kind).toBe("doi_on_page");
    expect(verifyText("Journal of Ice, some words to have text. doi: 10.5555/\nabc-\n12", { doi: "10.5555/abc-12", title: null }).kind).toBe("doi_on_page");
  });

  it("finds the arXiv id without its version, and the PMCID", () => {
    expect(verifyText("arXiv:2101.01234v3 [cs.LG] 3 Feb 2021", { doi: null, title: null, arxiv: "2101.01234v1" }).kind).toBe("doi_on_page");
    expect(
      verifyText("Author manuscript; available in PMC 2020 May 01. PMCID: PMC9000007", { doi: "10.5555/x-1", title: null, pmcid: "PMC9000007" }).kind,
    ).toBe("doi_on_page");
  });

  it("accepts most of the title's significant words, with hyphenation at a line end and accents folded", () => {
    const page = "Glacier re-\ntreat measured by drones in the Alps: a ten year record\nJ. Müller, A. Rossi";
    expect(verifyText(page, { doi: "10.9999/not-printed", title })).toMatchObject({ kind: "title" });
    expect(verifyText("Über die Gletscher der Alpen und ihre Vermessung", { doi: null, title: "Uber die Gletscher der Alpen" }).kind).toBe("title");
  });

  it("calls another paper's page a mismatch, even one sharing a few words", () => {
    const other = "Glacier lakes and zooplankton: seasonal dynamics in alpine lakes. Abstract. We sampled communities over three summers.";
    expect(verifyText(other, { doi: "10.5555/abc-12", title }).kind).toBe("mismatch");
    expect(verifyText(otherPaperLines(7).join("\n"), { doi: "10.5555/wrong-first-7", title: "Glacier retreat measured by drones: test article 7" }).kind).toBe(
      "mismatch",
    );
  });

  it("does not take a longer DOI for ours (10.5555/abc-1 is not on a page showing 10.5555/abc-12)", () => {
    const page = "doi 10.5555/abc-12 Another study of something unrelated entirely";
    expect(verifyText(page, { doi: "10.5555/abc-1", title }).kind).toBe("mismatch");
    expect(verifyText(page, { doi: "10.5555/abc-12", title: null }).kind).toBe("doi_on_page");
    expect(verifyText("see 2101.012345 and more words on the page here", { doi: null, title, arxiv: "2101.01234" }).kind).toBe("mismatch");
  });

  it("reads up to three pages, stopping once the pages settle it", async () => {
    const page = (line: string) => ({ text: [line, "Some more words on this page to make it text."] });
    const bytes = makePdf({ pages: [page("Cover sheet"), page("Terms of use"), page("doi 10.5555/abc-12"), page("Page four")] });
    expect((await extractLeadingText(bytes)).pages).toHaveLength(3);
    const settled = await extractLeadingText(bytes, undefined, (pages) => verifyPages(pages, { doi: "10.5555/abc-12", title: null }).kind === "doi_on_page");
    expect(settled.pages).toHaveLength(3);
    const first = await extractLeadingText(bytes, undefined, () => true);
    expect(first.pages).toHaveLength(1);
  });

  it("an identifier alone does not verify a page that shows another title (hidden text, a citation)", () => {
    expect(verifyText("Journal of Ice\nhttps://doi.org/10.5555/ABC-12\nGlacier", { doi: "10.5555/abc-12", title }).kind).toBe("weak");
    expect(verifyText(`${title}\nhttps://doi.org/10.5555/ABC-12`, { doi: "10.5555/abc-12", title }).kind).toBe("doi_on_page");
  });

  it("a contents page inside the document is no evidence either way; a document that opens with one is a listing", () => {
    const toc = "Contents\n1 Introduction 3\n2 Methods 7\n3 Results 12";
    expect(verifyText(`A report on glaciers with enough words to be a page of text\f${toc}`, { doi: "10.5555/abc-12", title: null }).kind).toBe("undecidable");
    expect(verifyText(`${toc}\fA report on glaciers with enough words`, { doi: "10.5555/abc-12", title: null }).kind).toBe("mismatch");
  });

  it("no text layer: no_text; text but nothing to compare with: undecidable", () => {
    expect(verifyText("   \n  ", { doi: "10.5555/abc-12", title }).kind).toBe("no_text");
    expect(verifyText("Some page with enough words on it to count as text.", { doi: "10.5555/abc-12", title: null }).kind).toBe("undecidable");
  });

  it("significant words drop stop words, short words and markup", () => {
    expect(significantWords("The <i>role</i> of p53 in a study of DNA repair")).toEqual(["role", "p53", "dna", "repair"]);
  });
});

describe("decide", () => {
  it("an exact source may serve a scan (unverified), an undecidable or weakly matching file (trusted_source), never a mismatch", () => {
    expect(decide({ kind: "no_text", detail: "" }, true)).toEqual({ accept: true, verification: "unverified" });
    expect(decide({ kind: "weak", detail: "" }, true)).toEqual({ accept: true, verification: "trusted_source" });
    expect(decide({ kind: "weak", detail: "" }, false)).toEqual({ accept: false, reason: "mismatch" });
    expect(decide({ kind: "undecidable", detail: "" }, true)).toEqual({ accept: true, verification: "trusted_source" });
    expect(decide({ kind: "mismatch", detail: "" }, true)).toEqual({ accept: false, reason: "mismatch" });
  });

  it("any other location must show the identifier or the title", () => {
    expect(decide({ kind: "no_text", detail: "" }, false)).toEqual({ accept: false, reason: "no_text" });
    expect(decide({ kind: "undecidable", detail: "" }, false)).toEqual({ accept: false, reason: "unverifiable" });
    expect(decide({ kind: "title", detail: "" }, false)).toEqual({ accept: true, verification: "title" });
  });
});

describe("extractLeadingText (pdf.js through a range transport)", () => {
  it("reads the text of a generated PDF and leaves the caller's buffer whole", async () => {
    const bytes = buildPdf(["A title of things", "DOI 10.5555/oa-unpaywall-7"]);
    const r = await extractLeadingText(bytes);
    expect(r.pages[0]).toEqual([
      { text: "A title of things", size: 12 },
      { text: "DOI 10.5555/oa-unpaywall-7", size: 12 },
    ]);
    expect(bytes.byteLength).toBeGreaterThan(0);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
  });

  it("a scan has no text", async () => {
    expect(plainText((await extractLeadingText(buildScannedPdf())).pages).trim()).toBe("");
  });
});
