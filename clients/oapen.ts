/**
 * OAPEN Library (https://library.oapen.org), open-access academic books, CC0 metadata:
 *   - search: the DSpace 6 REST API, GET /rest/search?query=…&expand=metadata,bitstreams&limit&offset,
 *     a JSON array of items (no total); its items carry no licence, so results show the collection's
 *     open-access terms and a download reads the record itself;
 *   - one record: OAI-PMH GetRecord in the xoai format (clients/xoai.ts), which names the PDF and
 *     its licence per file.
 * Wire formats: tests/fixtures/oapen (SOURCES.md §12).
 */
import { asInt, asRecord, asRecords, asString, bareDoiOrNull, shapeError, validateOutput, type Json } from "./decode";
import { ACCEPT_JSON, clientTransport } from "./base";
import { PROVIDER_LIMITS, UpstreamError, readJson, readText, type ClientBaseOptions } from "./http";
import { OpenRecordSchema, OpenSearchPageSchema, yearOf, type OpenRecord, type OpenSearchPage } from "./open-record";
import { isbn13s, oaiRecords } from "./xoai";
import { XmlParseError, parseXml } from "./xml";

const PROVIDER = "oapen";
const BASE = "https://library.oapen.org";
/** OAPEN's handles: 20.500.12657/<n>. */
export const OAPEN_HANDLE = /^20\.500\.12657\/\d{1,9}$/;
/** Longest OAI answer read (one record is ~15 KB). */
const MAX_OAI_CHARS = 2_000_000;
export const OAPEN_MAX_LIMIT = 100;

export interface OapenClient {
  search(p: { query: string; limit: number; offset?: number }): Promise<OpenSearchPage>;
  /** The record by handle, with its PDF and licence; null when OAPEN has no such record. */
  getRecord(handle: string): Promise<OpenRecord | null>;
  /** Records that list this ISBN-13 as their own (print or electronic). */
  findByIsbn(isbn13: string): Promise<OpenRecord[]>;
}

function metadataOf(item: Json): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const e of asRecords(item["metadata"])) {
    const key = asString(e["key"]);
    const value = asString(e["value"]);
    if (key && value) m.set(key, [...(m.get(key) ?? []), value]);
  }
  return m;
}

/** One REST item as a record (without licence: REST items do not carry it). */
export function restItem(item: Json): OpenRecord | null {
  const handle = asString(item["handle"]);
  const md = metadataOf(item);
  const title = md.get("dc.title")?.[0] ?? asString(item["name"]);
  if (!handle || !OAPEN_HANDLE.test(handle) || !title) return null;
  const original = asRecords(item["bitstreams"]).filter((b) => asString(b["bundleName"]) === "ORIGINAL");
  const pdf = original.find((b) => asString(b["mimeType"]) === "application/pdf") ?? null;
  const link = pdf ? asString(pdf["retrieveLink"]) : null;
  return {
    provider: "oapen",
    id: handle,
    landingUrl: md.get("dc.identifier.uri")?.find((u) => u.includes(handle)) ?? `${BASE}/handle/${handle}`,
    kind: "book",
    title,
    subtitle: md.get("dc.title.alternative")?.[0] ?? null,
    authors: md.get("dc.contributor.author") ?? [],
    editors: md.get("dc.contributor.editor") ?? [],
    year: yearOf(md.get("dc.date.issued")?.[0]),
    publisher: md.get("publisher.name")?.[0] ?? md.get("oapen.imprint")?.[0] ?? null,
    isbns: isbn13s(md.get("oapen.relation.isbn") ?? []),
    doi: bareDoiOrNull(md.get("oapen.identifier.doi")?.[0]),
    language: md.get("dc.language")?.[0] ?? null,
    pages: asInt(md.get("oapen.pages")?.[0]),
    license: null,
    file: link ? { url: new URL(link, BASE).toString(), format: "pdf", size: asInt(pdf?.["sizeBytes"]) } : null,
    cover: null,
    number: null,
  };
}

export function createOapenClient(opts: ClientBaseOptions): OapenClient {
  const upstream = clientTransport(opts, { provider: PROVIDER, defaultTimeoutMs: 10_000, limits: PROVIDER_LIMITS.oapen });

  async function rest(query: string, limit: number, offset: number): Promise<OpenRecord[] & { fetched?: number }> {
    const url = new URL("/rest/search", BASE);
    url.searchParams.set("query", query);
    url.searchParams.set("expand", "metadata,bitstreams");
    url.searchParams.set("limit", String(limit));
    url.searchParams.set("offset", String(offset));
    const res = await upstream.send(url, { headers: ACCEPT_JSON });
    const body = await readJson(res, PROVIDER);
    if (!Array.isArray(body)) throw shapeError(PROVIDER, "search response", res.status);
    const records: OpenRecord[] & { fetched?: number } = body.flatMap((x) => {
      const item = asRecord(x);
      const r = item ? restItem(item) : null;
      return r ? [validateOutput(OpenRecordSchema, r, PROVIDER, "search item")] : [];
    });
    records.fetched = body.length;
    return records;
  }

  return {
    async search({ query, limit, offset = 0 }) {
      const q = query.trim();
      if (!q) throw new RangeError("empty query");
      const records = await rest(q, Math.min(Math.max(1, limit), OAPEN_MAX_LIMIT), Math.max(0, offset));
      return validateOutput(OpenSearchPageSchema, { total: null, records: [...records], fetched: records.fetched ?? records.length }, PROVIDER, "search page");
    },
    async getRecord(handle) {
      if (!OAPEN_HANDLE.test(handle)) throw new RangeError(`not an OAPEN handle: ${handle.slice(0, 60)}`);
      const url = new URL("/oai/request", BASE);
      url.searchParams.set("verb", "GetRecord");
      url.searchParams.set("metadataPrefix", "xoai");
      url.searchParams.set("identifier", `oai:library.oapen.org:${handle}`);
      const res = await upstream.send(url, { headers: { Accept: "application/xml, text/xml" } });
      const text = await readText(res, PROVIDER);
      if (text.length > MAX_OAI_CHARS) throw new UpstreamError({ provider: PROVIDER, kind: "parse", message: `${PROVIDER}: OAI answer too large` });
      let parsed;
      try {
        parsed = oaiRecords(parseXml(text), "oapen");
      } catch (err) {
        if (err instanceof XmlParseError)
          throw new UpstreamError({ provider: PROVIDER, kind: "parse", message: `${PROVIDER}: OAI answer is not XML`, cause: err });
        throw err;
      }
      if (parsed.error === "idDoesNotExist") return null;
      if (parsed.error) throw new UpstreamError({ provider: PROVIDER, kind: "http", message: `${PROVIDER}: OAI error ${parsed.error}` });
      const r = parsed.records.find((x) => x.id === handle) ?? null;
      return r ? validateOutput(OpenRecordSchema, r, PROVIDER, "OAI record") : null;
    },
    async findByIsbn(isbn13) {
      if (!/^97[89]\d{10}$/.test(isbn13)) throw new RangeError("not an ISBN-13");
      const hits = await rest(`isbn:${isbn13}`, 5, 0);
      return hits.filter((r) => r.isbns.includes(isbn13));
    },
  };
}
