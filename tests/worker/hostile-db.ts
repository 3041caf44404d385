/**
 * The real D1 binding, watched: every statement the Worker runs goes through unchanged, and each
 * one that changed rows (D1's own `meta.changes`) is recorded with its SQL. The hostile-input test
 * hands this binding to the Worker's fetch handler, so "a refused request changed nothing" is
 * exact and costs no extra query. Writing statements always run with `.all()` (which carries
 * `meta`) and their answer is reshaped for `.first()` / `.raw()` callers (Drizzle uses both).
 */
export type Write = { sql: string; changes: number };

const READ_ONLY = /^\s*(select|pragma|explain|values)\b/i;

export class RecordingD1 {
  readonly writes: Write[] = [];
  private real = new WeakMap<object, D1PreparedStatement>();
  private sqlOf = new WeakMap<object, string>();
  readonly db: D1Database;

  constructor(private readonly inner: D1Database) {
    this.db = this.wrapDatabase();
  }

  reset() {
    this.writes.length = 0;
  }

  private note(sql: string, meta: { changes?: number } | undefined) {
    const changes = meta?.changes ?? 0;
    if (changes > 0) this.writes.push({ sql, changes });
  }

  private wrapStatement(sql: string, stmt: D1PreparedStatement): D1PreparedStatement {
    const self = this;
    const writes = !READ_ONLY.test(sql);
    const wrapped = {
      bind: (...values: unknown[]) => self.wrapStatement(sql, stmt.bind(...values)),
      async run() {
        const r = await stmt.run();
        self.note(sql, r.meta);
        return r;
      },
      async all() {
        const r = await stmt.all();
        self.note(sql, r.meta);
        return r;
      },
      async first(column?: string) {
        if (!writes) return column === undefined ? stmt.first() : stmt.first(column);
        const r = await stmt.all<Record<string, unknown>>();
        self.note(sql, r.meta);
        const row = r.results[0] ?? null;
        return column === undefined || row === null ? row : row[column];
      },
      async raw(options?: { columnNames?: boolean }) {
        if (!writes) return options?.columnNames ? stmt.raw({ columnNames: true }) : stmt.raw();
        const r = await stmt.all<Record<string, unknown>>();
        self.note(sql, r.meta);
        const rows = r.results.map((row) => Object.values(row));
        return options?.columnNames ? [Object.keys(r.results[0] ?? {}), ...rows] : rows;
      },
    } as unknown as D1PreparedStatement;
    this.real.set(wrapped as object, stmt);
    this.sqlOf.set(wrapped as object, sql);
    return wrapped;
  }

  private wrapDatabase(): D1Database {
    const self = this;
    const inner = this.inner;
    return {
      prepare: (sql: string) => self.wrapStatement(sql, inner.prepare(sql)),
      async batch(statements: D1PreparedStatement[]) {
        const sqls = statements.map((s) => self.sqlOf.get(s as object));
        const results = await inner.batch(statements.map((s) => self.real.get(s as object) ?? s));
        for (const [i, r] of results.entries()) self.note(sqls[i] ?? "(batch statement)", r.meta);
        return results;
      },
      async exec(sql: string) {
        const r = await inner.exec(sql);
        // exec gives no per-statement changes: count it as a write unless it only reads.
        if (!READ_ONLY.test(sql)) self.writes.push({ sql, changes: -1 });
        return r;
      },
      dump: () => inner.dump(),
      withSession: () => self.db,
    } as unknown as D1Database;
  }
}
