/**
 * Fake Scopus Search API (api.elsevier.com/content/search/scopus). Shares its
 * host with the Elsevier article fake; returns null for other paths.
 *
 * Keys: missing or "invalid-key" -> 401, "forbidden-key" -> 403 (the recorded
 * bodies), "quota-key" -> 429 with X-RateLimit-* headers; any other key works.
 * view=COMPLETE without X-ELS-Insttoken -> 401. Results: the three recorded
 * 2016 entries and the recorded modern entry first, then synthetic entries
 * whose DOIs are scenario DOIs, 93 in all. "fake:empty" in the query gives the
 * "Result set was empty" answer; "fake:500|429|slow|malformed" fail.
 */
import type { FakeProvider, FakeRequest, FakeResponse } from "../types";
import { failModeOfText, failResponse, fixtureJson, isEmptyMarker, json, scenarioTitle, type Scenario, type ScenarioKind } from "./_shared";

const TOTAL = 93;
const KINDS: ScenarioKind[] = ["licensed", "oa-unpaywall", "none", "oa-openalex", "pmc"];

export function elsevierKeyCheck(req: FakeRequest): FakeResponse | null {
  const key = req.headers["x-els-apikey"] ?? req.query.get("apiKey");
  if (!key || key === "invalid-key") return json(401, fixtureJson("scopus/error_401_authorization.json"));
  if (key === "forbidden-key") return json(403, fixtureJson("scopus/error_403_authentication.json"));
  if (key === "quota-key") {
    return json(
      429,
      { "error-response": { "error-code": "TOO_MANY_REQUESTS", "error-message": "Quota Exceeded" } },
      { "x-ratelimit-limit": "20000", "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 60) },
    );
  }
  return null;
}

export function serviceError(status: number, statusCode: string, statusText: string): FakeResponse {
  return json(status, { "service-error": { status: { statusCode, statusText } } });
}

function syntheticEntry(i: number): Record<string, unknown> {
  const n = i + 1;
  const kind = KINDS[i % KINDS.length]!;
  const s: Scenario = { doi: `10.5555/${kind}-${n}`, kind, n };
  const e = fixtureJson("scopus/search_entry_standard_modern.json") as Record<string, unknown>;
  const scopusId = String(85_000_000_000 + n);
  e["link"] = [
    { "@_fa": "true", "@ref": "self", "@href": `https://api.elsevier.com/content/abstract/scopus_id/${scopusId}` },
    { "@_fa": "true", "@ref": "scopus", "@href": `https://www.scopus.com/inward/record.uri?partnerID=HzOxMe3b&scp=${scopusId}&origin=inward` },
  ];
  e["prism:url"] = `https://api.elsevier.com/content/abstract/scopus_id/${scopusId}`;
  e["dc:identifier"] = `SCOPUS_ID:${scopusId}`;
  e["eid"] = `2-s2.0-${scopusId}`;
  e["dc:title"] = scenarioTitle(s);
  e["prism:doi"] = s.doi;
  e["prism:coverDate"] = `${2018 + (n % 7)}-0${1 + (n % 9)}-15`;
  e["citedby-count"] = String(n * 3);
  e["subtype"] = "ar";
  e["subtypeDescription"] = "Article";
  e["openaccess"] = kind === "licensed" || kind === "none" ? "0" : "1";
  e["openaccessFlag"] = e["openaccess"] === "1";
  delete e["pubmed-id"];
  if (n % 4 === 0) delete e["prism:volume"]; // some entries lack fields, as real ones do
  return e;
}

function entries(): Record<string, unknown>[] {
  const recorded = fixtureJson("scopus/search_standard_2016.json")["search-results"].entry as Record<string, unknown>[];
  return [...recorded, fixtureJson("scopus/search_entry_standard_modern.json")];
}

function search(req: FakeRequest, hit: (k: string) => void): FakeResponse {
  const query = req.query.get("query") ?? "";
  hit(`search:${query}`);
  const denied = elsevierKeyCheck(req);
  if (denied) return denied;
  const view = (req.query.get("view") ?? "STANDARD").toUpperCase();
  if (view === "COMPLETE" && !req.headers["x-els-insttoken"]) return json(401, fixtureJson("scopus/error_401_authorization.json"));
  if (!query.trim()) return serviceError(400, "INVALID_INPUT", "Invalid request: query is required");
  const start = Number(req.query.get("start") ?? "0");
  const count = Number(req.query.get("count") ?? "25");
  if (!Number.isInteger(start) || start < 0 || !Number.isInteger(count) || count < 1) return serviceError(400, "INVALID_INPUT", "Invalid start or count");
  if (count > (view === "COMPLETE" ? 25 : 200)) return serviceError(400, "INVALID_INPUT", "Exceeds the maximum number allowed for the service level");
  if (start + count > 5000) return serviceError(400, "INVALID_INPUT", "Exceeds the number of search results");

  const mode = failModeOfText(query);
  if (mode) return failResponse(mode);
  const quotaHeaders = { "x-ratelimit-limit": "20000", "x-ratelimit-remaining": "19999", "x-ratelimit-reset": "1900000000" };
  if (isEmptyMarker(query)) return json(200, fixtureJson("scopus/search_empty_minimal.json"), quotaHeaders);

  const recorded = entries();
  const page: Record<string, unknown>[] = [];
  for (let i = start; i < Math.min(start + count, TOTAL); i++) page.push(i < recorded.length ? recorded[i]! : syntheticEntry(i));
  const self = `https://api.elsevier.com/content/search/scopus?start=${start}&count=${count}&query=${encodeURIComponent(query)}`;
  const link = (ref: string, s: number) => ({
    "@_fa": "true",
    "@ref": ref,
    "@href": self.replace(/start=\d+/, `start=${s}`),
    "@type": "application/json",
  });
  return json(
    200,
    {
      "search-results": {
        "opensearch:totalResults": String(TOTAL),
        "opensearch:startIndex": String(start),
        "opensearch:itemsPerPage": String(page.length),
        "opensearch:Query": { "@role": "request", "@searchTerms": query, "@startPage": String(start) },
        link: [
          link("self", start),
          link("first", 0),
          ...(start + count < TOTAL ? [link("next", start + count)] : []),
          link("last", Math.max(0, TOTAL - count)),
        ],
        entry: page,
      },
    },
    quotaHeaders,
  );
}

export function createScopusProvider(): FakeProvider {
  return {
    name: "scopus",
    hosts: ["api.elsevier.com"],
    handle(req, state) {
      if (req.method !== "GET" || req.path !== "/content/search/scopus") return null;
      return search(req, (k) => state.hit("scopus", k));
    },
  };
}
