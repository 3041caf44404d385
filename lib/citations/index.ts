/** Reads a reading list in any of the formats users bring, and writes the export formats. */
import { parseBibtex, writeBibtex } from "./bibtex";
import { CslJsonError, parseCslJson, writeCslJson } from "./csljson";
import type { Citation, CitationFormat } from "./entry";
import { parseNbib, parseRis, writeRis } from "./ris";
import { parseText } from "./text";
import { CITATION_BUDGET, checkJsonShape, checkLineCount, type ReadLimits } from "./budget";

export { decodeUpload } from "./decode";

export type { Citation, CitationFormat } from "./entry";

/** The format by file name, else by content. */
export function detectFormat(content: string, filename?: string | null): CitationFormat {
  const ext = /\.([a-z]+)$/i.exec(filename ?? "")?.[1]?.toLowerCase();
  if (ext === "bib" || ext === "bibtex") return "bibtex";
  if (ext === "ris") return "ris";
  if (ext === "nbib" || ext === "medline") return "nbib";
  if (ext === "json") return "csljson";
  const head = content
    .replace(/^\ufeff/, "")
    .trimStart()
    .slice(0, 4000);
  // JSON only when it opens like JSON: a pasted IEEE list also starts with "[" ("[1] A. Author, …").
  if (/^(?:\[\s*[{\]]|\{\s*["}])/.test(head)) return "csljson";
  if (/^\s*TY {1,2}- ?\S/m.test(head)) return "ris";
  if (/^PMID- ?\d/m.test(head) || (head.match(/^(?:OWN|STAT|TI|FAU|AU|DP|JT|TA|AB|PT|AID|LID|SO|OID) {0,3}- /gm)?.length ?? 0) >= 3) return "nbib";
  if (/@[a-z_][\w-]*\s*[{(][^,]*,/i.test(head)) return "bibtex";
  return "text";
}

export class CitationParseError extends Error {}
export { CITATION_BUDGET, CitationBudgetError, type ReadLimits } from "./budget";

/** A reference as kept: each field and the list of names cut to what is stored (budget.ts). */
function boundCitation(c: Citation): Citation {
  const cut = (v: string | null) => (v && v.length > CITATION_BUDGET.maxStoredChars ? v.slice(0, CITATION_BUDGET.maxStoredChars) : v);
  const out = { ...c, authors: c.authors.slice(0, CITATION_BUDGET.maxAuthors).map((a) => cut(a)!) };
  for (const k of ["title", "year", "container", "volume", "issue", "pages", "publisher", "doi", "pmid", "pmcid", "arxiv", "isbn", "url", "text"] as const)
    out[k] = cut(out[k]);
  return out;
}

/** The references of a list, at most `limits.maxEntries + 1` of them (budget.ts); throws CitationBudgetError past a budget. */
export function parseCitations(content: string, format: CitationFormat, limits?: ReadLimits): Citation[] {
  return readFormat(content, format, limits).map(boundCitation);
}

function readFormat(content: string, format: CitationFormat, limits?: ReadLimits): Citation[] {
  if (format === "text" || format === "ris" || format === "nbib") checkLineCount(content);
  if (format === "csljson") checkJsonShape(content);
  switch (format) {
    case "bibtex":
      return parseBibtex(content, limits);
    case "ris":
      return parseRis(content, limits);
    case "nbib":
      return parseNbib(content, limits);
    case "csljson":
      try {
        return parseCslJson(content, limits);
      } catch (e) {
        if (e instanceof CslJsonError) throw new CitationParseError(e.message);
        throw e;
      }
    case "text":
      return parseText(content, limits);
  }
}

export type ExportFormat = "bibtex" | "ris" | "csljson";

export function writeCitations(list: Citation[], format: ExportFormat): string {
  if (format === "bibtex") return writeBibtex(list);
  if (format === "ris") return writeRis(list);
  return writeCslJson(list);
}

/** A formatted reference (APA-like), for copying under a result. */
export function formatCitation(c: Citation): string {
  if (!c.title && c.text) return c.text;
  const names = c.authors.slice(0, 20).map((a) => {
    const [family, given] = a.split(/,\s*/);
    if (!given) return family!;
    const initials = given
      .split(/[\s-]+/)
      .filter(Boolean)
      .map((g) => `${g[0]!.toUpperCase()}.`)
      .join(" ");
    return `${family}, ${initials}`;
  });
  const authors = names.length > 1 ? `${names.slice(0, -1).join(", ")}, & ${names[names.length - 1]}` : (names[0] ?? "");
  const parts = [authors ? `${authors} ` : "", `(${c.year ?? "n.d."}). `, c.title ? `${c.title.replace(/\.$/, "")}. ` : ""];
  if (c.container) parts.push(`${c.container}${c.volume ? `, ${c.volume}` : ""}${c.issue ? `(${c.issue})` : ""}${c.pages ? `, ${c.pages}` : ""}. `);
  if (c.doi) parts.push(`https://doi.org/${c.doi}`);
  return parts.join("").trim();
}

export const EXPORT_TYPES: Record<ExportFormat, { mime: string; ext: string }> = {
  bibtex: { mime: "application/x-bibtex; charset=utf-8", ext: "bib" },
  ris: { mime: "application/x-research-info-systems; charset=utf-8", ext: "ris" },
  csljson: { mime: "application/vnd.citationstyles.csl+json; charset=utf-8", ext: "json" },
};
