/**
 * A "which tables changed?" probe for the hostile-input tests (a cross-check of hostile-db.ts).
 *
 * A per-table checksum — row count, rowid sum, and per column the sum of numeric values, of text
 * lengths and of first/last code points — tells which tables changed. (SQLite's total_changes()
 * is no help here: under Miniflare's D1 it moves with every query, reads included.) FTS5 tables are left out:
 * their rows are derived from catalog_items/theses by triggers, so a change shows there first.
 */
import { env } from "cloudflare:workers";

const SKIP = /^(d1_migrations|_cf_.*|sqlite_.*|.*_fts(_.*)?)$/;

export type Fingerprint = Record<string, string>;

let statements: { table: string; sql: string }[] | null = null;

async function buildStatements() {
  const rows = await env.DB.prepare("select name from sqlite_master where type = 'table' order by name").all<{ name: string }>();
  const out: { table: string; sql: string }[] = [];
  for (const { name: t } of rows.results.filter((r) => !SKIP.test(r.name))) {
    const cols = await env.DB.prepare(`select name from pragma_table_info('${t}')`).all<{ name: string }>();
    // One result column per table column: SQLite caps the depth of a single expression.
    const sums = cols.results.map(({ name }) => {
      const c = `"${name}"`;
      return `total(case when typeof(${c}) in ('integer','real') then ${c} else length(${c}) + coalesce(unicode(${c}), 0) * 7 + coalesce(unicode(substr(${c}, -1)), 0) * 13 end)`;
    });
    out.push({ table: t, sql: `select count(*), total(rowid), ${sums.join(", ")} from "${t}"` });
  }
  return out;
}

/** The per-table checksums of every table, in one round trip. */
export async function fingerprint(): Promise<Fingerprint> {
  statements ??= await buildStatements();
  const results = await env.DB.batch(statements.map((s) => env.DB.prepare(s.sql)));
  const fp: Fingerprint = {};
  statements.forEach((s, i) => {
    fp[s.table] = JSON.stringify(results[i]!.results[0]);
  });
  return fp;
}

/** The tables whose checksum differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(after).filter((t) => before[t] !== after[t]);
}
