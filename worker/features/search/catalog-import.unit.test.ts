import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidIsbn } from "../../../lib/identify";
import { catalogItems as seedItems } from "../../../db/seed-data/catalog";
import { insert } from "../../../db/seed";
import { directSink, localD1File, runImport } from "../../../scripts/catalog-import";
import { BENCH_VOCABULARY, generateImportedRecord, generateRecord, isbnForIndex, tailTerm } from "./catalog-generator";
import { importRecords, type ImportSink } from "./catalog-import";
import { csvLine, CSV_COLUMNS, readCsv, readJsonl } from "./catalog-reader";
import { CATALOG_COLUMNS, recordToRow, THESIS_COLUMNS } from "./catalog-record";
import { D1_MAX_BOUND_PARAMETERS, D1_MAX_STATEMENT_BYTES, LiteralInsertBuffer, renderStatement, StatementBatcher, type Statement } from "./catalog-sql";
import { bookSearchMatch } from "./matches";
import { splitMatch } from "./fts-query";
import { CATALOG_PAGE_SQL, catalogFilteredPageSql } from "./search-sql";

async function* lines(text: string) {
  for (const l of text.split("\n")) yield l;
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

const book = (over: Record<string, unknown> = {}) => ({
  kind: "book",
  id: "b-1",
  title: "Numerical Recipes",
  authors: "William H. Press",
  year: 2007,
  publisher: "Cambridge University Press",
  isbn: "978-0-521-88068-8",
  pages: 1235,
  toman_price: 150000,
  keywords: "numerical methods",
  ...over,
});

describe("recordToRow", () => {
  it("maps a book to a catalog_items row with a 13-digit ISBN", () => {
    const r = recordToRow(book(), 1);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.row.table).toBe("catalog_items");
    expect(r.row.values).toHaveLength(CATALOG_COLUMNS.length);
    const value = (c: (typeof CATALOG_COLUMNS)[number]) => r.row.values[CATALOG_COLUMNS.indexOf(c)];
    expect(value("isbn")).toBe("9780521880688");
    expect(value("type")).toBe(0);
    expect(value("external_id")).toBe("b-1");
    expect(value("links")).toBe("[]");
  });

  it.each([
    [{ title: "" }, /^title:/],
    [{ isbn: "978-0-521-88068-9" }, /^isbn: not a valid ISBN/],
    [{ free: true, links: [] }, /^links:/],
    [{ toman_price: undefined }, /^toman_price:/],
    [{ year: "twenty" }, /^year:/],
    [{ links: ["javascript:alert(1)"] }, /^links/],
    [{ kind: "magazine" }, /^kind:/],
  ])("rejects %j", (over, error) => {
    const r = recordToRow(book(over), 1);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(error);
  });

  it("keys a record without id on its ISBN, and one without either on its content", () => {
    const byIsbn = recordToRow(book({ id: undefined }), 1);
    const byContent = recordToRow(book({ id: undefined, isbn: undefined }), 1);
    const again = recordToRow(book({ id: undefined, isbn: undefined }), 2);
    expect(byIsbn.ok && byIsbn.row.values[0]).toBe("isbn:9780521880688");
    expect(byContent.ok && again.ok && byContent.row.values[0] === again.row.values[0]).toBe(true);
  });

  it("maps a thesis to a theses row", () => {
    const r = recordToRow(
      { kind: "thesis", title: "On Robots", author: "A. B.", degree: "PhD", department: "Robotics", download_link: "https://repo.example/1", year: "2020" },
      1,
    );
    expect(r.ok && r.row.table).toBe("theses");
    expect(r.ok && r.row.values).toHaveLength(THESIS_COLUMNS.length);
  });
});

