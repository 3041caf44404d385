/**
 * RIS (Research Information Systems) and PubMed's MEDLINE/.nbib: both are "TAG  - value" line
 * formats, small enough that a reader here is shorter and faster than a dependency (Citation.js's
 * RIS plugin brings its core: ~300 KB). RIS records end at `ER  -`; MEDLINE records start at
 * `PMID-` and continue a value on lines indented by six spaces.
 */
import { clean, cleanDoi, emptyCitation, yearOf, type Citation, type CitationType } from "./entry";

type Tagged = [tag: string, value: string][];

function readTagged(input: string, tagLine: RegExp, isStart: (tag: string) => boolean, isEnd: (tag: string) => boolean): Tagged[] {
  const records: Tagged[] = [];
  let cur: Tagged | null = null;
  for (const line of input.replace(/^\ufeff/, "").split(/\r?\n/)) {
    const m = tagLine.exec(line);
    if (m) {
      const tag = m[1]!.trim().toUpperCase();
      if (isStart(tag) || !cur) {
        if (cur && cur.length) records.push(cur);
        cur = [];
      }
      if (isEnd(tag)) {
        if (cur.length) records.push(cur);
        cur = null;
        continue;
      }
      cur.push([tag, m[2]!.trim()]);
    } else if (cur && cur.length && /^\s+\S/.test(line)) {
      const last = cur[cur.length - 1]!;
      last[1] = `${last[1]} ${line.trim()}`;
    }
  }
  if (cur && cur.length) records.push(cur);
  return records;
}

const RIS_TYPES: Record<string, CitationType> = { JOUR: "article", JFULL: "article", EJOUR: "article", MGZN: "article", BOOK: "book", EBOOK: "book", CHAP: "chapter", ECHAP: "chapter", THES: "thesis", CONF: "conference", CPAPER: "conference", RPRT: "report" };

export function parseRis(input: string): Citation[] {
  return readTagged(input, /^([A-Z][A-Z0-9])  ?-(?: (.*)|$)/, (t) => t === "TY", (t) => t === "ER").map((rec) => {
    const c = emptyCitation();
    const get = (...tags: string[]) => clean(rec.find(([t]) => tags.includes(t))?.[1]);
    c.type = RIS_TYPES[get("TY") ?? ""] ?? "other";
    c.title = get("TI", "T1", "CT");
    c.authors = rec.filter(([t]) => t === "AU" || t === "A1").map(([, v]) => v.trim()).filter(Boolean);
    c.year = yearOf(get("PY", "Y1", "DA"));
    c.container = get("T2", "JO", "JF", "JA", "BT");
    c.volume = get("VL");
    c.issue = get("IS");
    const sp = get("SP");
    const ep = get("EP");
    c.pages = sp ? (ep ? `${sp}–${ep}` : sp) : null;
    c.publisher = get("PB");
    c.doi = cleanDoi(get("DO")) ?? cleanDoi(get("UR"));
    c.isbn = get("SN") && /^[\dXx -]{10,17}$/.test(get("SN")!) && !/^\d{4}-\d{3}[\dXx]$/.test(get("SN")!) ? get("SN") : null;
    c.url = get("UR", "L2");
    for (const [t, v] of rec) {
      if (t !== "AN" && t !== "C7" && t !== "M2" && t !== "N1") continue;
      const pmid = /PMID:\s*(\d+)/i.exec(v);
      if (pmid) c.pmid = pmid[1]!;
      const pmc = /\bPMC\d+/i.exec(v);
      if (pmc) c.pmcid = pmc[0].toUpperCase();
    }
    return c;
  });
}

export function writeRis(list: Citation[]): string {
  const TY: Record<CitationType, string> = { article: "JOUR", book: "BOOK", chapter: "CHAP", thesis: "THES", conference: "CPAPER", report: "RPRT", other: "GEN" };
  return list
    .map((c) => {
      const lines = [`TY  - ${TY[c.type]}`];
      for (const a of c.authors) lines.push(`AU  - ${a}`);
      const push = (tag: string, v: string | null) => v && lines.push(`${tag}  - ${v.replace(/\s+/g, " ")}`);
      push("TI", c.title ?? c.text);
      push("T2", c.container);
      push("PY", c.year);
      push("VL", c.volume);
      push("IS", c.issue);
      const [sp, ep] = (c.pages ?? "").split(/[–—-]+/);
      push("SP", sp || null);
      push("EP", ep || null);
      push("PB", c.publisher);
      push("DO", c.doi);
      push("SN", c.isbn);
      push("UR", c.url);
      if (c.pmid) push("AN", `PMID: ${c.pmid}`);
      if (c.pmcid) push("C7", c.pmcid);
      lines.push("ER  - ");
      return lines.join("\r\n");
    })
    .join("\r\n\r\n")
    .concat("\r\n");
}

const NBIB_TYPES: Record<string, CitationType> = { "JOURNAL ARTICLE": "article", REVIEW: "article", BOOK: "book", "CASE REPORTS": "article" };

/** PubMed's "Export citation → .nbib" (MEDLINE format). */
export function parseNbib(input: string): Citation[] {
  return readTagged(input, /^([A-Z][A-Z0-9 ]{1,3})- (.*)$/, (t) => t === "PMID", () => false).map((rec) => {
    const c = emptyCitation();
    const get = (tag: string) => clean(rec.find(([t]) => t === tag)?.[1]);
    c.type = NBIB_TYPES[(get("PT") ?? "").toUpperCase()] ?? "article";
    c.title = get("TI") ?? get("BTI");
    c.authors = rec.filter(([t]) => t === "FAU").map(([, v]) => v.trim());
    if (!c.authors.length) c.authors = rec.filter(([t]) => t === "AU").map(([, v]) => v.trim());
    c.year = yearOf(get("DP"));
    c.container = get("JT") ?? get("TA");
    c.volume = get("VI");
    c.issue = get("IP");
    c.pages = get("PG");
    c.pmid = get("PMID")?.replace(/\D/g, "") || null;
    c.pmcid = get("PMC");
    for (const [t, v] of rec) {
      if ((t === "AID" || t === "LID") && /\[doi\]/.test(v)) c.doi ??= cleanDoi(v.replace(/\s*\[doi\]/, ""));
      if (t === "IS" && !c.isbn && /\(print\)|\(electronic\)/i.test(v) === false && /^\d{9,13}[\dX]?/.test(v)) c.isbn = v.split(" ")[0]!;
    }
    return c;
  });
}
