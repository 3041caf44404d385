/**
 * OSTI (https://www.osti.gov/api/v1), the U.S. Department of Energy's reports: GET /records?q=…
 * (a bare JSON array; the total in the X-Total-Count header; rows/page), GET /records/{osti_id}.
 * Only technical reports with OSTI's own full text (`links[rel=fulltext]`, /servlets/purl/{id})
 * are kept. Wire format: tests/fixtures/osti (SOURCES.md §15).
 */
import { asRecords, asString, asStrings, bareDoiOrNull, shapeError, validateOutput, type Json } from "./decode";
import { ACCEPT_JSON, absentOn404, clientTransport } from "./base";
import { PROVIDER_LIMITS, readJson, type ClientBaseOptions } from "./http";
import { OpenRecordSchema, OpenSearchPageSchema, yearOf, type OpenRecord, type OpenSearchPage } from "./open-record";

const PROVIDER = "osti";
const BASE = "https://www.osti.gov";
export const OSTI_MAX_ROWS = 100;
export const OSTI_LICENSE = "U.S. DOE report released to the public (OSTI)";

export interface OstiClient {
  search(p: { query: string; rows: number; page?: number }): Promise<OpenSearchPage>;
  getRecord(ostiId: string): Promise<OpenRecord | null>;
}

/** "Kurup, Parthiv", "Akar, Sertac (ORCID:…)", "Deorah, Shruti M. [LBNL …]" -> the name alone. */
function authorName(s: string): string {
  return s
    .replace(/\s*\[[^\]]*\]/g, "")
    .replace(/\s*\(ORCID:[^)]*\)/gi, "")
    .trim();
}

/** An OSTI record as a report; null unless it is a technical report with OSTI's own full text. */
export function ostiRecord(r: Json): OpenRecord | null {
  const id = asString(r["osti_id"]);
  const title = asString(r["title"]);
  if (!id || !/^\d{1,10}$/.test(id) || !title) return null;
  if (asString(r["product_type"]) !== "Technical Report") return null;
  const fulltext = asRecords(r["links"])
    .map((l) => (asString(l["rel"]) === "fulltext" ? asString(l["href"]) : null))
    .find(Boolean);
  if (!fulltext || !/^https:\/\/www\.osti\.gov\/servlets\/purl\/\d+$/.test(fulltext)) return null;
  const reportNumber = asString(r["report_number"]);
  return {
    provider: "osti",
    id,
    landingUrl: `${BASE}/biblio/${id}`,
    kind: "report",
    title,
    subtitle: null,
    authors: asStrings(r["authors"]).map(authorName).filter(Boolean),
    editors: [],
    year: yearOf(asString(r["publication_date"])),
    publisher: asStrings(r["research_orgs"])[0] ?? asString(r["publisher"]) ?? "U.S. Department of Energy",
    isbns: [],
    doi: bareDoiOrNull(asString(r["doi"])),
    language: asString(r["language"]),
    pages: null,
    license: OSTI_LICENSE,
    file: { url: fulltext, format: "pdf", size: null },
    cover: null,
    // OSTI writes "None" where a record has no report number.
    number: reportNumber && reportNumber !== "None" ? reportNumber : null,
    subjects: asStrings(r["subjects"]).slice(0, 30),
  };
}

export function createOstiClient(opts: ClientBaseOptions): OstiClient {
  const upstream = clientTransport(opts, { provider: PROVIDER, defaultTimeoutMs: 10_000, limits: PROVIDER_LIMITS.osti });
  return {
    async search({ query, rows, page = 1 }) {
      const q = query.trim();
      if (!q) throw new RangeError("empty query");
      const url = new URL("/api/v1/records", BASE);
      url.searchParams.set("q", q);
      url.searchParams.set("product_type", "Technical Report");
      url.searchParams.set("has_fulltext", "true");
      url.searchParams.set("rows", String(Math.min(Math.max(1, rows), OSTI_MAX_ROWS)));
      url.searchParams.set("page", String(Math.max(1, page)));
      const res = await upstream.send(url, { headers: ACCEPT_JSON });
      const body = await readJson(res, PROVIDER);
      if (!Array.isArray(body)) throw shapeError(PROVIDER, "records response", res.status);
      const total = Number(res.headers.get("x-total-count"));
      const records = asRecords(body).flatMap((r) => ostiRecord(r) ?? []);
      return validateOutput(
        OpenSearchPageSchema,
        { total: Number.isInteger(total) && total >= 0 ? total : null, records, fetched: asRecords(body).length },
        PROVIDER,
        "search page",
      );
    },
    async getRecord(ostiId) {
      if (!/^\d{1,10}$/.test(ostiId)) throw new RangeError("not an OSTI id");
      const res = await upstream.send(new URL(`/api/v1/records/${ostiId}`, BASE), { headers: ACCEPT_JSON }, { acceptStatuses: [404] });
      if (await absentOn404(res)) return null;
      const body = await readJson(res, PROVIDER);
      if (!Array.isArray(body)) throw shapeError(PROVIDER, "record", res.status);
      const r =
        asRecords(body)
          .map(ostiRecord)
          .find((x) => x?.id === ostiId) ?? null;
      return r ? validateOutput(OpenRecordSchema, r, PROVIDER, "record") : null;
    },
  };
}
