/**
 * Reading lists as reference managers and people really write them, one file per shape met in the
 * public test suites (scripts/citations-corpus.ts checks the readers on those suites' own files):
 * each fixture is ours, written in the shape of the named tool's export, and each entry must become
 * the identifier it holds, or a reference string when it holds none. Prints a table of the figures.
 */
import { afterAll, describe, expect, it } from "vitest";
import { identify } from "../identify";
import { lookupText } from "./entry";
import { decodeUpload, detectFormat, parseCitations, writeCitations, type CitationFormat, type ExportFormat } from "./index";

// The files' bytes as uploaded (UTF-16 and Windows-1252 among them), read by Node; lib/ has no Node types.
const { readFileSync } = (await import("node:fs" as string)) as { readFileSync: (file: URL) => Uint8Array };
const fixture = (file: string) => readFileSync(new URL(`../../tests/fixtures/citations/${file}`, import.meta.url));

/** "doi:…", "pmid:…", "pmcid:…", "arxiv:…", "isbn:…" (13 digits) for an identifier; "ref" for a reference string. */
type Want = string;
type Row = { file: string; shape: string; format: CitationFormat; entries: Want[] };

const ROWS: Row[] = [
  {
    file: "mendeley.bib",
    shape: "Mendeley .bib: empty keys, @web_page/@book_section, DOI in url and note",
    format: "bibtex",
    entries: ["doi:10.1038/nature14539", "ref", "doi:10.1126/science.185.4157.1124"],
  },
  { file: "endnote.bib", shape: "EndNote .bib: entries without keys, CRLF, PMID in note", format: "bibtex", entries: ["ref", "pmid:14907713"] },
  {
    file: "zotero-scholar.bib",
    shape: "Zotero/Google Scholar .bib: @STRING, doi.org DOI, {PMID:} in note, arXiv in journal, \\url in howpublished, %-commented entry, crossref",
    format: "bibtex",
    entries: ["doi:10.1073/pnas.0507655102", "arxiv:1706.03762", "doi:10.5555/who-2020_report", "doi:10.1109/cvpr.2016.90", "ref"],
  },
  {
    file: "endnote-utf16.ris",
    shape: "EndNote .ris: UTF-16 LE + BOM, ER without space, wrapped title, DOI in M3, PMCID in C2",
    format: "ris",
    entries: ["doi:10.1371/journal.pmed.0020124", "isbn:9780374275631"],
  },
  { file: "scopus.ris", shape: "Scopus .ris: UTF-8 BOM, EID in AN (not a PMID)", format: "ris", entries: ["doi:10.2307/1914185"] },
  {
    file: "windows-1252.ris",
    shape: "old Windows .ris: Windows-1252 bytes, one-space tags, CR line ends, DOI link in UR",
    format: "ris",
    entries: ["doi:10.5555/cafe-1998"],
  },
  {
    file: "pubmed.nbib",
    shape: "PubMed .nbib + an ERIC record: [doi]/[pii] AIDs, PMID-123, doi: AID, blank-line records",
    format: "nbib",
    entries: ["doi:10.1073/pnas.0507655102", "doi:10.1038/171737a0", "isbn:9781598571929"],
  },
  {
    file: "zotero.json",
    shape: "Zotero CSL-JSON: date-parts as strings, raw dates, note ids, ISBN array, lower-case doi",
    format: "csljson",
    entries: ["doi:10.1371/journal.pmed.0020124", "arxiv:1706.03762", "isbn:9780374275631", "doi:10.1126/science.185.4157.1124"],
  },
  { file: "crossref-work.json", shape: "a Crossref API work response: title arrays, published-print", format: "csljson", entries: ["doi:10.1038/nature14539"] },
  {
    file: "apa-from-pdf.txt",
    shape: "APA list copied from a PDF: heading, hanging indent lost, hyphenated and wrapped DOIs, 'van der' author",
    format: "text",
    entries: ["doi:10.1073/pnas.0507655102", "doi:10.1371/journal.pmed.0020124", "ref", "doi:10.1038/nature14539", "ref", "ref", "doi:10.1038/171737a0"],
  },
  {
    file: "vancouver-numbered.txt",
    shape: "PubMed-style Vancouver list, numbered, wrapped mid-reference",
    format: "text",
    entries: ["doi:10.1038/171737a0", "pmid:14907713", "doi:10.1073/pnas.0507655102", "doi:10.1371/journal.pmed.0020124"],
  },
  {
    file: "ieee.txt",
    shape: "IEEE list, one [n] reference per line (not JSON)",
    format: "text",
    entries: ["doi:10.1038/nature14539", "ref", "arxiv:1706.03762", "ref"],
  },
  { file: "harvard-paragraphs.txt", shape: "Harvard list, references as blank-line paragraphs", format: "text", entries: ["ref", "ref", "ref"] },
  {
    file: "chicago-one-per-line.txt",
    shape: "Chicago bibliography, one per line, group author and lower-case particle",
    format: "text",
    entries: ["ref", "ref", "ref", "ref", "doi:10.1073/pnas.0507655102"],
  },
  {
    file: "identifiers.txt",
    shape: "a list of identifiers, one per line",
    format: "text",
    entries: ["doi:10.1038/nature14539", "doi:10.1073/pnas.0507655102", "pmid:13054692", "arxiv:1706.03762", "pmcid:PMC1182327"],
  },
  {
    file: "persian-numbered.txt",
    shape: "Persian list numbered ۱- ۲- ۳- with a DOI on its own line",
    format: "text",
    entries: ["ref", "doi:10.1073/pnas.0507655102", "ref"],
  },
];

