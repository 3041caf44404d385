/**
 * Fake Open Library: search.json on openlibrary.org and covers on covers.openlibrary.org.
 * Docs: the recorded all-fields docs and default-fields docs first, then
 * synthetic ones, 57 in all. Without fields= the newer default field set is
 * returned (no isbn), as the real server does; with fields= only those keys.
 * "fake:empty" -> no results; "fake:500|429|slow|malformed" fail.
 */
import type { FakeProvider, FakeRequest, FakeResponse } from "../types";
import { failModeOfText, failResponse, fixtureJson, isEmptyMarker, json } from "./_shared";
import { booksApiEntry, editionRecord, knownEditions, workDoc, type KnownEdition } from "./known-books";

const TOTAL = 57;
const DEFAULT_FIELDS = [
  "key",
  "title",
  "subtitle",
  "author_name",
  "author_key",
  "edition_count",
  "ebook_access",
  "ia",
  "has_fulltext",
  "first_publish_year",
  "cover_i",
  "cover_edition_key",
  "public_scan_b",
  "lending_edition_s",
  "lending_identifier_s",
  "language",
  "ia_collection_s",
];
// A 1x1 transparent GIF: enough for an <img> in local development.
const PIXEL = Uint8Array.from(Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"));

function allDocs(q: string): Record<string, unknown>[] {
  const recorded = [
    ...(fixtureJson("openlibrary/search_all_fields_2023.json").docs as Record<string, unknown>[]),
    ...(fixtureJson("openlibrary/search_default_fields_2024.json").docs as Record<string, unknown>[]),
  ];
  const docs = [...recorded];
  for (let i = recorded.length; i < TOTAL; i++) {
    const n = i + 1;
    const doc: Record<string, unknown> = {
      key: `/works/OL${9_000_000 + n}W`,
      title: `${q}: a handbook, volume ${n}`,
      author_name: [`Author ${n}`],
      first_publish_year: 1990 + (n % 30),
      isbn: [`978000000${String(n).padStart(4, "0")}`],
      edition_count: 1 + (n % 5),
      ebook_access: n % 3 === 0 ? "public" : "no_ebook",
      language: ["eng"],
      publisher: ["Example Press"],
    };
    if (n % 2 === 0) doc["cover_i"] = 14_000_000 + n; // some books have no cover: the key is then absent
    docs.push(doc);
  }
  return docs;
}

/** The known works a query names: by Goodreads id (id_goodreads:N), or by all the words of the title and an author's surname. */
function knownWorks(q: string): KnownEdition[][] {
  const byWork = new Map<string, KnownEdition[]>();
  for (const e of knownEditions()) byWork.set(e.work, [...(byWork.get(e.work) ?? []), e]);
  const goodreads = /id_goodreads:(\d+)/.exec(q)?.[1];
  const words = new Set(
    q
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );
  return [...byWork.values()].filter((eds) => {
    if (goodreads) return eds.some((e) => e.goodreads.includes(goodreads));
    const titleWords = eds[0]!.title
      .toLowerCase()
      .replace(/&/g, "and")
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 2 && !["and", "the", "for"].includes(w));
    const surnames = eds[0]!.authors.map((a) => a.split(" ").at(-1)!.toLowerCase());
    return titleWords.every((w) => words.has(w)) && surnames.some((s) => words.has(s));
  });
}

/** Books API (api/books?bibkeys=…&jscmd=data&format=json): the edition under the key asked for, or {}. */
function booksApi(req: FakeRequest, hit: (k: string) => void): FakeResponse {
  const bibkeys = (req.query.get("bibkeys") ?? "").split(",").filter(Boolean);
  hit(`books:${bibkeys.join(",")}`);
  if (req.query.get("format") !== "json") return { status: 200, headers: { "content-type": "application/javascript" }, body: "var _OLBookInfo = {};" };
  const mode = failModeOfText(bibkeys.join(","));
  if (mode) return failResponse(mode);
  const out: Record<string, unknown> = {};
  for (const key of bibkeys) {
    const [kind, value] = [key.slice(0, key.indexOf(":")).toUpperCase(), key.slice(key.indexOf(":") + 1)];
    const e = knownEditions().find((x) =>
      kind === "ISBN" ? [...x.isbn10, ...x.isbn13].includes(value) : kind === "OLID" ? x.olid === value : kind === "OCLC" ? x.oclc.includes(value) : false,
    );
    if (e) out[key] = booksApiEntry(e);
  }
  return json(200, out);
}

