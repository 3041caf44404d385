/**
 * The catalogue import loop, independent of where statements go: decoded lines -> validated rows
 * -> upsert statements of at most 100 parameters -> a sink (a SQL file for wrangler, a local
 * SQLite file, a D1 binding). Rejected lines are collected with their line numbers.
 */
import type { DecodedLine } from "./catalog-reader";
import { recordToRow } from "./catalog-record";
import { StatementBatcher, type Statement } from "./catalog-sql";

export interface ImportSink {
  write(statement: Statement): void | Promise<void>;
  /** Called once after the last statement. */
  finish(): void | Promise<void>;
}

export type Rejected = { line: number; error: string };

export interface ImportSummary {
  lines: number;
  catalogRows: number;
  thesisRows: number;
  statements: number;
  rejected: Rejected[];
}

interface ImportOptions {
  /** created_at of new rows (epoch ms). */
  now: number;
  /** Called after every `progressEvery` decoded lines. */
  onProgress?: (s: ImportSummary) => void;
  progressEvery?: number;
  maxParams?: number;
}

export async function importRecords(input: AsyncIterable<DecodedLine>, sink: ImportSink, opts: ImportOptions): Promise<ImportSummary> {
  const batcher = new StatementBatcher(opts.maxParams);
  const summary: ImportSummary = { lines: 0, catalogRows: 0, thesisRows: 0, statements: 0, rejected: [] };
  const every = opts.progressEvery ?? 10_000;
  const emit = async (s: Statement) => {
    summary.statements++;
    await sink.write(s);
  };
  for await (const decoded of input) {
    summary.lines++;
    if ("error" in decoded) {
      summary.rejected.push({ line: decoded.line, error: decoded.error });
    } else {
      const result = recordToRow(decoded.record, opts.now);
      if (!result.ok) {
        summary.rejected.push({ line: decoded.line, error: result.error });
      } else {
        if (result.row.table === "catalog_items") summary.catalogRows++;
        else summary.thesisRows++;
        const full = batcher.add(result.row, decoded.line);
        if (full) await emit(full);
      }
    }
    if (opts.onProgress && summary.lines % every === 0) opts.onProgress(summary);
  }
  for (const s of batcher.flush()) await emit(s);
  await sink.finish();
  opts.onProgress?.(summary);
  return summary;
}