/** What the batch asks for an entry: the identifier identify() finds in its lookup text, else "ref". */
function asked(lookup: string): Want {
  const r = identify(lookup);
  if (r.kind === "doi") return `doi:${r.doi}`;
  if (r.kind === "arxiv") return `arxiv:${r.arxiv}`;
  if (r.kind === "pmid") return `pmid:${r.pmid}`;
  if (r.kind === "pmcid") return `pmcid:${r.pmcid}`;
  if (r.kind === "isbn") return `isbn:${r.isbn}`;
  return "ref";
}

const table: string[] = [];
afterAll(() => {
  console.log(["| fixture (shape of) | format | entries read/expected | identifiers right | round trips |", "|---|---|---|---|---|", ...table].join("\n"));
});

describe("reading lists in the shapes real tools write", () => {
  it.each(ROWS)("$file: $shape", (row) => {
    const content = decodeUpload(new Uint8Array(fixture(row.file)));
    expect(detectFormat(content, row.format === "text" ? null : row.file)).toBe(row.format);
    // Pasted text has no file name: the format must come from the content alone.
    if (row.format !== "text") expect(detectFormat(content)).toBe(row.format);
    const list = parseCitations(content, row.format);
    const got = list.map((c) => asked(lookupText(c).text));
    const right = got.filter((g, i) => g === row.entries[i]).length;
    // Every export of the entries reads back to the same fields.
    const trips = (["bibtex", "ris", "csljson"] as ExportFormat[]).filter(
      (f) =>
        JSON.stringify(parseCitations(writeCitations(list, f), f)) ===
        JSON.stringify(list.map((c) => ({ ...c, text: null, title: c.title ?? (f === "bibtex" ? null : c.text) }))),
    );
    table.push(
      `| ${row.file} (${row.shape}) | ${row.format} | ${list.length}/${row.entries.length} | ${right}/${row.entries.length} | ${row.format === "text" ? "–" : trips.join(", ")} |`,
    );
    expect(got).toEqual(row.entries);
    for (const c of list) expect(c.title || c.text || c.authors.length).toBeTruthy();
    if (row.format !== "text") expect(trips).toEqual(["bibtex", "ris", "csljson"]);
  });
});
