/**
 * IETF RFCs, openly published standards: the IETF Datatracker's document API
 * (https://datatracker.ietf.org/api/v1/doc/document/, Tastypie: `meta.total_count`, `objects[]`,
 * limit/offset) filtered to `type=rfc`, and the RFC Editor's PDF of each RFC
 * (https://www.rfc-editor.org/rfc/rfcN.pdf). RFCs may be copied and distributed in full under the
 * IETF Trust's Legal Provisions. Wire format: tests/fixtures/datatracker (SOURCES.md §16).
 */
import { asInt, asRecord, asRecords, asString, shapeError, validateOutput, type Json } from "./decode";
import { ACCEPT_JSON, absentOn404, clientTransport } from "./base";
import { PROVIDER_LIMITS, readJson, type ClientBaseOptions } from "./http";
import { OpenRecordSchema, OpenSearchPageSchema, type OpenRecord, type OpenSearchPage } from "./open-record";

const PROVIDER = "datatracker";
const BASE = "https://datatracker.ietf.org";
export const DATATRACKER_MAX_LIMIT = 100;
export const RFC_LICENSE = "IETF Trust Legal Provisions (may be copied and distributed in full, unmodified)";

const STD_LEVELS: Record<string, string> = {
  std: "Internet Standard",
  ps: "Proposed Standard",
  ds: "Draft Standard",
  bcp: "Best Current Practice",
  inf: "Informational",
  exp: "Experimental",
  hist: "Historic",
};

export interface DatatrackerClient {
  searchRfcs(p: { query: string; limit: number; offset?: number }): Promise<OpenSearchPage>;
  getRfc(n: number): Promise<OpenRecord | null>;
}

/** The RFC Editor's PDF of an RFC. */
export function rfcPdfUrl(n: number): string {
  return `https://www.rfc-editor.org/rfc/rfc${n}.pdf`;
}

/** A Datatracker document as an RFC record; null for drafts and anything else without an RFC number. */
export function datatrackerRfc(d: Json): OpenRecord | null {
  const name = asString(d["name"]);
  const n = asInt(d["rfc_number"]) ?? asInt(d["rfc"]) ?? (name && /^rfc\d{1,5}$/.test(name) ? Number(name.slice(3)) : null);
  const title = asString(d["title"]);
  if (n === null || n <= 0 || n > 99_999 || !title) return null;
  const type = asString(d["type"]);
  if (type && !type.endsWith("/rfc/")) return null;
  const level = /\/stdlevelname\/([a-z]+)\/$/.exec(asString(d["std_level"]) ?? "")?.[1];
  return {
    provider: "rfc",
    id: String(n),
    landingUrl: `https://www.rfc-editor.org/rfc/rfc${n}`,
    kind: "standard",
    title,
    subtitle: level ? (STD_LEVELS[level] ?? null) : null,
    authors: [],
    editors: [],
    // `time` is the record's last change, not the publication: no year rather than a wrong one.
    year: null,
    publisher: "IETF",
    isbns: [],
    doi: `10.17487/rfc${n}`,
    language: "en",
    pages: asInt(d["pages"]),
    license: RFC_LICENSE,
    file: { url: rfcPdfUrl(n), format: "pdf", size: null },
    cover: null,
    number: `RFC ${n}`,
  };
}

export function createDatatrackerClient(opts: ClientBaseOptions): DatatrackerClient {
  const upstream = clientTransport(opts, { provider: PROVIDER, defaultTimeoutMs: 10_000, limits: PROVIDER_LIMITS.datatracker });
  return {
    async searchRfcs({ query, limit, offset = 0 }) {
      const q = query.trim();
      if (!q) throw new RangeError("empty query");
      const url = new URL("/api/v1/doc/document/", BASE);
      url.searchParams.set("format", "json");
      url.searchParams.set("type", "rfc");
      const number = /^(?:rfc\s*-?\s*)?(\d{1,5})$/i.exec(q)?.[1];
      if (number) url.searchParams.set("name", `rfc${Number(number)}`);
      else url.searchParams.set("title__icontains", q);
      url.searchParams.set("limit", String(Math.min(Math.max(1, limit), DATATRACKER_MAX_LIMIT)));
      url.searchParams.set("offset", String(Math.max(0, offset)));
      const res = await upstream.send(url, { headers: ACCEPT_JSON });
      const body = asRecord(await readJson(res, PROVIDER));
      if (!body || !Array.isArray(body["objects"])) throw shapeError(PROVIDER, "document list", res.status);
      const records = asRecords(body["objects"]).flatMap((d) => datatrackerRfc(d) ?? []);
      return validateOutput(
        OpenSearchPageSchema,
        { total: asInt(asRecord(body["meta"])?.["total_count"]), records, fetched: asRecords(body["objects"]).length },
        PROVIDER,
        "search page",
      );
    },
    async getRfc(n) {
      if (!Number.isInteger(n) || n <= 0 || n > 99_999) throw new RangeError("not an RFC number");
      const res = await upstream.send(new URL(`/api/v1/doc/document/rfc${n}/?format=json`, BASE), { headers: ACCEPT_JSON }, { acceptStatuses: [404] });
      if (await absentOn404(res)) return null;
      const body = asRecord(await readJson(res, PROVIDER));
      if (!body) throw shapeError(PROVIDER, "document", res.status);
      const r = datatrackerRfc(body);
      return r ? validateOutput(OpenRecordSchema, r, PROVIDER, "document") : null;
    },
  };
}
