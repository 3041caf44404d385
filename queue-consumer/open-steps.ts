/**
 * The fetch pipeline's steps for lawful open collections (registered in resolver-steps.ts):
 *
 *   open    a link to a record of a collection the pipeline serves (lib/open-sources.ts: an OAPEN
 *           handle, a Gutenberg ebook, an NTRS citation, an OSTI record, an RFC): the record is
 *           read from the collection's own API (never from the pasted page), and the one file it
 *           names is fetched, verified against the record and stored. Ends the chain.
 *   books   a book (an ISBN, or a book DOI's ISBNs from Crossref): the catalogue's free copies of
 *           that ISBN, OAPEN's records listing it, and for a book old enough to be in the public
 *           domain, Project Gutenberg by title and author.
 *
 * A collection's own file for its own record id is exact by construction (like arXiv by id), so a
 * scan or a file the verifier cannot compare may be served from it; a file whose text is another
 * work is never served. A Gutenberg EPUB is checked by its package metadata (epub-check.ts).
 */
import { eq, and, inArray } from "drizzle-orm";
import { createDatatrackerClient } from "../clients/datatracker";
import { createGutendexClient } from "../clients/gutendex";
import { providerBudget } from "../clients/limiters";
import { createNtrsClient } from "../clients/ntrs";
import { createOapenClient } from "../clients/oapen";
import type { CrossrefWork } from "../clients/crossref";
import type { OpenRecord } from "../clients/open-record";
import { createOstiClient } from "../clients/osti";
import type { BookCard } from "../contract/books";
import { createDb, schema } from "../db/client";
import { toIsbn13 } from "../lib/identify";
import { openSourceOf, type OpenSourceRef } from "../lib/open-sources";
import { failureResult, fromAttempts, type ChainOutcome, type ResolveContext, type ResolverStep, type StepResult } from "./chain";
import { tryCandidates, type Attempt, type DocumentFetcher, type PdfHit } from "./documents";
import { checkEpub } from "./epub-check";
import { DEADLINES, MAX_PDF_BYTES } from "./limits";
import { FetchRefused } from "./safe-fetch";
import type { Expectation } from "./verify";

const EPUB_TYPES = ["application/epub+zip", "application/octet-stream", "binary/octet-stream", ""] as const;
/** A book this old or older is in the public domain in the USA: worth asking Project Gutenberg. */
const PUBLIC_DOMAIN_BEFORE = 1930;

const NAMES: Record<OpenRecord["provider"], string> = {
  oapen: "OAPEN Library",
  doab: "DOAB",
  gutenberg: "Project Gutenberg",
  ntrs: "NASA NTRS",
  osti: "OSTI",
  rfc: "RFC Editor",
};

function clientsOf(ctx: ResolveContext) {
  const base = { ...ctx.common };
  return {
    oapen: () => createOapenClient({ ...base, rateLimiter: providerBudget(ctx.env, "oapen", ctx.priority()) }),
    gutendex: () => createGutendexClient({ ...base, rateLimiter: providerBudget(ctx.env, "gutendex", ctx.priority()) }),
    ntrs: () => createNtrsClient({ ...base, rateLimiter: providerBudget(ctx.env, "ntrs", ctx.priority()) }),
    osti: () => createOstiClient({ ...base, rateLimiter: providerBudget(ctx.env, "osti", ctx.priority()) }),
    rfc: () => createDatatrackerClient({ ...base, rateLimiter: providerBudget(ctx.env, "datatracker", ctx.priority()) }),
  };
}

/** The record a reference names, from its collection's API. */
export async function recordOf(ctx: ResolveContext, ref: OpenSourceRef): Promise<OpenRecord | null> {
  const c = clientsOf(ctx);
  switch (ref.provider) {
    case "oapen":
      return c.oapen().getRecord(ref.id);
    case "gutenberg":
      return c.gutendex().getBook(ref.id);
    case "ntrs":
      return c.ntrs().getCitation(ref.id);
    case "osti":
      return c.osti().getRecord(ref.id);
    case "rfc":
      return c.rfc().getRfc(ref.id);
  }
}

