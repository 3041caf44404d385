/** What the reader found on a page; `query` is what is sent to Daryaft (/getpdf/start or ?getUrl=). */
export interface PageFinding {
  doi: string | null;
  pdfUrl: string | null;
  title: string | null;
  url: string;
  selection: string | null;
  query: string;
}

/**
 * Reads an article page's identifiers. The DOI: `citation_doi` first, else the first of `dc.identifier`
 * (no scheme or a DOI scheme), `dc.identifier.doi`, `prism.doi`, `bepress_citation_doi` or a tag named
 * `doi` (by name, property or id: D-Lib's `<meta id="DOI">`), else IEEE Xplore's embedded
 * `xplGlobal.document.metadata` (its pages carry no DOI tag). A value counts only when it *is* a DOI
 * (bare, `doi:`, `info:doi/` or a doi.org link), never a DOI inside another address, an ISSN or a handle.
 * Also `citation_pdf_url` (made absolute), `citation_title` (else `dc.title`, else the document title),
 * the URL and the selected text. The query prefers what the user selected (a DOI in it, else the text:
 * a reference they picked), then the page's DOI, then its URL.
 *
 * Self-contained on purpose: `scripting.executeScript` serialises this function into the page and
 * the bookmarklet inlines its source, so it may refer to nothing outside its own body. Nothing
 * but these few values leaves the page.
 */
export function readPage(doc: Document = document, url: string = location.href, selected: string = String(getSelection())): PageFinding {
  const found: Record<string, string | undefined> = {};
  const doiIn = (s: string) => (/10\.\d{4,9}\/[^\s"<>]+/.exec(s)?.[0] ?? "").replace(/[.,;]+$/, "");
  const squeeze = (s: string) => s.trim().replace(/\s+/g, " ");
  const isDoi = (s = "") => /^(\S*doi\.org\/|(info:)?doi[:/] ?)?10\./i.test(s) && doiIn(s);
  for (const m of doc.querySelectorAll("meta")) {
    const attr = (name: string) => m.getAttribute(name);
    const key = (attr("name") ?? attr("property") ?? m.id).toLowerCase();
    const value = attr("content")?.trim();
    const doi =
      /^((citation|prism|dc\.identifier|bepress_citation)[._])?doi$|^dc\.identifier$/.test(key) && /^(doi)?$/i.test(attr("scheme") ?? "") && isDoi(value);
    // citation_doi outranks the others; within a rank the first one counts.
    if (doi) found[key === "citation_doi" ? "d" : "e"] ??= doi;
    else if (value && /^(citation_pdf_url|citation_title|dc\.title)$/.test(key)) found[key] ??= value;
  }
  for (const s of doc.scripts) {
    try {
      found.e ??= isDoi(JSON.parse(/xplGlobal\.document\.metadata=(\{.*\});/.exec(s.text)![1]!).doi) || undefined;
    } catch {}
  }
  let pdfUrl = found.citation_pdf_url ?? null;
  try {
    pdfUrl &&= new URL(pdfUrl, url).href;
  } catch {}
  const selection = squeeze(selected).slice(0, 300) || null;
  const doi = found.d ?? found.e ?? null;
  return {
    doi,
    pdfUrl,
    title: squeeze(found.citation_title ?? found["dc.title"] ?? doc.title) || null,
    url,
    selection,
    query: (selection && (doiIn(selection) || selection)) || doi || url,
  };
}
