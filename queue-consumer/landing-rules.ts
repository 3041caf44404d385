/**
 * What a landing page says about its own document, decided from what landing.ts collected off the page.
 * The landing-page rule: an identifier is *read* from the page or not at all; an opaque id (an IEEE document number,
 * an Elsevier PII, a Handle) is never turned into one, and nothing is taken from the works a page cites, links
 * or belongs to. Each source below is one the page uses to describe itself, tried in this order:
 *
 *   1. `citation_doi`, the first one whose value *is* a DOI (bare, `doi:`, `info:doi/` or a doi.org link);
 *   2. the other DOI tags, first in document order: `dc.identifier`/`dcterms.identifier` without a scheme or with a
 *      DOI scheme (others carry ISSNs, PIIs, publisher ids), `dc.identifier.doi`, `prism.doi`,
 *      `bepress_citation_doi`, `eprints.doi`, and a tag named `doi` (Springer's `name="DOI"`, D-Lib's `id="DOI"`);
 *   3. schema.org JSON-LD: the top-level work (an article, chapter, book, report, thesis, dataset) and its own
 *      `identifier`, `sameAs`, `@id` or `url`, never its `citation`, `isPartOf` or other nested works; several works
 *      naming different DOIs name none;
 *   4. IEEE Xplore's `xplGlobal.document.metadata`, the page's own record (its pages carry no DOI tag);
 *   5. the address the page gives as its own (canonical link, then og:url), then the address it was fetched from,
 *      read with lib/identify's exact rules, the same as a pasted link.
 *
 * arXiv ids and PMIDs come from `citation_arxiv_id` / `citation_pmid`, else from those addresses; PMCIDs from
 * `citation_pmcid` or the addresses. The title is `citation_title`, else `dc.title`, else the same JSON-LD work's or
 * IEEE record's title (never the site's <title>, which carries the site's name).
 */
import { identify, normalizeDoi } from "../lib/identify";
import { jsonOverBudget } from "../lib/json-budget";

/** One <meta>: its name (or property, itemprop or id), lower-cased; its content, entities decoded. */
export type PageMeta = { key: string; content: string; scheme: string };

/** What landing.ts collects while streaming the page. */
export type CollectedPage = {
  metas: PageMeta[];
  /** Texts of `<script type="application/ld+json">`. */
  jsonLd: string[];
  /** The object assigned to `xplGlobal.document.metadata`, as JSON text. */
  ieeeMetadata: string | null;
  canonical: string | null;
  language: string | null;
};

export type LandingInfo = {
  doi: string | null;
  arxiv: string | null;
  pmid: string | null;
  pmcid: string | null;
  /** Absolute http(s) URL of the PDF the page advertises. */
  pdfUrl: string | null;
  title: string | null;
  language: string | null;
};

const OTHER_DOI_TAGS = new Set(["dc.identifier.doi", "prism.doi", "bepress_citation_doi", "eprints.doi", "doi"]);
const DC_IDENTIFIERS = new Set(["dc.identifier", "dcterms.identifier"]);
/** schema.org types of a work that has a DOI of its own; journals, volumes, issues and web pages are not among them. */
const WORK_TYPES = new Set([
  "scholarlyarticle",
  "medicalscholarlyarticle",
  "article",
  "newsarticle",
  "techarticle",
  "report",
  "thesis",
  "book",
  "chapter",
  "dataset",
  "creativework",
  "blogposting",
  "review",
]);

/** Longest tag value or address read for an identifier: real ones are far shorter, a hostile page's are not. */
const MAX_ID_CHARS = 2048;

/** A value that is a DOI, not one that merely contains one (a URL with /doi/ in its path is an address). */
const doiValue = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" && v.length <= MAX_ID_CHARS ? normalizeDoi(v.trim()) : null);

const squeeze = (s: string | null | undefined): string | null => s?.replace(/\s+/g, " ").trim() || null;

export function landingInfoFrom(page: CollectedPage, pageUrl: string): LandingInfo {
  const { metas } = page;
  const first = (keys: (m: PageMeta) => boolean) => metas.find((m) => keys(m) && m.content !== "")?.content ?? null;
  const own = ownJsonLdWork(page.jsonLd);
  const ieee = parseObject(page.ieeeMetadata);
  const addresses = [page.canonical, first((m) => m.key === "og:url"), pageUrl].flatMap((a) => (a && a.length <= MAX_ID_CHARS ? [identify(a)] : []));

  const doi =
    firstDoi(metas.filter((m) => m.key === "citation_doi")) ??
    firstDoi(metas.filter((m) => OTHER_DOI_TAGS.has(m.key) || (DC_IDENTIFIERS.has(m.key) && /^(doi)?$/i.test(m.scheme)))) ??
    own.doi ??
    doiValue(ieee?.doi) ??
    addresses.find((a) => a.kind === "doi")?.doi ??
    null;

  const arxivTag = first((m) => m.key === "citation_arxiv_id");
  const arxivFromTag = arxivTag && arxivTag.length <= MAX_ID_CHARS ? identify(arxivTag) : null;
  const arxiv = (arxivFromTag?.kind === "arxiv" ? arxivFromTag.arxiv : null) ?? addresses.find((a) => a.kind === "arxiv")?.arxiv ?? null;
  const pmidTag = first((m) => m.key === "citation_pmid")?.trim();
  const pmid =
    (pmidTag && /^\d{1,9}$/.test(pmidTag) && Number(pmidTag) > 0 ? String(Number(pmidTag)) : null) ?? addresses.find((a) => a.kind === "pmid")?.pmid ?? null;
  const pmcidTag = first((m) => m.key === "citation_pmcid")?.trim();
  const pmcid = (pmcidTag && /^PMC\d{1,9}$/i.test(pmcidTag) ? pmcidTag.toUpperCase() : null) ?? addresses.find((a) => a.kind === "pmcid")?.pmcid ?? null;

  const pdf = first((m) => m.key === "citation_pdf_url");
  return {
    doi,
    arxiv,
    pmid,
    pmcid,
    pdfUrl: pdf ? absoluteHttpUrl(pdf, pageUrl) : null,
    title: squeeze(
      first((m) => m.key === "citation_title") ??
        first((m) => m.key === "dc.title") ??
        own.title ??
        stringOf(ieee?.formulaStrippedArticleTitle) ??
        stringOf(ieee?.title),
    ),
    language: squeeze(first((m) => m.key === "citation_language") ?? first((m) => m.key === "dc.language") ?? page.language)?.toLowerCase() ?? null,
  };
}

