/**
 * Reading a landing page for what it says about the document: citation_doi, dc.identifier
 * (and its DC.Identifier / prism.doi spellings) and citation_pdf_url, through workerd's
 * streaming HTMLRewriter. Only <head>-style <meta> tags are read; nothing is executed.
 */
import { normalizeDoi } from "../lib/identify";

export type LandingInfo = {
  doi: string | null;
  /** Absolute http(s) URL of the PDF the page advertises. */
  pdfUrl: string | null;
  title: string | null;
  language: string | null;
};

const DOI_META = new Set(["citation_doi", "dc.identifier", "dc.identifier.doi", "prism.doi", "bepress_citation_doi", "eprints.doi"]);

/** Parse an HTML document already fetched from `pageUrl` (bytes capped by the caller). */
export async function readLandingPage(html: Uint8Array, pageUrl: string): Promise<LandingInfo> {
  const info: LandingInfo = { doi: null, pdfUrl: null, title: null, language: null };
  const rewriter = new HTMLRewriter()
    .on("meta", {
      element(el) {
        const name = (el.getAttribute("name") ?? el.getAttribute("property") ?? "").trim().toLowerCase();
        const content = decodeEntities((el.getAttribute("content") ?? "").trim());
        if (!name || !content) return;
        if (DOI_META.has(name) && info.doi === null) {
          const scheme = (el.getAttribute("scheme") ?? "").toLowerCase();
          // dc.identifier also carries ISSNs and URLs; only a DOI-shaped value counts.
          if (name !== "dc.identifier" || scheme === "" || scheme.includes("doi")) info.doi = normalizeDoi(content);
        } else if (name === "citation_pdf_url" && info.pdfUrl === null) {
          info.pdfUrl = absoluteHttpUrl(content, pageUrl);
        } else if ((name === "citation_title" || name === "dc.title") && info.title === null) {
          info.title = content;
        } else if ((name === "citation_language" || name === "dc.language") && info.language === null) {
          info.language = content.toLowerCase();
        }
      },
    })
    .on("html", {
      element(el) {
        const lang = el.getAttribute("lang");
        if (lang && info.language === null) info.language = lang.toLowerCase();
      },
    });
  await rewriter.transform(new Response(html, { headers: { "content-type": "text/html" } })).arrayBuffer();
  return info;
}

function absoluteHttpUrl(href: string, base: string): string | null {
  try {
    const u = new URL(href, base);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
  } catch {
    return null;
  }
}

// HTMLRewriter hands attribute values over raw.
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, ent: string) => {
    const lower = ent.toLowerCase();
    if (lower === "amp") return "&";
    if (lower === "lt") return "<";
    if (lower === "gt") return ">";
    if (lower === "quot") return '"';
    if (lower === "apos") return "'";
    const code = lower.startsWith("#x") ? Number.parseInt(lower.slice(2), 16) : Number.parseInt(lower.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
