/**
 * One reference of a reading list, whatever file it came from. Pure data: the parsers fill what
 * the format says, the exporters write it back, and the batch resolver turns it into an
 * identifier (lib/identify.ts) or a reference string for the title/reference matcher.
 */
import { toIsbn13 } from "../identify";

export type CitationType = "article" | "book" | "chapter" | "thesis" | "conference" | "report" | "other";

export type Citation = {
  type: CitationType;
  title: string | null;
  /** "Family, Given" or an organisation's name, in order. */
  authors: string[];
  year: string | null;
  /** Journal, book (for a chapter) or proceedings. */
  container: string | null;
  volume: string | null;
  issue: string | null;
  pages: string | null;
  publisher: string | null;
  doi: string | null;
  pmid: string | null;
  pmcid: string | null;
  arxiv: string | null;
  isbn: string | null;
  url: string | null;
  /** The reference as written (plain text), or null for structured formats. */
  text: string | null;
};

export const emptyCitation = (): Citation => ({
  type: "article",
  title: null,
  authors: [],
  year: null,
  container: null,
  volume: null,
  issue: null,
  pages: null,
  publisher: null,
  doi: null,
  pmid: null,
  pmcid: null,
  arxiv: null,
  isbn: null,
  url: null,
  text: null,
});

export type CitationFormat = "bibtex" | "ris" | "nbib" | "csljson" | "text";

