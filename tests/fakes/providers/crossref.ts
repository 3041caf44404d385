/**
 * Fake api.crossref.org. Single works are tests/fixtures/crossref/work_single.json
 * with the DOI, title and links replaced per scenario; the recorded DOIs
 * (work_single and the works_query items) are served as recorded.
 */
import type { FakeProvider, FakeRequest, FakeResponse } from "../types";
import { NOTICES_PER_DAY, UPDATED_PER_DAY } from "../feeds";
import {
  SCENARIO_KINDS,
  failModeOfScenario,
  failModeOfText,
  failResponse,
  fixtureJson,
  fixtureText,
  isEmptyMarker,
  json,
  scenarioOf,
  scenarioTitle,
  text,
  urls,
  type Scenario,
  type ScenarioKind,
} from "./_shared";
import { OA_BOOK_DOI, OA_BOOK_ISBNS, crossrefBookWork } from "./known-books";

const ALLOWED_FILTERS = new Set([
  "from-pub-date",
  "until-pub-date",
  "from-issued-date",
  "until-issued-date",
  "type",
  "has-full-text",
  "has-license",
  "is-update",
  "has-update",
  "update-type",
  "from-index-date",
  "until-index-date",
  "prefix",
  "member",
  "isbn",
  "doi",
]);
const SORTS = new Set([
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
]);
/** Kinds that synthetic search results cycle through, so results can be downloaded end to end. */
const SEARCH_KINDS: ScenarioKind[] = ["oa-unpaywall", "oa-openalex", "oa-landing", "licensed", "none"];
const SEARCH_TOTAL = 137;

function headersFor(req: FakeRequest): Record<string, string> {
  const polite = req.query.has("mailto") || /mailto:/i.test(req.headers["user-agent"] ?? "");
  return polite
    ? { "x-api-pool": "polite", "x-concurrency-limit": "3", "x-rate-limit-interval": "1s", "x-rate-limit-limit": "10" }
    : { "x-api-pool": "public", "x-concurrency-limit": "1", "x-rate-limit-interval": "1s", "x-rate-limit-limit": "5" };
}

function validationFailure(type: string, value: string, message: string): FakeResponse {
  return json(400, { status: "failed", "message-type": "validation-failure", message: [{ type, value, message }] });
}

const dateParts = (y: number, m?: number, d?: number) => ({ "date-parts": [[y, ...(m ? [m] : []), ...(d ? [d] : [])]] });

