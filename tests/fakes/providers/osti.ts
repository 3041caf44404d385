/**
 * Fake OSTI (www.osti.gov):
 *   GET /api/v1/records?q=…&rows&page  a bare JSON array (osti/records.json: three technical
 *       reports and one journal article, then synthetic reports), X-Total-Count and Link headers
 *   GET /api/v1/records/<osti_id>      a one-element array, else 404
 *   GET /servlets/purl/<osti_id>       the report's PDF
 * Synthetic OSTI ids are 9000000 + n. Hits: "osti:search:<q>", "osti:record:<id>", "osti:file:<id>".
 */
import type { FakeProvider } from "../types";
import { fixtureJson, json } from "./_shared";
import { pdfOf, workPdf } from "./open-files";
import {
  FILE_DOWN,
  OTHER_WORK,
  SYNTHETIC_PER_QUERY,
  fileScenario,
  searchFailure,
  searchIsEmpty,
  syntheticAuthors,
  syntheticBase,
  syntheticTitle,
} from "./open-scenarios";

const SYNTHETIC_BASE_ID = 9_000_000;
type Rec = Record<string, unknown> & { osti_id: string; title: string };

function synthetic(n: number): Rec {
  const id = String(SYNTHETIC_BASE_ID + n);
  return {
    osti_id: id,
    title: `${syntheticTitle(n)} (final technical report)`,
    report_number: `SAND${2000 + (n % 24)}-${10000 + n}R`,
    doi: `https://doi.org/10.2172/${id}`,
    product_type: "Technical Report",
    language: "English",
    country_publication: "United States",
    publication_date: `${2000 + (n % 24)}-09-30T00:00:00Z`,
    entry_date: "2024-01-01T00:00:00Z",
    format: "Medium: ED; Size: 80 p.",
    authors: syntheticAuthors(n),
    research_orgs: ["Sandia National Lab. (SNL-NM), Albuquerque, NM (United States)"],
    links: [
      { rel: "citation", href: `https://www.osti.gov/biblio/${id}` },
      { rel: "fulltext", href: `https://www.osti.gov/servlets/purl/${id}` },
    ],
  };
}

const recorded = () => fixtureJson<Rec[]>("osti/records.json");

function byId(id: string): Rec | null {
  const r = recorded().find((x) => x.osti_id === id);
  if (r) return r;
  const n = Number(id) - SYNTHETIC_BASE_ID;
  return n >= 0 && n < 40_000 ? synthetic(n) : null;
}

export function createOstiProvider(): FakeProvider {
  return {
    name: "osti",
    hosts: ["www.osti.gov"],
    handle(req, state) {
      if (req.method !== "GET") return null;
      if (req.path === "/api/v1/records") {
        const q = req.query.get("q") ?? "";
        state.hit("osti", `search:${q}`);
        const failure = searchFailure(q, "osti");
        if (failure) return failure;
        const rows = Math.min(Math.max(Number(req.query.get("rows") ?? 20) || 20, 1), 100);
        const page = Math.max(Number(req.query.get("page") ?? 1) || 1, 1);
        const all = searchIsEmpty(q) ? [] : [...recorded(), ...Array.from({ length: SYNTHETIC_PER_QUERY }, (_, i) => synthetic(syntheticBase(q, 0) + i))];
        const last = Math.max(1, Math.ceil(all.length / rows));
        return json(200, all.slice((page - 1) * rows, page * rows), {
          "x-total-count": String(all.length),
          link: `<https://www.osti.gov/api/v1/records?q=${encodeURIComponent(q)}&page=${last}&rows=${rows}>; rel="last"`,
        });
      }
      const one = /^\/api\/v1\/records\/(\d+)$/.exec(req.path);
      if (one) {
        state.hit("osti", `record:${one[1]}`);
        const r = byId(one[1]!);
        return r ? json(200, [r]) : json(404, { errors: [{ status: "404", detail: "Record not found" }] });
      }
      const purl = /^\/servlets\/purl\/(\d+)$/.exec(req.path);
      if (purl) {
        const r = byId(purl[1]!);
        if (!r) return { status: 404, headers: { "content-type": "text/html" }, body: "<!doctype html><title>Not Found</title>" };
        state.hit("osti", `file:${r.osti_id}`);
        const n = Number(r.osti_id) - SYNTHETIC_BASE_ID;
        const scenario = n >= 0 ? fileScenario(n) : "ok";
        if (scenario === "down") return FILE_DOWN;
        const authors = ((r["authors"] as string[] | undefined) ?? []).map((a) => a.replace(/\s*\[[^\]]*\]|\s*\(ORCID:[^)]*\)/g, ""));
        const work =
          scenario === "other"
            ? OTHER_WORK
            : {
                title: r.title,
                authors,
                publisher: "U.S. Department of Energy, Office of Scientific and Technical Information",
                number: (r["report_number"] as string | undefined) ?? null,
              };
        return pdfOf(workPdf(work), `${r.osti_id}.pdf`);
      }
      return null;
    },
  };
}
