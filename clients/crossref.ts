/**
 * Crossref REST API client (https://api.crossref.org): one work by DOI, work search, and the
 * feeds of update notices (retractions, corrections, …) by day. Wire format:
 * tests/fixtures/crossref (SOURCES.md §1). Single-record and list requests have separate
 * limits in the polite pool (10/s and 3/s, 3 at once each), so they draw on separate budgets.
 */
import { z } from "zod";
import {
  asArray,
  asInt,
  asRecord,
  asRecords,
  asString,
  asStrings,
  asUrl,
  bareDoi,
  bareDoiOrNull,
  cleanText,
  encodeDoiPath,
  firstString,
  shapeError,
  validateOutput,
  type Json,
} from "./decode";
import { ACCEPT_JSON, absentOn404, clientTransport, readJsonObject } from "./base";
import { PROVIDER_LIMITS, parseJsonText, readJson, readText, type ClientBaseOptions } from "./http";

const PROVIDER = "crossref";
const BASE = "https://api.crossref.org";

export const CrossrefAuthorSchema = z.object({
  given: z.string().nullable(),
  family: z.string().nullable(),
  /** "Given Family", or the organisation name for corporate authors. */
  name: z.string(),
  orcid: z.string().nullable(),
  sequence: z.string().nullable(),
});

export const CrossrefLicenseSchema = z.object({
  url: z.string(),
  /** ISO date the licence starts to apply, when given. */
  start: z.string().nullable(),
  delayInDays: z.number().int().nullable(),
  contentVersion: z.string().nullable(),
});

export const CrossrefLinkSchema = z.object({
  url: z.string(),
  /** e.g. "application/pdf", "text/xml", "unspecified". */
  contentType: z.string().nullable(),
  contentVersion: z.string().nullable(),
  intendedApplication: z.string().nullable(),
});

/** One entry of `update-to` (on a notice) or `updated-by` (on the updated work). */
export const CrossrefUpdateSchema = z.object({
  doi: z.string(),
  /** retraction, correction, erratum, expression_of_concern, withdrawal, removal, ... */
  type: z.string(),
  label: z.string().nullable(),
  /** ISO date of the update, when given. */
  date: z.string().nullable(),
  /** Who deposited it: "publisher", "retraction-watch" (absent in older records). */
  source: z.string().nullable().optional(),
});

export const CrossrefRelationSchema = z.object({
  relation: z.string(),
  idType: z.string().nullable(),
  id: z.string(),
});

export const CrossrefWorkSchema = z.object({
  doi: z.string(),
  title: z.string().nullable(),
  subtitle: z.string().nullable(),
  type: z.string().nullable(),
  publisher: z.string().nullable(),
  containerTitle: z.string().nullable(),
  volume: z.string().nullable(),
  issue: z.string().nullable(),
  page: z.string().nullable(),
  issuedYear: z.number().int().nullable(),
  authors: z.array(CrossrefAuthorSchema),
  licenses: z.array(CrossrefLicenseSchema),
  links: z.array(CrossrefLinkSchema),
  /** This record is a notice about these works (e.g. a retraction notice). */
  updateTo: z.array(CrossrefUpdateSchema),
  /** Notices about this work (e.g. its retraction). */
  updatedBy: z.array(CrossrefUpdateSchema),
  relations: z.array(CrossrefRelationSchema),
  /** True when an `updated-by` notice retracts, withdraws or removes this work. */
  isRetracted: z.boolean(),
  language: z.string().nullable(),
  url: z.string().nullable(),
  issn: z.array(z.string()),
  isbn: z.array(z.string()),
});
export type CrossrefWork = z.infer<typeof CrossrefWorkSchema>;

export const CrossrefWorkListSchema = z.object({
  totalResults: z.number().int(),
  itemsPerPage: z.number().int().nullable(),
  startIndex: z.number().int().nullable(),
  items: z.array(CrossrefWorkSchema),
});
export type CrossrefWorkList = z.infer<typeof CrossrefWorkListSchema>;

export const CROSSREF_SORTS = [
  "relevance",
  "score",
  "published",
  "issued",
  "published-print",
  "published-online",
  "deposited",
  "indexed",
  "updated",
  "is-referenced-by-count",
  "references-count",
] as const;

