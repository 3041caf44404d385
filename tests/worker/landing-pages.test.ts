/**
 * The fetch pipeline's landing-page reader (queue-consumer/landing.ts, workerd's HTMLRewriter) over the same saved
 * publisher pages as the extension's reader (tests/fixtures/publisher-pages, each naming its source; what each page
 * states about its own document is in expected.ts). Issue 14's rule: an identifier is read from the page or not at
 * all — never made up from an opaque id, never taken from a cited reference, a related article or the journal.
 */
import { describe, expect, it } from "vitest";
import { readLandingPage, type LandingInfo } from "../../queue-consumer/landing";
import { PAGE_TRUTH } from "../fixtures/publisher-pages/expected";

const files = import.meta.glob<string>("../fixtures/publisher-pages/*.html", { query: "?raw", import: "default", eager: true });

const pages = Object.entries(files).map(([file, html]) => {
  const name = file.replace(/^.*\/|\.html$/g, "");
  const [, publisher, url] = /^<!-- ([^:]+): (\S+)/.exec(html) ?? [];
  if (!url) throw new Error(`${name} names no source URL`);
  return { name, publisher, html, url, want: PAGE_TRUTH[name]! };
});

const read = (html: string, url = "https://publisher.example/article/1"): Promise<LandingInfo> => readLandingPage(new TextEncoder().encode(html), url);
const lower = (s: string | null | undefined) => s?.toLowerCase() ?? null;

it("reads the same saved pages as the extension's reader", () => {
  expect(pages.map((p) => p.name).sort()).toEqual(Object.keys(PAGE_TRUTH).sort());
});

it("reads the right identifiers from the saved pages (figures)", async () => {
  const rows = await Promise.all(
    pages.map(async ({ name, html, url, want }) => {
      const got = await read(html, url);
      const ids =
        lower(got.doi) === lower(want.doi) &&
        (got.arxiv ?? null) === (want.arxiv ?? null) &&
        (got.pmid ?? null) === (want.pmid ?? null) &&
        (got.pmcid ?? null) === (want.pmcid ?? null);
      return {
        name,
        doi: lower(got.doi) === lower(want.doi),
        ids,
        wrong:
          (got.doi !== null && lower(got.doi) !== lower(want.doi)) ||
          (got.arxiv != null && got.arxiv !== want.arxiv) ||
          (got.pmid != null && got.pmid !== want.pmid) ||
          (got.pmcid != null && got.pmcid !== want.pmcid),
        pdf: got.pdfUrl === want.pdf,
        title: got.title === want.title,
      };
    }),
  );
  const count = (k: "doi" | "ids" | "wrong" | "pdf" | "title") => rows.filter((r) => r[k]).length;
  console.log(
    [
      `landing-page reader over ${pages.length} saved pages (${pages.filter((p) => p.want.doi).length} with a DOI):`,
      `  DOI exact (or rightly none):        ${count("doi")}/${pages.length}`,
      `  all identifiers exact (DOI, arXiv, PMID, PMCID): ${count("ids")}/${pages.length}`,
      `  PDF link exact:                     ${count("pdf")}/${pages.length}`,
      `  title exact (or rightly none):      ${count("title")}/${pages.length}`,
      `  identifiers invented or wrong:      ${count("wrong")}`,
      ...rows
        .filter((r) => !(r.ids && r.pdf && r.title))
        .map((r) => `  miss: ${r.name}${r.ids ? "" : " (ids)"}${r.pdf ? "" : " (pdf)"}${r.title ? "" : " (title)"}`),
    ].join("\n"),
  );
  expect(count("wrong")).toBe(0);
});

describe.each(pages)("$name: $publisher", ({ html, url, want }) => {
  it("yields the page's own identifiers, PDF link and title, and nothing else", async () => {
    const got = await read(html, url);
    expect(lower(got.doi)).toBe(lower(want.doi));
    expect(got.arxiv).toBe(want.arxiv ?? null);
    expect(got.pmid).toBe(want.pmid ?? null);
    expect(got.pmcid).toBe(want.pmcid ?? null);
    expect(got.pdfUrl).toBe(want.pdf);
    expect(got.title).toBe(want.title);
  });
});