/** A work object for a scenario DOI. */
export function scenarioWork(s: Scenario, overrides: { title?: string; year?: number; type?: string } = {}): Record<string, unknown> {
  const doi = s.doi;
  if (s.kind === "sparse") {
    // Only what every Crossref record has: the rest is missing on purpose.
    return { DOI: doi, type: overrides.type ?? "journal-article", title: [], URL: `https://doi.org/${doi}`, source: "Crossref", prefix: "10.5555" };
  }
  const m = fixtureJson("crossref/work_single.json").message as Record<string, unknown>;
  const year = overrides.year ?? 2020 + (s.n % 5);
  m["DOI"] = doi;
  m["URL"] = `https://doi.org/${doi}`;
  m["prefix"] = "10.5555";
  m["title"] = [overrides.title ?? scenarioTitle(s)];
  m["publisher"] = "Fake Open Publisher";
  m["container-title"] = ["Journal of Fake Results"];
  m["short-container-title"] = ["J Fake Res"];
  m["member"] = "99999";
  m["ISSN"] = ["0000-0019"];
  m["issn-type"] = [{ value: "0000-0019", type: "electronic" }];
  m["type"] = overrides.type ?? "journal-article";
  m["reference"] = [];
  m["relation"] = {};
  delete m["updated-by"];
  m["issued"] = dateParts(year, 3, 21);
  m["published"] = dateParts(year, 3, 21);
  m["published-online"] = dateParts(year, 3, 21);
  m["resource"] = { primary: { URL: urls.landingNoPdf(doi) } };
  m["link"] = [{ URL: urls.landingNoPdf(doi), "content-type": "unspecified", "content-version": "vor", "intended-application": "similarity-checking" }];
  m["volume"] = String((s.n % 40) + 1);
  m["issue"] = String((s.n % 12) + 1);
  m["page"] = `e${10000 + s.n}`;

  switch (s.kind) {
    case "persian":
      m["language"] = "fa";
      m["publisher"] = "دانشگاه تهران";
      m["container-title"] = ["مجله پژوهش‌های زبان فارسی"];
      m["short-container-title"] = [];
      break;
    case "licensed":
      m["publisher"] = "Elsevier BV";
      m["container-title"] = ["Journal of Licensed Examples"];
      m["license"] = [
        {
          start: dateParts(year, 1, 1),
          "content-version": "tdm",
          "delay-in-days": 0,
          URL: "https://www.elsevier.com/tdm/userlicense/1.0/",
        },
      ];
      m["link"] = [
        {
          URL: `https://api.elsevier.com/content/article/PII:S0000000000${String(s.n).padStart(6, "0")}?httpAccept=text/xml`,
          "content-type": "text/xml",
          "content-version": "vor",
          "intended-application": "text-mining",
        },
      ];
      break;
    case "unreadable":
      // A Creative Commons work whose publisher links (exact by construction) give no readable PDF.
      m["license"] = [{ start: dateParts(year, 1, 1), "content-version": "vor", "delay-in-days": 0, URL: "https://creativecommons.org/licenses/by/4.0/" }];
      m["link"] = [
        { URL: urls.lockedPdf(doi), "content-type": "application/pdf", "content-version": "vor", "intended-application": "similarity-checking" },
        { URL: urls.garbledPdf(doi), "content-type": "application/pdf", "content-version": "vor", "intended-application": "syndication" },
      ];
      break;
    case "pdf-bomb":
      // A Creative Commons work whose publisher links (exact by construction) serve PDF bombs.
      m["license"] = [{ start: dateParts(year, 1, 1), "content-version": "vor", "delay-in-days": 0, URL: "https://creativecommons.org/licenses/by/4.0/" }];
      m["link"] = [
        { URL: urls.bombMapPdf(doi), "content-type": "application/pdf", "content-version": "vor", "intended-application": "similarity-checking" },
        { URL: urls.bombStreamPdf(doi), "content-type": "application/pdf", "content-version": "vor", "intended-application": "syndication" },
      ];
      break;
    case "retracted":
      m["updated-by"] = [
        {
          DOI: `10.5555/retraction-notice-${s.n}`,
          type: "retraction",
          label: "Retraction",
          source: "publisher",
          updated: { ...dateParts(year + 1, 6, 1), "date-time": `${year + 1}-06-01T00:00:00Z` },
        },
      ];
      break;
    case "retraction-notice":
      m["title"] = [`Retraction notice to: ${scenarioTitle({ ...s, kind: "retracted" })}`];
      m["update-to"] = [
        {
          DOI: `10.5555/retracted-${s.n}`,
          type: "retraction",
          label: "Retraction",
          source: "publisher",
          updated: { ...dateParts(year + 1, 6, 1), "date-time": `${year + 1}-06-01T00:00:00Z` },
        },
      ];
      break;
    default:
      break;
  }
  return m;
}

function recordedWorks(): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  const single = fixtureJson("crossref/work_single.json").message as Record<string, unknown>;
  out.set(String(single["DOI"]).toLowerCase(), single);
  for (const item of fixtureJson("crossref/works_query.json").message.items as Record<string, unknown>[]) {
    out.set(String(item["DOI"]).toLowerCase(), item);
  }
  return out;
}

/** A work's record by DOI: a known book, a scenario's work, or a recorded one. */
function workOf(doi: string, s: Scenario | null): Record<string, unknown> | undefined {
  return crossrefBookWork(doi) ?? (s ? scenarioWork(s) : recordedWorks().get(doi.toLowerCase()));
}

/** The work-list envelope of a filtered request (every item on one page). */
function filteredList(items: Record<string, unknown>[], rows: number) {
  return {
    status: "ok",
    "message-type": "work-list",
    "message-version": "1.0.0",
    message: { facets: {}, "total-results": items.length, items, "items-per-page": rows, query: { "start-index": 0, "search-terms": null } },
  };
}

function getWork(req: FakeRequest, doi: string, hit: (k: string) => void): FakeResponse {
  hit(doi.toLowerCase());
  for (const key of req.query.keys()) {
    if (key.startsWith("query.")) return validationFailure("parameter-not-allowed", "query.*", "This route does not support field query parameters");
  }
  const s = scenarioOf(doi);
  const mode = failModeOfScenario(s);
  if (mode) return failResponse(mode);
  const headers = headersFor(req);
  const work = workOf(doi, s);
  if (!work) return text(404, fixtureText("crossref/work_not_found_404.txt"), "text/plain", headers);
  return json(200, { status: "ok", "message-type": "work", "message-version": "1.0.0", message: work }, headers);
}

