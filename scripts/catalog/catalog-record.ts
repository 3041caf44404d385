/**
 * The catalogue import format (JSONL or CSV, one record per line) and its mapping
 * to catalog_items / theses rows. Used by `npm run catalog:import` and the generator.
 *
 * Keys are snake_case so a CSV header reads naturally. `kind` says what the line is;
 * `id` is the operator's own stable id (upserts key on it, then on ISBN).
 */
import { z } from "zod";
import { toIsbn13 } from "../../lib/identify";

/** catalog_items.type per kind (spec §3: 0 book, 1 solutions, 2 standard, 3 report). */
const TYPE_OF_KIND = { book: 0, solution_manual: 1, standard: 2, report: 3 } as const;

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => z.preprocess((v) => (v === "" ? null : v), z.string().trim().max(max).nullable().optional());
const optionalInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? null : typeof v === "string" ? Number(v) : v),
    z.number().int().min(min).max(max).nullable().optional(),
  );
const flag = z.preprocess((v) => (typeof v === "string" ? ["1", "true", "yes", "y"].includes(v.trim().toLowerCase()) : v), z.boolean());
const url = z
  .string()
  .trim()
  .regex(/^https?:\/\/\S+$/, "not an http(s) URL")
  .max(2000);
/** links as an array, or one string separated by "|" or whitespace (CSV). */
const links = z.preprocess((v) => (typeof v === "string" ? v.split(/[|\s]+/).filter(Boolean) : (v ?? [])), z.array(url).max(4));

const common = {
  /** The operator's id; when absent the ISBN (or a hash of title/authors/year) is the key. */
  id: optionalText(200),
  title: text(1000).min(1),
  year: optionalInt(1000, 2100),
  language: z.preprocess((v) => (v === "" || v == null ? "English" : v), text(60)),
};

const CatalogItemRecord = z.object({
  kind: z.enum(["book", "solution_manual", "standard", "report"]),
  ...common,
  authors: z.preprocess((v) => v ?? "", text(2000)),
  publisher: optionalText(500),
  isbn: optionalText(40),
  edition: optionalText(100),
  pages: optionalInt(1, 100_000),
  size_bytes: optionalInt(0, 20_000_000_000),
  extension: optionalText(10),
  free: flag.default(false),
  license: optionalText(300),
  links: links.default([]),
  toman_price: optionalInt(0, 1_000_000_000),
  cover_url: z.preprocess((v) => (v === "" ? null : v), url.nullable().optional()),
  standard_number: optionalText(200),
  organization: optionalText(100),
  cd_name: optionalText(300),
  publication_date: z.preprocess(
    (v) => (v === "" ? null : v),
    z
      .string()
      .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, "use YYYY, YYYY-MM or YYYY-MM-DD")
      .nullable()
      .optional(),
  ),
  keywords: z.preprocess((v) => v ?? "", text(2000)),
  /** The collection the record comes from ("OAPEN", "Project Gutenberg", "NASA NTRS"), shown with it. */
  source: optionalText(100),
});

const ThesisRecord = z.object({
  kind: z.literal("thesis"),
  ...common,
  author: text(500).min(1),
  /** "" when the source does not say (an OpenAlex dissertation); never guessed. */
  degree: z.preprocess((v) => v ?? "", text(60)),
  department: z.preprocess((v) => v ?? "", text(200)),
  university: optionalText(300),
  download_link: url,
  abstract: z.preprocess((v) => v ?? "", text(20_000)),
  license: optionalText(300),
  source: optionalText(300),
});

export const CatalogImportRecord = z.discriminatedUnion("kind", [CatalogItemRecord, ThesisRecord]);
export type CatalogImportRecord = z.input<typeof CatalogImportRecord>;
/**
 * A catalogue item's own fields, in order: the same names in the import format (its CSV header) and
 * in catalog_items' columns.
 */
export const CATALOG_ITEM_FIELDS = [
  "year",
  "publisher",
  "isbn",
  "edition",
  "pages",
  "language",
  "size_bytes",
  "extension",
  "free",
  "license",
  "links",
  "toman_price",
  "cover_url",
  "standard_number",
  "organization",
  "cd_name",
  "publication_date",
  "keywords",
] as const;
/** Column order of the catalog_items upsert (snake_case = the SQL column names). */
export const CATALOG_COLUMNS = ["external_id", "type", "title", "authors", ...CATALOG_ITEM_FIELDS, "source", "created_at"] as const;

export const THESIS_COLUMNS = [
  "external_id",
  "title",
  "author",
  "degree",
  "department",
  "language",
  "year",
  "university",
  "download_link",
  "abstract",
  "free",
  "license",
  "source",
  "created_at",
] as const;

export type SqlScalar = string | number | null;
export type CatalogRow = { table: "catalog_items"; values: SqlScalar[] } | { table: "theses"; values: SqlScalar[] };

/** FNV-1a, hex: a stable key for records that carry neither an id nor an ISBN. */
function stableKey(parts: (string | number | null | undefined)[]): string {
  let h = 0x811c9dc5;
  const s = parts
    .map((p) =>
      String(p ?? "")
        .toLowerCase()
        .trim(),
    )
    .join("\u0001");
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0") + s.length.toString(16);
}

type RowResult = { ok: true; row: CatalogRow } | { ok: false; error: string };

/** Validate one decoded record and turn it into the row to upsert. */
export function recordToRow(input: unknown, createdAt: number): RowResult {
  const parsed = CatalogImportRecord.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: `${issue.path.join(".") || "record"}: ${issue.message}` };
  }
  const r = parsed.data;
  if (r.kind === "thesis") {
    const externalId = r.id ?? `thesis:${stableKey([r.title, r.author, r.year, r.university])}`;
    return {
      ok: true,
      row: {
        table: "theses",
        values: [
          externalId,
          r.title,
          r.author,
          r.degree,
          r.department,
          r.language,
          r.year ?? null,
          r.university ?? null,
          r.download_link,
          r.abstract,
          1,
          r.license ?? null,
          r.source ?? null,
          createdAt,
        ],
      },
    };
  }
  let isbn: string | null = null;
  if (r.isbn) {
    isbn = toIsbn13(r.isbn);
    if (!isbn) return { ok: false, error: `isbn: not a valid ISBN (${r.isbn})` };
  }
  if (r.free && r.links.length === 0) return { ok: false, error: "links: a free item needs at least one download link" };
  if (!r.free && r.toman_price == null) return { ok: false, error: "toman_price: a paid item needs a price" };
  const type = TYPE_OF_KIND[r.kind];
  const externalId = r.id ?? (isbn ? `isbn:${isbn}` : `${r.kind}:${stableKey([r.title, r.authors, r.year, r.standard_number])}`);
  return {
    ok: true,
    row: {
      table: "catalog_items",
      values: [
        externalId,
        type,
        r.title,
        r.authors,
        r.year ?? null,
        r.publisher ?? null,
        isbn,
        r.edition ?? null,
        r.pages ?? null,
        r.language,
        r.size_bytes ?? null,
        r.extension ?? null,
        r.free ? 1 : 0,
        r.license ?? null,
        JSON.stringify(r.links),
        r.free ? null : (r.toman_price ?? null),
        r.cover_url ?? null,
        r.standard_number ?? null,
        r.organization ?? null,
        r.cd_name ?? null,
        r.publication_date ?? null,
        r.keywords,
        r.source ?? null,
        createdAt,
      ],
    },
  };
}
