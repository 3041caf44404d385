/**
 * Upsert statements for catalogue imports, sized to D1's limit of 100 bound parameters per
 * statement: a catalogue row has 24 values, so 4 rows per statement (96 parameters); a thesis
 * row 12, so 8 rows (96). The same statements run with bound parameters (direct SQLite, a
 * Worker) or rendered with literal values into a SQL file for `wrangler d1 execute --file`.
 *
 * Upserts key on external_id, then on isbn_key (the ISBN without hyphens), so running an
 * import twice, or importing a book the seed already has, duplicates nothing. created_at is
 * kept from the first import.
 */
import { CATALOG_COLUMNS, THESIS_COLUMNS, type CatalogRow, type SqlScalar } from "./catalog-record";

/** D1: "Maximum number of bound parameters per query: 100". */
export const D1_MAX_BOUND_PARAMETERS = 100;

/** `lines`: the input line of each row, so a failing statement can be reported precisely. */
export type Statement = { sql: string; params: SqlScalar[]; rows: number; lines: number[] };

const TABLES = {
  catalog_items: { columns: CATALOG_COLUMNS, conflicts: ["external_id", "isbn_key"] },
  theses: { columns: THESIS_COLUMNS, conflicts: ["external_id"] },
} as const;

export function rowsPerStatement(table: CatalogRow["table"], maxParams = D1_MAX_BOUND_PARAMETERS): number {
  return Math.max(1, Math.floor(maxParams / TABLES[table].columns.length));
}

function upsertSql(table: CatalogRow["table"], rows: number): string {
  const { columns, conflicts } = TABLES[table];
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  const updates = columns
    .filter((c) => c !== "external_id" && c !== "created_at")
    .map((c) => `${c} = excluded.${c}`)
    .join(", ");
  // One DO UPDATE per unique key: a row may collide on its id or on its ISBN.
  const onConflict = conflicts.map((k) => `ON CONFLICT(${k}) DO UPDATE SET ${updates}`).join(" ");
  return `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${Array.from({ length: rows }, () => tuple).join(", ")} ${onConflict}`;
}

const sqlCache = new Map<string, string>();
function cachedUpsertSql(table: CatalogRow["table"], rows: number): string {
  const key = `${table}:${rows}`;
  let sql = sqlCache.get(key);
  if (!sql) {
    sql = upsertSql(table, rows);
    sqlCache.set(key, sql);
  }
  return sql;
}

function statementOf(table: CatalogRow["table"], list: { values: SqlScalar[]; line: number }[]): Statement {
  return { sql: cachedUpsertSql(table, list.length), params: list.flatMap((r) => r.values), rows: list.length, lines: list.map((r) => r.line) };
}

/** One row of a statement as its own statement (to find which row of a failing statement is bad). */
export function splitStatement(s: Statement, table: CatalogRow["table"]): Statement[] {
  const width = TABLES[table].columns.length;
  return s.lines.map((line, i) => ({ sql: cachedUpsertSql(table, 1), params: s.params.slice(i * width, (i + 1) * width), rows: 1, lines: [line] }));
}

/** The table a statement writes. */
export function tableOf(s: Statement): CatalogRow["table"] {
  return s.sql.startsWith("INSERT INTO theses") ? "theses" : "catalog_items";
}

/**
 * Collects rows and hands out full statements; `flush()` returns the partial ones.
 * Rows of one table stay in input order, so a later line of the same id wins.
 */
export class StatementBatcher {
  private pending: Record<CatalogRow["table"], { values: SqlScalar[]; line: number }[]> = { catalog_items: [], theses: [] };
  constructor(private readonly maxParams = D1_MAX_BOUND_PARAMETERS) {}

  /** Adds a row; returns a statement when one is full. */
  add(row: CatalogRow, line = 0): Statement | null {
    const list = this.pending[row.table];
    list.push({ values: row.values, line });
    if (list.length < rowsPerStatement(row.table, this.maxParams)) return null;
    this.pending[row.table] = [];
    return statementOf(row.table, list);
  }

  flush(): Statement[] {
    const out: Statement[] = [];
    for (const table of Object.keys(this.pending) as CatalogRow["table"][]) {
      const list = this.pending[table];
      if (list.length) out.push(statementOf(table, list));
      this.pending[table] = [];
    }
    return out;
  }
}

/** A SQL literal: NULL, a number, or a single-quoted string with quotes doubled. */
function sqlLiteral(v: SqlScalar): string {
  if (v === null) return "NULL";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "NULL";
  return `'${v.replaceAll("'", "''")}'`;
}

/** The statement with its parameters inlined, for SQL files (wrangler d1 execute --file). */
export function renderStatement(s: Statement): string {
  let i = 0;
  const sql = s.sql.replace(/\?/g, () => sqlLiteral(s.params[i++] ?? null));
  if (i !== s.params.length) throw new Error(`statement has ${i} placeholders for ${s.params.length} values`);
  return `${sql};`;
}

/** Merges the FTS indexes' segments after a large import (faster queries afterwards). */
export const OPTIMIZE_STATEMENTS = ["INSERT INTO catalog_fts(catalog_fts) VALUES('optimize')", "INSERT INTO theses_fts(theses_fts) VALUES('optimize')"];

/** D1's maximum SQL statement length (bytes). */
export const D1_MAX_STATEMENT_BYTES = 100_000;

/**
 * Regroups statements into large multi-row INSERTs with literal values, for SQL files run by
 * `wrangler d1 execute --file`. Literal values are not bound parameters, so the limit that binds
 * these statements is D1's statement length: each one stays under `maxBytes`. (Local D1 pays
 * about a millisecond per statement, so 4-row statements would cap a file import near 1,500
 * rows/s; 100-row ones run at the speed of SQLite.)
 */
export class LiteralInsertBuffer {
  private table: CatalogRow["table"] | null = null;
  private tuples: string[] = [];
  private bytes = 0;
  constructor(
    private readonly maxRows = 100,
    private readonly maxBytes = D1_MAX_STATEMENT_BYTES - 2_000,
  ) {}

  /** Adds a statement's rows; returns the SQL statements that became full. */
  add(s: Statement): string[] {
    const table = tableOf(s);
    const width = TABLES[table].columns.length;
    const out: string[] = [];
    if (this.table !== table) out.push(...this.flush());
    this.table = table;
    for (let i = 0; i < s.rows; i++) {
      const tuple = `(${s.params
        .slice(i * width, (i + 1) * width)
        .map(sqlLiteral)
        .join(", ")})`;
      if (this.tuples.length > 0 && (this.tuples.length >= this.maxRows || this.bytes + tuple.length + 2 > this.maxBytes)) out.push(...this.flush());
      this.table = table;
      this.tuples.push(tuple);
      this.bytes += tuple.length + 2;
    }
    return out;
  }

  flush(): string[] {
    if (!this.table || this.tuples.length === 0) return [];
    const [head, tail] = cachedUpsertSql(this.table, 1).split(/VALUES \([?, ]+\)/) as [string, string];
    const sql = `${head}VALUES ${this.tuples.join(", ")}${tail};`;
    this.tuples = [];
    this.bytes = 0;
    return [sql];
  }
}