function firstDoi(tags: PageMeta[]): string | null {
  for (const m of tags) {
    const doi = doiValue(m.content);
    if (doi) return doi;
  }
  return null;
}

/** The DOI and title of the one work the page's JSON-LD describes at its top level (or in its @graph). */
function ownJsonLdWork(texts: string[]): { doi: string | null; title: string | null } {
  const works = texts.flatMap((text) => {
    const parsed = parseJson(text);
    const top = Array.isArray(parsed) ? parsed : [parsed];
    return top.flatMap((item) => {
      const o = asObject(item);
      if (!o) return [];
      const graph = Array.isArray(o["@graph"]) ? o["@graph"].map(asObject) : [o];
      return graph.filter((g): g is Record<string, unknown> => !!g && typesOf(g).some((t) => WORK_TYPES.has(t)));
    });
  });
  const named = works.map((w) => ({ doi: workDoi(w), title: stringOf(w.headline) ?? stringOf(w.name) })).filter((w) => w.doi);
  const dois = new Set(named.map((w) => w.doi));
  // A page describing several works with different DOIs (a listing) says nothing about one of them.
  if (dois.size !== 1) return { doi: null, title: null };
  return { doi: named[0]!.doi, title: squeeze(named[0]!.title) };
}

function workDoi(w: Record<string, unknown>): string | null {
  for (const id of [w.identifier].flat()) {
    const o = asObject(id);
    const doi = o ? (/^doi$/i.test(String(o.propertyID ?? "")) ? doiValue(o.value) : null) : doiValue(id);
    if (doi) return doi;
  }
  for (const v of [...[w.sameAs].flat(), w["@id"], w.url]) {
    const doi = doiValue(v);
    if (doi) return doi;
  }
  return null;
}

function typesOf(o: Record<string, unknown>): string[] {
  return [o["@type"]].flat().flatMap((t) => (typeof t === "string" ? [t.replace(/^.*[/#:]/, "").toLowerCase()] : []));
}

/**
 * A page's JSON-LD nests a few levels and holds hundreds of values; deeper text (a script of "["
 * builds ~60 bytes per level) or a broader one (512 KB of `[{},{},…]` is 170,000 objects) is not read.
 */
const JSON_LD_BUDGET = { depth: 64, values: 50_000 };

function parseJson(text: string): unknown {
  if (jsonOverBudget(text, JSON_LD_BUDGET)) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const IEEE_NAME = "xplGlobal.document.metadata";
/** Characters that end a line for a regular expression's `.` (the record is the rest of its line). */
const LINE_END = /[\n\r\u2028\u2029]/g;

/**
 * The object IEEE Xplore assigns to `xplGlobal.document.metadata` in a script: from its `{` to the
 * last `};` on that line, as `/xplGlobal\.document\.metadata\s*=\s*(\{.*\});/` reads it, found
 * in one pass. That expression scans the rest of the line again from every occurrence of the name,
 * so a hostile page's 512 KB line of the name repeated took over a minute.
 */
export function ieeeMetadataIn(script: string): string | null {
  let lineEnd = -1;
  let lastClose = -1;
  for (let at = script.indexOf(IEEE_NAME); at >= 0; at = script.indexOf(IEEE_NAME, at + IEEE_NAME.length)) {
    let i = at + IEEE_NAME.length;
    while (/\s/.test(script[i] ?? "")) i++;
    if (script[i] !== "=") continue;
    i++;
    while (/\s/.test(script[i] ?? "")) i++;
    if (script[i] !== "{") continue;
    if (i >= lineEnd) {
      // The line the "{" is on: where it ends, and its last "};" (each line searched once).
      LINE_END.lastIndex = i;
      lineEnd = LINE_END.exec(script)?.index ?? script.length;
      lastClose = lineEnd >= 2 ? script.lastIndexOf("};", lineEnd - 2) : -1;
    }
    if (lastClose > i) return script.slice(i, lastClose + 1);
  }
  return null;
}

function parseObject(text: string | null): Record<string, unknown> | null {
  return text ? asObject(parseJson(text)) : null;
}

function asObject(v: unknown): Record<string, unknown> | null {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

function stringOf(v: unknown): string | null {
  return typeof v === "string" && v.trim() !== "" ? v : null;
}

function absoluteHttpUrl(href: string, base: string): string | null {
  try {
    const u = new URL(href.trim(), base);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
  } catch {
    return null;
  }
}
