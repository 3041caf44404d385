/**
 * The page reader over saved article pages of 15+ publishers (extension/test/pages, each naming its
 * source), run twice: as the extension injects it, and as the bookmarklet — minified the way the
 * site's build minifies it — evaluated on the same page.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { Window } from "happy-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { readPage } from "../src/read-page";

const dir = path.join(import.meta.dirname, "pages");

/** What each page must yield. `doi: null` means the page has none and its URL is sent. */
const expected: Record<string, { doi: string | null; title: string; pdf: string | null }> = {
  "elsevier-sciencedirect": { doi: "10.1016/j.rsma.2022.102530", title: "Genetic monitoring of the critically endangered leatherback turtle", pdf: null },
  springer: { doi: "10.1007/s10902-022-00526-1", title: "The Relationship Between Prosociality, Meaning, and Happiness", pdf: "https://link.springer.com/content/pdf/10.1007/s10902-022-00526-1.pdf" },
  nature: { doi: "10.1038/s41586-021-03819-2", title: "Highly accurate protein structure prediction with AlphaFold", pdf: "https://www.nature.com/articles/s41586-021-03819-2.pdf" },
  "nature-news": { doi: "10.1038/d41586-020-02610-z", title: "More than 100 scientific journals have disappeared", pdf: null },
  "plos-one": { doi: "10.1371/journal.pone.0000001", title: "Neural Substrate of Cold-Seeking Behavior in Endotoxin Shock", pdf: "https://journals.plos.org/plosone/article/file?id=10.1371/journal.pone.0000001&type=printable" },
  "plos-one-2019": { doi: "10.1371/journal.pone.0213978", title: "Assessment on reticuloendotheliosis virus infection", pdf: "https://journals.plos.org/plosone/article/file?id=10.1371/journal.pone.0213978&type=printable" },
  arxiv: { doi: null, title: "Attention Is All You Need", pdf: "https://arxiv.org/pdf/1706.03762" },
  "pubmed-central": { doi: "10.1093/nar/gks1195", title: "GenBank", pdf: "https://pmc.ncbi.nlm.nih.gov/articles/PMC3531190/pdf/gks1195.pdf" },
  pubmed: { doi: "10.1002/path.4821", title: "Measuring cancer evolution from the genome", pdf: null },
  biorxiv: { doi: "10.1101/2020.03.22.002386", title: "A SARS-CoV-2-Human Protein-Protein Interaction Map", pdf: "https://www.biorxiv.org/content/biorxiv/early/2020/03/27/2020.03.22.002386.full.pdf" },
  frontiers: { doi: "10.3389/fpsyg.2014.00781", title: "Using Bayes to get the most out of non-significant results", pdf: "https://www.frontiersin.org/journals/psychology/articles/10.3389/fpsyg.2014.00781/pdf" },
  elife: { doi: "10.7554/eLife.44753", title: "Parallel visual circuitry in a basal chordate", pdf: null },
  peerj: { doi: "10.7717/peerj.4375", title: "The state of OA", pdf: "https://peerj.com/articles/4375.pdf" },
  "first-monday-ojs-3": { doi: "10.5210/fm.v25i10.10274", title: "Surveillance, stigma & sociotechnical design for HIV", pdf: null },
  "acs-j-med-chem": { doi: "10.1021/acs.jmedchem.6b00723", title: "Discovery of a Quinoline-4-carboxamide Derivative", pdf: null },
  "rsc-org-biomol-chem": { doi: "10.1039/C6OB02074G", title: "Denitrogenative hydrofluorination of aromatic aldehyde hydrazones", pdf: "http://pubs.rsc.org/en/Content/ArticlePDF/2016/OB/C6OB02074G" },
  iop: { doi: "10.1088/0143-0807/1/3/004", title: "Rayleigh's electrified water drops", pdf: "http://iopscience.iop.org/0143-0807/1/3/004/pdf/0143-0807_1_3_004.pdf" },
};

const pages = readdirSync(dir)
  .filter((f) => f.endsWith(".html"))
  .map((f) => {
    const html = readFileSync(path.join(dir, f), "utf8");
    const url = /^<!-- [^:]+: (\S+)/.exec(html)?.[1];
    if (!url) throw new Error(`${f} names no source URL`);
    return { name: f.replace(/\.html$/, ""), html, url };
  });