function search(req: FakeRequest, hit: (k: string) => void): FakeResponse {
  const q = req.query.get("q") ?? req.query.get("title") ?? req.query.get("author") ?? req.query.get("isbn") ?? "";
  const known = knownWorks(q);
  if (known.length) {
    hit(`search:${q}`);
    const fieldsParam = req.query.get("fields");
    const fields = fieldsParam ? fieldsParam.split(",") : DEFAULT_FIELDS;
    const docs = known.map(workDoc).map((d) => Object.fromEntries(Object.entries(d).filter(([k]) => fields.includes(k))));
    return json(200, {
      numFound: docs.length,
      start: 0,
      numFoundExact: true,
      num_found: docs.length,
      documentation_url: "https://openlibrary.org/dev/docs/api/search",
      q,
      offset: null,
      docs,
    });
  }
  if (/id_goodreads:/.test(q)) {
    hit(`search:${q}`);
    return json(200, { numFound: 0, start: 0, numFoundExact: true, num_found: 0, q, offset: null, docs: [] });
  }
  hit(`search:${q}`);
  if (!q.trim()) return json(422, { detail: [{ type: "missing", loc: ["query", "q"], msg: "Field required" }] });
  const mode = failModeOfText(q);
  if (mode) return failResponse(mode);
  const limit = Math.min(Math.max(Number(req.query.get("limit") ?? "100") || 100, 1), 1000);
  const page = Math.max(Number(req.query.get("page") ?? "1") || 1, 1);
  const start = (page - 1) * limit;
  const total = isEmptyMarker(q) ? 0 : TOTAL;
  const fieldsParam = req.query.get("fields");
  const fields = fieldsParam && fieldsParam !== "*" ? fieldsParam.split(",").map((f) => f.trim()) : fieldsParam === "*" ? null : DEFAULT_FIELDS;
  const docs = (total ? allDocs(q) : [])
    .slice(start, start + limit)
    .map((d) => (fields ? Object.fromEntries(Object.entries(d).filter(([k]) => fields.includes(k))) : d));
  return json(200, {
    numFound: total,
    start,
    numFoundExact: true,
    num_found: total,
    documentation_url: "https://openlibrary.org/dev/docs/api/search",
    q,
    offset: null,
    docs,
  });
}

export function createOpenLibraryProvider(): FakeProvider {
  return {
    name: "openlibrary",
    hosts: ["openlibrary.org", "covers.openlibrary.org"],
    handle(req, state) {
      if (req.method !== "GET") return null;
      if (req.host === "openlibrary.org") {
        const hit = (k: string) => state.hit("openlibrary", k);
        if (req.path === "/search.json") return search(req, hit);
        if (req.path === "/api/books") return booksApi(req, hit);
        const editions = /^\/works\/(OL\d+W)\/editions\.json$/.exec(req.path);
        if (editions) {
          hit(`editions:${editions[1]}`);
          const entries = knownEditions()
            .filter((e) => e.work === `/works/${editions[1]}`)
            .map(editionRecord);
          return entries.length
            ? json(200, { links: { self: req.path, work: `/works/${editions[1]}` }, size: entries.length, entries })
            : json(404, { error: "notfound", key: `/works/${editions[1]}` });
        }
        return null;
      }
      if (/^\/b\/(id|isbn|olid)\/[^/]+-[SML]\.jpg$/.test(req.path)) {
        state.hit("openlibrary", `cover:${req.path}`);
        return { status: 200, headers: { "content-type": "image/gif" }, body: PIXEL };
      }
      return null;
    },
  };
}
