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
 * Reads an article page's identifiers: the first DOI among `citation_doi`, `prism.doi`,
 * `dc.identifier` (any case, with or without `doi:` or a doi.org prefix), `citation_pdf_url`,
 * `citation_title` (else `dc.title`, else the document title), the URL and the selected text.
 * The query prefers what the user selected (a DOI in it, else the text: a reference they picked),
 * then the page's DOI, then its URL.
 *
 * Self-contained on purpose: `scripting.executeScript` serialises this function into the page and
 * the bookmarklet inlines its source, so it may refer to nothing outside its own body. Nothing
 * but these few values leaves the page.
 */
export function readPage(doc: Document = document, url: string = location.href, selected: string = String(getSelection())): PageFinding {
  const found: Record<string, string> = {};
  const doiIn = (s: string) => (/10\.\d{4,9}\/[^\s"<>]+/.exec(s)?.[0] ?? "").replace(/[.,;]+$/, "");
  for (const m of doc.querySelectorAll("meta")) {
    const key = (m.getAttribute("name") ?? m.getAttribute("property") ?? "").toLowerCase();
    const value = (m.getAttribute("content") ?? "").trim();
    const doi = /^(citation_doi|prism\.doi|dc\.identifier)$/.test(key) && doiIn(value);
    if (doi) found.doi ??= doi;
    else if (value && /^(citation_pdf_url|citation_title|dc\.title)$/.test(key)) found[key] ??= value;
  }
  const selection = selected.trim().replace(/\s+/g, " ").slice(0, 300) || null;
  const doi = found.doi ?? null;
  return {
    doi,
    pdfUrl: found.citation_pdf_url ?? null,
    title: found.citation_title ?? found["dc.title"] ?? (doc.title.trim() || null),
    url,
    selection,
    query: (selection && (doiIn(selection) || selection)) || doi || url,
  };
}