function pageDocument(html: string, url: string): Document {
  const window = new Window({ url });
  window.document.write(`<!doctype html><html>${html}<body><p>Article</p></body></html>`);
  return window.document as unknown as Document;
}

/** The bookmarklet exactly as the site offers it: minified, percent-decoded by the browser, run. */
let bookmarkletHref: (origin: string) => string;
beforeAll(async () => {
  const out = await build({ entryPoints: [path.join(import.meta.dirname, "../src/bookmarklet.ts")], bundle: true, minify: true, format: "iife", globalName: "B", write: false, target: "es2022" });
  bookmarkletHref = new Function(`${out.outputFiles[0]!.text};return B.bookmarkletHref`)() as typeof bookmarkletHref;
});

function runBookmarklet(doc: Document, url: string, selection = ""): string[] {
  const opened: string[] = [];
  const href = bookmarkletHref("https://daryaft.example");
  const code = decodeURIComponent(href.replace(/^javascript:/, ""));
  new Function("document", "location", "getSelection", "open", code)(doc, { href: url }, () => selection, (u: string) => opened.push(u));
  return opened;
}

it("has saved pages of at least 15 publishers, each with an expectation", () => {
  expect(pages.length).toBeGreaterThanOrEqual(15);
  expect(pages.map((p) => p.name).sort()).toEqual(Object.keys(expected).sort());
});

describe.each(pages)("$name", ({ name, html, url }) => {
  const want = expected[name]!;

  it("the reader finds the DOI, the title and the PDF link", () => {
    const found = readPage(pageDocument(html, url), url, "");
    expect(found.doi).toBe(want.doi);
    expect(found.title).toContain(want.title);
    expect(found.pdfUrl).toBe(want.pdf);
    expect(found.url).toBe(url);
    expect(found.query).toBe(want.doi ?? url);
  });

  it("the bookmarklet opens Daryaft with the same query", () => {
    const opened = runBookmarklet(pageDocument(html, url), url);
    expect(opened).toEqual([`https://daryaft.example/?getUrl=${encodeURIComponent(want.doi ?? url)}`]);
  });
});

describe("the reader", () => {
  const url = "https://publisher.example/article/1";
  const doc = (head: string) => pageDocument(`<head>${head}</head>`, url);

  it("prefers what the user selected: a DOI in it, else the text", () => {
    const d = doc('<meta name="citation_doi" content="10.1000/page">');
    expect(readPage(d, url, "  see doi:10.1000/selected.2.\n").query).toBe("10.1000/selected.2");
    expect(readPage(d, url, "Smith J. A reference they picked. 2020").query).toBe("Smith J. A reference they picked. 2020");
    expect(readPage(d, url, "   ").query).toBe("10.1000/page");
  });

  it("reads doi.org links and doi: prefixes, and skips identifiers that are not DOIs", () => {
    expect(readPage(doc('<meta name="DC.Identifier" content="12345"><meta name="dc.identifier" content="https://doi.org/10.1000/xyz">'), url, "").doi).toBe("10.1000/xyz");
    expect(readPage(doc('<meta name="prism.doi" content="doi:10.1000/abc">'), url, "").doi).toBe("10.1000/abc");
    expect(readPage(doc('<meta name="citation_doi" content="not a doi">'), url, "").doi).toBeNull();
  });

  it("sends the page URL when nothing else is found, and caps a long selection", () => {
    const found = readPage(doc("<title>Just a page</title>"), url, "x".repeat(1000));
    expect(found.selection).toHaveLength(300);
    expect(readPage(doc(""), url, "").query).toBe(url);
  });

  it("is self-contained: its source refers to nothing outside itself (executeScript and the bookmarklet serialise it)", () => {
    const source = readPage.toString();
    const run = new Function("document", "location", "getSelection", `return (${source})()`);
    const d = doc('<meta name="citation_doi" content="10.1000/self">');
    expect(run(d, { href: url }, () => "").query).toBe("10.1000/self");
  });

  it("fits the bookmarklet in a few hundred bytes", () => {
    expect(bookmarkletHref("https://daryaft.example").length).toBeLessThan(900);
  });
});
