/**
 * Elsevier Scopus Search API client and query builder.
 * Wire format: tests/fixtures/scopus (SOURCES.md §2). Every number arrives as a
 * string except openaccessFlag; an empty result is one entry carrying `error`.
 */
import { z } from "zod";
import { asBool, asInt, asRecord, asRecords, asString, bareDoiOrNull, cleanText, validateOutput, type Json } from "./decode";
import { clientTransport, readJsonObject } from "./base";
import { PROVIDER_LIMITS, UpstreamError, errorFromResponse, type ClientBaseOptions } from "./http";

const PROVIDER = "scopus";
const ENDPOINT = "https://api.elsevier.com/content/search/scopus";

/** Offset paging stops here (start + count); deeper needs cursor=*. */
export const SCOPUS_MAX_OFFSET = 5000;
/** Page size limits per view. */
export const SCOPUS_MAX_COUNT = { STANDARD: 200, COMPLETE: 25 } as const;
export const SCOPUS_DEFAULT_COUNT = 25;

export const ScopusAffiliationSchema = z.object({
  name: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
});

export const ScopusEntrySchema = z.object({
  eid: z.string().nullable(),
  scopusId: z.string().nullable(),
  doi: z.string().nullable(),
  title: z.string().nullable(),
  /** First author as Scopus prints it ("Higgins J.P.T."). */
  creator: z.string().nullable(),
  publicationName: z.string().nullable(),
  issn: z.string().nullable(),
  eIssn: z.string().nullable(),
  volume: z.string().nullable(),
  issue: z.string().nullable(),
  pageRange: z.string().nullable(),
  coverDate: z.string().nullable(),
  year: z.number().int().nullable(),
  citedByCount: z.number().int().nullable(),
  /** Document type code (ar, re, cp, ...) and its description. */
  subtype: z.string().nullable(),
  subtypeDescription: z.string().nullable(),
  aggregationType: z.string().nullable(),
  openAccess: z.boolean().nullable(),
  /** freetoread values, e.g. ["all", "repository"]. */
  freeToRead: z.array(z.string()),
  affiliations: z.array(ScopusAffiliationSchema),
  pubmedId: z.string().nullable(),
  pii: z.string().nullable(),
  scopusUrl: z.string().nullable(),
  fullTextUrl: z.string().nullable(),
});
export type ScopusEntry = z.infer<typeof ScopusEntrySchema>;

export const ScopusQuotaSchema = z.object({
  limit: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  /** Epoch seconds when the quota resets. */
  resetAt: z.number().int().nullable(),
});

export const ScopusSearchResultSchema = z.object({
  totalResults: z.number().int(),
  startIndex: z.number().int(),
  itemsPerPage: z.number().int().nullable(),
  entries: z.array(ScopusEntrySchema),
  quota: ScopusQuotaSchema,
});
export type ScopusSearchResult = z.infer<typeof ScopusSearchResultSchema>;

export const ScopusSearchParamsSchema = z.object({
  query: z.string().trim().min(1),
  start: z.number().int().min(0).default(0),
  count: z.number().int().min(1).default(SCOPUS_DEFAULT_COUNT),
  /** A field with "-" for descending, e.g. "-coverDate", "citedby-count", "relevancy". */
  sort: z
    .string()
    .regex(/^[-+]?[a-zA-Z-]+(,[-+]?[a-zA-Z-]+)*$/)
    .optional(),
  view: z.enum(["STANDARD", "COMPLETE"]).default("STANDARD"),
  /** "2020" or "2018-2022". */
  date: z
    .string()
    .regex(/^\d{4}(-\d{4})?$/)
    .optional(),
  subj: z
    .string()
    .regex(/^[A-Z]{4}$/)
    .optional(),
  field: z.string().optional(),
});
export type ScopusSearchParams = z.input<typeof ScopusSearchParamsSchema>;

