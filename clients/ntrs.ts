/**
 * NASA Technical Reports Server (https://ntrs.nasa.gov/api): GET /citations/search?q=… (`stats.total`,
 * `results[]`, page.size/page.from), GET /citations/{id} for one citation. Only public records
 * with a document whose copyright determination lets anyone use it (GOV_PUBLIC_USE_PERMITTED,
 * PUBLIC_USE_PERMITTED) are kept: NASA marks the others as possibly holding copyrighted material.
 * Wire format: tests/fixtures/ntrs (SOURCES.md §14).
 */
import { asInt, asRecord, asRecords, asString, asStrings, shapeError, validateOutput, type Json } from "./decode";
import { ACCEPT_JSON, absentOn404, clientTransport } from "./base";
import { PROVIDER_LIMITS, readJson, type ClientBaseOptions } from "./http";
import { OpenRecordSchema, OpenSearchPageSchema, yearOf, type OpenRecord, type OpenSearchPage } from "./open-record";

const PROVIDER = "ntrs";
const BASE = "https://ntrs.nasa.gov";
export const NTRS_MAX_PAGE = 100;
/** NASA's copyright determinations that let anyone use and redistribute the document. */
export const NTRS_PUBLIC_USE = {
  GOV_PUBLIC_USE_PERMITTED: "U.S. Government work (public use permitted, NASA)",
  PUBLIC_USE_PERMITTED: "Public use permitted (NASA)",
} as const;

export interface NtrsClient {
  search(p: { query: string; size: number; from?: number }): Promise<OpenSearchPage>;
  /** One citation by its id; null when absent or not publicly usable. */
  getCitation(id: string): Promise<OpenRecord | null>;
}

/** An NTRS citation as a record; null when it is not public, has no PDF, or may hold copyrighted material. */
export function ntrsCitation(c: Json): OpenRecord | null {
  const id = asString(c["id"]);
  const title = asString(c["title"]);
  if (!id || !/^\d{6,14}$/.test(id) || !title) return null;
  if (asString(c["distribution"]) !== "PUBLIC") return null;
  const determination = asString(asRecord(c["copyright"])?.["determinationType"]);
  const license = determination && determination in NTRS_PUBLIC_USE ? NTRS_PUBLIC_USE[determination as keyof typeof NTRS_PUBLIC_USE] : null;
  if (!license) return null;
  const pdf = asRecords(c["downloads"]).find((d) => asString(d["mimetype"]) === "application/pdf" && asRecord(d["links"])?.["pdf"]);
  const pdfPath = pdf ? asString(asRecord(pdf["links"])?.["pdf"]) : null;
  if (!pdfPath || !pdfPath.startsWith("/api/citations/")) return null;
  const published = asRecords(c["publications"])
    .map((p) => asString(p["publicationDate"]))
    .find(Boolean);
  const reportNumbers = asStrings(c["otherReportNumbers"]);
  return {
    provider: "ntrs",
    id,
    landingUrl: `${BASE}/citations/${id}`,
    kind: "report",
    title,
    subtitle: null,
    authors: asRecords(c["authorAffiliations"])
      .sort((a, b) => (asInt(a["sequence"]) ?? 0) - (asInt(b["sequence"]) ?? 0))
      .flatMap((a) => asString(asRecord(asRecord(a["meta"])?.["author"])?.["name"]) ?? []),
    editors: [],
    year: yearOf(published ?? asString(c["distributionDate"]) ?? asString(c["created"])),
    publisher: asString(asRecord(c["center"])?.["name"]) ?? "NASA",
    isbns: [],
    doi: null,
    language: "en",
    pages: null,
    license,
    file: { url: `${BASE}${pdfPath}`, format: "pdf", size: null },
    cover: null,
    number: reportNumbers[0] ?? null,
    subjects: [...asStrings(c["keywords"]), ...asStrings(c["subjectCategories"])].slice(0, 30),
  };
}

export function createNtrsClient(opts: ClientBaseOptions): NtrsClient {
  const upstream = clientTransport(opts, { provider: PROVIDER, defaultTimeoutMs: 10_000, limits: PROVIDER_LIMITS.ntrs });
  return {
    async search({ query, size, from = 0 }) {
      const q = query.trim();
      if (!q) throw new RangeError("empty query");
      const url = new URL("/api/citations/search", BASE);
      url.searchParams.set("q", q);
      url.searchParams.set("page.size", String(Math.min(Math.max(1, size), NTRS_MAX_PAGE)));
      url.searchParams.set("page.from", String(Math.max(0, from)));
      url.searchParams.set("disseminated", "DOCUMENT_AND_METADATA");
      url.searchParams.set("distribution", "PUBLIC");
      const res = await upstream.send(url, { headers: ACCEPT_JSON });
      const body = asRecord(await readJson(res, PROVIDER));
      if (!body || !Array.isArray(body["results"])) throw shapeError(PROVIDER, "search response", res.status);
      const records = asRecords(body["results"]).flatMap((c) => ntrsCitation(c) ?? []);
      return validateOutput(
        OpenSearchPageSchema,
        { total: asInt(asRecord(body["stats"])?.["total"]), records, fetched: asRecords(body["results"]).length },
        PROVIDER,
        "search page",
      );
    },
    async getCitation(id) {
      if (!/^\d{6,14}$/.test(id)) throw new RangeError("not an NTRS citation id");
      const res = await upstream.send(new URL(`/api/citations/${id}`, BASE), { headers: ACCEPT_JSON }, { acceptStatuses: [404] });
      if (await absentOn404(res)) return null;
      const body = asRecord(await readJson(res, PROVIDER));
      if (!body) throw shapeError(PROVIDER, "citation", res.status);
      const r = ntrsCitation(body);
      return r ? validateOutput(OpenRecordSchema, r, PROVIDER, "citation") : null;
    },
  };
}