/** The job's card for an open record. */
export function cardOf(r: OpenRecord): BookCard {
  return {
    kind: r.kind,
    title: r.title,
    subtitle: r.subtitle,
    authors: r.authors.slice(0, 10),
    editors: r.editors.slice(0, 10),
    edition: null,
    year: r.year,
    publisher: r.publisher,
    isbn: r.isbns[0] ?? null,
    isbns: r.isbns.slice(0, 20),
    pages: r.pages,
    cover: r.cover,
    doi: r.doi,
    container: null,
    number: r.number,
    source: NAMES[r.provider],
  };
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return "?";
  }
};

/** What the record's file must show: the record's title (and DOI where it has one), its ISBNs and authors. */
function expectationOf(r: OpenRecord): Expectation {
  return { doi: r.doi, title: r.title, subtitle: r.subtitle, kind: r.kind, isbn: r.isbns, authors: r.authors, reportNumber: r.number };
}

async function tryEpub(
  url: string,
  r: OpenRecord,
  fetchDoc: DocumentFetcher,
  tried: Set<string>,
  source: string,
  exact: boolean,
): Promise<{ hit: PdfHit | null; attempts: Attempt[] }> {
  if (tried.has(url)) return { hit: null, attempts: [] };
  tried.add(url);
  let got;
  try {
    got = await fetchDoc(url, EPUB_TYPES, MAX_PDF_BYTES);
  } catch (err) {
    const f = failureResult(err);
    return {
      hit: null,
      attempts: [{ url, outcome: err instanceof FetchRefused ? "rejected" : "failed", transient: f.transient ?? false, detail: f.detail ?? "failed" }],
    };
  }
  // Gutenberg's package names the book by its ebook number; a book found by search is checked by title alone.
  const checked = await checkEpub(got.bytes, { title: r.title, identifier: r.provider === "gutenberg" && exact ? `http://www.gutenberg.org/${r.id}` : null });
  if (!checked.accept) {
    got.lease?.release();
    return {
      hit: null,
      attempts: [
        { url: got.url, outcome: checked.reason === "mismatch" ? "mismatch" : "rejected", transient: false, detail: `${checked.reason}: ${checked.detail}` },
      ],
    };
  }
  return {
    hit: { bytes: got.bytes, url: got.url, source, license: r.license, verification: checked.verification, version: "publishedVersion", format: "epub" },
    attempts: [{ url: got.url, outcome: "found", transient: false, detail: `${got.bytes.length} bytes, ${checked.detail}` }],
  };
}

/** Fetches and verifies the file of one record. */
async function tryRecord(ctx: ResolveContext, fetchDoc: DocumentFetcher, r: OpenRecord, exact: boolean): Promise<{ hit: PdfHit | null; attempts: Attempt[] }> {
  if (!r.file) return { hit: null, attempts: [] };
  const source = `${NAMES[r.provider]} (${hostOf(r.file.url)})`;
  if (r.file.format === "epub") return tryEpub(r.file.url, r, fetchDoc, ctx.tried, source, exact);
  return tryCandidates(
    [{ url: r.file.url, kind: "pdf", source, license: r.license, version: "publishedVersion", exact }],
    fetchDoc,
    ctx.tried,
    expectationOf(r),
  );
}

function adopt(ctx: ResolveContext, r: OpenRecord): void {
  ctx.meta.title = r.title;
  ctx.meta.subtitle = r.subtitle;
  ctx.meta.type = r.kind === "book" ? "book" : r.kind === "report" ? "report" : "standard";
  ctx.meta.language ??= r.language;
  ctx.meta.doi ??= r.doi;
  ctx.meta.book = cardOf(r);
}

