/**
 * PubMed Central: the NCBI PMC ID Converter (DOI/PMID <-> PMCID) and Europe
 * PMC's REST search (open-access full-text links).
 *
 * ID Converter wire format: tests/fixtures/ncbi_idconv (SOURCES.md §8). The
 * classic endpoint sends strings and `responseDate`; the current one may send
 * `response-date`, `requested-id` and a numeric pmid, so both are accepted.
 *
 * Europe PMC: no recorded fixture exists. The shape used here is the one in
 * Europe PMC's REST documentation (search, format=json, resultType=core):
 * { hitCount, resultList: { result: [{ id, source, pmid, pmcid, doi, title,
 *   isOpenAccess: "Y"|"N", inEPMC, hasPDF, fullTextUrlList: { fullTextUrl:
 *   [{ availability, availabilityCode, documentStyle, site, url }] } }] } }.
 */
import { z } from "zod";
import { asBool, asInt, asRecord, asRecords, asString, asUrl, bareDoi, bareDoiOrNull, cleanText, shapeError, validateOutput, type Json } from "./decode";
import { ACCEPT_JSON, clientTransport, readJsonObject } from "./base";
import { PROVIDER_LIMITS, type ClientBaseOptions } from "./http";

const NCBI = "ncbi";
const EPMC = "europepmc";
const IDCONV_CURRENT = "https://pmc.ncbi.nlm.nih.gov/tools/idconv/api/v1/articles/";
const IDCONV_CLASSIC = "https://www.ncbi.nlm.nih.gov/pmc/utils/idconv/v1.0/";
const EPMC_SEARCH = "https://www.ebi.ac.uk/europepmc/webservices/rest/search";
/** The ID Converter takes at most 200 ids per call. */
export const IDCONV_MAX_IDS = 200;

export const IdConvRecordSchema = z.object({
  /** The id this record answers, when it can be told. */
  requestedId: z.string().nullable(),
  pmcid: z.string().nullable(),
  pmid: z.string().nullable(),
  doi: z.string().nullable(),
  live: z.boolean().nullable(),
  /** Per-record error ("invalid article id", "Identifier not found in PMC"), else null. */
  error: z.string().nullable(),
});
export type IdConvRecord = z.infer<typeof IdConvRecordSchema>;

export const IdConvResultSchema = z.object({
  responseDate: z.string().nullable(),
  warning: z.string().nullable(),
  records: z.array(IdConvRecordSchema),
});
export type IdConvResult = z.infer<typeof IdConvResultSchema>;

export const EuropePmcFullTextUrlSchema = z.object({
  url: z.string(),
  /** "Open access", "Free", "Subscription required", ... */
  availability: z.string().nullable(),
  /** OA, F, S, ... */
  availabilityCode: z.string().nullable(),
  /** pdf, html, doi, ... */
  documentStyle: z.string().nullable(),
  site: z.string().nullable(),
});

export const EuropePmcResultSchema = z.object({
  id: z.string().nullable(),
  source: z.string().nullable(),
  pmid: z.string().nullable(),
  pmcid: z.string().nullable(),
  doi: z.string().nullable(),
  title: z.string().nullable(),
  isOpenAccess: z.boolean(),
  inEpmc: z.boolean(),
  hasPdf: z.boolean(),
  fullTextUrls: z.array(EuropePmcFullTextUrlSchema),
  /** The first open-access PDF link, if any. */
  pdfUrl: z.string().nullable(),
});
export type EuropePmcResult = z.infer<typeof EuropePmcResultSchema>;

export interface PmcClientOptions extends ClientBaseOptions {
  /** NCBI asks every caller to identify itself with tool and email. */
  tool: string;
  email: string;
  /** "current" (default): pmc.ncbi.nlm.nih.gov; "classic": www.ncbi.nlm.nih.gov/pmc/utils. */
  idconvEndpoint?: "current" | "classic" | undefined;
  /** Overrides for Europe PMC's limiter (rateLimiter covers NCBI). */
  europePmcRateLimiter?: ClientBaseOptions["rateLimiter"];
}

export interface PmcClient {
  /** Convert DOIs, PMIDs or PMCIDs (one kind per call). */
  convert(ids: string | readonly string[], idtype?: "pmcid" | "pmid" | "mid" | "doi"): Promise<IdConvResult>;
  /** Europe PMC's open-access PDF link for a PMCID, or null. */
  getFullTextPdfUrl(pmcid: string): Promise<string | null>;
  /** The Europe PMC record for a DOI, or null. */
  searchByDoi(doi: string): Promise<EuropePmcResult | null>;
}

export function normalizePmcid(input: string): string {
  const m = /^(?:pmcid:\s*)?(?:PMC)?(\d{1,10})(?:\.\d+)?$/i.exec(input.trim());
  if (!m) throw new RangeError(`not a PMCID: ${input.slice(0, 100)}`);
  return `PMC${m[1]}`;
}

