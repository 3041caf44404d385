/**
 * catalog:import --format oapen|doab|gutenberg|ntrs over the collections' recorded dumps
 * (tests/fixtures, SOURCES.md §12–14): what becomes a catalogue record, what is left out and why,
 * and that an imported record is found by the search and downloads through the pipeline (its
 * first link is its page at the collection).
 */
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSourceOf } from "../../../lib/open-sources";
import { decodeFile, runImport } from "../../../scripts/catalog-import";
import { gutenbergAuthors } from "./collection-imports";
import { bookSearchMatch } from "./matches";
import { CATALOG_PAGE_SQL } from "./search-sql";

const fixture = (rel: string) => path.resolve(import.meta.dirname, "../../../tests/fixtures", rel);

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

type Db = {
  exec(sql: string): void;
  prepare(sql: string): { all(...p: unknown[]): Record<string, unknown>[]; get(...p: unknown[]): Record<string, unknown> };
  close(): void;
};
let dir: string;
let dbFile: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "collection-import-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function freshDatabase(): Promise<void> {
  const { DatabaseSync } = (await import("node:sqlite")) as unknown as { DatabaseSync: new (f: string) => Db };
  rmSync(path.join(dir, "v3"), { recursive: true, force: true });
  const d1Dir = path.join(dir, "v3/d1/miniflare-D1DatabaseObject");
  mkdirSync(d1Dir, { recursive: true });
  dbFile = path.join(d1Dir, "test.sqlite");
  const db = new DatabaseSync(dbFile);
  const migrations = path.resolve(import.meta.dirname, "../../../db/migrations");
  for (const f of readdirSync(migrations)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    for (const stmt of readFileSync(path.join(migrations, f), "utf8").split("--> statement-breakpoint")) if (stmt.trim()) db.exec(stmt);
  }
  db.close();
}

async function open(): Promise<Db> {
  const { DatabaseSync } = (await import("node:sqlite")) as unknown as { DatabaseSync: new (f: string) => Db };
  return new DatabaseSync(dbFile);
}

const importArgs = (file: string, format: "oapen" | "doab" | "gutenberg" | "ntrs") => ({
  file,
  target: "direct" as const,
  persistTo: dir,
  format,
  chunkRows: 1000,
  rowsPerStatement: 100,
  keepSql: undefined,
  optimize: true,
  dryRun: false,
  quiet: true,
});

