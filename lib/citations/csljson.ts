/** CSL-JSON (Zotero, Mendeley, citation.js, Crossref's `application/vnd.citationstyles.csl+json`). */
import { CITATION_BUDGET, entryCap, type ReadLimits } from "./budget";
import { clean, cleanDoi, cleanName, cleanPages, cleanIsbn, doiFromUrl, emptyCitation, idsInNote, yearOf, type Citation, type CitationType } from "./entry";

type CslName = { family?: unknown; given?: unknown; literal?: unknown; name?: unknown; "non-dropping-particle"?: unknown; suffix?: unknown };
type CslItem = Record<string, unknown>;

const TYPES: Record<string, CitationType> = {
  "article-journal": "article",
  article: "article",
  "article-magazine": "article",
  "article-newspaper": "article",
  "journal-article": "article",
  book: "book",
  chapter: "chapter",
  "book-chapter": "chapter",
  thesis: "thesis",
  dissertation: "thesis",
  "paper-conference": "conference",
  "proceedings-article": "conference",
  report: "report",
};

/** A text value: a string or number, or the first of an array of them (Crossref's JSON writes titles as arrays). */
const str = (v: unknown): string | null => {
  if (Array.isArray(v)) return str(v.find((x) => typeof x === "string" || typeof x === "number"));
  return typeof v === "string" || typeof v === "number" ? clean(String(v)) : null;
};

/** A value under any of the spellings tools use (CSL's "DOI", lower-case "doi" from some exporters). */
const field = (it: CslItem, ...names: string[]) => {
  for (const n of names) {
    const v = str(it[n]) ?? str(it[n.toLowerCase()]);
    if (v) return v;
  }
  return null;
};

/** The year of a CSL date: {"date-parts": [[2019, 5]]} (numbers or strings), {raw}, {literal}, an ISO string, or the old array form. */
function dateYear(d: unknown, depth = 0): string | null {
  if (d === null || d === undefined || depth > CITATION_BUDGET.maxDepth) return null;
  if (typeof d === "string" || typeof d === "number") return yearOf(String(d).slice(0, 100));
  if (Array.isArray(d)) return dateYear(d[0], depth + 1);
  if (typeof d !== "object") return null;
  const o = d as Record<string, unknown>;
  const parts = o["date-parts"];
  const first = Array.isArray(parts) ? (Array.isArray(parts[0]) ? parts[0][0] : parts[0]) : undefined;
  return yearOf(str(first)) ?? yearOf(str(o.raw)) ?? yearOf(str(o.literal)) ?? yearOf(str(o.year));
}

function name(a: unknown): string | null {
  if (typeof a === "string") return cleanName(a);
  if (!a || typeof a !== "object") return null;
  const n = a as CslName;
  const literal = str(n.literal) ?? str(n.name);
  if (literal) return literal;
  const family = [str(n["non-dropping-particle"]), str(n.family)].filter(Boolean).join(" ");
  const given = str(n.given);
  return family ? (given ? cleanName(`${family}, ${given}`) : family) : given;
}

/** The items of a CSL-JSON file: an array, one item, {items: [...]}, an id → item map, or a Crossref API response. */
function itemsOf(data: unknown, depth = 0): CslItem[] {
  if (depth > 2) return [];
  const isItem = (x: unknown): x is CslItem => !!x && typeof x === "object" && !Array.isArray(x);
  if (Array.isArray(data)) return data.filter(isItem);
  if (!isItem(data)) return [];
  if (Array.isArray(data.items)) return data.items.filter(isItem);
  if (isItem(data.message)) return itemsOf(Array.isArray(data.message.items) ? data.message.items : data.message, depth + 1);
  const values = Object.values(data);
  if (!("type" in data) && !("title" in data) && values.length && values.every((v) => isItem(v) && ("type" in v || "title" in v))) return values as CslItem[];
  return [data];
}

export class CslJsonError extends Error {}

export function parseCslJson(input: string, limits?: ReadLimits): Citation[] {
  let data: unknown;
  try {
    data = JSON.parse(input.replace(/^\ufeff/, ""));
  } catch {
    throw new CslJsonError("not JSON");
  }
  return itemsOf(data)
    .slice(0, entryCap(limits))
    .map((it) => {
      const c = emptyCitation();
      c.type = TYPES[String(it.type ?? "")] ?? "other";
      c.title = str(it.title);
      const names = [it.author, it.editor, it.director].find((v) => Array.isArray(v) && v.length) as unknown[] | undefined;
      c.authors = (names ?? (typeof it.author === "string" ? [it.author] : [])).map(name).filter((x): x is string => !!x);
      c.year =
        dateYear(it.issued) ??
        dateYear(it["published-print"]) ??
        dateYear(it["published-online"]) ??
        dateYear(it.published) ??
        dateYear(it.year) ??
        dateYear(it.date);
      c.container = str(it["container-title"]) ?? str(it["collection-title"]);
      c.volume = str(it.volume);
      c.issue = str(it.issue) ?? str(it.number);
      c.pages = cleanPages(str(it.page) ?? str(it["page-first"]));
      c.publisher = str(it.publisher);
      c.doi = cleanDoi(field(it, "DOI"));
      c.pmid = field(it, "PMID")?.replace(/\D/g, "") || null;
      c.pmcid = /PMC\d+/i.exec(field(it, "PMCID") ?? "")?.[0].toUpperCase() ?? null;
      c.isbn = cleanIsbn(field(it, "ISBN"));
      c.url = field(it, "URL");
      c.doi ??= doiFromUrl(c.url);
      // Zotero's CSL export keeps what has no CSL field in "note" ("PMID: 123", "arXiv: 2101.00001").
      const note = field(it, "note");
      if (note) {
        const ids = idsInNote(note);
        c.pmid ??= ids.pmid;
        c.pmcid ??= ids.pmcid;
        c.arxiv ??= ids.arxiv;
      }
      return c;
    });
}

export function writeCslJson(list: Citation[]): string {
  const TYPE_OUT: Record<CitationType, string> = {
    article: "article-journal",
    book: "book",
    chapter: "chapter",
    thesis: "thesis",
    conference: "paper-conference",
    report: "report",
    other: "document",
  };
  const items = list.map((c, i) => {
    const item: Record<string, unknown> = { id: `ref${i + 1}`, type: TYPE_OUT[c.type] };
    if (c.title ?? c.text) item.title = c.title ?? c.text;
    if (c.authors.length)
      item.author = c.authors.map((a) => {
        const comma = a.indexOf(",");
        return comma >= 0 ? { family: a.slice(0, comma).trim(), given: a.slice(comma + 1).trim() } : { literal: a };
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
    // CSL has no arXiv field; Zotero's convention is a "note" line.
    if (c.arxiv) item.note = `arXiv: ${c.arxiv}`;
    return item;
  });
  return JSON.stringify(items, null, 2);
}