export const CrossrefSearchParamsSchema = z.object({
  query: z.string().trim().min(1),
  page: z.number().int().min(1).default(1),
  rows: z.number().int().min(1).max(1000).default(20),
  fromYear: z.number().int().min(1000).max(9999).optional(),
  untilYear: z.number().int().min(1000).max(9999).optional(),
  /** A Crossref type id, e.g. "journal-article", "book-chapter", "proceedings-article". */
  type: z
    .string()
    .regex(/^[a-z-]+$/)
    .optional(),
  /** Matched against the publisher name (query.publisher-name). */
  publisher: z.string().trim().min(1).optional(),
  sort: z.enum(CROSSREF_SORTS).optional(),
  order: z.enum(["asc", "desc"]).optional(),
});
export type CrossrefSearchParams = z.input<typeof CrossrefSearchParamsSchema>;

/** Crossref refuses offsets beyond this; deeper paging needs cursors. */
export const CROSSREF_MAX_OFFSET = 10_000;

const RETRACTING_UPDATES = new Set(["retraction", "withdrawal", "removal"]);

/** The fields a reference match needs (`select`): a smaller answer than whole works. */
export const BIBLIOGRAPHIC_SELECT = [
  "DOI",
  "title",
  "subtitle",
  "author",
  "issued",
  "published-print",
  "published-online",
  "posted",
  "container-title",
  "type",
  "volume",
  "issue",
  "page",
  "update-to",
  "score",
] as const;

/** How long a bibliographic answer is reused: the same pasted reference rarely changes its match within hours. */
export const BIBLIOGRAPHIC_CACHE_SECONDS = 3_600;

/** The part of the Workers Cache API the client uses (caches.default in the Worker). */
export interface ResponseCache {
  match(request: string): Promise<Response | undefined>;
  put(request: string, response: Response): Promise<void>;
}

export interface CrossrefClientOptions extends ClientBaseOptions {
  /**
   * The budget of list requests (searches, filters); `rateLimiter` is the single-record one.
   * Undefined: null when `rateLimiter` is null (tests), else a per-isolate default.
   */
  listRateLimiter?: ClientBaseOptions["rateLimiter"];
  /** Contact address for the polite pool. */
  mailto?: string | undefined;
  userAgent?: string | undefined;
  /** Where bibliographic answers are cached; none: every call asks Crossref. */
  cache?: ResponseCache | null | undefined;
}

export interface CrossrefClient {
  /** One work; null when Crossref does not know the DOI. */
  getWork(doi: string): Promise<CrossrefWork | null>;
  searchWorks(params: CrossrefSearchParams): Promise<CrossrefWorkList>;
  /**
   * Works matching a title or a whole reference string (`query.bibliographic`), best first,
   * only the BIBLIOGRAPHIC_SELECT fields; cached for BIBLIOGRAPHIC_CACHE_SECONDS.
   */
  searchBibliographic(text: string, rows?: number): Promise<CrossrefWorkList>;
  /** One page of a feed of update notices indexed between two UTC days (inclusive), by cursor. */
  listUpdates(params: UpdateFeedParams): Promise<UpdateFeedPage>;
  /** The book records (and their chapters) carrying this ISBN (`filter=isbn:`), at most `rows`. */
  worksByIsbn(isbn: string, rows?: number): Promise<CrossrefWorkList>;
  /**
   * Many works by DOI in one list request (`filter=doi:a,doi:b`: a filter named twice ORs its
   * values), keyed by lower-case DOI; a DOI Crossref does not know is absent. At most
   * WORKS_BY_DOI_MAX; a DOI a filter cannot carry (a comma) is left out, for `getWork`.
   */
  worksByDoi(dois: readonly string[]): Promise<Map<string, CrossrefWork>>;
}

/** DOIs per `worksByDoi` request: a URL of a sane length and an answer of a few hundred KB. */
export const WORKS_BY_DOI_MAX = 20;

/** A DOI `filter=doi:` can carry: the filter's own separators (comma, colon after the name) stay out. */
export const filterableDoi = (doi: string): boolean => /^10\.\d{4,9}\/[^\s,]{1,200}$/.test(doi);

/**
 * The two feeds of update notices:
 * - `notices`: records that ARE notices (`filter=is-update:true`): each names the works it updates
 *   in `update-to`, deposited by their publishers;
 * - `updated`: works that HAVE updates (`filter=has-update:true`): their `updated-by`, where
 *   Crossref also carries Retraction Watch's records (source "retraction-watch"), which have no
 *   notice record of their own.
 * Both by `from-index-date`/`until-index-date`: a record enters the index when it is deposited
 * or when an update is asserted on it.
 */
export const UPDATE_FEEDS = ["notices", "updated"] as const;
export type UpdateFeed = (typeof UPDATE_FEEDS)[number];

/** The update types a reader is warned of (contract/jobs/job-state.ts noticeTypeOf reads them). */
export const NOTICE_UPDATE_TYPES = [
  "retraction",
  "partial_retraction",
  "withdrawal",
  "removal",
  "expression_of_concern",
  "correction",
  "erratum",
  "corrigendum",
  "addendum",
  "clarification",
] as const;