describe("readers", () => {
  it("JSONL: skips blank lines and reports bad ones with their numbers", async () => {
    const out = await collect(readJsonl(lines('{"a":1}\n\nnot json\n[1,2]\n{"b":2}')));
    expect(out).toEqual([
      { line: 1, record: { a: 1 } },
      { line: 3, error: expect.stringMatching(/^invalid JSON/) },
      { line: 4, error: "not a JSON object" },
      { line: 5, record: { b: 2 } },
    ]);
  });

  it("CSV: quotes, doubled quotes, commas and newlines inside fields; link columns; line numbers", async () => {
    const csv = [
      "kind,title,keywords,link1,link2",
      'book,"Fluids, ""Viscous"" and\nInviscid",cfd,https://a.example/1,https://a.example/2',
      "report,Short,x,,",
      "book,too,many,fields,here,!",
    ].join("\n");
    const out = await collect(readCsv(lines(csv)));
    expect(out[0]).toEqual({
      line: 2,
      record: { kind: "book", title: 'Fluids, "Viscous" and\nInviscid', keywords: "cfd", links: "https://a.example/1|https://a.example/2" },
    });
    expect(out[1]).toEqual({ line: 4, record: { kind: "report", title: "Short", keywords: "x" } });
    expect(out[2]).toEqual({ line: 5, error: "expected 5 fields, found 6" });
  });

  it("CSV written by the generator reads back into valid rows", async () => {
    const records = Array.from({ length: 50 }, (_, i) => generateRecord(i, { seed: 3, thesisShare: 0.2 }));
    const csv = [CSV_COLUMNS.join(","), ...records.map((r) => csvLine(r as Record<string, unknown>))].join("\n");
    const decoded = await collect(readCsv(lines(csv)));
    expect(decoded).toHaveLength(50);
    for (const d of decoded) {
      expect("record" in d && recordToRow(d.record, 1).ok).toBe(true);
    }
  });
});

describe("statements", () => {
  it("never carry more than D1's 100 bound parameters", () => {
    const batcher = new StatementBatcher();
    const out: Statement[] = [];
    for (let i = 0; i < 41; i++) {
      const r = recordToRow(generateRecord(i, { seed: 1, thesisShare: 0.3 }), 1);
      if (r.ok) {
        const s = batcher.add(r.row, i + 1);
        if (s) out.push(s);
      }
    }
    out.push(...batcher.flush());
    expect(out.reduce((n, s) => n + s.rows, 0)).toBe(41);
    for (const s of out) {
      expect(s.params.length).toBeLessThanOrEqual(D1_MAX_BOUND_PARAMETERS);
      expect(s.sql.match(/\?/g)).toHaveLength(s.params.length);
      expect(s.lines).toHaveLength(s.rows);
    }
    expect(out.some((s) => s.sql.startsWith("INSERT INTO theses"))).toBe(true);
    expect(out.find((s) => s.sql.startsWith("INSERT INTO catalog_items"))!.rows).toBe(4);
  });

  it("render literal values safely", () => {
    const sql = renderStatement({ sql: "INSERT INTO t (a, b, c) VALUES (?, ?, ?)", params: ["O'Reilly; DROP TABLE x", null, 3], rows: 1, lines: [1] });
    expect(sql).toBe("INSERT INTO t (a, b, c) VALUES ('O''Reilly; DROP TABLE x', NULL, 3);");
  });

  it("literal files group rows into statements under D1's statement size", () => {
    const buffer = new LiteralInsertBuffer(100);
    const batcher = new StatementBatcher();
    const sqls: string[] = [];
    for (let i = 0; i < 450; i++) {
      const r = recordToRow(generateRecord(i, { seed: 2 }), 1);
      if (!r.ok) continue;
      const s = batcher.add(r.row, i + 1);
      if (s) sqls.push(...buffer.add(s));
    }
    for (const s of batcher.flush()) sqls.push(...buffer.add(s));
    sqls.push(...buffer.flush());
    expect(sqls.length).toBeGreaterThanOrEqual(5);
    for (const sql of sqls) {
      expect(sql.length).toBeLessThan(D1_MAX_STATEMENT_BYTES);
      expect(sql).not.toContain("?");
      expect(sql).toMatch(/ON CONFLICT\(external_id\) DO UPDATE SET .* ON CONFLICT\(isbn_key\) DO UPDATE SET/);
    }
  });
});

