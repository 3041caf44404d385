/**
 * OpenAlex client: a work by DOI (all its locations) and work search, used
 * for open theses (filter type:dissertation,is_oa:true).
 * Wire format: tests/fixtures/openalex (SOURCES.md §4).
 */
import { z } from "zod";
import {
  asBool,
  asInt,
  asRecord,
  asRecords,
  asString,
  asUrl,
  bareDoi,
  bareDoiOrNull,
  cleanText,
  encodeDoiPath,
  shapeError,
  validateOutput,
  type Json,
} from "./decode";
import { ACCEPT_JSON, clientTransport, readJsonObject, readLookup } from "./base";
import { PROVIDER_LIMITS, type ClientBaseOptions } from "./http";

const PROVIDER = "openalex";
const BASE = "https://api.openalex.org";

export const OpenAlexLocationSchema = z.object({
  isOa: z.boolean(),
  landingPageUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  license: z.string().nullable(),
  version: z.string().nullable(),
  sourceName: z.string().nullable(),
  /** journal | repository | conference | ebook platform | ... */
  sourceType: z.string().nullable(),
});
export type OpenAlexLocation = z.infer<typeof OpenAlexLocationSchema>;

export const OpenAlexWorkSchema = z.object({
  /** "https://openalex.org/W..." */
  id: z.string(),
  /** Bare DOI ("10.x/y"), or null. */
  doi: z.string().nullable(),
  title: z.string().nullable(),
  type: z.string().nullable(),
  language: z.string().nullable(),
  publicationYear: z.number().int().nullable(),
  openAccess: z.object({
    isOa: z.boolean(),
    oaStatus: z.string().nullable(),
    oaUrl: z.string().nullable(),
  }),
  authors: z.array(z.string()),
  /** Every location, as OpenAlex orders them. */
  locations: z.array(OpenAlexLocationSchema),
  bestOaLocation: OpenAlexLocationSchema.nullable(),
  primaryLocation: OpenAlexLocationSchema.nullable(),
  /** Rebuilt from abstract_inverted_index. */
  abstract: z.string().nullable(),
  hostInstitution: z.string().nullable(),
});
export type OpenAlexWork = z.infer<typeof OpenAlexWorkSchema>;

export const OpenAlexWorkListSchema = z.object({
  count: z.number().int(),
  page: z.number().int().nullable(),
  perPage: z.number().int().nullable(),
  results: z.array(OpenAlexWorkSchema),
});
export type OpenAlexWorkList = z.infer<typeof OpenAlexWorkListSchema>;

/** Filters as an object ({ type: "dissertation", is_oa: true }) or a raw "k:v,k:v" string. */
export type OpenAlexFilter = string | Record<string, string | number | boolean | readonly (string | number)[]>;

export const OpenAlexSearchParamsSchema = z.object({
  search: z.string().trim().min(1).optional(),
  filter: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  page: z.number().int().min(1).default(1),
  perPage: z.number().int().min(1).max(200).default(25),
  /** e.g. "publication_year:desc", "relevance_score:desc". */
  sort: z
    .string()
    .regex(/^[a-z_.]+(:(asc|desc))?$/)
    .optional(),
});
export type OpenAlexSearchParams = Omit<z.input<typeof OpenAlexSearchParamsSchema>, "filter"> & { filter?: OpenAlexFilter };

/** Basic paging stops here; deeper needs cursor=*. */
export const OPENALEX_MAX_RESULTS = 10_000;

export interface OpenAlexClientOptions extends ClientBaseOptions {
  mailto?: string | undefined;
  apiKey?: string | undefined;
}

export interface OpenAlexClient {
  getWorkByDoi(doi: string): Promise<OpenAlexWork | null>;
  searchWorks(params: OpenAlexSearchParams): Promise<OpenAlexWorkList>;
}

