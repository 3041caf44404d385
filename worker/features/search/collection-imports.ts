/**
 * `catalog:import --format doab|oapen|gutenberg|ntrs`: the lawful collections' own published
 * dumps read as catalogue records, streaming (one record in memory at a time):
 *
 *   oapen      OAPEN Library's OAI-PMH answers in the xoai format (ListRecords pages, as many as the
 *              harvest wrote, one after another in one file): every record with its PDF and licence
 *   doab       DOAB's CSV export (`id`, `dc.title`, `BITSTREAM Download URL`, `BITSTREAM License`, …);
 *              its OAI-PMH answers (xoai) are read as for OAPEN
 *   gutenberg  Project Gutenberg's catalogue CSV (pg_catalog.csv: Text#, Type, Issued, Title, Language,
 *              Authors, Subjects, LoCC, Bookshelves): texts only, each with Gutenberg's own EPUB
 *   ntrs       NASA NTRS citations as JSON lines: one citation per line, or whole search answers
 *              (`{stats, results}`) per line as a harvest saves them; only public documents NASA
 *              lets anyone use (the live client's rule)
 *
 * Every record carries its collection (`source`) and, as its first link, its page at the
 * collection, which the fetch pipeline serves (lib/open-sources.ts); the file's own address follows.
 * A record that may not be served (copyrighted, Persian, no file, not a text) is rejected with its
 * reason, so the import's summary says how many were left out and why.
 */
import { gutenbergEpubUrl, GUTENBERG_LICENSE } from "../../../clients/gutendex";
import { ntrsCitation } from "../../../clients/ntrs";
import type { OpenRecord } from "../../../clients/open-record";
import { isbn13s, oaiRecords } from "../../../clients/xoai";
import { XmlParseError, parseXml } from "../../../clients/xml";
import { toLatinDigits } from "../../../lib/digits";
import type { DecodedLine } from "./catalog-reader";

const SOURCE_NAMES: Record<OpenRecord["provider"], string> = {
  oapen: "OAPEN",
  doab: "DOAB",
  gutenberg: "Project Gutenberg",
  ntrs: "NASA NTRS",
  osti: "OSTI",
  rfc: "IETF RFC",
};
const LANGUAGES: Record<string, string> = {
  en: "English",
  eng: "English",
  english: "English",
  de: "German",
  ger: "German",
  deu: "German",
  german: "German",
  fr: "French",
  fre: "French",
  fra: "French",
  french: "French",
  es: "Spanish",
  spa: "Spanish",
  spanish: "Spanish",
  it: "Italian",
  ita: "Italian",
  italian: "Italian",
  nl: "Dutch",
  dut: "Dutch",
  nld: "Dutch",
  dutch: "Dutch",
  pt: "Portuguese",
  por: "Portuguese",
  portuguese: "Portuguese",
  ru: "Russian",
  rus: "Russian",
};
const PERSIAN = /^(?:fa|per|fas|persian|farsi)$/i;
/** A record longer than this is not a record (a broken dump): skipped, not held in memory. */
const MAX_RECORD_CHARS = 1_000_000;

const languageName = (l: string | null) => (l ? (LANGUAGES[l.trim().toLowerCase()] ?? l.trim().slice(0, 60)) : "English");