export const openRecordStep: ResolverStep = {
  name: "open",
  budgetMs: DEADLINES.step,
  applies: (ctx) => openSourceOf(ctx.ids.url) !== null,
  async run(ctx, fetchDoc) {
    const ref = openSourceOf(ctx.ids.url)!;
    const r = await recordOf(ctx, ref);
    if (!r) return { outcome: "none", detail: `${ref.provider} has no served record ${ref.id}` };
    adopt(ctx, r);
    if (!r.file) return { outcome: "none", detail: `${ref.provider} ${ref.id}: no file` };
    // The collection's own file for its own record id.
    return fromAttempts(await tryRecord(ctx, fetchDoc, r, true), "open");
  },
  // Nothing else reads these links: the landing page of a collection is not a source.
  ends(ctx, r): ChainOutcome {
    const { meta, steps } = ctx;
    if (r.hit) return { kind: "found", hit: r.hit, access: "open", meta, steps };
    if (r.outcome === "failed" && r.transient) return { kind: "transient", meta, steps, detail: r.detail ?? "open" };
    return { kind: "not_found", meta, steps };
  },
};

const BOOK_TYPES = new Set(["book", "monograph", "edited-book", "reference-book", "book-set", "book-series", "book-chapter", "book-part", "book-section"]);

/** The ISBN-13s the job's book is known by: the input's and the edition's (Worker or Crossref). */
export function bookIsbns(ctx: Pick<ResolveContext, "identified" | "meta">): string[] {
  const fromInput = ctx.identified.isbn ? [toIsbn13(ctx.identified.isbn)] : [];
  const fromMeta = ctx.meta.type === "book-chapter" || ctx.meta.type === "book-part" || ctx.meta.type === "book-section" ? [] : (ctx.meta.book?.isbns ?? []);
  return [...new Set([...fromInput, ...fromMeta].filter((x): x is string => !!x))].slice(0, 4);
}

const isBookJob = (ctx: ResolveContext) =>
  bookIsbns(ctx).length > 0 || (!!ctx.meta.book && ctx.meta.book.kind === "book") || BOOK_TYPES.has(ctx.meta.type ?? "");

/** The catalogue's free records of these ISBNs that a collection serves. */
async function catalogueRefs(ctx: ResolveContext, isbns: string[]): Promise<OpenSourceRef[]> {
  if (!isbns.length) return [];
  const c = schema.catalogItems;
  const rows = await createDb(ctx.env.DB)
    .select({ links: c.links })
    .from(c)
    .where(and(inArray(c.isbnKey, isbns), eq(c.free, true)))
    .limit(5);
  return rows.flatMap((r) => (r.links ?? []).map(openSourceOf).filter((x): x is OpenSourceRef => x !== null));
}

/** Significant words shared by two titles, as a share of the shorter: a search hit must be this book. */
function sameTitle(a: string, b: string): boolean {
  const w = (s: string) =>
    new Set(
      s
        .toLowerCase()
        .normalize("NFKD")
        .replace(/\p{M}/gu, "")
        .split(/[^a-z0-9]+/)
        .filter((x) => x.length > 2 && !["the", "and", "for", "with"].includes(x)),
    );
  const x = w(a);
  const y = w(b);
  if (!x.size || !y.size) return false;
  let common = 0;
  for (const t of x) if (y.has(t)) common++;
  return common / Math.min(x.size, y.size) >= 0.9;
}

