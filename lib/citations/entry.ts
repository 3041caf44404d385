/**
 * One reference of a reading list, whatever file it came from. Pure data: the parsers fill what
 * the format says, the exporters write it back, and the batch resolver turns it into an
 * identifier (lib/identify.ts) or a reference string for the title/reference matcher.
 */
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

/** A DOI as written in a field: without its resolver prefix or "doi:" label. */
export function cleanDoi(v: string | null | undefined): string | null {
  if (!v) return null;
  const m = /10\.\d{4,9}\/\S+/.exec(v.trim());
  return m ? m[0].replace(/[.,;]+$/, "") : null;
}

/** The first four-digit year in a date-ish value. */
export function yearOf(v: string | null | undefined): string | null {
  const m = v ? /\b(1[5-9]\d\d|20\d\d)\b/.exec(v) : null;
  return m ? m[1]! : null;
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
  const parts = [authors, c.title, c.container, tail].map((p) => (p ?? "").replace(/[.\s]+$/, "")).filter(Boolean);
  return { kind: "reference", text: parts.length ? `${parts.join(". ")}.` : "" };
}

function vancouverName(name: string): string {
  const [family, given] = name.split(/,\s*/);
  if (!given) return family!;
  const initials = given.split(/[\s.-]+/).filter(Boolean).map((g) => g[0]!.toUpperCase()).join("");
  return `${family} ${initials}`;
}