export interface ScopusClientOptions extends ClientBaseOptions {
  apiKey: string;
  instToken?: string | undefined;
}

export interface ScopusClient {
  search(params: ScopusSearchParams): Promise<ScopusSearchResult>;
}

export function createScopusClient(opts: ScopusClientOptions): ScopusClient {
  // The quota belongs to the key, so the shared limiter is per key.
  const upstream = clientTransport(opts, { provider: PROVIDER, defaultTimeoutMs: 15_000, limits: PROVIDER_LIMITS.scopus, limiterKey: `scopus:${opts.apiKey}` });

  return {
    async search(input) {
      if (!opts.apiKey) {
        throw new UpstreamError({ provider: PROVIDER, kind: "auth", message: "scopus: no API key configured" });
      }
      const p = ScopusSearchParamsSchema.parse(input);
      if (p.start >= SCOPUS_MAX_OFFSET) {
        throw new RangeError(`Scopus offset paging stops at ${SCOPUS_MAX_OFFSET} results`);
      }
      const count = Math.min(p.count, SCOPUS_MAX_COUNT[p.view], SCOPUS_MAX_OFFSET - p.start);
      const url = new URL(ENDPOINT);
      url.searchParams.set("query", p.query);
      url.searchParams.set("start", String(p.start));
      url.searchParams.set("count", String(count));
      url.searchParams.set("view", p.view);
      if (p.sort) url.searchParams.set("sort", p.sort);
      if (p.date) url.searchParams.set("date", p.date);
      if (p.subj) url.searchParams.set("subj", p.subj);
      if (p.field) url.searchParams.set("field", p.field);

      const headers: Record<string, string> = { Accept: "application/json", "X-ELS-APIKey": opts.apiKey };
      if (opts.instToken) headers["X-ELS-Insttoken"] = opts.instToken;

      const res = await upstream.send(
        url,
        { headers },
        {
          acceptStatuses: [429],
          describeError: describeScopusError,
          check: async (r) => {
            if (r.status === 429) throw await rateLimitError(r);
          },
        },
      );

      const body = await readJsonObject(res, PROVIDER);
      const results = asRecord(body?.["search-results"]);
      if (!results) {
        throw new UpstreamError({ provider: PROVIDER, kind: "parse", status: res.status, message: "scopus: no search-results in body" });
      }
      const entries = mapScopusEntries(results["entry"]);
      return validateOutput(
        ScopusSearchResultSchema,
        {
          totalResults: asInt(results["opensearch:totalResults"]) ?? entries.length,
          startIndex: asInt(results["opensearch:startIndex"]) ?? p.start,
          itemsPerPage: asInt(results["opensearch:itemsPerPage"]),
          entries,
          quota: quotaOf(res.headers),
        },
        PROVIDER,
        "search results",
      );
    },
  };
}

/** 429: the reset header gives epoch seconds; prefer it over a missing Retry-After. */
async function rateLimitError(res: Response): Promise<UpstreamError> {
  const base = await errorFromResponse(res, PROVIDER, describeScopusError);
  const resetAt = asInt(res.headers.get("x-ratelimit-reset"));
  const fromReset = resetAt !== null ? Math.max(0, resetAt - Math.floor(Date.now() / 1000)) : undefined;
  return new UpstreamError({
    provider: PROVIDER,
    kind: "rate_limited",
    status: 429,
    message: base.message,
    providerMessage: base.providerMessage,
    retryAfterSeconds: base.retryAfterSeconds ?? fromReset,
  });
}

function quotaOf(h: Headers): z.infer<typeof ScopusQuotaSchema> {
  return {
    limit: asInt(h.get("x-ratelimit-limit")),
    remaining: asInt(h.get("x-ratelimit-remaining")),
    resetAt: asInt(h.get("x-ratelimit-reset")),
  };
}

