/**
 * Unpaywall v2 client: open-access locations for a DOI.
 * Wire format: tests/fixtures/unpaywall (SOURCES.md §3). An unknown DOI is a
 * 404 with an HTML page (current) or a JSON body (legacy); both mean null.
 */
import { z } from "zod";
import { asBool, asInt, asRecord, asRecords, asString, asUrl, bareDoi, bareDoiOrNull, cleanText, encodeDoiPath, type Json } from "./decode";
import { ACCEPT_JSON, clientTransport, readLookup } from "./base";
import { PROVIDER_LIMITS, UpstreamError, errorFromResponse, type ClientBaseOptions } from "./http";

const PROVIDER = "unpaywall";
const BASE = "https://api.unpaywall.org/v2";

export const UnpaywallLocationSchema = z.object({
  url: z.string().nullable(),
  urlForPdf: z.string().nullable(),
  urlForLandingPage: z.string().nullable(),
  /** "cc-by", "cc-by-nc-nd", a free-text publisher licence, or null. */
  license: z.string().nullable(),
  /** submittedVersion | acceptedVersion | publishedVersion */
  version: z.string().nullable(),
  /** publisher | repository */
  hostType: z.string().nullable(),
  evidence: z.string().nullable(),
  isBest: z.boolean(),
  repositoryInstitution: z.string().nullable(),
});
export type UnpaywallLocation = z.infer<typeof UnpaywallLocationSchema>;

export const UnpaywallRecordSchema = z.object({
  doi: z.string(),
  title: z.string().nullable(),
  /** Crossref type, e.g. "journal-article". */
  genre: z.string().nullable(),
  isOa: z.boolean(),
  /** gold | hybrid | bronze | green | closed */
  oaStatus: z.string().nullable(),
  year: z.number().int().nullable(),
  publisher: z.string().nullable(),
  journalName: z.string().nullable(),
  bestLocation: UnpaywallLocationSchema.nullable(),
  /** Every OA location, best first as Unpaywall orders them. */
  locations: z.array(UnpaywallLocationSchema),
});
export type UnpaywallRecord = z.infer<typeof UnpaywallRecordSchema>;

export interface UnpaywallClientOptions extends ClientBaseOptions {
  /** Required by Unpaywall; placeholder addresses are refused with 422. */
  email: string;
}

export interface UnpaywallClient {
  getByDoi(doi: string): Promise<UnpaywallRecord | null>;
}

export function createUnpaywallClient(opts: UnpaywallClientOptions): UnpaywallClient {
  const upstream = clientTransport(opts, { provider: PROVIDER, defaultTimeoutMs: 10_000, limits: PROVIDER_LIMITS.unpaywall });

  return {
    async getByDoi(doi) {
      const url = new URL(`${BASE}/${encodeDoiPath(bareDoi(doi))}`);
      url.searchParams.set("email", opts.email);
      const res = await upstream.send(url, { headers: ACCEPT_JSON }, { acceptStatuses: [404, 422] });
      if (res.status === 422) {
        // A missing or placeholder e-mail: a configuration problem, not a transient one.
        const e = await errorFromResponse(res, PROVIDER);
        throw new UpstreamError({ provider: PROVIDER, kind: "auth", status: 422, message: e.message, providerMessage: e.providerMessage });
      }
      // A record without a DOI maps to null: a shape error too.
      return readLookup(res, PROVIDER, "record", mapRecord, UnpaywallRecordSchema);
    },
  };
}

function mapLocation(l: Json): UnpaywallLocation {
  return {
    url: asUrl(l["url"]),
    urlForPdf: asUrl(l["url_for_pdf"]),
    urlForLandingPage: asUrl(l["url_for_landing_page"]),
    license: asString(l["license"]),
    version: asString(l["version"]),
    hostType: asString(l["host_type"]),
    evidence: asString(l["evidence"]),
    isBest: asBool(l["is_best"]) ?? false,
    repositoryInstitution: asString(l["repository_institution"]),
  };
}

export function mapRecord(r: Json): UnpaywallRecord | null {
  const doi = bareDoiOrNull(r["doi"]);
  if (!doi) return null;
  const locations = asRecords(r["oa_locations"]).map(mapLocation);
  const best = asRecord(r["best_oa_location"]);
  return {
    doi,
    title: cleanText(r["title"]),
    genre: asString(r["genre"]),
    // Trust the locations over the flag when they disagree: no location, nothing to fetch.
    isOa: (asBool(r["is_oa"]) ?? locations.length > 0) && (locations.length > 0 || best !== null),
    oaStatus: asString(r["oa_status"]),
    year: asInt(r["year"]),
    publisher: asString(r["publisher"]),
    journalName: asString(r["journal_name"]),
    bestLocation: best ? mapLocation(best) : (locations.find((l) => l.isBest) ?? null),
    locations,
  };
}
