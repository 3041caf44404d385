/**
 * BibTeX/BibLaTeX reader and writer. Hand-written because the well-kept parsers measured too slow
 * for a Worker's CPU budget (@retorquere/bibtex-parser 9: 10,000 entries in 9-16 s, 570 KB
 * minified; astrocite-bibtex 11 s and it misreads {Corporate Authors}; @orcid/bibtex-parse-js
 * throws on @string). This one reads one pass over the text: @string macros with `#`
 * concatenation, @comment/@preamble, braced and quoted values, month macros, `(…)` entries,
 * and LaTeX in values (latex.ts); DOI, URL and eprint fields are kept verbatim.
 */
import { asciiWords, firstSignificantWord } from "./slug";
import { clean, cleanDoi, cleanPages, cleanIsbn, doiFromUrl, emptyCitation, idsInNote, yearOf, type Citation, type CitationType } from "./entry";
import { CITATION_BUDGET, CitationBudgetError, entryCap, type ReadLimits } from "./budget";
import { latexToText, textToLatex } from "./latex";

export type BibEntry = { type: string; key: string; fields: Record<string, string> };

const MONTHS: Record<string, string> = {
  jan: "1",
  feb: "2",
  mar: "3",
  apr: "4",
  may: "5",
  jun: "6",
  jul: "7",
  aug: "8",
  sep: "9",
  oct: "10",
  nov: "11",
  dec: "12",
};
// Sticky patterns read at the cursor without copying the rest of the text.
const WORD = /[^\s,#{}"()=]+/y;
// Entry types are identifiers: Mendeley writes @web_page and @book_section.
const TYPE = /\s*([A-Za-z][\w-]*)\s*([{(])/y;
const STRING_NAME = /[^\s=]+/y;
const KEY = /[^,\n@]*/y;
const FIELD = /([^\s=,{}"]+)\s*=/y;
const VERBATIM = new Set(["doi", "url", "eprint", "pmid", "pmcid", "isbn", "file", "arxivid"]);

/**
 * The raw entries (field values with macros expanded, LaTeX still in them). Macro expansion is
 * counted (budget.ts): a value past a field's cap, or all values past a small multiple of the
 * input, throws CitationBudgetError before the text is built.
 */
export function readBibtex(input: string, limits?: ReadLimits): BibEntry[] {
  const strings: Record<string, string> = { ...MONTHS };
  const entries: BibEntry[] = [];
  const n = input.length;
  const maxEntries = entryCap(limits);
  let expansionLeft = CITATION_BUDGET.expansionFactor * n + CITATION_BUDGET.expansionFloor;
  let i = 0;

  const skipSpace = () => {
    while (i < n) {
      const c = input.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else if (c === 37 /* % */) {
        const nl = input.indexOf("\n", i);
        i = nl < 0 ? n : nl + 1;
      } else break;
    }
  };
  /** Index after the brace that closes the one at `open`. */
  const balanced = (open: number): number => {
    let depth = 0;
    for (let j = open; j < n; j++) {
      const c = input[j];
      if (c === "\\") j++;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) return j + 1;
    }
    return n;
  };
  // Whether a "%" stands before `at` on its line, read forward once (looking back from every "@"
  // would read a one-line file of "@"s again for each).
  let scanned = 0;
  let lineStart = 0;
  let lastPercent = -1;
  const commentedOut = (at: number): boolean => {
    for (; scanned < at; scanned++) {
      const c = input.charCodeAt(scanned);
      if (c === 10) lineStart = scanned + 1;
      else if (c === 37) lastPercent = scanned;
    }
    return lastPercent >= lineStart;
  };
  /** Appends a piece to a value, counting it first. */
  const grow = (value: string, piece: string): string => {
    if (value.length + piece.length > CITATION_BUDGET.maxFieldChars) throw new CitationBudgetError("field");
    expansionLeft -= piece.length;
    if (expansionLeft < 0) throw new CitationBudgetError("expansion");
    return value + piece;
  };
  const readValue = (close: string): string => {
    let value = "";
    for (;;) {
      skipSpace();
      const c = input[i];
      if (c === "{") {
        const end = balanced(i);
        value = grow(value, input.slice(i + 1, end - 1));
        i = end;
      } else if (c === '"') {
        let depth = 0;
        let j = i + 1;
        for (; j < n; j++) {
          const d = input[j];
          if (d === "\\") j++;
          else if (d === "{") depth++;
          else if (d === "}") depth--;
          else if (d === '"' && depth <= 0) break;
        }
        value = grow(value, input.slice(i + 1, j));
        i = j + 1;
      } else {
        WORD.lastIndex = i;
        const m = WORD.exec(input);
        if (!m) break;
        const word = m[0];
        i += word.length;
        value = grow(value, /^\d+$/.test(word) ? word : (strings[word.toLowerCase()] ?? word));
      }
      skipSpace();
      if (input[i] === "#") {
        i++;
        continue;
      }
      break;
    }
    void close;
    return value;
  };

  while (i < n && entries.length < maxEntries) {
    const at = input.indexOf("@", i);
    if (at < 0) break;
    i = at + 1;
    // An entry commented out with "%" (biblatex-apa's test file keeps old versions so) is not one.
    if (commentedOut(at)) continue;
    TYPE.lastIndex = i;
    const typeMatch = TYPE.exec(input);
    if (!typeMatch) continue;
    const type = typeMatch[1]!.toLowerCase();
    i += typeMatch[0].length;
    const close = typeMatch[2] === "{" ? "}" : ")";
    if (type === "comment" || type === "preamble") {
      i = typeMatch[2] === "{" ? balanced(i - 1) : Math.max(i, input.indexOf(")", i) + 1);
      continue;
    }
    if (type === "string") {
      skipSpace();
      STRING_NAME.lastIndex = i;
      const name = STRING_NAME.exec(input)?.[0];
      if (!name) continue;
      i += name.length;
      skipSpace();
      if (input[i] !== "=") continue;
      i++;
      strings[name.toLowerCase()] = readValue(close);
      skipSpace();
      if (input[i] === close) i++;
      continue;
    }
    skipSpace();
    let key = "";
    FIELD.lastIndex = i;
    // EndNote writes entries without a key: "@article{\n author = {…},".
    if (!FIELD.test(input)) {
      // The key runs to the comma on its line; no comma before a line end or "@": not an entry after all.
      KEY.lastIndex = i;
      const keyEnd = i + KEY.exec(input)![0].length;
      key = input.slice(i, keyEnd).trim();
      if (input[keyEnd] !== "," || key.includes(close)) continue;
      i = keyEnd + 1;
    }
    const fields: Record<string, string> = {};
    for (;;) {
      skipSpace();
      if (i >= n || input[i] === close) {
        i++;
        break;
      }
      if (input[i] === ",") {
        i++;
        continue;
      }
      FIELD.lastIndex = i;
      const fm = FIELD.exec(input);
      if (!fm) {
        // Unreadable field: resynchronise at the next '@'.
        const next = input.indexOf("\n@", i);
        i = next < 0 ? n : next + 1;
        break;
      }
      i += fm[0].length;
      fields[fm[1]!.toLowerCase()] = readValue(close);
    }
    entries.push({ type, key, fields });
  }
  inheritCrossref(entries);
  return entries;
}

/** BibLaTeX's crossref mappings that move the parent's title: a chapter's book, a paper's proceedings, an article's periodical. */
const TITLE_TO: [parents: RegExp, children: RegExp, field: string][] = [
  [/^(?:mv)?book$/, /^(?:inbook|bookinbook|suppbook)$/, "booktitle"],
  [/^(?:mv)?(?:collection|reference)$/, /^(?:incollection|suppcollection|inreference)$/, "booktitle"],
  [/^(?:mv)?proceedings$/, /^inproceedings$/, "booktitle"],
  [/^periodical$/, /^(?:article|suppperiodical)$/, "journaltitle"],
];

/** An entry with `crossref = {key}` takes the fields it lacks from that entry (BibTeX's and BibLaTeX's rule). */
function inheritCrossref(entries: BibEntry[]) {
  const byKey = new Map<string, BibEntry>();
  for (const e of entries) if (e.key) byKey.set(e.key.toLowerCase(), e);
  for (const e of entries) {
    const parent = e.fields.crossref ? byKey.get(e.fields.crossref.trim().toLowerCase()) : undefined;
    if (!parent || parent === e) continue;
    const moved = TITLE_TO.find(([p, c]) => p.test(parent.type) && c.test(e.type))?.[2];
    if (moved && parent.fields.title && !e.fields[moved]) e.fields[moved] = parent.fields.title;
    for (const [k, v] of Object.entries(parent.fields)) if (!(k in e.fields) && !(moved && k === "title")) e.fields[k] = v;
  }
}

const TYPES: Record<string, CitationType> = {
  article: "article",
  book: "book",
  inbook: "chapter",
  incollection: "chapter",
  inproceedings: "conference",
  conference: "conference",
  proceedings: "conference",
  phdthesis: "thesis",
  mastersthesis: "thesis",
  thesis: "thesis",
  techreport: "report",
  report: "report",
};

/** Splits "A and B and {C and D}" at top-level " and ". */
function splitNames(v: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let j = 0; j < v.length; j++) {
    const c = v[j];
    if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (depth === 0 && (c === " " || c === "\n" || c === "\t") && /^\s+and\s/i.test(v.slice(j, j + 6))) {
      out.push(v.slice(start, j));
      const m = /^\s+and\s+/i.exec(v.slice(j))!;
      j += m[0].length - 1;
      start = j + 1;
    }
  }
  out.push(v.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

/** The index of the first comma outside braces, or -1. */
function topLevelComma(v: string): number {
  let depth = 0;
  for (let j = 0; j < v.length; j++) {
    const c = v[j];
    if (c === "\\") j++;
    else if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (c === "," && depth === 0) return j;
  }
  return -1;
}

/** A BibTeX name as "Family, Given" (von part kept in front of the family name), or an organisation's name. */
export function bibName(raw: string): string {
  const trimmed = raw.trim();
  // "{Council on Cardiopulmonary, Critical Care and Resuscitation}": one braced group is an organisation, commas and all.
  if (/^\{[^{}]*(\{[^{}]*\}[^{}]*)*\}$/.test(trimmed)) return latexToText(trimmed);
  const comma = topLevelComma(trimmed);
  if (comma >= 0) {
    const family = trimmed.slice(0, comma);
    const given = trimmed.slice(comma + 1).trim();
    return given ? `${latexToText(family)}, ${latexToText(given)}` : latexToText(family);
  }
  const words = latexToText(trimmed).split(" ").filter(Boolean);
  if (words.length < 2) return words.join(" ");
  // "First von Last": the von part begins at the first lower-case word after the first word.
  let vonStart = words.findIndex((w, idx) => idx > 0 && idx < words.length - 1 && /^[a-z]/.test(w));
  if (vonStart < 0) vonStart = words.length - 1;
  return `${words.slice(vonStart).join(" ")}, ${words.slice(0, vonStart).join(" ")}`;
}

export function bibEntryToCitation(e: BibEntry): Citation {
  const f = (name: string) => {
    const v = e.fields[name];
    if (v === undefined) return null;
    return clean(VERBATIM.has(name) ? v.replace(/\\(?:url|href|path|detokenize)\s*/g, "").replace(/[{}]/g, "") : latexToText(v));
  };
  const c = emptyCitation();
  c.type = TYPES[e.type] ?? "other";
  c.title = f("title");
  const authors = e.fields.author ?? e.fields.editor;
  c.authors = authors
    ? splitNames(authors)
        .map(bibName)
        .filter((a) => a && a.toLowerCase() !== "others")
    : [];
  c.year = yearOf(f("year") ?? f("date"));
  c.container = f("journal") ?? f("journaltitle") ?? f("booktitle");
  c.volume = f("volume");
  c.issue = f("number") ?? f("issue");
  c.pages = cleanPages(f("pages"));
  c.publisher = f("publisher") ?? f("school") ?? f("institution");
  // Zotero puts PMID/PMCID in `note`/`extra`; Google Scholar puts "arXiv preprint arXiv:…" in `journal`.
  const notes = ["note", "annote", "annotation", "extra", "howpublished", "journal", "addendum"]
    .map((k) => e.fields[k])
    .filter((v): v is string => !!v)
    .map((v) => idsInNote(latexToText(v)));
  const url = f("url");
  c.doi = cleanDoi(f("doi")) ?? doiFromUrl(url) ?? notes.map((x) => x.doi).find(Boolean) ?? null;
  c.pmid = f("pmid")?.replace(/\D/g, "") || notes.map((x) => x.pmid).find(Boolean) || null;
  c.pmcid = /PMC\d+/i.exec(f("pmcid") ?? "")?.[0].toUpperCase() ?? notes.map((x) => x.pmcid).find(Boolean) ?? null;
  const eprint = f("eprint") ?? f("arxivid");
  const archive = (f("archiveprefix") ?? f("eprinttype") ?? "").toLowerCase();
  c.arxiv =
    eprint && (archive === "arxiv" || /^(?:arxiv:)?\d{4}\.\d{4,5}(v\d+)?$/i.test(eprint))
      ? eprint.replace(/^arxiv:/i, "")
      : (notes.map((x) => x.arxiv).find(Boolean) ?? null);
  c.isbn = cleanIsbn(f("isbn"));
  c.url = url;
  return c;
}

export function parseBibtex(input: string, limits?: ReadLimits): Citation[] {
  return readBibtex(input, limits).map(bibEntryToCitation);
}

const TYPE_OUT: Record<CitationType, string> = {
  article: "article",
  book: "book",
  chapter: "incollection",
  thesis: "phdthesis",
  conference: "inproceedings",
  report: "techreport",
  other: "misc",
};

/**
 * A citation key people can read, as reference managers make them: the first author's family name,
 * the year and the title's first significant word ("smith2020deep"), in ASCII lower case; a letter
 * after it when the list has it twice. Without an author, the title's word and the year.
 */
function citeKey(c: Citation, used: Set<string>): string {
  const family = asciiWords(c.authors[0]?.split(",")[0] ?? "")
    .join("")
    .slice(0, 20);
  const word = firstSignificantWord(c.title ?? c.text ?? "");
  const base = (family ? `${family}${c.year ?? ""}${word}` : `${word}${c.year ?? ""}`) || "ref";
  let key = base;
  for (let k = 0; used.has(key); k++) key = `${base}${String.fromCharCode(97 + (k % 26))}${k >= 26 ? k : ""}`;
  used.add(key);
  return key;
}

/** A verbatim field (DOI, URL): written as is, but a brace would end the value early. */
const verbatim = (v: string | null) => (v ? v.replace(/\s+/g, " ").replace(/[{}]/g, (ch) => (ch === "{" ? "%7B" : "%7D")) : null);

/** A name for BibTeX's "A and B" list: the family part (or an organisation) braced when it holds the word "and". */
function bibtexName(a: string): string {
  const comma = a.indexOf(",");
  if (comma < 0) return `{${textToLatex(a)}}`;
  const family = textToLatex(a.slice(0, comma).trim());
  const given = textToLatex(a.slice(comma + 1).trim());
  const guard = (part: string) => (/\band\b/i.test(part) ? `{${part}}` : part);
  return `${guard(family)}, ${guard(given)}`;
}

export function writeBibtex(list: Citation[]): string {
  const used = new Set<string>();
  return list
    .map((c) => {
      const tex = (v: string | null) => (v ? textToLatex(v) : null);
      const fields: [string, string | null][] = [
        // "Family, Given" as BibTeX reads it; a name without a comma (an organisation) in braces, so "and" and spaces in it stay.
        ["author", c.authors.length ? c.authors.map(bibtexName).join(" and ") : null],
        // Double braces keep the title's capitals (BibTeX styles lower-case titles otherwise).
        ["title", c.title ? `{${textToLatex(c.title)}}` : null],
        [c.type === "chapter" || c.type === "conference" ? "booktitle" : "journal", tex(c.container)],
        ["year", tex(c.year)],
        ["volume", tex(c.volume)],
        ["number", tex(c.issue)],
        ["pages", c.pages && textToLatex(c.pages).replace(/–/g, "--")],
        ["publisher", tex(c.publisher)],
        ["doi", verbatim(c.doi)],
        ["pmid", verbatim(c.pmid)],
        ["pmcid", verbatim(c.pmcid)],
        ["eprint", verbatim(c.arxiv)],
        ["archiveprefix", c.arxiv ? "arXiv" : null],
        ["isbn", verbatim(c.isbn)],
        ["url", verbatim(c.url)],
        ["note", !c.title && c.text ? textToLatex(c.text) : null],
      ];
      const body = fields.filter(([, v]) => v).map(([k, v]) => `  ${k} = {${v}}`);
      return `@${TYPE_OUT[c.type]}{${citeKey(c, used)},\n${body.join(",\n")}\n}\n`;
    })
    .join("\n");
}