/** One open record as the import format's record (worker/features/search/catalog-record.ts). */
export function importRecordOf(r: OpenRecord): { ok: true; record: Record<string, unknown> } | { ok: false; error: string } {
  if (r.language && PERSIAN.test(r.language.trim())) return { ok: false, error: "Persian-language record (not served)" };
  const links = [...new Set([r.landingUrl, r.file?.url].filter((x): x is string => !!x && /^https?:\/\//.test(x)))].slice(0, 4);
  if (!links.length) return { ok: false, error: "no page or file to link" };
  const people = r.authors.length ? r.authors : r.editors.map((e) => `${e} (ed.)`);
  return {
    ok: true,
    record: {
      kind: r.kind === "report" ? "report" : r.kind === "standard" ? "standard" : "book",
      id: `${r.provider}:${r.id}`,
      title: (r.subtitle && r.kind === "book" ? `${r.title}: ${r.subtitle}` : r.title).slice(0, 1000),
      authors: people.join("; ").slice(0, 2000),
      year: r.year ?? undefined,
      publisher: r.publisher?.slice(0, 500) ?? undefined,
      isbn: r.isbns[0] ?? undefined,
      pages: r.pages !== null && r.pages > 0 && r.pages < 100_000 ? r.pages : undefined,
      language: languageName(r.language),
      size_bytes: r.file?.size ?? undefined,
      extension: r.file?.format ?? undefined,
      free: true,
      license: r.license?.slice(0, 300) ?? undefined,
      links,
      cover_url: r.cover ?? undefined,
      standard_number: r.number?.slice(0, 200) ?? undefined,
      keywords: (r.subjects ?? []).join("; ").slice(0, 2000),
      source: SOURCE_NAMES[r.provider],
    },
  };
}

function decoded(line: number, r: OpenRecord | null, missing: string): DecodedLine {
  if (!r) return { line, error: missing };
  const m = importRecordOf(r);
  return m.ok ? { line, record: m.record } : { line, error: m.error };
}

/**
 * OAI-PMH xoai answers, as many as were concatenated: each `<record>…</record>` parsed alone
 * (namespaces declared on the record's own metadata element, as DSpace writes them).
 */
export async function* oaiXoaiRecords(lines: AsyncIterable<string>, provider: "oapen" | "doab"): AsyncGenerator<DecodedLine> {
  let n = 0;
  let buffer: string | null = null;
  let start = 0;
  for await (const raw of lines) {
    n++;
    let text = raw;
    for (;;) {
      if (buffer === null) {
        const open = text.search(/<record[\s>]/);
        if (open < 0) break;
        buffer = "";
        start = n;
        text = text.slice(open);
      }
      const close = text.indexOf("</record>");
      if (close < 0) {
        buffer += `${text}\n`;
        if (buffer.length > MAX_RECORD_CHARS) {
          yield { line: start, error: `record longer than ${MAX_RECORD_CHARS} characters` };
          buffer = null;
        }
        break;
      }
      const record: string = buffer + text.slice(0, close + "</record>".length);
      text = text.slice(close + "</record>".length);
      buffer = null;
      if (/<header[^>]*status="deleted"/.test(record)) {
        yield { line: start, error: "deleted record" };
        continue;
      }
      try {
        const got = oaiRecords(parseXml(`<OAI-PMH><GetRecord>${record}</GetRecord></OAI-PMH>`), provider).records[0] ?? null;
        yield decoded(start, got, "no handle or title");
      } catch (err) {
        yield { line: start, error: err instanceof XmlParseError ? `not XML: ${err.message}` : String(err) };
      }
    }
  }
  if (buffer !== null) yield { line: start, error: "unterminated record" };
}

const split = (v: unknown) =>
  typeof v === "string"
    ? v
        .split("||")
        .map((x) => x.trim())
        .filter(Boolean)
    : [];
const first = (v: unknown) => split(v)[0] ?? null;

/** One row of DOAB's CSV export as an open record. */
export function doabRow(row: Record<string, unknown>): OpenRecord | null {
  const id = first(row["id"]) ?? first(row["handle"]);
  const title = first(row["dc.title"]);
  if (!id || !/^\d+(?:\.\d+)*\/\d+$/.test(id) || !title) return null;
  const file = first(row["bitstream download url"]);
  const license = first(row["bitstream license"]) ?? first(row["dc.rights"]) ?? first(row["dc.rights.uri"]);
  return {
    provider: "doab",
    id,
    landingUrl: first(row["dc.identifier.uri"]) ?? `https://directory.doabooks.org/handle/${id}`,
    kind: "book",
    title,
    subtitle: first(row["dc.title.alternative"]),
    authors: split(row["dc.contributor.author"]),
    editors: split(row["dc.contributor.editor"]),
    year: (() => {
      const m = /(1[5-9]\d\d|20\d\d)/.exec(String(row["dc.date.issued"] ?? ""));
      return m ? Number(m[1]) : null;
    })(),
    publisher: first(row["publisher.name"]) ?? first(row["oapen.imprint"]),
    isbns: isbn13s(split(row["bitstream isbn"]).concat(split(row["dc.identifier.isbn"]))),
    doi:
      first(row["oapen.identifier.doi"])
        ?.replace(/^https?:\/\/(?:dx\.)?doi\.org\//i, "")
        .toLowerCase() ?? null,
    language: first(row["dc.language"])?.replace(/\[.*\]$/, "") ?? null,
    pages: Number.isInteger(Number(first(row["oapen.pages"]))) ? Number(first(row["oapen.pages"])) : null,
    license,
    file: file && /^https?:\/\//.test(file) ? { url: file, format: /\.epub(?:$|\?)/i.test(file) ? "epub" : "pdf", size: null } : null,
    cover: null,
    number: null,
    subjects: split(row["dc.subject.other"]).slice(0, 30),
  };
}

/** DOAB's export: its CSV rows, or (a file that starts with "<") its OAI-PMH answers. */
export async function* doabRecords(rows: AsyncIterable<DecodedLine>): AsyncGenerator<DecodedLine> {
  for await (const l of rows) {
    if ("error" in l) yield l;
    else yield decoded(l.line, doabRow(l.record), "no DOAB handle or title");
  }
}

/** "Jefferson, Thomas, 1743-1826; Pusey, E. B. [Translator]" -> the authors, without dates or roles. */
export function gutenbergAuthors(s: string): string[] {
  return s
    .split(/\s*;\s*/)
    .filter((a) => a && !/\[(?:translator|editor|illustrator|contributor|commentator|annotator|compiler)\]/i.test(a))
    .map((a) =>
      a
        .replace(/\s*\[[^\]]*\]/g, "")
        .replace(/,\s*(?:-?\d{1,4}\??(?:\s*BCE)?\s*-\s*-?\d{0,4}\??(?:\s*BCE)?|(?:active|fl\.)\s.*)$/i, "")
        .trim(),
    )
    .filter(Boolean);
}

/** One row of Gutenberg's catalogue CSV as an open record; null for anything but a text. */
export function gutenbergRow(row: Record<string, unknown>): OpenRecord | { skip: string } {
  const n = Number(toLatinDigits(String(row["text#"] ?? "")).trim());
  const title = String(row["title"] ?? "")
    .replace(/\s*\n\s*/g, ": ")
    .trim();
  if (!Number.isInteger(n) || n <= 0 || !title) return { skip: "no ebook number or title" };
  if (String(row["type"] ?? "").trim() !== "Text") return { skip: `type ${String(row["type"] ?? "none").trim()} is not a text` };
  const language =
    String(row["language"] ?? "")
      .split(/[;,]/)[0]
      ?.trim() || null;
  const [main, ...rest] = title.split(/:\s+/);
  return {
    provider: "gutenberg",
    id: String(n),
    landingUrl: `https://www.gutenberg.org/ebooks/${n}`,
    kind: "book",
    title: (main ?? title).slice(0, 900),
    subtitle: rest.length ? rest.join(": ").slice(0, 500) : null,
    authors: gutenbergAuthors(String(row["authors"] ?? "")),
    editors: [],
    // "Issued" is the ebook's release on Gutenberg, not the work's year: no year rather than a wrong one.
    year: null,
    publisher: "Project Gutenberg",
    isbns: [],
    doi: null,
    language,
    pages: null,
    license: GUTENBERG_LICENSE,
    file: { url: gutenbergEpubUrl(n), format: "epub", size: null },
    cover: `https://www.gutenberg.org/cache/epub/${n}/pg${n}.cover.medium.jpg`,
    number: null,
    subjects: [...String(row["subjects"] ?? "").split(/\s*;\s*/), ...String(row["bookshelves"] ?? "").split(/\s*;\s*/)].filter(Boolean).slice(0, 30),
  };
}

export async function* gutenbergRecords(rows: AsyncIterable<DecodedLine>): AsyncGenerator<DecodedLine> {
  for await (const l of rows) {
    if ("error" in l) {
      yield l;
      continue;
    }
    const r = gutenbergRow(l.record);
    yield "skip" in r ? { line: l.line, error: r.skip } : decoded(l.line, r, "");
  }
}

/** NTRS JSON lines: a citation, or a whole search answer whose results are its citations. */
export async function* ntrsRecords(lines: AsyncIterable<DecodedLine>): AsyncGenerator<DecodedLine> {
  for await (const l of lines) {
    if ("error" in l) {
      yield l;
      continue;
    }
    const results = Array.isArray(l.record["results"]) ? (l.record["results"] as unknown[]) : [l.record];
    for (const c of results) {
      const r = c && typeof c === "object" && !Array.isArray(c) ? ntrsCitation(c as Record<string, unknown>) : null;
      yield decoded(l.line, r, "not a public NTRS document anyone may use (distribution, copyright or no PDF)");
    }
  }
}