describe("the landing-page reader", () => {
  it("takes citation_doi over other DOI tags, and the first of several", async () => {
    const head =
      '<meta name="dc.identifier" content="doi:10.1000/dc"><meta name="citation_doi" content="10.1000/first"><meta name="citation_doi" content="10.1000/second">';
    expect((await read(head)).doi).toBe("10.1000/first");
  });

  it("reads upper-case names, property= and entity-encoded values", async () => {
    expect((await read('<META NAME="CITATION_DOI" CONTENT="10.1000/UPPER">')).doi).toBe("10.1000/upper");
    expect((await read('<meta property="citation_doi" content="10.1000/prop">')).doi).toBe("10.1000/prop");
    expect((await read('<meta name="citation_doi" content="10.1002/(SICI)1097-4571(199806)49:8&lt;693::AID-ASI4&gt;3.0.CO;2-0">')).doi).toBe(
      "10.1002/(sici)1097-4571(199806)49:8<693::aid-asi4>3.0.co;2-0",
    );
    expect((await read('<meta name="citation_title" content="Schr&ouml;dinger&#8217;s cat &mdash; a&nbsp;review">')).title).toBe(
      "Schrödinger’s cat — a review",
    );
  });

  it("reads doi: prefixes and doi.org links, but no DOI standing inside another address", async () => {
    expect((await read('<meta name="citation_doi" content="doi:10.1000/a">')).doi).toBe("10.1000/a");
    expect((await read('<meta name="citation_doi" content="https://doi.org/10.7202/1009368ar">')).doi).toBe("10.7202/1009368ar");
    expect((await read('<meta name="dc.identifier" content="https://publisher.example/doi/10.1000/related">')).doi).toBeNull();
  });

  it("never takes a DOI from a Dublin Core identifier with another scheme, an ISSN, a handle or a reference", async () => {
    const head = [
      '<meta name="dc.identifier" scheme="issn" content="0260-2288">',
      '<meta name="dc.identifier" scheme="coden" content="10.1000/x">',
      '<meta name="DC.identifier" content="http://hdl.handle.net/10125/12345">',
      '<meta name="citation_reference" content="citation_title=Cited work; citation_doi=10.1000/cited">',
      '<meta name="citation_doi" content="ade/1391109086">',
    ].join("");
    expect((await read(head)).doi).toBeNull();
  });

  it("never takes a DOI from the page's body, links or references", async () => {
    const page =
      '<head><title>A page</title></head><body><a href="https://doi.org/10.1000/cited">ref</a><p>doi:10.1000/prose</p><script>var x = {"doi":"10.1000/script"};</script></body>';
    expect((await read(page)).doi).toBeNull();
  });

  it("reads JSON-LD describing the page's own work, not the works it cites or belongs to", async () => {
    const ld = (json: unknown) => `<script type="application/ld+json">${JSON.stringify(json)}</script>`;
    const own = {
      "@type": "ScholarlyArticle",
      headline: "Own",
      identifier: { "@type": "PropertyValue", propertyID: "DOI", value: "10.1000/own" },
      isPartOf: { "@type": "Periodical", sameAs: "https://doi.org/10.1000/journal" },
      citation: [{ "@type": "ScholarlyArticle", sameAs: "https://doi.org/10.1000/cited" }],
    };
    expect((await read(ld(own))).doi).toBe("10.1000/own");
    expect(
      (await read(ld({ "@context": "https://schema.org", "@graph": [{ "@type": "WebPage" }, { "@type": "Article", "@id": "https://doi.org/10.1000/graph" }] })))
        .doi,
    ).toBe("10.1000/graph");
    expect((await read(ld({ "@type": "Periodical", sameAs: "https://doi.org/10.1000/journal" }))).doi).toBeNull();
    expect((await read(ld({ "@type": "ScholarlyArticle", citation: { sameAs: "https://doi.org/10.1000/cited" } }))).doi).toBeNull();
    expect((await read('<script type="application/ld+json">{not json</script>')).doi).toBeNull();
  });

  it("reads the DOI the page gives as its own address (canonical link, og:url), by identify's exact rules", async () => {
    expect((await read('<link rel="canonical" href="https://journals.example/doi/full/10.1000/canon">')).doi).toBe("10.1000/canon");
    expect((await read('<link rel="canonical" href="https://ieeexplore.ieee.org/document/9056993">')).doi).toBeNull();
    expect((await read('<meta property="og:url" content="https://www.sciencedirect.com/science/article/pii/S146290112300117X">')).doi).toBeNull();
  });

  it("reads arXiv ids and PMIDs from their tags, and only well-formed ones", async () => {
    const got = await read('<meta name="citation_arxiv_id" content="arXiv:2101.00001v2"><meta name="citation_pmid" content="00012345">');
    expect(got.arxiv).toBe("2101.00001");
    expect(got.pmid).toBe("12345");
    const bad = await read('<meta name="citation_arxiv_id" content="not-an-id"><meta name="citation_pmid" content="PMC123">');
    expect([bad.arxiv, bad.pmid]).toEqual([null, null]);
  });

  it("reads a hostile page's oversized values quickly and takes nothing from them", async () => {
    const huge = "10.1000/" + "x".repeat(1_000_000);
    const page = `<meta name="citation_doi" content="${huge}"><meta property="og:url" content="https://doi.org/${huge}"><meta name="citation_arxiv_id" content="${"1".repeat(500_000)}"><script type="application/ld+json">${"[".repeat(100_000)}</script>`;
    const started = Date.now();
    const got = await read(page);
    expect([got.doi, got.arxiv]).toEqual([null, null]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("makes citation_pdf_url absolute and keeps only http(s)", async () => {
    expect((await read('<meta name="citation_pdf_url" content="//books.example/download/7">', "https://books.example/catalog/1")).pdfUrl).toBe(
      "https://books.example/download/7",
    );
    expect((await read('<meta name="citation_pdf_url" content="javascript:alert(1)">')).pdfUrl).toBeNull();
  });
});

it("hostile JSON-LD: nested scripts past the reader's depth are skipped, the page's meta tags still read", async () => {
  const deep = `<script type="application/ld+json">${"[".repeat(250_000)}${"]".repeat(250_000)}</script>`;
  const info = await read(`<html><head><meta name="citation_doi" content="10.5555/deep-1">${deep.repeat(4)}</head><body></body></html>`);
  expect(info.doi).toBe("10.5555/deep-1");
});

it("a hostile IEEE-like script (the record's name repeated over a 512 KB line, four scripts) is read in one pass, the page's meta tags still read", {
  timeout: 20_000,
}, async () => {
  // The old expression scanned the rest of the line from each of the 17,000 occurrences: over a minute of CPU per page.
  const name = "xplGlobal.document.metadata={";
  const script = `<script>${name.repeat((512 * 1024) / name.length)}</script>`;
  const info = await read(`<html><head><meta name="citation_doi" content="10.5555/ieee-1">${script.repeat(4)}</head><body></body></html>`);
  expect(info.doi).toBe("10.5555/ieee-1");
});
