/**
 * Fake Open Library: search.json on openlibrary.org and covers on covers.openlibrary.org.
 * Docs: the recorded all-fields docs and default-fields docs first, then
 * synthetic ones, 57 in all. Without fields= the newer default field set is
 * returned (no isbn), as the real server does; with fields= only those keys.
 * "fake:empty" -> no results; "fake:500|429|slow|malformed" fail.
 */
import type { FakeProvider, FakeRequest, FakeResponse } from "../types";
import { failModeOfText, failResponse, fixtureJson, isEmptyMarker, json } from "./_shared";

const TOTAL = 57;
const DEFAULT_FIELDS = [
  "key", "title", "subtitle", "author_name", "author_key", "edition_count", "ebook_access", "ia", "has_fulltext",
  "first_publish_year", "cover_i", "cover_edition_key", "public_scan_b", "lending_edition_s", "lending_identifier_s",
  "language", "ia_collection_s",
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

function search(req: FakeRequest, hit: (k: string) => void): FakeResponse {
  const q = req.query.get("q") ?? req.query.get("title") ?? req.query.get("author") ?? req.query.get("isbn") ?? "";
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
  const docs = (total ? allDocs(q) : []).slice(start, start + limit).map((d) =>
    fields ? Object.fromEntries(Object.entries(d).filter(([k]) => fields.includes(k))) : d,
  );
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
      if (req.host === "openlibrary.org") return req.path === "/search.json" ? search(req, (k) => state.hit("openlibrary", k)) : null;
      if (/^\/b\/(id|isbn|olid)\/[^/]+-[SML]\.jpg$/.test(req.path)) {
        state.hit("openlibrary", `cover:${req.path}`);
        return { status: 200, headers: { "content-type": "image/gif" }, body: PIXEL };
      }
      return null;
    },
  };
}