describe("generator", () => {
  it("is deterministic and independent of what came before", () => {
    expect(generateRecord(12_345, { seed: 9 })).toEqual(generateRecord(12_345, { seed: 9 }));
    expect(generateRecord(12_345, { seed: 9 })).not.toEqual(generateRecord(12_345, { seed: 10 }));
  });

  it("writes valid, unique ISBNs and records the import accepts", () => {
    const isbns = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const isbn = isbnForIndex(5, i);
      expect(isValidIsbn(isbn)).toBe(true);
      isbns.add(isbn);
      expect(recordToRow(generateRecord(i, { seed: 5, thesisShare: 0.1 }), 1).ok).toBe(true);
    }
    expect(isbns.size).toBe(3000);
  });

  it("has a long tail: the benchmark's rare words are tail terms", () => {
    expect(new Set(BENCH_VOCABULARY.rare).size).toBe(BENCH_VOCABULARY.rare.length);
    expect(tailTerm(1)).not.toBe(tailTerm(2));
  });
});

// ------------------------------------------------------------------ a real SQLite database

type Db = {
  exec(sql: string): void;
  prepare(sql: string): { all(...p: unknown[]): Record<string, unknown>[]; get(...p: unknown[]): Record<string, unknown>; run(...p: unknown[]): unknown };
  close(): void;
};

let dir: string;
let dbFile: string;

/** A local D1 layout (persist dir) with every migration applied, like `wrangler d1 migrations apply`. */
async function freshDatabase(): Promise<Db> {
  const { DatabaseSync } = (await import("node:sqlite")) as unknown as { DatabaseSync: new (f: string) => Db };
  rmSync(dir, { recursive: true, force: true });
  const d1Dir = path.join(dir, "v3/d1/miniflare-D1DatabaseObject");
  (await import("node:fs")).mkdirSync(d1Dir, { recursive: true });
  dbFile = path.join(d1Dir, "test.sqlite");
  const db = new DatabaseSync(dbFile);
  const migrations = path.resolve(import.meta.dirname, "../../../db/migrations");
  for (const f of readdirSync(migrations)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    for (const stmt of readFileSync(path.join(migrations, f), "utf8").split("--> statement-breakpoint")) if (stmt.trim()) db.exec(stmt);
  }
  return db;
}

function sqliteSink(db: Db): ImportSink {
  return { write: (s) => void db.prepare(s.sql).run(...s.params), finish: () => undefined };
}

function integrity(db: Db) {
  db.exec("INSERT INTO catalog_fts(catalog_fts, rank) VALUES('integrity-check', 1)");
  db.exec("INSERT INTO theses_fts(theses_fts, rank) VALUES('integrity-check', 1)");
}

const count = (db: Db, table: string) => Number(db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n);
const search = (db: Db, keywords: string, extra: Partial<Parameters<typeof bookSearchMatch>[0]> = {}) =>
  db.prepare(CATALOG_PAGE_SQL).all(bookSearchMatch({ keywords, type: "all", search_from: "all", ...extra })!, 50, 0);

