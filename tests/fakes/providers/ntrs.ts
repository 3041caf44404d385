/**
 * Fake NASA NTRS (ntrs.nasa.gov):
 *   GET /api/citations/search?q=…&page.size&page.from  the recorded answer's two citations
 *       (ntrs/citations_search_author.json: one may include copyrighted material, one is a
 *       government work), the recorded Morpheus citation, then synthetic government works;
 *       `stats.total` counts them all
 *   GET /api/citations/<id>          one citation, else 404
 *   GET /api/citations/<id>/downloads/<name>.pdf  the report's PDF
 * Synthetic ids are 2099000000 + n. Hits: "ntrs:search:<q>", "ntrs:citation:<id>", "ntrs:file:<id>".
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

const SYNTHETIC_BASE_ID = 2_099_000_000;
type Citation = Record<string, unknown> & { id: number; title: string };

function recordedCitations(): Citation[] {
  const search = fixtureJson<{ results: Citation[] }>("ntrs/citations_search_author.json").results;
  return [...search, fixtureJson<Citation>("ntrs/citation_result_20160005928.json")];
}

function synthetic(n: number): Citation {
  const id = SYNTHETIC_BASE_ID + n;
  return {
    copyright: { determinationType: "GOV_PUBLIC_USE_PERMITTED", thirdPartyContentCondition: "NOT_SET" },
    title: `${syntheticTitle(n)} (technical memorandum)`,
    stiType: "TECHNICAL_MEMORANDUM",
    distribution: "PUBLIC",
    disseminated: "DOCUMENT_AND_METADATA",
    otherReportNumbers: [`NASA/TM-${2000 + (n % 24)}-${220000 + n}`],
    authorAffiliations: syntheticAuthors(n).map((name, sequence) => ({
      sequence,
      meta: { author: { name }, organization: { name: "Glenn Research Center" } },
    })),
    id,
    center: { code: "GRC", name: "Glenn Research Center" },
    publications: [{ publicationDate: `${2000 + (n % 24)}-06-01T00:00:00.0000000+00:00` }],
    downloads: [
      {
        draft: false,
        mimetype: "application/pdf",
        name: `${id}.pdf`,
        type: "STI",
        links: {
          original: `/api/citations/${id}/downloads/${id}.pdf`,
          pdf: `/api/citations/${id}/downloads/${id}.pdf`,
          fulltext: `/api/citations/${id}/downloads/${id}.txt`,
        },
      },
    ],
    downloadsAvailable: true,
  };
}

function byId(id: number): Citation | null {
  const r = recordedCitations().find((c) => c.id === id);
  if (r) return r;
  const n = id - SYNTHETIC_BASE_ID;
  return n >= 0 && n < 40_000 ? synthetic(n) : null;
}

export function createNtrsProvider(): FakeProvider {
  return {
    name: "ntrs",
    hosts: ["ntrs.nasa.gov"],
    handle(req, state) {
      if (req.method !== "GET") return null;
      if (req.path === "/api/citations/search") {
        const q = req.query.get("q") ?? "";
        state.hit("ntrs", `search:${q}`);
        const failure = searchFailure(q, "ntrs");
        if (failure) return failure;
        const size = Math.min(Math.max(Number(req.query.get("page.size") ?? 25) || 25, 1), 100);
        const from = Math.max(Number(req.query.get("page.from") ?? 0) || 0, 0);
        const all = searchIsEmpty(q)
          ? []
          : [...recordedCitations(), ...Array.from({ length: SYNTHETIC_PER_QUERY }, (_, i) => synthetic(syntheticBase(q, 0) + i))];
        return json(200, { stats: { took: 12, total: all.length, estimate: false, maxScore: 0 }, results: all.slice(from, from + size), aggregations: {} });
      }
      const one = /^\/api\/citations\/(\d+)$/.exec(req.path);
      if (one) {
        state.hit("ntrs", `citation:${one[1]}`);
        const c = byId(Number(one[1]));
        if (!c) return json(404, { message: "Citation not found" });
        const { _meta, ...rest } = c as Citation & { _meta?: unknown };
        void _meta;
        return json(200, rest);
      }
      const file = /^\/api\/citations\/(\d+)\/downloads\/[^/]+\.pdf$/.exec(req.path);
      if (file) {
        const id = Number(file[1]);
        const c = byId(id);
        if (!c) return json(404, { message: "Download not found" });
        state.hit("ntrs", `file:${id}`);
        const scenario = id >= SYNTHETIC_BASE_ID ? fileScenario(id - SYNTHETIC_BASE_ID) : "ok";
        if (scenario === "down") return FILE_DOWN;
        const authors = ((c["authorAffiliations"] as { meta: { author: { name: string } } }[] | undefined) ?? []).map((a) => a.meta.author.name);
        const work =
          scenario === "other"
            ? OTHER_WORK
            : {
                title: c.title,
                authors,
                publisher: "National Aeronautics and Space Administration",
                number: ((c["otherReportNumbers"] as string[] | undefined) ?? [])[0] ?? null,
              };
        return pdfOf(workPdf(work), `${id}.pdf`);
      }
      return null;
    },
  };
}
