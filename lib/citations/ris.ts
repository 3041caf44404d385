/**
 * RIS (Research Information Systems) and PubMed's MEDLINE/.nbib: both are "TAG  - value" line
 * formats, small enough that a reader here is shorter and faster than a dependency (Citation.js's
 * RIS plugin brings its core: ~300 KB). RIS records end at `ER  -`; MEDLINE records start at
 * `PMID-` and continue a value on lines indented by six spaces.
 */
import { CITATION_BUDGET, entryCap, type ReadLimits } from "./budget";
import { clean, cleanDoi, cleanName, cleanPages, cleanIsbn, doiFromUrl, emptyCitation, idsInNote, yearOf, type Citation, type CitationType } from "./entry";

type Tagged = [tag: string, value: string][];

/** The lines of a file, whatever its line ends (CRLF, LF, a lone CR from old Mac exports). */
const lines = (input: string) => input.replace(/^\ufeff/, "").split(/\r\n|\r|\n/);

// "TY  - JOUR"; also the one-space and no-space variants some exporters write, and "ER  -" with no trailing space.
// [^\n] rather than ".": a value may hold U+2028/U+2029, which "." does not match.
const RIS_LINE = /^\s*([A-Z][A-Z0-9]) {1,2}-(?: ([^\n]*)|$)/;

/** A value continued on the next line; a value past a field's cap keeps its first part (a record of one endless field is not a reference). */
function continueValue(value: string, line: string): string {
  if (value.length >= CITATION_BUDGET.maxFieldChars) return value;
  return value ? `${value} ${line.trim()}` : line.trim();
}

/**
 * RIS records: from `TY` to `ER`. A line that is not a tag line continues the value before it
 * (exporters wrap long titles and abstracts with or without indentation).
 */
function readRis(input: string, limits?: ReadLimits): Tagged[] {
  const records: Tagged[] = [];
  const cap = entryCap(limits);
  let cur: Tagged | null = null;
  for (const line of lines(input)) {
    if (records.length >= cap) break;
    const m = RIS_LINE.exec(line);
    if (m) {
      const tag = m[1]!;
      if (tag === "ER") {
        if (cur?.length) records.push(cur);
        cur = null;
        continue;
      }
      if (tag === "TY" || !cur) {
        if (cur?.length) records.push(cur);
        cur = [];
      }
      cur.push([tag, (m[2] ?? "").slice(0, CITATION_BUDGET.maxFieldChars).trim()]);
    } else if (cur?.length && line.trim()) {
      const last = cur[cur.length - 1]!;
      last[1] = continueValue(last[1], line);
    }
  }
  if (cur?.length) records.push(cur);
  // A "TY" line with nothing after it before the next "TY" is not a record.
  return records.filter((r) => r.some(([t, v]) => t !== "TY" && v));
}

const RIS_TYPES: Record<string, CitationType> = {
  JOUR: "article",
  JFULL: "article",
  EJOUR: "article",
  MGZN: "article",
  NEWS: "article",
  INPR: "article",
  BOOK: "book",
  EBOOK: "book",
  EDBOOK: "book",
  CHAP: "chapter",
  ECHAP: "chapter",
  THES: "thesis",
  CONF: "conference",
  CPAPER: "conference",
  RPRT: "report",
};