/** Fields `select` accepts on /works (Crossref answers 400 for any other). */
const SELECTABLE = new Set(
  (
    "DOI,ISBN,ISSN,URL,abstract,accepted,alternative-id,approved,archive,article-number,assertion,author,chair,clinical-trial-number," +
    "container-title,content-created,content-domain,created,degree,deposited,editor,event,funder,group-title,indexed,is-referenced-by-count," +
    "issn-type,issue,issued,license,link,member,original-title,page,posted,prefix,published,published-online,published-print,publisher," +
    "publisher-location,reference,references-count,relation,score,short-container-title,short-title,standards-body,subject,subtitle,title," +
    "translator,type,update-policy,update-to,updated-by,volume"
  ).split(","),
);

const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2);

function textOfWork(w: Record<string, unknown>): string {
  const authors = ((w["author"] as { family?: string }[] | undefined) ?? []).map((a) => a.family ?? "").join(" ");
  const year = ((w["issued"] as { "date-parts"?: number[][] } | undefined)?.["date-parts"]?.[0]?.[0] ?? "").toString();
  return [...((w["title"] as string[]) ?? []), ...((w["container-title"] as string[]) ?? []), authors, year, w["volume"], w["page"]].join(" ");
}

/**
 * `query.bibliographic`: Crossref ranks works by how much of the reference string they share,
 * best first, each with a relevance `score`. The fake's catalogue is the recorded works plus, for
 * every number in the string, the scenario works of that number (titles "<kind words>: test
 * article <n>", tests/fakes/providers/_shared.ts), so a test sets up a title by choosing n.
 */