/** {"service-error":{"status":{"statusCode","statusText"}}} or {"error-response":{...}}. */
export function describeScopusError(body: string): string | undefined {
  try {
    const parsed = asRecord(JSON.parse(body));
    const status = asRecord(asRecord(parsed?.["service-error"])?.["status"]);
    if (status) {
      const code = asString(status["statusCode"]);
      const text = asString(status["statusText"]);
      return [code, text].filter(Boolean).join(": ") || undefined;
    }
    const er = asRecord(parsed?.["error-response"]);
    if (er) return [asString(er["error-code"]), asString(er["error-message"])].filter(Boolean).join(": ") || undefined;
    return asString(parsed?.["message"]) ?? undefined;
  } catch {
    return undefined;
  }
}

function linkHref(e: Json, ref: string): string | null {
  const link = asRecords(e["link"]).find((l) => l["@ref"] === ref);
  return asString(link?.["@href"]);
}

function mapEntry(e: Json): ScopusEntry {
  const coverDate = asString(e["prism:coverDate"]);
  const yearMatch = coverDate ? /^(\d{4})/.exec(coverDate) : null;
  const dcId = asString(e["dc:identifier"]);
  const flag = asBool(e["openaccessFlag"]);
  return {
    eid: asString(e["eid"]),
    scopusId: dcId ? dcId.replace(/^SCOPUS_ID:/, "") : null,
    doi: bareDoiOrNull(e["prism:doi"]),
    title: cleanText(e["dc:title"]),
    creator: asString(e["dc:creator"]),
    publicationName: asString(e["prism:publicationName"]),
    issn: asString(e["prism:issn"]),
    eIssn: asString(e["prism:eIssn"]),
    volume: asString(e["prism:volume"]),
    issue: asString(e["prism:issueIdentifier"]),
    pageRange: asString(e["prism:pageRange"]),
    coverDate,
    year: yearMatch ? Number(yearMatch[1]) : null,
    citedByCount: asInt(e["citedby-count"]),
    subtype: asString(e["subtype"]),
    subtypeDescription: asString(e["subtypeDescription"]),
    aggregationType: asString(e["prism:aggregationType"]),
    openAccess: flag ?? asBool(e["openaccess"]),
    freeToRead: asRecords(asRecord(e["freetoread"])?.["value"]).flatMap((v) => asString(v["$"]) ?? []),
    affiliations: asRecords(e["affiliation"]).map((a) => ({
      name: asString(a["affilname"]),
      city: asString(a["affiliation-city"]),
      country: asString(a["affiliation-country"]),
    })),
    pubmedId: asString(e["pubmed-id"]),
    pii: asString(e["pii"]),
    scopusUrl: linkHref(e, "scopus"),
    fullTextUrl: linkHref(e, "full-text"),
  };
}

// ---------------------------------------------------------------------------
// Query building

export const SCOPUS_SEARCH_IN = ["all", "title", "abstract", "keywords", "title-abs-key", "authors"] as const;
export const SCOPUS_SEARCH_TYPES = ["all", "any", "exact"] as const;
/** Scopus subject area codes accepted by SUBJAREA(). */
export const SCOPUS_SUBJECT_AREAS = [
  "AGRI",
  "ARTS",
  "BIOC",
  "BUSI",
  "CENG",
  "CHEM",
  "COMP",
  "DECI",
  "DENT",
  "EART",
  "ECON",
  "ENER",
  "ENGI",
  "ENVI",
  "HEAL",
  "IMMU",
  "MATE",
  "MATH",
  "MEDI",
  "NEUR",
  "NURS",
  "PHAR",
  "PHYS",
  "PSYC",
  "SOCI",
  "VETE",
  "MULT",
] as const;
/** Scopus document type codes accepted by DOCTYPE(). */
export const SCOPUS_DOC_TYPES = ["ar", "ab", "bk", "ch", "cp", "cr", "dp", "ed", "er", "le", "mm", "no", "pr", "re", "sh", "tb"] as const;

