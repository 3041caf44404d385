/**
 * Fake api.openalex.org. Scenario works are
 * tests/fixtures/openalex/work_by_doi_oa.json with id, DOI, title and
 * locations replaced; the three recorded DOIs are served as recorded. Lists
 * use the works_list.json envelope. No 404 body was captured; the one here
 * follows the API's {error, message} error shape (SOURCES.md §4).
 */
import type { FakeProvider, FakeRequest, FakeResponse } from "../types";
import {
  failModeOfScenario,
  failModeOfText,
  failResponse,
  fixtureJson,
  ids,
  isEmptyMarker,
  json,
  scenarioOf,
  scenarioTitle,
  urls,
  type Scenario,
} from "./_shared";

const RECORDED: Record<string, string> = {
  "10.1371/journal.pone.0000030": "openalex/work_by_doi_oa.json",
  "10.1101/097196": "openalex/work_by_doi_preprint_green.json",
  "10.14264/uql.2020.791": "openalex/work_by_doi_dissertation_closed.json",
};
const ALLOWED_FILTERS = new Set([
  "type",
  "is_oa",
  "open_access.is_oa",
  "oa_status",
  "publication_year",
  "from_publication_date",
  "to_publication_date",
  "language",
  "has_fulltext",
  "institutions.id",
  "authorships.institutions.id",
  "doi",
]);

type Loc = Record<string, unknown>;

function loc(fields: Partial<Loc> & { landing_page_url: string | null }): Loc {
  return {
    id: `doi:${fields.landing_page_url ?? "x"}`,
    is_oa: false,
    pdf_url: null,
    source: null,
    license: null,
    license_id: null,
    version: "publishedVersion",
    is_accepted: true,
    is_published: true,
    raw_source_name: null,
    raw_type: "journal-article",
    ...fields,
  };
}

const repoSource = {
  id: "https://openalex.org/S4000000001",
  display_name: "Example University Repository",
  issn_l: null,
  issn: null,
  is_oa: true,
  is_in_doaj: false,
  is_core: false,
  host_organization: "https://openalex.org/I4000000001",
  host_organization_name: "Example University",
  host_organization_lineage: ["https://openalex.org/I4000000001"],
  host_organization_lineage_names: ["Example University"],
  type: "repository",
};

function work(s: Scenario, locations: Loc[], title = scenarioTitle(s), type = "article"): Record<string, unknown> {
  const w = fixtureJson("openalex/work_by_doi_oa.json") as Record<string, unknown>;
  const best = locations.find((l) => l["is_oa"] === true && l["pdf_url"]) ?? locations.find((l) => l["is_oa"] === true) ?? null;
  w["id"] = ids.openalex(s.n);
  w["doi"] = `https://doi.org/${s.doi}`;
  w["title"] = title;
  w["display_name"] = title;
  w["type"] = type;
  w["ids"] = { openalex: ids.openalex(s.n), doi: `https://doi.org/${s.doi}` };
  w["locations"] = locations;
  w["locations_count"] = locations.length;
  w["primary_location"] = locations[0] ?? null;
  w["best_oa_location"] = best;
  w["open_access"] = {
    is_oa: best !== null,
    oa_status: best === null ? "closed" : (best["source"] as { type?: string } | null)?.type === "repository" ? "green" : "gold",
    oa_url: best ? ((best["pdf_url"] as string | null) ?? (best["landing_page_url"] as string | null)) : null,
    any_repository_has_fulltext: best !== null,
  };
  return w;
}

const doiLanding = (doi: string) => loc({ landing_page_url: `https://doi.org/${doi}` });
const repoPdf = (doi: string) =>
  loc({
    id: `pmh:oai:repo.example.test:${doi}`,
    is_oa: true,
    landing_page_url: urls.landingNoPdf(doi),
    pdf_url: urls.repoPdf(doi),
    source: repoSource,
    license: "cc-by",
    license_id: "https://openalex.org/licenses/cc-by",
    version: "acceptedVersion",
    is_published: false,
    raw_type: "text",
  });

function scenarioAnswer(s: Scenario): FakeResponse | null {
  const mode = failModeOfScenario(s);
  if (mode) return failResponse(mode);
  switch (s.kind) {
    case "oa-openalex":
    case "upstream-500":
    case "upstream-slow":
      return json(200, work(s, [doiLanding(s.doi), repoPdf(s.doi)]));
    case "licensed":
      return json(200, work(s, [doiLanding(s.doi)]));
    case "sparse":
      return json(200, { id: ids.openalex(s.n), doi: `https://doi.org/${s.doi}`, locations: [{ is_oa: true, pdf_url: urls.pdf(s.doi) }] });
    default:
      return null;
  }
}

