/**
 * Fake Europe PMC: REST search on www.ebi.ac.uk and article/PDF pages on europepmc.org.
 *
 * No recorded Europe PMC response exists in tests/fixtures. This fake follows
 * the shape in Europe PMC's REST documentation (search?query=...&format=json
 * &resultType=core): { version, hitCount, request, resultList: { result: [{
 * id, source, pmid, pmcid, doi, title, isOpenAccess, inEPMC, hasPDF,
 * fullTextUrlList: { fullTextUrl: [{ availability, availabilityCode,
 * documentStyle, site, url }] } }] } }.
 *
 * DOI:"10.5555/pmc-<n>" or PMCID:PMC(9000000+n) find one open-access record
 * with a PDF link on europepmc.org, which serves a real PDF.
 */
import type { FakeProvider, FakeRequest, FakeResponse } from "../types";
import { failModeOfScenario, failResponse, html, ids, json, nFromPmcid, pdfResponse, scenarioOf, scenarioTitle } from "./_shared";

function record(n: number): Record<string, unknown> {
  const doi = `10.5555/pmc-${n}`;
  const pmcid = ids.pmcid(n);
  const pmid = ids.pmid(n);
  return {
    id: pmid,
    source: "MED",
    pmid,
    pmcid,
    fullTextIdList: { fullTextId: [pmcid] },
    doi,
    title: scenarioTitle({ doi, kind: "pmc", n }),
    authorString: "Doe J, Roe R.",
    pubYear: String(2015 + (n % 10)),
    isOpenAccess: "Y",
    inEPMC: "Y",
    inPMC: "Y",
    hasPDF: "Y",
    fullTextUrlList: {
      fullTextUrl: [
        {
          availability: "Open access",
          availabilityCode: "OA",
          documentStyle: "pdf",
          site: "Europe_PMC",
          url: `https://europepmc.org/articles/${pmcid}?pdf=render`,
        },
        { availability: "Open access", availabilityCode: "OA", documentStyle: "html", site: "Europe_PMC", url: `https://europepmc.org/articles/${pmcid}` },
        { availability: "Subscription required", availabilityCode: "S", documentStyle: "doi", site: "DOI", url: `https://doi.org/${doi}` },
      ],
    },
  };
}

function search(req: FakeRequest, hit: (k: string) => void): FakeResponse {
  const query = (req.query.get("query") ?? "").trim();
  const m = /^(DOI|PMCID):"?([^"]+)"?$/i.exec(query);
  hit(m ? m[2]!.toLowerCase() : `search:${query}`);
  if (!query) return json(400, { errCode: 400, errMsg: "query is required" });
  let n: number | null = null;
  if (m && m[1]!.toUpperCase() === "DOI") {
    const s = scenarioOf(m[2]!);
    const mode = failModeOfScenario(s);
    if (mode) return failResponse(mode);
    if (s?.kind === "pmc") n = s.n;
  } else if (m) {
    n = nFromPmcid(m[2]!);
  }
  const results = n === null ? [] : [record(n)];
  return json(200, {
    version: "6.9",
    hitCount: results.length,
    nextCursorMark: "AoIIP4AAACgzOTAwMDAwMQ==",
    request: {
      queryString: query,
      resultType: req.query.get("resultType") ?? "lite",
      cursorMark: "*",
      pageSize: Number(req.query.get("pageSize") ?? "25"),
      sort: "",
      synonym: false,
    },
    resultList: { result: results },
  });
}

export function createEuropePmcProvider(): FakeProvider {
  return {
    name: "europepmc",
    hosts: ["www.ebi.ac.uk", "europepmc.org"],
    handle(req, state) {
      if (req.method !== "GET") return null;
      const hit = (k: string) => state.hit("europepmc", k);
      if (req.host === "www.ebi.ac.uk") {
        return req.path === "/europepmc/webservices/rest/search" ? search(req, hit) : null;
      }
      const m = /^\/articles\/(PMC\d+)$/i.exec(req.path);
      if (!m) return null;
      const pmcid = m[1]!.toUpperCase();
      hit(`article:${pmcid}`);
      const n = nFromPmcid(pmcid);
      if (n === null) return html(404, "<!doctype html><title>Not found</title><h1>Article not found</h1>");
      if (req.query.get("pdf") === "render") return pdfResponse([scenarioTitle({ doi: `10.5555/pmc-${n}`, kind: "pmc", n }), pmcid]);
      return html(
        200,
        `<!doctype html><html><head><meta name="citation_pdf_url" content="https://europepmc.org/articles/${pmcid}?pdf=render"></head><body>${pmcid}</body></html>`,
      );
    },
  };
}
