/**
 * The page reader over saved heads of real article pages (tests/fixtures/publisher-pages, each naming its
 * source; what each page says about its document is in that folder's expected.ts), run twice: as the
 * extension injects it, and as the bookmarklet — minified the way the site's build minifies it — evaluated
 * on the same page. A page's DOI must be read or, where the page's own address carries it, sent as that
 * address; a wrong DOI is never acceptable.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { Window } from "happy-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { identify } from "../../lib/identify";
import { PAGE_TRUTH, type PageTruth } from "../../tests/fixtures/publisher-pages/expected";
import { readPage, type PageFinding } from "../src/read-page";

const dir = path.join(import.meta.dirname, "../../tests/fixtures/publisher-pages");

const pages = readdirSync(dir)
  .filter((f) => f.endsWith(".html"))
  .map((f) => {
    const html = readFileSync(path.join(dir, f), "utf8");
    const [, publisher, url] = /^<!-- ([^:]+): (\S+)/.exec(html) ?? [];
    if (!url) throw new Error(`${f} names no source URL`);
    const name = f.replace(/\.html$/, "");
    return { name, publisher, html, url, want: PAGE_TRUTH[name]! };
  });

function pageDocument(html: string, url: string): Document {
  const window = new Window({ url });
  window.document.write(`<!doctype html><html>${html}<body><p>Article</p></body></html>`);
  return window.document as unknown as Document;
}

/** The bookmarklet exactly as the site offers it: minified, percent-decoded by the browser, run. */
let bookmarkletHref: (origin: string) => string;
beforeAll(async () => {
  const out = await build({
    entryPoints: [path.join(import.meta.dirname, "../src/bookmarklet.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    globalName: "B",
    write: false,
    target: "es2022",
  });
  bookmarkletHref = new Function(`${out.outputFiles[0]!.text};return B.bookmarkletHref`)() as typeof bookmarkletHref;
});

function runBookmarklet(doc: Document, url: string, selection = ""): string[] {
  const opened: string[] = [];
  const href = bookmarkletHref("https://daryaft.example");
  const code = decodeURIComponent(href.replace(/^javascript:/, ""));
  new Function("document", "location", "getSelection", "open", code)(
    doc,
    { href: url },
    () => selection,
    (u: string) => opened.push(u),
  );
  return opened;
}

const lower = (s: string | null | undefined) => s?.toLowerCase() ?? null;

/** Does what the reader sends name the page's document? (Daryaft reads the query with lib/identify.) */
function sendsTheDocument(found: PageFinding, want: PageTruth, url: string): boolean {
  const sent = identify(found.query);
  if (want.doi) return sent.doi === lower(want.doi);
  if (want.arxiv) return sent.arxiv === want.arxiv;
  if (want.pmid) return sent.pmid === want.pmid;
  return found.query === url; // nothing on the page: its address goes to the landing-page reader
}

it("has the saved pages, each with what it says about its document", () => {
  expect(pages.length).toBeGreaterThanOrEqual(60);
  expect(pages.map((p) => p.name).sort()).toEqual(Object.keys(PAGE_TRUTH).sort());
});

it("reads the right identifiers from the saved pages (figures)", () => {
  const rows = pages.map(({ name, html, url, want }) => {
    const found = readPage(pageDocument(html, url), url, "");
    return {
      name,
      doiRead: lower(found.doi) === lower(want.doi),
      wrongDoi: found.doi !== null && lower(found.doi) !== lower(want.doi),
      sends: sendsTheDocument(found, want, url),
      pdf: found.pdfUrl === want.pdf,
      title: want.title === null || (found.title ?? "").includes(want.title),
    };
  });
  const count = (k: "doiRead" | "sends" | "pdf" | "title" | "wrongDoi") => rows.filter((r) => r[k]).length;
  const withDoi = pages.filter((p) => p.want.doi).length;
  console.log(
    [
      `page reader over ${pages.length} saved pages (${withDoi} with a DOI):`,
      `  DOI read exactly (or rightly none): ${count("doiRead")}/${pages.length}`,
      `  query names the right document:    ${count("sends")}/${pages.length}`,
      `  PDF link exact:                     ${count("pdf")}/${pages.length}`,
      `  title found:                        ${count("title")}/${pages.length}`,
      `  wrong DOI read:                     ${count("wrongDoi")}`,
      ...rows.filter((r) => !(r.doiRead && r.sends && r.pdf && r.title)).map((r) => `  miss: ${r.name}`),
    ].join("\n"),
  );
  expect(count("wrongDoi")).toBe(0);
});

describe.each(pages)("$name: $publisher", ({ html, url, want }) => {
  it("the reader finds the DOI (or sends an address that carries it), the title and the PDF link", () => {
    const found = readPage(pageDocument(html, url), url, "");
    if (found.doi !== null) expect(lower(found.doi)).toBe(lower(want.doi));
    expect(sendsTheDocument(found, want, url)).toBe(true);
    if (want.title) expect(found.title).toContain(want.title);
    expect(found.pdfUrl).toBe(want.pdf);
    expect(found.url).toBe(url);
  });

  it("the bookmarklet opens Daryaft with the same query", () => {
    const { query } = readPage(pageDocument(html, url), url, "");
    const opened = runBookmarklet(pageDocument(html, url), url);
    expect(opened).toEqual([`https://daryaft.example/?getUrl=${encodeURIComponent(query)}`]);
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
    expect(readPage(doc('<meta name="DC.Identifier" content="12345"><meta name="dc.identifier" content="https://doi.org/10.1000/xyz">'), url, "").doi).toBe(
      "10.1000/xyz",
    );
    expect(readPage(doc('<meta name="prism.doi" content="doi:10.1000/abc">'), url, "").doi).toBe("10.1000/abc");
    expect(readPage(doc('<meta name="citation_doi" content="not a doi">'), url, "").doi).toBeNull();
  });

  it("takes the page's own DOI tag over a Dublin Core identifier, and the first of several", () => {
    const two =
      '<meta name="dc.identifier" content="doi:10.1000/dc"><meta name="citation_doi" content="10.1000/first"><meta name="citation_doi" content="10.1000/second">';
    expect(readPage(doc(two), url, "").doi).toBe("10.1000/first");
  });

  it("reads upper-case names and property= as well as name=", () => {
    expect(readPage(doc('<META NAME="CITATION_DOI" CONTENT="10.1000/upper">'), url, "").doi).toBe("10.1000/upper");
    expect(readPage(doc('<meta property="citation_doi" content="10.1000/prop">'), url, "").doi).toBe("10.1000/prop");
  });

  it("never takes a DOI from a Dublin Core identifier whose scheme is not DOI, nor from one inside a URL", () => {
    const d = doc(
      '<meta name="dc.identifier" scheme="publisher-id" content="10.1177_1071181319631264"><meta name="dc.identifier" scheme="coden" content="10.1000/x"><meta name="dc.identifier" content="https://publisher.example/doi/10.1000/related">',
    );
    expect(readPage(d, url, "").doi).toBeNull();
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

  it("fits the bookmarklet in about a kilobyte (the whole reader rides in the link)", () => {
    expect(bookmarkletHref("https://daryaft.example").length).toBeLessThan(1200);
  });
});