export type UpdateFeedParams = {
  feed: UpdateFeed;
  /** YYYY-MM-DD, inclusive. */
  fromDay: string;
  untilDay: string;
  /** "*" for the first page, then the page's nextCursor. */
  cursor: string;
  rows?: number | undefined;
};

export const UpdateFeedItemSchema = z.object({
  doi: z.string(),
  title: z.string().nullable(),
  updateTo: z.array(CrossrefUpdateSchema),
  updatedBy: z.array(CrossrefUpdateSchema),
});
export type UpdateFeedItem = z.infer<typeof UpdateFeedItemSchema>;

export type UpdateFeedPage = { totalResults: number; items: UpdateFeedItem[]; nextCursor: string | null };

const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

export function createCrossrefClient(opts: CrossrefClientOptions): CrossrefClient {
  const upstream = clientTransport(opts, { provider: PROVIDER, defaultTimeoutMs: 10_000, limits: PROVIDER_LIMITS.crossref });
  const listRateLimiter = opts.listRateLimiter !== undefined ? opts.listRateLimiter : opts.rateLimiter === null ? null : undefined;
  const lists = clientTransport(
    { ...opts, rateLimiter: listRateLimiter },
    { provider: PROVIDER, defaultTimeoutMs: 10_000, limits: PROVIDER_LIMITS.crossrefList, limiterKey: "crossrefList" },
  );
  const headers: Record<string, string> = { ...ACCEPT_JSON };
  const ua = opts.userAgent ?? (opts.mailto ? `Daryaft/1.0 (mailto:${opts.mailto})` : undefined);
  if (ua) headers["User-Agent"] = ua;

  /** `list`: a query or filter (the list budget), else one record by DOI. */
  function get(url: URL, acceptStatuses?: number[], list = true): Promise<Response> {
    if (opts.mailto) url.searchParams.set("mailto", opts.mailto);
    return (list ? lists : upstream).send(url, { headers }, { acceptStatuses, describeError: describeCrossrefError });
  }

  return {
    async getWork(doi) {
      const res = await get(new URL(`${BASE}/works/${encodeDoiPath(bareDoi(doi))}`), [404], false);
      if (await absentOn404(res)) return null;
      const body = await readJsonObject(res, PROVIDER);
      const message = asRecord(body?.["message"]);
      if (!body || body["status"] !== "ok" || !message) throw shapeError(PROVIDER, "work envelope", res.status);
      const work = mapWork(message);
      if (!work) throw shapeError(PROVIDER, "work without a DOI", res.status);
      return validateOutput(CrossrefWorkSchema, work, PROVIDER, "work");
    },

    async searchWorks(input) {
      const p = CrossrefSearchParamsSchema.parse(input);
      const offset = (p.page - 1) * p.rows;
      if (offset > CROSSREF_MAX_OFFSET) {
        throw new RangeError(`Crossref offset paging stops at ${CROSSREF_MAX_OFFSET} results`);
      }
      const url = new URL(`${BASE}/works`);
      url.searchParams.set("query", p.query);
      url.searchParams.set("rows", String(p.rows));
      if (offset > 0) url.searchParams.set("offset", String(offset));
      const filters: string[] = [];
      if (p.fromYear !== undefined) filters.push(`from-pub-date:${p.fromYear}`);
      if (p.untilYear !== undefined) filters.push(`until-pub-date:${p.untilYear}`);
      if (p.type) filters.push(`type:${p.type}`);
      if (filters.length) url.searchParams.set("filter", filters.join(","));
      if (p.publisher) url.searchParams.set("query.publisher-name", p.publisher);
      if (p.sort) url.searchParams.set("sort", p.sort);
      if (p.order) url.searchParams.set("order", p.order);

      const res = await get(url);
      return workList(await readJson(res, PROVIDER), res.status);
    },

    async worksByIsbn(isbn, rows = 5) {
      if (!/^(?:97[89])?\d{9}[\dX]$/.test(isbn)) throw new RangeError("not an ISBN");
      const url = new URL(`${BASE}/works`);
      url.searchParams.set("filter", `isbn:${isbn}`);
      url.searchParams.set("rows", String(Math.min(Math.max(1, Math.trunc(rows)), 20)));
      const res = await get(url);
      return workList(await readJson(res, PROVIDER), res.status);
    },

    async worksByDoi(dois) {
      const wanted = [...new Set(dois.flatMap((d) => bareDoiOrNull(d)?.toLowerCase() ?? []).filter(filterableDoi))].slice(0, WORKS_BY_DOI_MAX);
      const found = new Map<string, CrossrefWork>();
      if (!wanted.length) return found;
      const url = new URL(`${BASE}/works`);
      url.searchParams.set("filter", wanted.map((d) => `doi:${d}`).join(","));
      url.searchParams.set("rows", String(wanted.length));
      const res = await get(url);
      const asked = new Set(wanted);
      for (const work of workList(await readJson(res, PROVIDER), res.status).items) {
        const key = work.doi.toLowerCase();
        if (asked.has(key)) found.set(key, work);
      }
      return found;
    },

    async searchBibliographic(text, rows = 5) {
      const query = text.trim().slice(0, 2000);
      if (!query) throw new RangeError("an empty bibliographic query");
      const url = new URL(`${BASE}/works`);
      url.searchParams.set("query.bibliographic", query);
      url.searchParams.set("rows", String(Math.min(Math.max(1, Math.trunc(rows)), 20)));
      url.searchParams.set("select", BIBLIOGRAPHIC_SELECT.join(","));
      // The cache key is the request without the contact address.
      const cacheKey = url.toString();
      const cached = await opts.cache?.match(cacheKey).catch(() => undefined);
      if (cached) {
        try {
          return workList(await cached.json(), cached.status);
        } catch {
          // A damaged entry: ask Crossref again.
        }
      }
      const res = await get(url);
      const raw = await readText(res, PROVIDER);
      const list = workList(parseJsonText(raw, PROVIDER, res.status), res.status);
      await opts.cache
        ?.put(cacheKey, new Response(raw, { headers: { "content-type": "application/json", "cache-control": `max-age=${BIBLIOGRAPHIC_CACHE_SECONDS}` } }))
        .catch(() => undefined);
      return list;
    },

    async listUpdates(p) {
      if (!DAY_FORMAT.test(p.fromDay) || !DAY_FORMAT.test(p.untilDay)) throw new RangeError("update feed days are YYYY-MM-DD");
      if (!/^[A-Za-z0-9*+/=_-]{1,2000}$/.test(p.cursor)) throw new RangeError("not a Crossref cursor");
      const url = new URL(`${BASE}/works`);
      const window = `from-index-date:${p.fromDay},until-index-date:${p.untilDay}`;
      if (p.feed === "notices") {
        url.searchParams.set("filter", `is-update:true,${window},${NOTICE_UPDATE_TYPES.map((t) => `update-type:${t}`).join(",")}`);
        url.searchParams.set("select", "DOI,title,update-to");
      } else {
        url.searchParams.set("filter", `has-update:true,${window}`);
        url.searchParams.set("select", "DOI,title,updated-by");
      }
      const rows = Math.min(Math.max(1, Math.trunc(p.rows ?? 1000)), 1000);
      url.searchParams.set("rows", String(rows));
      url.searchParams.set("cursor", p.cursor);
      const res = await get(url);
      const body = asRecord(await readJson(res, PROVIDER));
      const message = asRecord(body?.["message"]);
      if (!body || body["status"] !== "ok" || !message) throw shapeError(PROVIDER, "work-list envelope", res.status);
      const items = asRecords(message["items"]).flatMap((it): UpdateFeedItem[] => {
        const w = mapWork(it);
        return w ? [{ doi: w.doi, title: w.title, updateTo: w.updateTo, updatedBy: w.updatedBy }] : [];
      });
      const next = asString(message["next-cursor"]);
      return {
        totalResults: asInt(message["total-results"]) ?? items.length,
        items: items.map((i) => validateOutput(UpdateFeedItemSchema, i, PROVIDER, "update feed item")),
        // A page shorter than asked is the last (Crossref hands out a cursor even then): no call for an empty page.
        nextCursor: next && asRecords(message["items"]).length >= rows ? next : null,
      };
    },
  };
}

