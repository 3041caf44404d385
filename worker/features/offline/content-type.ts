/**
 * What kind of document an offline request names, so a request of the wrong content type (an article
 * sent as a book, a book as an article) is refused with a hint of what to use instead, and the key that
 * groups the same document requested by several users. Pure: Crossref's answer is passed in.
 *
 * It leans towards accepting: only clear evidence refuses (an ISBN, an arXiv/PubMed id, a Crossref type,
 * a publisher's /book/ or /article/ path). A title, or a link without such a sign, is never refused here;
 * staff can still reject it with the "wrong type" template.
 */
import type { IdentifyResult } from "../../../contract/identify";
import { identify, jobKeyFor, toIsbn13 } from "../../../lib/identify";
import { editionOf } from "./citation-parts";
import { parseStandard, standardKeyOf } from "./standard-number";

export type DocClass = "article" | "chapter" | "book" | "standard" | "unknown";

/** Crossref's `type` values (api.crossref.org/types) by what they are to us. */
const CROSSREF_TYPES: Record<string, DocClass> = {
  "journal-article": "article",
  "proceedings-article": "article",
  "posted-content": "article",
  "peer-review": "article",
  book: "book",
  monograph: "book",
  "edited-book": "book",
  "reference-book": "book",
  "book-set": "book",
  "book-series": "book",
  "book-track": "book",
  report: "book",
  "report-series": "book",
  "book-chapter": "chapter",
  "book-section": "chapter",
  "book-part": "chapter",
  "reference-entry": "chapter",
  standard: "standard",
  "standard-series": "standard",
};

export function classOfCrossrefType(type: string | null | undefined): DocClass {
  return (type && CROSSREF_TYPES[type.toLowerCase()]) || "unknown";
}

// DOI prefixes of standards bodies: IEEE standards, ASTM, BSI Knowledge, DIN Media.
const STANDARD_DOI = /^(?:10\.1109\/ieeestd|10\.1520\/|10\.3403\/|10\.31030\/)/i;
// A book DOI carries its ISBN-13 (Springer 10.1007/978-3-…, Wiley 10.1002/9781119…, Routledge 10.4324/97802…);
// a chapter adds a part after it (Springer's "_7", Wiley's ".ch3").
const ISBN_IN_DOI = /(?:^|[/.-])97[89](?:-?\d){10}(?<tail>.*)$/;
const CHAPTER_TAIL = /^(?:_\d+|\.ch\d+|[.-]ch(?:apter)?\d+|\/\d+|\.\d{3}(?:\.\d{4})?)$/i;

export function classOfDoi(doi: string): DocClass {
  const d = doi.toLowerCase();
  if (STANDARD_DOI.test(d)) return "standard";
  const m = ISBN_IN_DOI.exec(d);
  if (m) {
    const tail = m.groups?.["tail"] ?? "";
    // OUP's book record is "….001.0001"; its chapters are "….003.0004".
    if (tail === "" || tail === ".001.0001") return "book";
    return CHAPTER_TAIL.test(tail) ? "chapter" : "unknown";
  }
  return "unknown";
}