export function parseRis(input: string, limits?: ReadLimits): Citation[] {
  return readRis(input, limits).map((rec) => {
    const c = emptyCitation();
    const all = (...tags: string[]) => rec.filter(([t, v]) => tags.includes(t) && v).map(([, v]) => v);
    const get = (...tags: string[]) => {
      for (const tag of tags) {
        const v = clean(rec.find(([t, val]) => t === tag && val.trim())?.[1]);
        if (v) return v;
      }
      return null;
    };
    const ty = (get("TY") ?? "").toUpperCase();
    c.type = RIS_TYPES[ty] ?? "other";
    c.title = get("TI", "T1", "CT") ?? (c.type === "book" ? get("BT") : null);
    c.authors = all("AU", "A1")
      .map(cleanName)
      .filter((x): x is string => !!x);
    if (!c.authors.length)
      c.authors = all("A2", "ED", "A3")
        .map(cleanName)
        .filter((x): x is string => !!x);
    c.year = yearOf(get("PY", "Y1", "DA", "Y2"));
    c.container = get("T2", "JF", "JO", "JA", "J2", "J1", ...(c.type === "book" ? [] : ["BT"]));
    c.volume = get("VL");
    c.issue = get("IS", "CP");
    const sp = get("SP");
    const ep = get("EP");
    c.pages = cleanPages(sp ? (ep && ep !== sp ? `${sp}–${ep}` : sp) : null);
    c.publisher = get("PB");
    c.url = get("UR", "L2", "LK");
    c.isbn = cleanIsbn(get("SN", "BN"));
    // The DOI: its own tag first, then where EndNote, Mendeley and others also put it
    // (M3 "type of work" and N1 notes in some exports, DOI-resolver links in UR/L1-L4).
    c.doi =
      cleanDoi(get("DO")) ??
      all("M3", "N1", "M1", "M2")
        .map((v) => idsInNote(v).doi ?? (/^\s*10\.\d{4,9}\//.test(v) ? cleanDoi(v) : null))
        .find(Boolean) ??
      all("UR", "L1", "L2", "L3", "L4", "LK").map(doiFromUrl).find(Boolean) ??
      null;
    for (const v of all("AN", "C2", "C7", "M1", "M2", "N1")) {
      const ids = idsInNote(v);
      c.pmid ??= ids.pmid;
      c.pmcid ??= ids.pmcid;
      c.arxiv ??= ids.arxiv;
    }
    // A bare accession number is a PMID when the record says it came from PubMed/MEDLINE.
    const an = get("AN");
    if (!c.pmid && an && /^\d{1,9}$/.test(an) && /pubmed|medline|\bnlm\b/i.test(all("DB", "DP").join(" "))) c.pmid = an;
    return c;
  });
}

/**
 * RIS as EndNote, Zotero and Mendeley read it: "TAG  - value" lines (two spaces, hyphen, space),
 * CRLF line ends, each record closed by "ER  - ". Values are one line each.
 */
export function writeRis(list: Citation[]): string {
  const TY: Record<CitationType, string> = {
    article: "JOUR",
    book: "BOOK",
    chapter: "CHAP",
    thesis: "THES",
    conference: "CPAPER",
    report: "RPRT",
    other: "GEN",
  };
  return list
    .map((c) => {
      const out = [`TY  - ${TY[c.type]}`];
      const push = (tag: string, v: string | null) => {
        const one = v?.replace(/\s+/g, " ").trim();
        if (one) out.push(`${tag}  - ${one}`);
      };
      for (const a of c.authors) push("AU", a);
      push("TI", c.title ?? c.text);
      push("T2", c.container);
      push("PY", c.year);
      push("VL", c.volume);
      push("IS", c.issue);
      // Pages as one SP when they are not a plain "first–last" range ("e0121407", "S12–S15, S20").
      const range = /^\s*([^\s–—-]+)\s*[–—-]+\s*([^\s–—-]+)\s*$/.exec(c.pages ?? "");
      push("SP", range ? range[1]! : c.pages);
      push("EP", range ? range[2]! : null);
      push("PB", c.publisher);
      push("DO", c.doi);
      push("SN", c.isbn);
      push("UR", c.url);
      if (c.pmid) push("AN", `PMID: ${c.pmid}`);
      // EndNote's field for the PMCID.
      push("C2", c.pmcid);
      if (c.arxiv) push("N1", `arXiv: ${c.arxiv}`);
      out.push("ER  - ");
      return out.join("\r\n");
    })
    .join("\r\n\r\n")
    .concat("\r\n");
}

const NBIB_TYPES: Record<string, CitationType> = {
  BOOK: "book",
  "BOOK CHAPTER": "chapter",
  "DISSERTATIONS/THESES - DOCTORAL DISSERTATIONS": "thesis",
  BOOKS: "book",
  REPORTS: "report",
};

// "PMID- 123", "TI  - …"; also JabRef's and others' "PMID-123" (no space) and "ISBN - …" (four-letter tags).
const NBIB_LINE = /^([A-Z][A-Z0-9]{1,3}) *- ?([^\n]*)$/;

/**
 * MEDLINE records (PubMed's .nbib, ERIC's export): a record starts at `PMID-` or after a blank line;
 * a value continues on lines indented by spaces. Other lines are not part of the format and are skipped.
 */
function readMedline(input: string, limits?: ReadLimits): Tagged[] {
  const records: Tagged[] = [];
  const cap = entryCap(limits);
  let cur: Tagged = [];
  const close = () => {
    if (cur.length) records.push(cur);
    cur = [];
  };
  for (const line of lines(input)) {
    if (records.length >= cap) break;
    if (!line.trim()) {
      close();
      continue;
    }
    const m = NBIB_LINE.exec(line);
    if (m) {
      if (m[1] === "PMID") close();
      cur.push([m[1]!, m[2]!.slice(0, CITATION_BUDGET.maxFieldChars).trim()]);
    } else if (cur.length && /^\s+\S/.test(line)) {
      const last = cur[cur.length - 1]!;
      last[1] = continueValue(last[1], line);
    }
  }
  close();
  return records;
}

/** PubMed's "Export citation → .nbib" (MEDLINE format). */
export function parseNbib(input: string, limits?: ReadLimits): Citation[] {
  return readMedline(input, limits).map((rec) => {
    const c = emptyCitation();
    const all = (tag: string) => rec.filter(([t, v]) => t === tag && v).map(([, v]) => v);
    const get = (tag: string) => clean(all(tag)[0]);
    const types = all("PT").map((t) => t.toUpperCase());
    c.type = types.map((t) => NBIB_TYPES[t]).find(Boolean) ?? (get("BTI") && !get("TI") ? "book" : "article");
    // Several TI lines are one title in parts.
    c.title = clean(all("TI").join(" ")) ?? get("BTI");
    const names = (tag: string) =>
      all(tag)
        .map(cleanName)
        .filter((x): x is string => !!x);
    c.authors = names("FAU");
    if (!c.authors.length) c.authors = names("AU");
    if (!c.authors.length) c.authors = names("FED").length ? names("FED") : names("ED");
    c.year = yearOf(get("DP") ?? get("DEP"));
    c.container = get("JT") ?? get("TA") ?? (get("TI") ? get("BTI") : null);
    c.volume = get("VI");
    c.issue = get("IP");
    c.pages = cleanPages(get("PG"));
    c.publisher = get("PB") ?? get("PL");
    c.pmid = get("PMID")?.replace(/\D/g, "") || null;
    c.pmcid = /PMC\d+/i.exec(get("PMC") ?? "")?.[0].toUpperCase() ?? null;
    // The DOI is tagged "[doi]" in AID/LID; some exports write "doi:10…" or a bare DOI (a [pii] is not one).
    const ids = [...all("AID"), ...all("LID")];
    const tagged = ids.find((v) => /\[doi\]\s*$/i.test(v));
    c.doi =
      cleanDoi(tagged?.replace(/\s*\[doi\]\s*$/i, "")) ??
      ids
        .filter((v) => !/\[[a-z]+\]\s*$/i.test(v))
        .map((v) => (/^\s*(?:doi:\s*)?10\.\d{4,9}\//i.test(v) ? cleanDoi(v) : doiFromUrl(v)))
        .find(Boolean) ??
      null;
    c.isbn =
      cleanIsbn(get("ISBN")) ??
      all("IS")
        .map((v) => (/\b(?:print|electronic|linking)\b/i.test(v) ? null : cleanIsbn(v)))
        .find(Boolean) ??
      null;
    return c;
  });
}
