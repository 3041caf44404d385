/**
 * Reads an import file as records with their line numbers: JSONL (one JSON object per line) or
 * CSV (RFC 4180: a header row, quoted fields may hold commas, quotes and newlines). A line that
 * cannot be decoded is yielded as an error so the import can report it and carry on.
 */
import { CATALOG_ITEM_FIELDS } from "./catalog-record";

export type DecodedLine = { line: number; record: Record<string, unknown> } | { line: number; error: string };

/**
 * `openalex`: JSON lines of OpenAlex works (the snapshot format), read as theses; `oapen`, `doab`,
 * `gutenberg`, `ntrs`: the lawful collections' own dumps (collection-imports.ts).
 */
export const IMPORT_FORMATS = ["jsonl", "csv", "openalex", "oapen", "doab", "gutenberg", "ntrs"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export function formatOf(path: string, explicit?: string): ImportFormat {
  if (explicit !== undefined) {
    if ((IMPORT_FORMATS as readonly string[]).includes(explicit)) return explicit as ImportFormat;
    throw new Error(`unknown --format ${explicit} (one of ${IMPORT_FORMATS.join(", ")})`);
  }
  return /\.csv$/i.test(path) ? "csv" : "jsonl";
}

/** JSONL: blank lines are skipped; anything but a JSON object is an error. */
export async function* readJsonl(lines: AsyncIterable<string>): AsyncGenerator<DecodedLine> {
  let n = 0;
  for await (const raw of lines) {
    n++;
    const text = raw.trim();
    if (!text) continue;
    try {
      const v: unknown = JSON.parse(text);
      if (v && typeof v === "object" && !Array.isArray(v)) yield { line: n, record: v as Record<string, unknown> };
      else yield { line: n, error: "not a JSON object" };
    } catch (e) {
      yield { line: n, error: `invalid JSON (${(e as Error).message})` };
    }
  }
}

/** Splits CSV text fed line by line into rows of fields; `line` is where the row starts. */
export async function* readCsvRows(lines: AsyncIterable<string>): AsyncGenerator<{ line: number; fields: string[] } | { line: number; error: string }> {
  let n = 0;
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let startLine = 0;
  for await (const rawLine of lines) {
    n++;
    const line = rawLine.replace(/\r$/, "");
    if (!quoted) {
      if (line.trim() === "" && field === "" && fields.length === 0) continue;
      startLine = n;
    } else {
      field += "\n";
    }
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (quoted) {
        if (ch === '"') {
          if (line[i + 1] === '"') {
            field += '"';
            i++;
          } else quoted = false;
        } else field += ch;
      } else if (ch === '"' && field === "") quoted = true;
      else if (ch === ",") {
        fields.push(field);
        field = "";
      } else field += ch;
    }
    if (!quoted) {
      fields.push(field);
      yield { line: startLine, fields };
      fields = [];
      field = "";
    }
  }
  if (quoted) yield { line: startLine, error: "unterminated quoted field" };
}

/** CSV with a header row -> records keyed by the header's column names. */
export async function* readCsv(lines: AsyncIterable<string>): AsyncGenerator<DecodedLine> {
  let header: string[] | null = null;
  for await (const row of readCsvRows(lines)) {
    if ("error" in row) {
      yield row;
      continue;
    }
    if (!header) {
      header = row.fields.map((h) =>
        h
          .trim()
          .toLowerCase()
          .replace(/^\uFEFF/, ""),
      );
      continue;
    }
    if (row.fields.length !== header.length) {
      yield { line: row.line, error: `expected ${header.length} fields, found ${row.fields.length}` };
      continue;
    }
    const record: Record<string, unknown> = {};
    const linkColumns: string[] = [];
    header.forEach((h, i) => {
      const v = row.fields[i]!;
      // link1..link4 columns, as the search results spell them, join `links` ("a|b").
      if (/^link[1-4]$/.test(h)) {
        if (v.trim()) linkColumns.push(v.trim());
      } else record[h] = v;
    });
    if (linkColumns.length) record["links"] = [record["links"], ...linkColumns].filter((l) => typeof l === "string" && l.trim()).join("|");
    yield { line: row.line, record };
  }
}

/** CSV header the generator writes and operators can copy. */
export const CSV_COLUMNS = [
  "kind",
  "id",
  "title",
  "authors",
  "author",
  ...CATALOG_ITEM_FIELDS,
  "degree",
  "department",
  "university",
  "download_link",
  "abstract",
] as const;

function csvField(v: unknown): string {
  if (v === undefined || v === null) return "";
  const s = Array.isArray(v) ? v.join("|") : typeof v === "boolean" ? (v ? "1" : "0") : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function csvLine(record: Record<string, unknown>): string {
  return CSV_COLUMNS.map((c) => csvField(record[c])).join(",");
}