export function createOpenAlexClient(opts: OpenAlexClientOptions): OpenAlexClient {
  const upstream = clientTransport(opts, { provider: PROVIDER, defaultTimeoutMs: 10_000, limits: PROVIDER_LIMITS.openalex });

  function get(url: URL, cost: number, acceptStatuses?: number[]): Promise<Response> {
    if (opts.mailto) url.searchParams.set("mailto", opts.mailto);
    if (opts.apiKey) url.searchParams.set("api_key", opts.apiKey);
    return upstream.send(url, { headers: ACCEPT_JSON }, { cost, acceptStatuses, describeError: describeOpenAlexError });
  }

  return {
    async getWorkByDoi(doi) {
      // The doi: form avoids a URL inside the path (both forms are documented). With a key a
      // work by id or DOI costs nothing; without one every call counts against $0.01 a day.
      const res = await get(new URL(`${BASE}/works/doi:${encodeDoiPath(bareDoi(doi))}`), opts.apiKey ? 0 : 1, [404]);
      return readLookup(res, PROVIDER, "work", mapWork, OpenAlexWorkSchema);
    },

    async searchWorks(input) {
      const p = OpenAlexSearchParamsSchema.parse(input);
      if (p.page * p.perPage > OPENALEX_MAX_RESULTS) {
        throw new RangeError(`OpenAlex basic paging stops at ${OPENALEX_MAX_RESULTS} results`);
      }
      const url = new URL(`${BASE}/works`);
      if (p.search) url.searchParams.set("search", p.search);
      const filter = input.filter === undefined ? "" : openAlexFilter(input.filter);
      if (filter) url.searchParams.set("filter", filter);
      url.searchParams.set("page", String(p.page));
      url.searchParams.set("per-page", String(p.perPage));
      if (p.sort) url.searchParams.set("sort", p.sort);
      // In list units of the daily allowance (PROVIDER_LIMITS.openalex): a filtered list costs 1, a search 10.
      const res = await get(url, p.search ? 10 : 1);
      const body = await readJsonObject(res, PROVIDER);
      const meta = asRecord(body?.["meta"]);
      if (!body || !Array.isArray(body["results"])) throw shapeError(PROVIDER, "work list", res.status);
      const results = asRecords(body["results"]).flatMap((w) => mapWork(w) ?? []);
      return validateOutput(
        OpenAlexWorkListSchema,
        {
          count: asInt(meta?.["count"]) ?? results.length,
          page: asInt(meta?.["page"]),
          perPage: asInt(meta?.["per_page"]),
          results,
        },
        PROVIDER,
        "work list",
      );
    },
  };
}

/** OpenAlex errors: {"error": "<category>", "message": "<detail>"}. */
function describeOpenAlexError(body: string): string | undefined {
  try {
    const o = asRecord(JSON.parse(body));
    const parts = [asString(o?.["error"]), asString(o?.["message"])].filter((p): p is string => p !== null);
    return parts.length ? parts.join(" ") : undefined;
  } catch {
    return undefined;
  }
}

/** { type: "dissertation", is_oa: true, language: ["en","de"] } -> "type:dissertation,is_oa:true,language:en|de" */
export function openAlexFilter(filter: OpenAlexFilter): string {
  if (typeof filter === "string") return filter.trim();
  const clean = (v: string | number | boolean) => String(v).replace(/[,|]/g, " ").trim();
  return Object.entries(filter)
    .flatMap(([key, value]) => {
      if (!/^[a-z_.]+$/.test(key)) throw new RangeError(`not an OpenAlex filter name: ${key}`);
      const v = Array.isArray(value) ? value.map(clean).filter(Boolean).join("|") : clean(value as string | number | boolean);
      return v ? [`${key}:${v}`] : [];
    })
    .join(",");
}

function mapLocation(l: Json): OpenAlexLocation {
  const source = asRecord(l["source"]);
  return {
    isOa: asBool(l["is_oa"]) ?? false,
    landingPageUrl: asUrl(l["landing_page_url"]),
    pdfUrl: asUrl(l["pdf_url"]),
    license: asString(l["license"]),
    version: asString(l["version"]),
    sourceName: asString(source?.["display_name"]),
    sourceType: asString(source?.["type"]),
  };
}

/** Rebuild an abstract from {word: [positions]}. */
export function abstractFromInvertedIndex(v: unknown): string | null {
  const index = asRecord(v);
  if (!index) return null;
  const words: string[] = [];
  for (const [word, positions] of Object.entries(index)) {
    if (!Array.isArray(positions)) continue;
    for (const pos of positions) {
      if (typeof pos === "number" && Number.isInteger(pos) && pos >= 0 && pos < 100_000) words[pos] = word;
    }
  }
  const text = words
    .filter((w) => w !== undefined)
    .join(" ")
    .trim();
  return text === "" ? null : text;
}

export function mapWork(w: Json): OpenAlexWork | null {
  const id = asString(w["id"]);
  if (!id) return null;
  const oa = asRecord(w["open_access"]);
  const best = asRecord(w["best_oa_location"]);
  const primary = asRecord(w["primary_location"]);
  const locations = asRecords(w["locations"]).map(mapLocation);
  const primarySource = asRecord(primary?.["source"]);
  return {
    id,
    doi: bareDoiOrNull(w["doi"]),
    title: cleanText(w["display_name"]) ?? cleanText(w["title"]),
    type: asString(w["type"]),
    language: asString(w["language"]),
    publicationYear: asInt(w["publication_year"]),
    openAccess: {
      isOa: asBool(oa?.["is_oa"]) ?? locations.some((l) => l.isOa),
      oaStatus: asString(oa?.["oa_status"]),
      oaUrl: asUrl(oa?.["oa_url"]),
    },
    authors: asRecords(w["authorships"]).flatMap((a) => asString(asRecord(a["author"])?.["display_name"]) ?? asString(a["raw_author_name"]) ?? []),
    locations,
    bestOaLocation: best ? mapLocation(best) : null,
    primaryLocation: primary ? mapLocation(primary) : null,
    abstract: abstractFromInvertedIndex(w["abstract_inverted_index"]),
    hostInstitution: asString(primarySource?.["host_organization_name"]) ?? asString(primarySource?.["display_name"]),
  };
}