/** A `work-list` envelope mapped and checked. */
function workList(json: unknown, status: number): CrossrefWorkList {
  const body = asRecord(json);
  const message = asRecord(body?.["message"]);
  if (!body || body["status"] !== "ok" || !message) throw shapeError(PROVIDER, "work-list envelope", status);
  const items = asRecords(message["items"]).flatMap((it) => {
    const w = mapWork(it);
    return w ? [w] : [];
  });
  const query = asRecord(message["query"]);
  return validateOutput(
    CrossrefWorkListSchema,
    {
      totalResults: asInt(message["total-results"]) ?? items.length,
      itemsPerPage: asInt(message["items-per-page"]),
      startIndex: asInt(query?.["start-index"]),
      items,
    },
    PROVIDER,
    "work list",
  );
}

/** Crossref's 4xx bodies: a validation-failure list, or plain text ("Resource not found."). */
function describeCrossrefError(body: string): string | undefined {
  try {
    const parsed = asRecord(JSON.parse(body));
    const msgs = asRecords(parsed?.["message"]).flatMap((m) => {
      const s = asString(m["message"]);
      return s ? [s] : [];
    });
    if (msgs.length) return msgs.join("; ");
    return asString(parsed?.["message"]) ?? undefined;
  } catch {
    const t = body.trim();
    return t && !t.startsWith("<") ? t.slice(0, 300) : undefined;
  }
}

