/**
 * Fake arXiv: the Atom API on export.arxiv.org and abs/PDF pages on arxiv.org.
 *
 * Ids (version suffix optional):
 *   2101.0xxxx  found, 2025 feed format (bare <link href>), like the fixture
 *   2012.0xxxx  found, pre-2025 format (rel/title links, inline namespaces, arxiv:doi)
 *   2101.1xxxx  found but sparse: no summary, authors, dates or links
 *   2101.2xxxx  found (2025 format), but its PDF is a scan: no text layer
 *   2201.13452  the recorded fixture feed, verbatim; 1201.56789 the recorded empty feed
 *   2101.90500  HTTP 500; 2101.90503 503 "Rate exceeded."; 2101.90408 hangs; 2101.90000 malformed XML;
 *   2101.90400  HTTP 200 carrying the Error entry (arXiv does this for some bad parameters)
 *   any other well-formed id: empty feed; a malformed id: 400 with the Error entry
 */
import type { FakeProvider, FakeRequest, FakeResponse } from "../types";
import { HANG_MS, escapeHtml, fixtureText, html, pdfResponse, scannedPdfResponse, text } from "./_shared";

const ID = /^(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?$/;
const ATOM_CT = "application/atom+xml; charset=utf-8";

const baseOf = (id: string) => id.replace(/v\d+$/, "");
type Found = "modern" | "legacy" | "sparse" | "scanned";

function foundKind(id: string): Found | null {
  const b = baseOf(id);
  if (/^2101\.0\d{4}$/.test(b)) return "modern";
  if (/^2012\.0\d{4}$/.test(b)) return "legacy";
  if (/^2101\.1\d{4}$/.test(b)) return "sparse";
  if (/^2101\.2\d{4}$/.test(b)) return "scanned";
  return null;
}

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const titleOf = (id: string) => `A fake e-print about diffusion & reaction <systems> ${baseOf(id)}`;

function modernEntry(id: string, sparse: boolean): string {
  const b = baseOf(id);
  const v = /v\d+$/.test(id) ? id : `${id}v1`;
  if (sparse) {
    return `  <entry>\n    <id>http://arxiv.org/abs/${v}</id>\n    <title>${xml(titleOf(id))}</title>\n  </entry>\n`;
  }
  return `  <entry>
    <id>http://arxiv.org/abs/${v}</id>
    <title>${xml(titleOf(id))}</title>
    <updated>2021-02-01T04:27:03Z</updated>
    <link href="https://arxiv.org/abs/${v}"/>
    <link href="https://arxiv.org/pdf/${v}"/>
    <summary>We study a nonlinear reaction-diffusion system.
  The abstract spans several lines &amp; uses entities.</summary>
    <category term="math.AP" scheme="http://arxiv.org/schemas/atom"/>
    <published>2021-01-31T18:59:34Z</published>
    <arxiv:comment>12 pages</arxiv:comment>
    <arxiv:primary_category term="math.AP"/>
    <author>
      <name>Hong-Ming Yin</name>
    </author>
    <author>
      <name>Jun Zou</name>
    </author>
    <!-- ${b} -->
  </entry>
`;
}

function legacyEntry(id: string): string {
  const v = /v\d+$/.test(id) ? id : `${id}v2`;
  const A = 'xmlns:arxiv="http://arxiv.org/schemas/atom"';
  const doi = `10.5555/arxiv-${baseOf(id)}`;
  return `  <entry>
    <id>http://arxiv.org/abs/${v}</id>
    <updated>2020-12-03T10:00:00Z</updated>
    <published>2020-12-01T10:00:00Z</published>
    <title>${xml(titleOf(id))}</title>
    <summary>  An older-format feed entry.  </summary>
    <author>
      <name>Ada Lovelace</name>
      <arxiv:affiliation ${A}>Analytical Engine Society</arxiv:affiliation>
    </author>
    <arxiv:doi ${A}>${doi}</arxiv:doi>
    <link title="doi" href="http://dx.doi.org/${doi}" rel="related"/>
    <arxiv:comment ${A}>8 pages, 2 figures</arxiv:comment>
    <arxiv:journal_ref ${A}>J. Fake Stud. 1 (2021) 1-8</arxiv:journal_ref>
    <link href="http://arxiv.org/abs/${v}" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/${v}" rel="related" type="application/pdf"/>
    <arxiv:primary_category ${A} term="cs.LG" scheme="http://arxiv.org/schemas/atom"/>
    <category term="cs.LG" scheme="http://arxiv.org/schemas/atom"/>
  </entry>
`;
}

function feed(idList: string, entries: string[], legacy: boolean): string {
  if (legacy) {
    return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <link href="http://arxiv.org/api/query?search_query%3D%26id_list%3D${idList}%26start%3D0%26max_results%3D10" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query: search_query=&amp;id_list=${xml(idList)}&amp;start=0&amp;max_results=10</title>
  <id>http://arxiv.org/api/fakeLegacyFeedId</id>
  <updated>2024-01-01T00:00:00-05:00</updated>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">${entries.length}</opensearch:totalResults>
  <opensearch:startIndex xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">0</opensearch:startIndex>
  <opensearch:itemsPerPage xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">10</opensearch:itemsPerPage>
${entries.join("")}</feed>
`;
  }
  return `<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns="http://www.w3.org/2005/Atom">
  <id>https://arxiv.org/api/fakeFeedId</id>
  <title>arXiv Query: search_query=&amp;id_list=${xml(idList)}&amp;start=0&amp;max_results=10</title>
  <updated>2025-11-11T18:27:50Z</updated>
  <link href="https://arxiv.org/api/query?search_query=&amp;start=0&amp;max_results=10&amp;id_list=${xml(idList)}" type="application/atom+xml"/>
  <opensearch:itemsPerPage>10</opensearch:itemsPerPage>
  <opensearch:totalResults>${entries.length}</opensearch:totalResults>
  <opensearch:startIndex>0</opensearch:startIndex>
${entries.join("")}</feed>
`;
}

function errorFeed(badId: string): string {
  const anchor = `http://arxiv.org/api/errors#incorrect_id_format_for_${xml(badId)}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <link href="http://arxiv.org/api/query?search_query%3D%26id_list%3D${xml(encodeURIComponent(badId))}" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query: search_query=&amp;id_list=${xml(badId)}</title>
  <id>http://arxiv.org/api/fakeErrorFeed</id>
  <updated>2024-01-01T00:00:00-05:00</updated>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">1</opensearch:totalResults>
  <entry>
    <id>${anchor}</id>
    <title>Error</title>
    <summary>incorrect id format for ${xml(badId)}</summary>
    <updated>2024-01-01T00:00:00-05:00</updated>
    <link href="${anchor}" rel="alternate" type="text/html"/>
    <author>
      <name>arXiv api core</name>
    </author>
  </entry>
</feed>
`;
}

function query(req: FakeRequest, hit: (k: string) => void): FakeResponse {
  const idList = (req.query.get("id_list") ?? "").trim();
  const ids = idList
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const id of ids) hit(baseOf(id));
  const bad = ids.find((id) => !ID.test(id));
  if (bad !== undefined) return text(400, errorFeed(bad), ATOM_CT);
  const bases = ids.map(baseOf);
  if (bases.includes("2101.90500")) return html(500, "<html><body><h1>500 Internal Server Error</h1></body></html>");
  if (bases.includes("2101.90503")) return text(503, "Rate exceeded.");
  if (bases.includes("2101.90408")) return { ...text(504, "Gateway Timeout"), delayMs: HANG_MS };
  if (bases.includes("2101.90400")) return text(200, errorFeed("2101.90400"), ATOM_CT);
  if (bases.includes("2101.90000"))
    return text(200, `<?xml version='1.0'?>\n<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/2101.90000v1`, ATOM_CT);
  if (ids.length === 1 && bases[0] === "2201.13452") return text(200, fixtureText("arxiv/query_id_list.xml"), ATOM_CT);
  if (ids.length === 1 && bases[0] === "1201.56789") return text(200, fixtureText("arxiv/query_id_list_not_found.xml"), ATOM_CT);

  const kinds = ids.map(foundKind);
  const legacy = kinds.length > 0 && kinds.every((k) => k === "legacy");
  const entries = ids.flatMap((id, i) => {
    const k = kinds[i];
    if (!k) return [];
    return [k === "legacy" ? legacyEntry(id) : modernEntry(id, k === "sparse")];
  });
  return text(200, feed(idList, entries, legacy), ATOM_CT);
}

export function createArxivProvider(): FakeProvider {
  return {
    name: "arxiv",
    hosts: ["export.arxiv.org", "arxiv.org"],
    handle(req, state) {
      if (req.method !== "GET") return null;
      const hit = (k: string) => state.hit("arxiv", k);
      if (req.host === "export.arxiv.org" && req.path === "/api/query") return query(req, hit);
      if (req.host !== "arxiv.org") return null;
      const m = /^\/(abs|pdf)\/(.+?)(\.pdf)?$/.exec(req.path);
      if (!m) return null;
      const id = m[2]!;
      hit(`${m[1]}:${baseOf(id)}`);
      const kind = ID.test(id) ? foundKind(id) : null;
      if (!kind) return html(404, "<html><body><h1>Article identifier not recognized</h1></body></html>");
      if (m[1] === "pdf") return kind === "scanned" ? scannedPdfResponse() : pdfResponse([titleOf(id), `arXiv:${id}`]);
      return html(
        200,
        `<!doctype html><html><head><meta name="citation_title" content="${escapeHtml(titleOf(id))}"><meta name="citation_pdf_url" content="https://arxiv.org/pdf/${id}"></head><body><h1>${escapeHtml(titleOf(id))}</h1></body></html>`,
      );
    },
  };
}