describe("importing into SQLite (the statements D1 runs)", () => {
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "catalog-import-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("upserts: a second run duplicates nothing and applies changes; the FTS index follows", async () => {
    const db = await freshDatabase();
    const records = Array.from({ length: 60 }, (_, i) => generateRecord(i, { seed: 11, thesisShare: 0.2 }));
    const jsonl = records.map((r) => JSON.stringify(r)).join("\n");
    const first = await importRecords(readJsonl(lines(jsonl)), sqliteSink(db), { now: 1 });
    expect(first.rejected).toEqual([]);
    const items = count(db, "catalog_items");
    const theses = count(db, "theses");
    expect(items + theses).toBe(60);

    const changed = records.map((r, i) => (i === 0 ? { ...r, title: "Zyxwvut Renamed Handbook" } : r));
    await importRecords(readJsonl(lines(changed.map((r) => JSON.stringify(r)).join("\n"))), sqliteSink(db), { now: 2 });
    expect(count(db, "catalog_items")).toBe(items);
    expect(count(db, "theses")).toBe(theses);
    expect(search(db, "zyxwvut").map((r) => r.title)).toEqual(["Zyxwvut Renamed Handbook"]);
    expect(search(db, (records[0] as { title: string }).title.split(" ").pop()!).some((r) => r.title === "Zyxwvut Renamed Handbook")).toBe(false);
    // created_at is kept from the first import
    expect(db.prepare("SELECT min(created_at) AS a, max(created_at) AS b FROM catalog_items").get()).toEqual({ a: 1, b: 1 });
    integrity(db);
    db.close();
  });

  it("a book the seed holds with a hyphenated ISBN is updated, not duplicated", async () => {
    const db = await freshDatabase();
    const seeded = seedItems.find((c) => c.isbn)!;
    db.exec(
      insert("catalog_items", {
        id: 1,
        type: seeded.type,
        title: seeded.title,
        authors: seeded.authors,
        year: seeded.year,
        isbn: seeded.isbn,
        language: "English",
        free: 0,
        links: [],
        toman_price: 1000,
        keywords: "",
        external_id: "seed-1",
        created_at: 0,
      }),
    );
    const record = { kind: "book", id: "operator-77", title: "New Edition Title", authors: "X", isbn: seeded.isbn!.replaceAll("-", ""), toman_price: 2000 };
    await importRecords(readJsonl(lines(JSON.stringify(record))), sqliteSink(db), { now: 1 });
    expect(count(db, "catalog_items")).toBe(1);
    expect(db.prepare("SELECT id, external_id, title, toman_price FROM catalog_items").get()).toEqual({
      id: 1,
      external_id: "seed-1",
      title: "New Edition Title",
      toman_price: 2000,
    });
    expect(search(db, seeded.isbn!).map((r) => r.id)).toEqual([1]);
    integrity(db);
    db.close();
  });

  it("filters through the combined tags match what the rows say", async () => {
    const db = await freshDatabase();
    const records = Array.from({ length: 400 }, (_, i) => generateRecord(i, { seed: 21 }));
    await importRecords(readJsonl(lines(records.map((r) => JSON.stringify(r)).join("\n"))), sqliteSink(db), { now: 1 });
    const word = "engineering";
    const expected = (where: string) =>
      db
        .prepare(`SELECT c.id FROM catalog_items c JOIN catalog_fts f ON f.rowid = c.id WHERE catalog_fts MATCH ? AND ${where} ORDER BY c.id`)
        .all(`{title authors publisher isbn standard_number keywords} : "${word}"`)
        .map((r) => r.id);
    const ids = (extra: Partial<Parameters<typeof bookSearchMatch>[0]>) =>
      db
        .prepare("SELECT rowid AS id FROM catalog_fts WHERE catalog_fts MATCH ? ORDER BY rowid")
        .all(bookSearchMatch({ keywords: word, type: "all", search_from: "all", ...extra })!)
        .map((r) => r.id);
    expect(ids({ search_from: "report", year_from: 1990, year_to: 2012 })).toEqual(expected("c.type = 3 AND c.year BETWEEN 1990 AND 2012"));
    expect(ids({ search_from: "free", year_from: 2001, year_to: 2001 })).toEqual(expected("c.free = 1 AND c.year = 2001"));
    expect(ids({ year_from: 1900, year_to: 1999 })).toEqual(expected("c.year BETWEEN 1900 AND 1999"));
    expect(ids({ search_from: "standard" })).toEqual(expected("c.type = 2"));
    expect(ids({ search_from: "report", year_from: 1990, year_to: 2012 }).length).toBeGreaterThan(0);
    db.close();
  });

  it("a filtered page is the same rows in the same order whichever way the filter is ranked (broad or narrow)", async () => {
    const db = await freshDatabase();
    // operator records (a quarter free) and imported ones (all free, a quarter reports): filters of every breadth
    const records = Array.from({ length: 1500 }, (_, i) => (i % 2 ? generateRecord(i, { seed: 5 }) : generateImportedRecord(i, { seed: 5 })));
    await importRecords(readJsonl(lines(records.map((r) => JSON.stringify(r)).join("\n"))), sqliteSink(db), { now: 1 });
    const plain = db.prepare(CATALOG_PAGE_SQL);
    const broad = db.prepare(catalogFilteredPageSql(1));
    const narrow = db.prepare(catalogFilteredPageSql(Number.MAX_SAFE_INTEGER));
    let compared = 0;
    let filled = 0;
    for (const keywords of ["engineering", "engineering analysis", "heat transfer", "zzzz"])
      for (const type of ["all", "any", "exact"] as const)
        for (const search_from of ["free", "report", "standard", "solutions", "all"] as const)
          for (const years of [{}, { year_from: 1990, year_to: 2012 }]) {
            const match = bookSearchMatch({ keywords, type, search_from, ...years })!;
            const { words, tags } = splitMatch(match);
            if (!tags) continue;
            expect(match).toBe(`${words} AND ${tags}`);
            for (const page of [0, 2]) {
              const want = plain.all(match, 30, page * 30);
              expect(broad.all(match, 30, page * 30, words, tags)).toEqual(want);
              expect(narrow.all(match, 30, page * 30, words, tags)).toEqual(want);
              compared++;
              if (want.length === 30) filled++;
            }
          }
    expect(compared).toBeGreaterThan(150);
    expect(filled).toBeGreaterThan(20);
    db.close();
  }, 60_000);

  it("catalog:import --direct: one transaction, index rebuilt, triggers restored, bad lines named", async () => {
    const db = await freshDatabase();
    db.close();
    const file = path.join(dir, "in.jsonl");
    const good = Array.from({ length: 30 }, (_, i) => JSON.stringify(generateRecord(i, { seed: 4 })));
    writeFileSync(file, [...good.slice(0, 10), "{oops", JSON.stringify(book({ isbn: "123" })), ...good.slice(10)].join("\n") + "\n");
    expect(localD1File(dir)).toBe(dbFile);
    const args = {
      file,
      target: "direct" as const,
      persistTo: dir,
      format: "jsonl" as const,
      chunkRows: 1000,
      rowsPerStatement: 100,
      keepSql: undefined,
      optimize: true,
      dryRun: false,
      quiet: true,
    };
    const report = await runImport(args);
    expect(report.rejected.map((r) => r.line)).toEqual([11, 12]);
    expect(report.catalogRows).toBe(30);
    const again = await runImport(args);
    expect(again.catalogRows).toBe(30);
    const { DatabaseSync } = (await import("node:sqlite")) as unknown as { DatabaseSync: new (f: string) => Db };
    const check = new DatabaseSync(dbFile);
    expect(count(check, "catalog_items")).toBe(30);
    expect(check.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%fts%'").get().n).toBe(6);
    integrity(check);
    // the restored triggers keep the index in sync afterwards
    check.exec("UPDATE catalog_items SET title = 'Qwertyuiop Manual' WHERE id = (SELECT min(id) FROM catalog_items)");
    expect(search(check, "qwertyuiop")).toHaveLength(1);
    integrity(check);
    check.close();
  });

  it("the direct sink reports a row that breaks a constraint by its line", async () => {
    const db = await freshDatabase();
    // two existing rows: one owns id "a", another owns the ISBN the incoming "a" claims
    db.exec(
      insert("catalog_items", {
        type: 0,
        title: "A",
        authors: "",
        isbn: "9780521880688",
        language: "English",
        free: 0,
        links: [],
        toman_price: 1,
        keywords: "",
        external_id: "a",
        created_at: 0,
      }),
    );
    db.exec(
      insert("catalog_items", {
        type: 0,
        title: "B",
        authors: "",
        isbn: "9780262033848",
        language: "English",
        free: 0,
        links: [],
        toman_price: 1,
        keywords: "",
        external_id: "b",
        created_at: 0,
      }),
    );
    db.close();
    const rejected: { line: number; error: string }[] = [];
    const sink = await directSink(dbFile, { onRejected: (line, error) => rejected.push({ line, error }) });
    const rows = [book({ id: "a", isbn: "9780262033848" }), book({ id: "c", isbn: "9781107189638" })];
    await importRecords(readJsonl(lines(rows.map((r) => JSON.stringify(r)).join("\n"))), sink, { now: 1 });
    expect(rejected.map((r) => r.line)).toEqual([1]);
    expect(rejected[0]!.error).toMatch(/UNIQUE/);
  });
});