const notFound = (): FakeResponse => json(404, { error: "404 Not Found", message: "The requested resource was not found." });
const badParams = (message: string): FakeResponse => json(400, { error: "Invalid query parameters error.", message });

function getWork(ref: string, hit: (k: string) => void): FakeResponse {
  const doiMatch = /^(?:doi:|https?:\/\/+(?:dx\.)?doi\.org\/)(10\..+)$/i.exec(ref);
  if (!doiMatch) {
    hit(ref);
    return notFound();
  }
  const doi = doiMatch[1]!.toLowerCase();
  hit(doi);
  const recorded = RECORDED[doi];
  if (recorded) return json(200, fixtureJson(recorded));
  const s = scenarioOf(doi);
  return (s && scenarioAnswer(s)) ?? notFound();
}

function thesis(n: number, search: string): Record<string, unknown> {
  const w = fixtureJson("openalex/work_by_doi_dissertation_closed.json") as Record<string, unknown>;
  const doi = `10.5555/thesis-${n}`;
  const title = `${search || "Untitled"}: a doctoral thesis ${n}`;
  const locations = [repoPdf(doi)];
  w["id"] = ids.openalex(500_000 + n);
  w["doi"] = `https://doi.org/${doi}`;
  w["title"] = title;
  w["display_name"] = title;
  w["publication_year"] = 2015 + (n % 10);
  w["locations"] = locations;
  w["locations_count"] = 1;
  w["primary_location"] = locations[0];
  w["best_oa_location"] = locations[0];
  w["open_access"] = { is_oa: true, oa_status: "green", oa_url: urls.repoPdf(doi), any_repository_has_fulltext: true };
  return w;
}

function searchWorks(req: FakeRequest, hit: (k: string) => void): FakeResponse {
  const search = req.query.get("search") ?? "";
  hit(`search:${search}`);
  const filters = new Map<string, string>();
  for (const part of (req.query.get("filter") ?? "").split(",").filter(Boolean)) {
    const i = part.indexOf(":");
    const key = i === -1 ? part : part.slice(0, i);
    if (!ALLOWED_FILTERS.has(key) || i === -1) return badParams(`${key} is not a valid filter.`);
    filters.set(key, part.slice(i + 1));
  }
  const perPage = Number(req.query.get("per-page") ?? req.query.get("per_page") ?? "25");
  const page = Number(req.query.get("page") ?? "1");
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 200) return badParams("per-page parameter must be between 1 and 200");
  if (!Number.isInteger(page) || page < 1) return badParams("page parameter must be a positive integer");
  if (page * perPage > 10_000)
    return json(400, {
      error: "Pagination error.",
      message: "Maximum results size of 10,000 records is exceeded. Cursor pagination is required for records beyond 10,000.",
    });

  const mode = failModeOfText(search);
  if (mode) return failResponse(mode);
  const envelope = fixtureJson("openalex/works_list.json") as { meta: Record<string, unknown>; results: unknown[] };
  const dissertations = filters.get("type") === "dissertation";
  const count = isEmptyMarker(search) ? 0 : dissertations ? 42 : 137;
  const results: unknown[] = [];
  for (let i = (page - 1) * perPage; i < Math.min(page * perPage, count); i++) {
    const n = i + 1;
    if (dissertations) results.push(thesis(n, search));
    else {
      const s: Scenario = { doi: `10.5555/oa-openalex-${n}`, kind: "oa-openalex", n };
      results.push(work(s, [doiLanding(s.doi), repoPdf(s.doi)], `${search || "Untitled"}: result ${n}`));
    }
  }
  envelope.meta = { ...envelope.meta, count, page, per_page: perPage, db_response_time_ms: 12 };
  delete envelope.meta["x_query"];
  envelope.results = results;
  return json(200, envelope, { "x-ratelimit-credits-used": "10" });
}

export function createOpenAlexProvider(): FakeProvider {
  return {
    name: "openalex",
    hosts: ["api.openalex.org"],
    handle(req, state) {
      if (req.method !== "GET") return null;
      const hit = (k: string) => state.hit("openalex", k);
      if (req.path === "/works" || req.path === "/works/") return searchWorks(req, hit);
      const m = /^\/works\/(.+)$/.exec(req.path);
      // A call that carried an API key is counted apart too ("keyed:<id>"), for tests of the key.
      if (m && req.query.get("api_key")) hit(`keyed:${m[1]!.replace(/^doi:/i, "").toLowerCase()}`);
      return m ? getWork(m[1]!, hit) : null;
    },
  };
}