const FIELD_CODES: Record<(typeof SCOPUS_SEARCH_IN)[number], string> = {
  all: "ALL",
  title: "TITLE",
  abstract: "ABS",
  keywords: "KEY",
  "title-abs-key": "TITLE-ABS-KEY",
  authors: "AUTH",
};

export const ScopusQueryInputSchema = z.object({
  keywords: z.string(),
  searchIn: z.enum(SCOPUS_SEARCH_IN).default("title-abs-key"),
  searchType: z.enum(SCOPUS_SEARCH_TYPES).default("all"),
  yearFrom: z.number().int().min(1000).max(9999).optional(),
  yearTo: z.number().int().min(1000).max(9999).optional(),
  /** e.g. "english", "German". */
  language: z.string().optional(),
  subject: z.string().optional(),
  docType: z.string().optional(),
});
export type ScopusQueryInput = z.input<typeof ScopusQueryInputSchema>;

// Operators and proximity words that would change the query's meaning if left bare.
const OPERATOR_WORDS = /^(and|or|not|and not|w\/\d+|pre\/\d+)$/i;

/**
 * Build a Scopus advanced-search query from form fields, e.g.
 * TITLE-ABS-KEY(deep AND learning) AND PUBYEAR > 2019 AND LANGUAGE(english) AND SUBJAREA(ENGI) AND DOCTYPE(ar).
 * User text never reaches the query as syntax: brackets, quotes and operators are removed.
 */
export function buildScopusQuery(input: ScopusQueryInput): string {
  const p = ScopusQueryInputSchema.parse(input);
  const cleaned = p.keywords
    .replace(/[(){}[\]"\\]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!cleaned) throw new RangeError("Scopus query needs at least one keyword");
  let terms: string;
  if (p.searchType === "exact") {
    terms = `"${cleaned}"`;
  } else {
    const words = cleaned.split(" ").filter((w) => !OPERATOR_WORDS.test(w));
    if (!words.length) throw new RangeError("Scopus query needs at least one keyword");
    terms = words.join(p.searchType === "any" ? " OR " : " AND ");
  }
  const parts = [`${FIELD_CODES[p.searchIn]}(${terms})`];

  if (p.yearFrom !== undefined && p.yearTo !== undefined && p.yearFrom > p.yearTo) {
    throw new RangeError("yearFrom is after yearTo");
  }
  if (p.yearFrom !== undefined && p.yearFrom === p.yearTo) {
    parts.push(`PUBYEAR = ${p.yearFrom}`);
  } else {
    if (p.yearFrom !== undefined) parts.push(`PUBYEAR > ${p.yearFrom - 1}`);
    if (p.yearTo !== undefined) parts.push(`PUBYEAR < ${p.yearTo + 1}`);
  }
  const language = p.language?.trim().toLowerCase();
  if (language) {
    if (!/^[a-z]+$/.test(language)) throw new RangeError(`not a Scopus language: ${p.language}`);
    parts.push(`LANGUAGE(${language})`);
  }
  const subject = p.subject?.trim().toUpperCase();
  if (subject) {
    if (!(SCOPUS_SUBJECT_AREAS as readonly string[]).includes(subject)) throw new RangeError(`not a Scopus subject area: ${p.subject}`);
    parts.push(`SUBJAREA(${subject})`);
  }
  const docType = p.docType?.trim().toLowerCase();
  if (docType) {
    if (!(SCOPUS_DOC_TYPES as readonly string[]).includes(docType)) throw new RangeError(`not a Scopus document type: ${p.docType}`);
    parts.push(`DOCTYPE(${docType})`);
  }
  return parts.join(" AND ");
}

/** `search-results.entry` (a list, a bare object, or the "Result set was empty" entry) -> entries. */
export function mapScopusEntries(entry: unknown): ScopusEntry[] {
  return asRecords(entry)
    .filter((e) => e["error"] === undefined)
    .map(mapEntry);
}