export const booksStep: ResolverStep = {
  name: "books",
  budgetMs: DEADLINES.step,
  applies: (ctx) => isBookJob(ctx),
  async run(ctx, fetchDoc): Promise<StepResult> {
    const isbns = bookIsbns(ctx);
    const notes: string[] = [];
    const attempts: Attempt[] = [];
    let failedTransient = false;
    const attempt = async (r: OpenRecord, exact: boolean): Promise<StepResult | null> => {
      const tried = await tryRecord(ctx, fetchDoc, r, exact);
      attempts.push(...tried.attempts);
      if (tried.hit) {
        ctx.meta.book ??= cardOf(r);
        ctx.meta.title ??= r.title;
        return fromAttempts(tried, "open");
      }
      return null;
    };
    const guard = async (what: string, work: () => Promise<StepResult | null>) => {
      try {
        return await work();
      } catch (err) {
        const f = failureResult(err);
        if (f.transient) failedTransient = true;
        notes.push(`${what}: ${f.detail ?? "failed"}`);
        return null;
      }
    };
    // 1. The catalogue's own free copies of this edition.
    for (const ref of await catalogueRefs(ctx, isbns)) {
      const found = await guard(`catalogue ${ref.provider}`, async () => {
        const r = await recordOf(ctx, ref);
        return r && (r.isbns.length === 0 || r.isbns.some((i) => isbns.includes(i))) ? attempt(r, true) : null;
      });
      if (found) return found;
    }
    // 2. OAPEN's records that list the ISBN as their own.
    for (const isbn of isbns) {
      const found = await guard("oapen", async () => {
        for (const hit of await clientsOf(ctx).oapen().findByIsbn(isbn)) {
          const full = (await clientsOf(ctx).oapen().getRecord(hit.id)) ?? hit;
          const r = await attempt(full, true);
          if (r) return r;
        }
        notes.push(`oapen: nothing for ${isbn}`);
        return null;
      });
      if (found) return found;
    }
    // 3. A public-domain book: Project Gutenberg, the same title and author (checked again in the EPUB).
    const book = ctx.meta.book;
    if (book && book.year !== null && book.year < PUBLIC_DOMAIN_BEFORE && (book.authors[0] ?? "")) {
      const surname = book.authors[0]!.split(/[\s,]+/).filter(Boolean)[book.authors[0]!.includes(",") ? 0 : book.authors[0]!.split(/\s+/).length - 1] ?? "";
      const found = await guard("gutenberg", async () => {
        const page = await clientsOf(ctx)
          .gutendex()
          .search({ query: `${book.title} ${surname}` });
        for (const r of page.records.slice(0, 3)) {
          if (!sameTitle(r.title, book.title) || !r.authors.some((a) => a.toLowerCase().includes(surname.toLowerCase()))) continue;
          const got = await attempt(r, false);
          if (got) return got;
        }
        notes.push("gutenberg: no matching book");
        return null;
      });
      if (found) return found;
    }
    const detail = [...attempts.map((a) => `${a.outcome} ${a.url} (${a.detail})`), ...notes].join("; ") || "no open copy";
    if (failedTransient || attempts.some((a) => a.transient)) return { outcome: "failed", transient: true, detail };
    if (attempts.some((a) => a.outcome === "mismatch")) return { outcome: "mismatch", detail };
    return { outcome: "none", detail };
  },
  ends: (ctx, r) => (r.hit ? { kind: "found", hit: r.hit, access: "open", meta: ctx.meta, steps: ctx.steps } : null),
};

const CHAPTER_TYPES = new Set(["book-chapter", "book-part", "book-section"]);

/** A book's or chapter's card from its Crossref record; null for anything else. */
export function crossrefBookCard(w: CrossrefWork): BookCard | null {
  const type = w.type ?? "";
  if (!BOOK_TYPES.has(type) || !w.title) return null;
  const chapter = CHAPTER_TYPES.has(type);
  const isbns = [...new Set(w.isbn.flatMap((i) => toIsbn13(i) ?? []))];
  return {
    kind: chapter ? "chapter" : "book",
    title: w.title,
    subtitle: w.subtitle,
    authors: w.authors.map((a) => a.name).slice(0, 10),
    editors: [],
    edition: null,
    year: w.issuedYear,
    publisher: w.publisher,
    isbn: chapter ? null : (isbns[0] ?? null),
    isbns: isbns.slice(0, 20),
    pages: null,
    cover: null,
    doi: w.doi,
    container: chapter ? w.containerTitle : null,
    number: null,
    source: "Crossref",
  };
}