function bibliographicSearch(req: FakeRequest, q: string, rows: number, headers: Record<string, string>): FakeResponse {
  const select = (req.query.get("select") ?? "").split(",").filter(Boolean);
  const bad = select.find((f) => !SELECTABLE.has(f));
  if (bad) return validationFailure("select-field-not-valid", bad, `Select field specified as ${bad} but must be one of: ${[...SELECTABLE].join(", ")}`);
  const catalogue: Record<string, unknown>[] = [...recordedWorks().values()];
  // The first few numbers only: a long hostile paste must not build thousands of works.
  for (const n of [...new Set([...q.matchAll(/\b(\d{1,7})\b/g)].map((m) => Number(m[1])))].slice(0, 6)) {
    if (n < 1) continue;
    for (const kind of SCENARIO_KINDS) {
      if (kind === "sparse" || kind === "persian" || kind.startsWith("fail-")) continue;
      catalogue.push(scenarioWork({ doi: `10.5555/${kind}-${n}`, kind, n }));
    }
  }
  const asked = new Set(wordsOf(q));
  const scored = catalogue
    .map((w) => {
      const mine = new Set(wordsOf(textOfWork(w)));
      let shared = 0;
      for (const x of asked) if (mine.has(x)) shared++;
      return { w, score: asked.size ? (100 * shared) / Math.sqrt(asked.size * Math.max(1, mine.size)) : 0 };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, rows);
  const items = scored.map(({ w, score }) => {
    const item: Record<string, unknown> = { ...w, score: Math.round(score * 1000) / 1000 };
    if (!select.length) return item;
    return Object.fromEntries(Object.entries(item).filter(([k]) => select.includes(k)));
  });
  return json(
    200,
    {
      status: "ok",
      "message-type": "work-list",
      "message-version": "1.0.0",
      message: { facets: {}, "total-results": scored.length, items, "items-per-page": rows, query: { "start-index": 0, "search-terms": q } },
    },
    headers,
  );
}

/**
 * The feeds of update notices by index date, with cursor paging (Crossref's `cursor=*`, then each
 * page's `next-cursor`). Every UTC day of the window holds, deterministically:
 *   is-update:true  — NOTICES_PER_DAY notice records `10.5555/notice-<yyyymmdd>-<i>` whose
 *                     `update-to` names the work `10.5555/noticed-<yyyymmdd>-<i>` (types cycling
 *                     retraction, correction, expression_of_concern, withdrawal, new_version);
 *   has-update:true — UPDATED_PER_DAY works `10.5555/rw-updated-<yyyymmdd>-<i>` whose `updated-by`
 *                     carries a Retraction Watch retraction `10.5555/rw-notice-<yyyymmdd>-<i>`.
 * A test or benchmark puts some of those works in users' libraries.
 */
const NOTICE_TYPES = ["retraction", "correction", "expression_of_concern", "withdrawal", "new_version"] as const;
const UPDATE_TYPE_VALUES = new Set([
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
  "new_version",
  "new_edition",
  "reinstatement",
]);
const LABELS: Record<string, string> = {
  retraction: "Retraction",
  correction: "Correction",
  expression_of_concern: "Expression of concern",
  withdrawal: "Withdrawal",
  new_version: "New version",
};

function daysBetween(from: string, until: string): string[] {
  const out: string[] = [];
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${until}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return out;
  for (let t = start; t <= end && out.length < 400; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

function updateRecord(doi: string, type: string, source: string, day: string): Record<string, unknown> {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return {
    updated: { ...dateParts(y, m, d), "date-time": `${day}T00:00:00Z`, timestamp: Date.parse(`${day}T00:00:00Z`) },
    DOI: doi,
    type,
    source,
    label: LABELS[type] ?? type,
  };
}

function feedItems(feed: "notices" | "updated", days: string[], types: Set<string> | null): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  for (const day of days) {
    const tag = day.replaceAll("-", "");
    if (feed === "notices") {
      for (let i = 0; i < NOTICES_PER_DAY; i++) {
        const type = NOTICE_TYPES[i % NOTICE_TYPES.length]!;
        if (types && !types.has(type)) continue;
        items.push({
          DOI: `10.5555/notice-${tag}-${i}`,
          title: [`${LABELS[type]} to: Noticed work ${tag} ${i}`],
          "update-to": [updateRecord(`10.5555/noticed-${tag}-${i}`, type, "publisher", day)],
        });
      }
    } else {
      for (let i = 0; i < UPDATED_PER_DAY; i++) {
        items.push({
          DOI: `10.5555/rw-updated-${tag}-${i}`,
          title: [`Updated work ${tag} ${i}`],
          "updated-by": [updateRecord(`10.5555/rw-notice-${tag}-${i}`, "retraction", "retraction-watch", day)],
        });
      }
    }
  }
  return items;
}

function updateFeed(req: FakeRequest, filters: Map<string, string[]>, rows: number, hit: (k: string) => void, headers: Record<string, string>): FakeResponse {
  const feed = filters.has("is-update") ? "notices" : "updated";
  hit(`feed:${feed}`);
  const from = filters.get("from-index-date")?.[0] ?? "";
  const until = filters.get("until-index-date")?.[0] ?? from;
  for (const d of [from, until])
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return validationFailure("date-not-valid", d, `Date specified as ${d} but must be of the form yyyy[-mm[-dd]]`);
  const typeValues = filters.get("update-type") ?? [];
  const badType = typeValues.find((t) => !UPDATE_TYPE_VALUES.has(t));
  if (badType) return validationFailure("update-type-not-valid", badType, `Update type specified as ${badType} but is not a known update type`);
  const all = feedItems(feed, daysBetween(from, until), typeValues.length ? new Set(typeValues) : null);
  const cursor = req.query.get("cursor");
  let offset = 0;
  if (cursor && cursor !== "*") {
    const m = /^fake-cursor-(\d+)$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!m) return json(404, fixtureJson("crossref/error_404_cursor_invalid.json"), headers);
    offset = Number(m[1]);
  }
  const select = (req.query.get("select") ?? "").split(",").filter(Boolean);
  const page = all.slice(offset, offset + rows).map((w) => (select.length ? Object.fromEntries(Object.entries(w).filter(([k]) => select.includes(k))) : w));
  const message: Record<string, unknown> = {
    facets: {},
    "total-results": all.length,
    items: page,
    "items-per-page": rows,
    query: { "start-index": 0, "search-terms": null },
  };
  if (cursor) message["next-cursor"] = Buffer.from(`fake-cursor-${offset + page.length}`, "utf8").toString("base64url");
  return json(200, { status: "ok", "message-type": "work-list", "message-version": "1.0.0", message }, headers);
}

function searchWorks(req: FakeRequest, hit: (k: string) => void): FakeResponse {
  const bibliographic = req.query.get("query.bibliographic");
  const q = req.query.get("query") ?? bibliographic ?? "";
  hit(`search:${q}`);
  const rowsRaw = req.query.get("rows") ?? "20";
  const rows = Number(rowsRaw);
  if (!/^\d+$/.test(rowsRaw) || rows > 1000) {
    return validationFailure("integer-not-valid", rowsRaw, `Integer specified as ${rowsRaw} but must be a positive integer less than or equal to 1000. `);
  }
  const offsetRaw = req.query.get("offset") ?? "0";
  const offset = Number(offsetRaw);
  if (!/^\d+$/.test(offsetRaw) || offset > 10000) {
    return validationFailure("integer-not-valid", offsetRaw, `Integer specified as ${offsetRaw} but must be a positive integer less than or equal to 10000. `);
  }
  const sort = req.query.get("sort");
  if (sort && !SORTS.has(sort))
    return validationFailure("sort-field-not-valid", sort, `Sort field specified as ${sort} but must be one of: ${[...SORTS].join(", ")}`);
  const order = req.query.get("order");
  if (order && order !== "asc" && order !== "desc") return validationFailure("order-not-valid", order, "Order must be one of: asc, desc");

  const filters = new Map<string, string>();
  // A filter named more than once ORs its values (update-type:retraction,update-type:correction).
  const multi = new Map<string, string[]>();
  for (const part of (req.query.get("filter") ?? "").split(",").filter(Boolean)) {
    const i = part.indexOf(":");
    const name = i === -1 ? part : part.slice(0, i);
    if (!ALLOWED_FILTERS.has(name)) {
      return validationFailure("filter-not-available", name, `Filter ${name} specified but there is no such filter for this route.`);
    }
    filters.set(name, i === -1 ? "" : part.slice(i + 1));
    multi.set(name, [...(multi.get(name) ?? []), i === -1 ? "" : part.slice(i + 1)]);
  }
  if ((filters.get("is-update") === "true" || filters.get("has-update") === "true") && filters.has("from-index-date"))
    return updateFeed(req, multi, rows, hit, headersFor(req));

  const mode = failModeOfText(q);
  if (mode) return failResponse(mode);
  const headers = headersFor(req);
  if (isEmptyMarker(q)) {
    const empty = fixtureJson("crossref/works_empty.json");
    empty.message.query["search-terms"] = q;
    empty.message["items-per-page"] = rows;
    return json(200, empty, headers);
  }
  if (bibliographic !== null && !req.query.has("query")) return bibliographicSearch(req, bibliographic, rows, headers);

  const dois = multi.get("doi");
  if (dois) {
    // Works by DOI (`filter=doi:a,doi:b`), each as its single record; a scenario that fails its
    // single record (an outage, a timeout) is left out, so the job asking alone meets the failure.
    const items = dois.flatMap((doi) => {
      hit(`list:${doi.toLowerCase()}`);
      const s = scenarioOf(doi);
      if (failModeOfScenario(s)) return [];
      const work = workOf(doi, s);
      return work ? [work] : [];
    });
    return json(200, filteredList(items, rows), headers);
  }
  const isbn = filters.get("isbn");
  if (isbn !== undefined) {
    // A book's record by one of its ISBNs (hyphens ignored), as the isbn filter finds it.
    const book = OA_BOOK_ISBNS.includes(isbn.replace(/-/g, "")) ? crossrefBookWork(OA_BOOK_DOI) : null;
    const items = book ? [book] : [];
    return json(200, filteredList(items, rows), headers);
  }
  const fromYear = Number((filters.get("from-pub-date") ?? "").slice(0, 4)) || 2015;
  const untilYear = Number((filters.get("until-pub-date") ?? "").slice(0, 4)) || 2024;
  const type = filters.get("type");
  const publisher = req.query.get("query.publisher-name");
  const items: Record<string, unknown>[] = [];
  // The recorded items lead page one of an unfiltered search, as a real answer would contain them.
  const recorded = filters.size === 0 && !publisher ? (fixtureJson("crossref/works_query.json").message.items as Record<string, unknown>[]) : [];
  for (let i = offset; i < Math.min(offset + rows, SEARCH_TOTAL); i++) {
    if (i < recorded.length) {
      items.push(recorded[i]!);
      continue;
    }
    const n = i + 1;
    const kind = SEARCH_KINDS[i % SEARCH_KINDS.length]!;
    const s: Scenario = { doi: `10.5555/${kind}-${n}`, kind, n };
    const span = Math.max(0, untilYear - fromYear);
    const work = scenarioWork(s, { title: `${q || "untitled"}: result ${n}`, year: fromYear + (span ? n % (span + 1) : 0), ...(type ? { type } : {}) });
    if (publisher) work["publisher"] = publisher;
    items.push(work);
  }
  return json(
    200,
    {
      status: "ok",
      "message-type": "work-list",
      "message-version": "1.0.0",
      message: {
        facets: {},
        "total-results": SEARCH_TOTAL,
        items,
        "items-per-page": rows,
        query: { "start-index": offset, "search-terms": q || null },
      },
    },
    headers,
  );
}

export function createCrossrefProvider(): FakeProvider {
  return {
    name: "crossref",
    hosts: ["api.crossref.org"],
    handle(req, state) {
      if (req.method !== "GET") return null;
      const hit = (k: string) => state.hit("crossref", k);
      if (req.path === "/works" || req.path === "/works/") return searchWorks(req, hit);
      const m = /^\/works\/(10\..+)$/.exec(req.path);
      if (m) return getWork(req, m[1]!, hit);
      return null;
    },
  };
}