describe("reading the dumps", () => {
  it("OAPEN OAI-PMH (xoai): every record with its PDF, licence, ISBN and subjects; the page first", async () => {
    const got = await collect(decodeFile(fixture("oapen/oai_xoai_listrecords.xml"), "oapen"));
    const records = got.flatMap((l) => ("record" in l ? [l.record] : []));
    expect(records).toHaveLength(4);
    expect(records[0]).toMatchObject({
      kind: "book",
      id: "oapen:20.500.12657/60744",
      title: "Das kolonisierte Heiligtum: Diskriminierungskritische Perspektiven auf das Verfahren der Musealisierung",
      authors: "Balzar, Christoph",
      year: 2022,
      publisher: "transcript Verlag",
      isbn: "9783839465257",
      language: "German",
      size_bytes: 29420625,
      extension: "pdf",
      free: true,
      license: "https://creativecommons.org/licenses/by-sa/4.0/",
      links: ["https://library.oapen.org/handle/20.500.12657/60744", "https://library.oapen.org/bitstream/20.500.12657/60744/1/9783839465257.pdf"],
      source: "OAPEN",
    });
    expect(records[0]!["keywords"]).toContain("Museum");
    // The edited volume lists its editors.
    expect(records[1]!["authors"]).toMatch(/^Bartz, Eva \(ed\.\); /);
    expect(openSourceOf(records[0]!["links"] && (records[0]!["links"] as string[])[0])).toEqual({ provider: "oapen", id: "20.500.12657/60744" });
  });

  it("an OAI file of several harvested pages, records split across lines or on one line, deleted records left out", async () => {
    const one = readFileSync(fixture("oapen/oai_xoai_listrecords.xml"), "utf8");
    const record = /<record>[\s\S]*?<\/record>/.exec(one)![0];
    const page = (inner: string) => `<?xml version="1.0"?><OAI-PMH><ListRecords>${inner}</ListRecords></OAI-PMH>`;
    const deleted = `<record><header status="deleted"><identifier>oai:library.oapen.org:20.500.12657/1</identifier></header></record>`;
    const file = path.join(dir, "pages.xml");
    writeFileSync(file, [one, page(record.replace(/\n\s*/g, " ") + deleted), page(record)].join("\n"));
    const got = await collect(decodeFile(file, "oapen"));
    expect(got.filter((l) => "record" in l)).toHaveLength(6);
    expect(got.filter((l) => "error" in l).map((l) => ("error" in l ? l.error : ""))).toEqual(["deleted record"]);
  });

  it("DOAB's CSV export: files at OAPEN are served by the pipeline; a book without a file links its DOAB page", async () => {
    const got = await collect(decodeFile(fixture("doab/doab_export_sample.csv"), "doab"));
    const records = got.flatMap((l) => ("record" in l ? [l.record] : []));
    expect(records).toHaveLength(3);
    expect(records[0]).toMatchObject({
      id: "doab:20.500.12854/95118",
      authors: "Bakir, Vian; McStay, Andrew",
      isbn: "9783031135514",
      license: "http://creativecommons.org/licenses/by/4.0/",
      source: "DOAB",
    });
    expect(openSourceOf((records[0]!["links"] as string[])[1])).toEqual({ provider: "oapen", id: "20.500.12657/60780" });
    expect(records[2]!["links"]).toEqual(["https://directory.doabooks.org/handle/20.500.12854/34739"]);
  });

  it("Gutenberg's catalogue CSV: texts with Gutenberg's EPUB, two-line titles, authors without dates", async () => {
    const got = await collect(decodeFile(fixture("gutenberg/pg_catalog_sample.csv"), "gutenberg"));
    const records = got.flatMap((l) => ("record" in l ? [l.record] : []));
    expect(records).toHaveLength(6);
    expect(records[1]).toMatchObject({
      id: "gutenberg:2",
      title: "The United States Bill of Rights: The Ten Original Amendments to the Constitution of the United States",
      extension: "epub",
      license: "Public domain in the USA (Project Gutenberg)",
      links: ["https://www.gutenberg.org/ebooks/2", "https://www.gutenberg.org/ebooks/2.epub3.images"],
      source: "Project Gutenberg",
    });
    expect(records[0]!["authors"]).toBe("Jefferson, Thomas");
    expect(records[0]!["year"]).toBeUndefined();
    expect(gutenbergAuthors("Augustine, of Hippo, Saint, 354-430; Pusey, E. B. (Edward Bouverie), 1800-1882 [Translator]")).toEqual([
      "Augustine, of Hippo, Saint",
    ]);
    const sound = path.join(dir, "sound.csv");
    writeFileSync(
      sound,
      "Text#,Type,Issued,Title,Language,Authors,Subjects,LoCC,Bookshelves\n9999,Sound,2004-01-01,An Audio Book,en,Someone,,,\n9998,Text,2004-01-01,A Persian Text,fa,Someone,,,\n",
    );
    expect((await collect(decodeFile(sound, "gutenberg"))).map((l) => ("error" in l ? l.error : "ok"))).toEqual([
      "type Sound is not a text",
      "Persian-language record (not served)",
    ]);
  });

  it("NTRS JSON lines: whole search answers or single citations; only public documents anyone may use", async () => {
    const file = path.join(dir, "ntrs.jsonl");
    writeFileSync(
      file,
      [
        JSON.stringify(JSON.parse(readFileSync(fixture("ntrs/citations_search_author.json"), "utf8"))),
        JSON.stringify(JSON.parse(readFileSync(fixture("ntrs/citation_result_20160005928.json"), "utf8"))),
      ].join("\n"),
    );
    const got = await collect(decodeFile(file, "ntrs"));
    expect(got.map((l) => ("record" in l ? l.record["id"] : "left out"))).toEqual(["left out", "ntrs:20200003097", "ntrs:20160005928"]);
    expect(got.find((l) => "record" in l && l.record["id"] === "ntrs:20200003097")).toMatchObject({
      line: 1,
      record: { kind: "report", standard_number: "NF1676L-35089", license: "U.S. Government work (public use permitted, NASA)", source: "NASA NTRS" },
    });
  });
});

describe("catalog:import --direct of each collection", () => {
  it("loads every format into the catalogue; the search finds them as free, sourced records", async () => {
    await freshDatabase();
    const ntrs = path.join(dir, "ntrs.jsonl");
    writeFileSync(ntrs, JSON.stringify(JSON.parse(readFileSync(fixture("ntrs/citations_search_author.json"), "utf8"))) + "\n");
    const reports = [
      await runImport(importArgs(fixture("oapen/oai_xoai_listrecords.xml"), "oapen")),
      await runImport(importArgs(fixture("doab/doab_export_sample.csv"), "doab")),
      await runImport(importArgs(fixture("gutenberg/pg_catalog_sample.csv"), "gutenberg")),
      await runImport(importArgs(ntrs, "ntrs")),
    ];
    expect(reports.map((r) => r.catalogRows)).toEqual([4, 3, 6, 1]);
    expect(reports[3]!.rejected).toHaveLength(1);
    const db = await open();
    // OAPEN's and DOAB's record of the same book share its ISBN: one catalogue row, upserted.
    expect(Number(db.prepare("SELECT count(*) AS n FROM catalog_items").get().n)).toBe(12);
    const found = db.prepare(CATALOG_PAGE_SQL).all(bookSearchMatch({ keywords: "heiligtum", type: "all", search_from: "free" })!, 10, 0);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ free: 1, source: "DOAB", demo: 0 });
    const leviathan = db.prepare(CATALOG_PAGE_SQL).all(bookSearchMatch({ keywords: "leviathan hobbes", type: "all", search_from: "free" })!, 10, 0);
    expect(leviathan.map((r) => r["source"])).toEqual(["Project Gutenberg"]);
    expect(db.prepare(CATALOG_PAGE_SQL).all(bookSearchMatch({ keywords: "teaming", type: "all", search_from: "report" })!, 10, 0)).toHaveLength(1);
    db.close();
  });
});