/** A DOI as written in a field: without its resolver prefix, "doi:" label, URL-encoding or trailing punctuation. */
export function cleanDoi(v: string | null | undefined): string | null {
  if (!v) return null;
  let s = v.trim();
  if (/%2f|%28|%3c/i.test(s)) {
    try {
      s = decodeURIComponent(s);
    } catch {
      /* not URL-encoded after all */
    }
  }
  // "<" and ">" stay: SICI-style DOIs hold them (10.1002/(SICI)1521-396X(199901)171:1<325::AID-PSSA325>3.0.CO;2-1).
  const m = /10\.\d{4,9}(?:\.\d+)*\/[^\s"{}]+/.exec(s);
  return m ? trimDoiEnd(m[0]) : null;
}

/** Prose punctuation after a DOI, and a closing bracket that opens nowhere inside it. */
function trimDoiEnd(doi: string): string {
  let t = doi;
  for (;;) {
    const last = t[t.length - 1]!;
    if (/[.,;:'"]/.test(last)) t = t.slice(0, -1);
    else if (last === ")" && t.split(")").length > t.split("(").length) t = t.slice(0, -1);
    else if (last === "]" && t.split("]").length > t.split("[").length) t = t.slice(0, -1);
    else if (last === ">" && t.split(">").length > t.split("<").length) t = t.slice(0, -1);
    else return t;
  }
}

/**
 * The DOI in a link, only when the link is a DOI resolver's (doi.org, dx.doi.org): a publisher's page
 * address often holds a DOI followed by path segments (`/full`, `/fulltext.html`) that are not part of it.
 */
export function doiFromUrl(v: string | null | undefined): string | null {
  if (!v) return null;
  const m = /^\s*(?:https?:\/\/)?(?:www\.|dx\.)?doi\.org\/(\S+)/i.exec(v);
  if (!m) return null;
  return cleanDoi(m[1]!.replace(/[?#].*$/, ""));
}

/** The first checksum-valid ISBN in a field ("978-1-5985-7192-9 (pbk.); 1598571923"), as written. */
export function cleanIsbn(v: string | null | undefined): string | null {
  if (!v) return null;
  for (const token of v.replace(/ISBN(?:-?1[03])?:?\s*-?/gi, " ").split(/[\s,;/()]+/)) {
    const t = token.replace(/^[^\dXx]+|[^\dXx]+$/g, "");
    if (/^[\dXx-]{10,17}$/.test(t) && toIsbn13(t)) return t;
  }
  // A run with spaces between the groups ("0 306 40615 2").
  const spaced = /\b\d[\d -]{8,15}[\dXx]\b/.exec(v)?.[0];
  return spaced && toIsbn13(spaced) ? spaced : null;
}

/**
 * Identifiers that reference managers put in a free-text field (Zotero's BibTeX `note = {PMID: 123}`,
 * EndNote's RIS `N1`/`M1`/`C2`, a "doi: …" or doi.org link in a note).
 */
export function idsInNote(v: string): { doi: string | null; pmid: string | null; pmcid: string | null; arxiv: string | null } {
  const doi = /\bdoi\s*[:=]\s*(10\.\S+)/i.exec(v)?.[1] ?? /\bdoi\.org\/(10\.\S+)/i.exec(v)?.[1];
  return {
    doi: cleanDoi(doi),
    pmid: /\bPMID\s*:?\s*(\d{1,9})\b/i.exec(v)?.[1] ?? null,
    pmcid: /\bPMC\d{3,9}\b/i.exec(v)?.[0].toUpperCase() ?? null,
    arxiv: /\barXiv\s*:\s*(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?\b/i.exec(v)?.[1] ?? null,
  };
}

/** The first four-digit year in a date-ish value. */
export function yearOf(v: string | null | undefined): string | null {
  const m = v ? /\b(1[5-9]\d\d|20\d\d)\b/.exec(v) : null;
  return m ? m[1]! : null;
}

/** A page range written with a hyphen, two or an en dash ("100-120", "100--120", "100 – 120") as "100–120": one form in every reader, so an export reads back the same. */
export function cleanPages(v: string | null | undefined): string | null {
  const s = clean(v);
  return s ? s.replace(/^([\p{L}\d.]+)\s*[-–—]+\s*([\p{L}\d.]+)$/u, "$1–$2") : null;
}

/** A person's name as "Family, Given" with one space after the comma ("Valle-Delgado,J. J." → "Valle-Delgado, J. J."). */
export function cleanName(v: string | null | undefined): string | null {
  const s = clean(v);
  return s ? s.replace(/^([^,]+?)\s*,\s*/, "$1, ").replace(/,\s*$/, "") || null : null;
}

/** Collapsed whitespace, null for empty. */
export function clean(v: string | null | undefined): string | null {
  const s = (v ?? "").replace(/\s+/g, " ").trim();
  return s ? s : null;
}

/**
 * The text handed to identify() or the reference matcher: an identifier when the record has one
 * (DOI first, then PMCID, PMID, arXiv, ISBN), else "Authors (year). Title. Container."
 */
export function lookupText(c: Citation): { kind: "identifier" | "reference"; text: string } {
  if (c.doi) return { kind: "identifier", text: c.doi };
  if (c.pmcid) return { kind: "identifier", text: c.pmcid };
  if (c.pmid) return { kind: "identifier", text: `PMID: ${c.pmid}` };
  if (c.arxiv) return { kind: "identifier", text: `arXiv:${c.arxiv}` };
  if (c.isbn && c.type === "book") return { kind: "identifier", text: `ISBN ${c.isbn}` };
  if (c.text) return { kind: "reference", text: c.text };
  // Vancouver style ("Family AB, Family C. Title. Journal. Year;Vol(Issue):Pages."): the form the
  // reference matcher reads best, authors' family names first.
  const authors = c.authors.slice(0, 6).map(vancouverName).join(", ");
  const tail = [c.year, c.volume ? `;${c.volume}` : "", c.issue ? `(${c.issue})` : "", c.pages ? `:${c.pages}` : ""].join("");
  const parts = [authors, c.title, c.container, tail].map((p) => trimDotsEnd(p ?? "")).filter(Boolean);
  return { kind: "reference", text: parts.length ? `${parts.join(". ")}.` : "" };
}

/** Trailing dots and spaces removed in one pass from the end (`/[.\s]+$/` retries from every dot: quadratic on a field of dots). */
function trimDotsEnd(s: string): string {
  let end = s.length;
  while (end > 0 && /[.\s]/.test(s[end - 1]!)) end--;
  return s.slice(0, end);
}

function vancouverName(name: string): string {
  const [family, given] = name.split(/,\s*/);
  if (!given) return family!;
  const initials = given
    .split(/[\s.-]+/)
    .filter(Boolean)
    .map((g) => g[0]!.toUpperCase())
    .join("");
  return `${family} ${initials}`;
}