export function createPmcClient(opts: PmcClientOptions): PmcClient {
  const ncbi = clientTransport(opts, { provider: NCBI, defaultTimeoutMs: 10_000, limits: PROVIDER_LIMITS.ncbi });
  const epmc = clientTransport(
    { ...opts, rateLimiter: opts.europePmcRateLimiter },
    { provider: EPMC, defaultTimeoutMs: 10_000, limits: PROVIDER_LIMITS.europepmc },
  );
  const base = opts.idconvEndpoint === "classic" ? IDCONV_CLASSIC : IDCONV_CURRENT;

  async function convertChunk(ids: string[], idtype: string | undefined): Promise<IdConvResult> {
    const url = new URL(base);
    url.searchParams.set("ids", ids.join(","));
    url.searchParams.set("format", "json");
    if (idtype) url.searchParams.set("idtype", idtype);
    url.searchParams.set("tool", opts.tool);
    url.searchParams.set("email", opts.email);
    const res = await ncbi.send(url, { headers: ACCEPT_JSON });
    const body = await readJsonObject(res, NCBI);
    if (!body || !Array.isArray(body["records"])) throw shapeError(NCBI, "ID converter response", res.status);
    const status = asString(body["status"]);
    if (status && status !== "ok") throw shapeError(NCBI, `ID converter status "${status}"`, res.status);
    return {
      responseDate: asString(body["responseDate"]) ?? asString(body["response-date"]),
      warning: asString(body["warning"]),
      records: asRecords(body["records"]).map((r) => mapIdRecord(r, ids)),
    };
  }

  async function searchEuropePmc(query: string): Promise<EuropePmcResult[]> {
    const url = new URL(EPMC_SEARCH);
    url.searchParams.set("query", query);
    url.searchParams.set("format", "json");
    url.searchParams.set("resultType", "core");
    url.searchParams.set("pageSize", "5");
    const res = await epmc.send(url, { headers: ACCEPT_JSON });
    const body = await readJsonObject(res, EPMC);
    const list = asRecord(body?.["resultList"]);
    if (!body || (!list && asInt(body["hitCount"]) === null)) throw shapeError(EPMC, "search response", res.status);
    return asRecords(list?.["result"]).map((r) => validateOutput(EuropePmcResultSchema, mapEuropePmc(r), EPMC, "search result"));
  }

  return {
    async convert(input, idtype) {
      const ids = (typeof input === "string" ? [input] : [...input]).map((s) => s.trim()).filter(Boolean);
      if (!ids.length) return { responseDate: null, warning: null, records: [] };
      const merged: IdConvResult = { responseDate: null, warning: null, records: [] };
      for (let i = 0; i < ids.length; i += IDCONV_MAX_IDS) {
        const part = await convertChunk(ids.slice(i, i + IDCONV_MAX_IDS), idtype);
        merged.responseDate ??= part.responseDate;
        merged.warning ??= part.warning;
        merged.records.push(...part.records);
      }
      return validateOutput(IdConvResultSchema, merged, NCBI, "ID converter response");
    },

    async getFullTextPdfUrl(pmcid) {
      const id = normalizePmcid(pmcid);
      const results = await searchEuropePmc(`PMCID:${id}`);
      const hit = results.find((r) => r.pmcid?.toUpperCase() === id) ?? null;
      return hit?.pdfUrl ?? null;
    },

    async searchByDoi(doi) {
      const bare = bareDoi(doi);
      const results = await searchEuropePmc(`DOI:"${bare.replace(/"/g, "")}"`);
      return results.find((r) => r.doi?.toLowerCase() === bare.toLowerCase()) ?? null;
    },
  };
}

function mapIdRecord(r: Json, requested: string[]): IdConvRecord {
  const pmcid = asString(r["pmcid"]);
  const pmid = asString(r["pmid"]); // a string in the classic format, a number in the current one
  const doi = asString(r["doi"]);
  const isError = asString(r["status"]) === "error" || r["errmsg"] !== undefined;
  const explicit = asString(r["requested-id"]);
  const norm = (s: string) => s.trim().toLowerCase().replace(/^pmc/, "");
  const candidates = [pmcid, pmid, doi].filter((x): x is string => x !== null).map(norm);
  const requestedId = explicit ?? requested.find((id) => candidates.includes(norm(id))) ?? null;
  return {
    requestedId,
    pmcid: isError ? null : pmcid,
    pmid: isError ? null : pmid,
    doi: isError ? null : doi,
    live: asBool(r["live"]),
    error: isError ? (asString(r["errmsg"]) ?? "error") : null,
  };
}

function mapEuropePmc(r: Json): EuropePmcResult {
  const urls = asRecords(asRecord(r["fullTextUrlList"])?.["fullTextUrl"]).flatMap((u) => {
    const url = asUrl(u["url"]);
    return url
      ? [
          {
            url,
            availability: asString(u["availability"]),
            availabilityCode: asString(u["availabilityCode"]),
            documentStyle: asString(u["documentStyle"]),
            site: asString(u["site"]),
          },
        ]
      : [];
  });
  const oaPdf = urls.find((u) => u.documentStyle?.toLowerCase() === "pdf" && (u.availabilityCode === "OA" || u.availability?.toLowerCase() === "open access"));
  return {
    id: asString(r["id"]),
    source: asString(r["source"]),
    pmid: asString(r["pmid"]),
    pmcid: asString(r["pmcid"]),
    doi: bareDoiOrNull(r["doi"]),
    title: cleanText(r["title"]),
    isOpenAccess: asBool(r["isOpenAccess"]) ?? false,
    inEpmc: asBool(r["inEPMC"]) ?? false,
    hasPdf: asBool(r["hasPDF"]) ?? false,
    fullTextUrls: urls,
    pdfUrl: oaPdf?.url ?? null,
  };
}
