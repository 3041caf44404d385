/** CSL-JSON (Zotero, Mendeley, citation.js, Crossref's `application/vnd.citationstyles.csl+json`). */
import { clean, cleanDoi, emptyCitation, yearOf, type Citation, type CitationType } from "./entry";

type CslName = { family?: string; given?: string; literal?: string };
type CslItem = Record<string, unknown> & { author?: CslName[]; editor?: CslName[]; issued?: { "date-parts"?: unknown[][]; raw?: string; literal?: string } };

const TYPES: Record<string, CitationType> = {
  "article-journal": "article", article: "article", "article-magazine": "article", "article-newspaper": "article", book: "book", chapter: "chapter",
  thesis: "thesis", "paper-conference": "conference", report: "report",
};

const str = (v: unknown) => (typeof v === "string" || typeof v === "number" ? clean(String(v)) : null);

export class CslJsonError extends Error {}

export function parseCslJson(input: string): Citation[] {
  let data: unknown;
  try {
    data = JSON.parse(input);
  } catch {
    throw new CslJsonError("not JSON");
  }
  const items = Array.isArray(data) ? data : data && typeof data === "object" && Array.isArray((data as { items?: unknown }).items) ? (data as { items: unknown[] }).items : [data];
  return items
    .filter((x): x is CslItem => !!x && typeof x === "object" && !Array.isArray(x))
    .map((it) => {
      const c = emptyCitation();
      c.type = TYPES[String(it.type ?? "")] ?? "other";
      c.title = str(it.title);
      const names = Array.isArray(it.author) ? it.author : Array.isArray(it.editor) ? it.editor : [];
      c.authors = names
        .filter((a): a is CslName => !!a && typeof a === "object")
        .map((a) => (a.literal ? String(a.literal) : [a.family, a.given].filter((x) => typeof x === "string" && x).join(", ")))
        .filter(Boolean);
      const parts = it.issued?.["date-parts"]?.[0]?.[0];
      c.year = yearOf(str(parts) ?? str(it.issued?.raw) ?? str(it.issued?.literal) ?? str(it.year));
      c.container = str(it["container-title"]);
      c.volume = str(it.volume);
      c.issue = str(it.issue);
      c.pages = str(it.page);
      c.publisher = str(it.publisher);
      c.doi = cleanDoi(str(it.DOI) ?? str(it.doi));
      c.pmid = str(it.PMID)?.replace(/\D/g, "") || null;
      c.pmcid = str(it.PMCID);
      c.isbn = str(it.ISBN);
      c.url = str(it.URL);
      return c;
    });
}

export function writeCslJson(list: Citation[]): string {
  const TYPE_OUT: Record<CitationType, string> = { article: "article-journal", book: "book", chapter: "chapter", thesis: "thesis", conference: "paper-conference", report: "report", other: "document" };
  const items = list.map((c, i) => {
    const item: Record<string, unknown> = { id: `ref${i + 1}`, type: TYPE_OUT[c.type] };
    if (c.title ?? c.text) item.title = c.title ?? c.text;
    if (c.authors.length)
      item.author = c.authors.map((a) => {
        const [family, given] = a.split(/,\s*/);
        return a.includes(",") ? { family, given } : { literal: a };
      });
    if (c.year) item.issued = { "date-parts": [[Number(c.year)]] };
    const set = (k: string, v: string | null) => v && (item[k] = v);
    set("container-title", c.container);
    set("volume", c.volume);
    set("issue", c.issue);
    set("page", c.pages);
    set("publisher", c.publisher);
    set("DOI", c.doi);
    set("PMID", c.pmid);
    set("PMCID", c.pmcid);
    set("ISBN", c.isbn);
    set("URL", c.url);
    return item;
  });
  return JSON.stringify(items, null, 2);
}