type UrlRule = { host: RegExp; path: RegExp; cls: DocClass };
const URL_RULES: readonly UrlRule[] = [
  {
    host: /(^|\.)(link\.springer\.com|sciencedirect\.com|taylorfrancis\.com|onlinelibrary\.wiley\.com|tandfonline\.com|degruyter\.com|cambridge\.org|oup\.com)$/,
    path: /^\/(?:[a-z]{2}\/)?(?:book|books|doi\/book)\//i,
    cls: "book",
  },
  { host: /(^|\.)(link\.springer\.com|sciencedirect\.com)$/, path: /^\/(?:chapter|referenceworkentry)\//i, cls: "chapter" },
  {
    host: /(^|\.)(link\.springer\.com|sciencedirect\.com|nature\.com|mdpi\.com|frontiersin\.org|iopscience\.iop\.org|academic\.oup\.com)$/,
    path: /^\/(?:science\/)?articles?\//i,
    cls: "article",
  },
  { host: /(^|\.)(amazon\.[a-z.]+|goodreads\.com|openlibrary\.org)$/, path: /^\/(?:.*\/)?(?:dp|gp\/product|book\/show|works|books)\//i, cls: "book" },
  { host: /(^|\.)books\.google\.[a-z.]+$/, path: /./, cls: "book" },
  { host: /(^|\.)(arxiv\.org|pubmed\.ncbi\.nlm\.nih\.gov|europepmc\.org|biorxiv\.org|medrxiv\.org|ssrn\.com)$/, path: /./, cls: "article" },
  {
    host: /(^|\.)(standards\.ieee\.org|astm\.org|iso\.org|webstore\.iec\.ch|bsigroup\.com|knowledge\.bsigroup\.com|din\.de|dinmedia\.de|asme\.org|store\.accuristech\.com|api\.org)$/,
    path: /./,
    cls: "standard",
  },
];

export function classOfUrl(url: string): DocClass {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "unknown";
  }
  const host = u.hostname.toLowerCase().replace(/^www\d?\./, "");
  for (const rule of URL_RULES) if (rule.host.test(host) && rule.path.test(u.pathname)) return rule.cls;
  return "unknown";
}

/** The strongest sign among the identifiers; Crossref's type (when the DOI is known there) wins. */
export function classifyDocument(ids: readonly IdentifyResult[], crossrefType?: string | null): DocClass {
  const fromCrossref = classOfCrossrefType(crossrefType);
  if (fromCrossref !== "unknown") return fromCrossref;
  for (const id of ids) {
    if (id.isbn !== null) return "book";
    if (id.arxiv !== null || id.pmid !== null || id.pmcid !== null) return "article";
    if (id.doi !== null) {
      const c = classOfDoi(id.doi);
      if (c !== "unknown") return c;
    }
    if (id.url !== null) {
      const c = classOfUrl(id.url);
      if (c !== "unknown") return c;
    }
  }
  return "unknown";
}

export type RequestedAs = "article" | "book" | "standard";
export type Misfit = "articleSentAsBook" | "standardSentAsBook" | "bookSentAsStandard" | "bookSentAsArticle" | "standardSentAsArticle";

/** Null when the document fits the request type; otherwise which hint the user gets. */
export function contentTypeMisfit(requestedAs: RequestedAs, cls: DocClass): Misfit | null {
  switch (requestedAs) {
    case "article":
      if (cls === "book") return "bookSentAsArticle";
      if (cls === "standard") return "standardSentAsArticle";
      return null;
    case "book":
      if (cls === "article") return "articleSentAsBook";
      if (cls === "standard") return "standardSentAsBook";
      return null; // a chapter may well be asked for as the whole book
    case "standard":
      // Standards carry ISBNs (BSI) and DOIs; only a clear article is refused.
      if (cls === "article") return "articleSentAsBook";
      return null;
  }
}

/** Identifiers of a request: the DOI field first (most precise), then the link-or-title field. */
export function identifyRequest(input: { url: string; doi?: string | undefined }): { ids: IdentifyResult[]; doi: string | null } {
  const ids = [input.doi, input.url].flatMap((v) => (v && v.trim() ? [identify(v)] : []));
  const doi = ids.find((r) => r.doi !== null)?.doi ?? null;
  return { ids, doi };
}

/**
 * A title as a key: case, spacing, punctuation and Arabic/Persian letter variants folded, and what
 * users add around a book's title dropped — a trailing "by Author", a parenthesised publisher/year/
 * edition, "8th edition", "3rd ed." — so variants of one request group on the desk.
 */
export function titleKey(title: string): string {
  const folded = title
    .normalize("NFKC")
    // "… by Thomas H. Cormen", "… by T. Cormen et al.", "… — Cengel": a name after the title. Needs the
    // original case (names are capitalised) and, after "by", two name words, so "Learning by Doing" stays.
    .replace(
      /\s(?:by\s+(?:[A-Z][\p{L}'’-]*\.?\s+){1,3}[A-Z][\p{L}'’-]*\.?|by\s+[A-Z][\p{L}'’-]*\s+et\s+al\.?|[—–]\s*[A-Z][\p{L}'’-]*(?:\s+[A-Z][\p{L}'’-]*\.?){0,3}(?:\s+et\s+al\.?)?)\s*$/u,
      " ",
    )
    .toLowerCase()
    .replace(/\u064a/g, "\u06cc")
    .replace(/\u0643/g, "\u06a9");
  const trimmed = folded
    // "(Pearson, 2019)", "[3rd ed.]"
    .replace(/[([][^)\]]*[)\]]/g, " ")
    // "8th edition", "3rd ed.", "second edition", "ed. 2"
    .replace(/\b(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\s+ed(?:ition|\.|\b)/g, " ")
    .replace(/\bed(?:ition)?\.?\s*\d+\b/g, " ")
    // a trailing year or publisher list after a comma: ", 2019", ", Wiley, 2019"
    .replace(/,\s*(?:[\p{L}&.\s]{0,40},\s*)?(?:19|20)\d{2}\s*$/u, " ");
  const key = trimmed
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .slice(0, 300);
  // Never fold a title into nothing ("(3rd ed.)" alone): keep the plain folding then.
  return (
    key ||
    folded
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim()
      .slice(0, 300)
  );
}

// Shop and catalogue links carry a book's ISBN as a path part (/dp/0131103628, /isbn/978…) or a query
// value (isbn=, ean=); it is an ISBN only when its check digit is right.
const SHOP_ISBN_PARAMS = ["isbn", "ean", "isbn13", "isbn10"];

export function isbnFromLink(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const candidates = [...SHOP_ISBN_PARAMS.map((p) => u.searchParams.get(p) ?? ""), ...u.pathname.split(/[/_]/)];
  for (const c of candidates) {
    const digits = c.replace(/-/g, "");
    if (!/^(?:\d{9}[\dXx]|97[89]\d{10})$/.test(digits)) continue;
    const isbn = toIsbn13(digits);
    if (isbn) return isbn;
  }
  return null;
}

/** A standard's number as a key: designation and version, spacing and year forms folded (standard-number.ts). */
function standardKey(text: string | null | undefined): string | null {
  const s = parseStandard(text);
  return s ? standardKeyOf(s) : null;
}

/**
 * The document key that groups requests: a DOI/arXiv/PubMed/ISBN job key, an ISBN carried by a shop
 * link, a standard's number, the link itself, else the folded title with its edition.
 */
export function docKeyFor(ids: readonly IdentifyResult[], fallbackText: string, code?: string | null): string {
  for (const id of ids) {
    const key = jobKeyFor(id);
    if (key !== null && !key.startsWith("url:")) return key;
  }
  for (const id of ids) {
    const isbn = id.url ? isbnFromLink(id.url) : null;
    if (isbn) return `isbn:${isbn}`;
  }
  const standard = standardKey(code) ?? standardKey(ids.find((r) => r.title !== null)?.title) ?? standardKey(fallbackText);
  if (standard) return standard;
  for (const id of ids) {
    const key = jobKeyFor(id);
    if (key !== null) return key;
  }
  const title = ids.find((r) => r.title !== null)?.title ?? fallbackText;
  // Two editions of one title are two documents (a user may want both).
  const edition = editionOf(title);
  return `title:${titleKey(title)}${edition ? `#${edition}` : ""}`;
}

// "Solutions manual", "Solution Manual for …", "Instructor's Solutions Manual", "حل‌المسائل".
const SOLUTION_MANUAL = /\bsolutions?[\s-]+manual\b|\binstructor'?s?[\s-]+(?:solutions?|manual)\b|\bstudent'?s?[\s-]+solutions?\b|حل[\u200c\s]?ال?مسائل/iu;

export function looksLikeSolutionManual(...texts: (string | null | undefined)[]): boolean {
  return texts.some((t) => !!t && SOLUTION_MANUAL.test(t));
}