function dateFromParts(v: unknown): { year: number | null; iso: string | null } {
  const rec = asRecord(v);
  const parts = asArray(asArray(rec?.["date-parts"])[0]).map(asInt);
  const [y, m, d] = parts;
  const year = y ?? null;
  if (year === null) return { year: null, iso: asString(rec?.["date-time"])?.slice(0, 10) ?? null };
  const pad = (n: number) => String(n).padStart(2, "0");
  const iso = m ? (d ? `${year}-${pad(m)}-${pad(d)}` : `${year}-${pad(m)}`) : String(year);
  return { year, iso };
}

function mapAuthor(a: Json): z.infer<typeof CrossrefAuthorSchema> | null {
  const given = asString(a["given"]);
  const family = asString(a["family"]);
  const name = [given, family].filter(Boolean).join(" ") || asString(a["name"]);
  if (!name) return null;
  return {
    given,
    family,
    name,
    orcid: asString(a["ORCID"]),
    sequence: asString(a["sequence"]),
  };
}

function mapUpdate(u: Json): z.infer<typeof CrossrefUpdateSchema> | null {
  const doi = bareDoiOrNull(u["DOI"]);
  const type = asString(u["type"]);
  if (!doi || !type) return null;
  return { doi, type: type.toLowerCase(), label: asString(u["label"]), date: dateFromParts(u["updated"]).iso, source: asString(u["source"]) };
}

function mapRelations(v: unknown): z.infer<typeof CrossrefRelationSchema>[] {
  const rec = asRecord(v);
  if (!rec) return [];
  return Object.entries(rec).flatMap(([relation, list]) =>
    asRecords(list).flatMap((r) => {
      const id = asString(r["id"]);
      return id ? [{ relation, idType: asString(r["id-type"]), id }] : [];
    }),
  );
}

/** Map one Crossref work object; null when it has no usable DOI. */
export function mapWork(m: Json): CrossrefWork | null {
  const doi = bareDoiOrNull(m["DOI"]);
  if (!doi) return null;
  const issued =
    [m["issued"], m["published"], m["published-print"], m["published-online"], m["posted"]].map(dateFromParts).find((d) => d.year !== null) ?? null;
  const updatedBy = asRecords(m["updated-by"]).flatMap((u) => mapUpdate(u) ?? []);
  return {
    doi,
    title: cleanText(firstString(m["title"])),
    subtitle: cleanText(firstString(m["subtitle"])),
    type: asString(m["type"]),
    publisher: asString(m["publisher"]),
    containerTitle: cleanText(firstString(m["container-title"])),
    volume: asString(m["volume"]),
    issue: asString(m["issue"]),
    page: asString(m["page"]),
    issuedYear: issued?.year ?? null,
    authors: asRecords(m["author"]).flatMap((a) => mapAuthor(a) ?? []),
    licenses: asRecords(m["license"]).flatMap((l) => {
      const url = asUrl(l["URL"]);
      return url
        ? [
            {
              url,
              start: dateFromParts(l["start"]).iso,
              delayInDays: asInt(l["delay-in-days"]),
              contentVersion: asString(l["content-version"]),
            },
          ]
        : [];
    }),
    links: asRecords(m["link"]).flatMap((l) => {
      const url = asUrl(l["URL"]);
      return url
        ? [
            {
              url,
              contentType: asString(l["content-type"]),
              contentVersion: asString(l["content-version"]),
              intendedApplication: asString(l["intended-application"]),
            },
          ]
        : [];
    }),
    updateTo: asRecords(m["update-to"]).flatMap((u) => mapUpdate(u) ?? []),
    updatedBy,
    relations: mapRelations(m["relation"]),
    isRetracted: updatedBy.some((u) => RETRACTING_UPDATES.has(u.type)),
    language: asString(m["language"]),
    url: asUrl(m["URL"]),
    issn: asStrings(m["ISSN"]),
    isbn: asStrings(m["ISBN"]),
  };
}
