/**
 * Fake NCBI PMC ID Converter, both endpoints:
 *   classic  www.ncbi.nlm.nih.gov/pmc/utils/idconv/v1.0/   (recorded format: strings, responseDate)
 *   current  pmc.ncbi.nlm.nih.gov/tools/idconv/api/v1/articles/  (unverified format per SOURCES.md §8:
 *            response-date, requested-id, numeric pmid)
 * 10.5555/pmc-<n> <-> PMC(9000000+n) <-> PMID 39000000+n; 10.7554/eLife.09560 is the
 * recorded record. Unknown ids get per-record errors. Missing tool/email adds the warning.
 */
import type { FakeProvider, FakeRequest, FakeResponse } from "../types";
import { failModeOfScenario, failResponse, fixtureJson, ids, json, nFromPmcid, nFromPmid, scenarioOf } from "./_shared";

interface Mapping {
  pmcid: string;
  pmid: string;
  doi: string;
}

function lookup(id: string): Mapping | null {
  const t = id.trim();
  if (/^10\.7554\/elife\.09560$/i.test(t) || /^PMC4559886$/i.test(t) || t === "26354291") {
    return { pmcid: "PMC4559886", pmid: "26354291", doi: "10.7554/eLife.09560" };
  }
  let n: number | null = null;
  const s = scenarioOf(t);
  if (s?.kind === "pmc") n = s.n;
  else if (/^PMC\d+$/i.test(t)) n = nFromPmcid(t);
  else if (/^\d+$/.test(t)) n = nFromPmid(t);
  return n === null ? null : { pmcid: ids.pmcid(n), pmid: ids.pmid(n), doi: `10.5555/pmc-${n}` };
}

function idTypeOf(id: string): "doi" | "pmcid" | "pmid" {
  return id.startsWith("10.") ? "doi" : /^PMC/i.test(id) ? "pmcid" : "pmid";
}

function convert(req: FakeRequest, current: boolean, hit: (k: string) => void): FakeResponse {
  const requested = (req.query.get("ids") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const id of requested) hit(id.toLowerCase());
  if (req.query.get("format") !== "json") return json(400, { status: "error", message: "this fake only speaks format=json" });
  if (!requested.length) return json(400, { status: "error", message: "ids is required" });
  if (requested.length > 200) return json(400, { status: "error", message: "too many ids (max 200)" });
  for (const id of requested) {
    const mode = failModeOfScenario(scenarioOf(id));
    if (mode) return failResponse(mode);
  }
  const missing: string[] = [];
  if (!req.query.get("email")) missing.push("no e-mail provided");
  if (!req.query.get("tool")) missing.push("no tool provided");
  const date = "2025-01-20 23:39:45";

  const records = requested.map((id) => {
    const m = lookup(id);
    if (current) {
      return m
        ? { "requested-id": id, pmcid: m.pmcid, pmid: Number(m.pmid), doi: m.doi }
        : { "requested-id": id, status: "error", errmsg: "Identifier not found in PMC" };
    }
    if (m && m.pmcid === "PMC4559886") return fixtureJson("ncbi_idconv/idconv_v1_doi_ok_2018.json").records[0];
    return m
      ? { pmid: m.pmid, versions: [{ current: "true", pmcid: `${m.pmcid}.1` }], doi: m.doi, pmcid: m.pmcid }
      : { [idTypeOf(id)]: id, live: "false", status: "error", errmsg: "invalid article id" };
  });

  const request = [...req.query.entries()].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join(";");
  const body: Record<string, unknown> = current
    ? { status: "ok", "response-date": date, request: Object.fromEntries(req.query.entries()), records }
    : { status: "ok", responseDate: date, request, records };
  if (missing.length) body["warning"] = missing.join("; ");
  return json(200, body);
}

export function createNcbiProvider(): FakeProvider {
  return {
    name: "ncbi",
    hosts: ["www.ncbi.nlm.nih.gov", "pmc.ncbi.nlm.nih.gov"],
    handle(req, state) {
      if (req.method !== "GET") return null;
      const hit = (k: string) => state.hit("ncbi", k);
      if (req.host === "www.ncbi.nlm.nih.gov" && /^\/pmc\/utils\/idconv\/v1\.0\/?$/.test(req.path)) return convert(req, false, hit);
      if (req.host === "pmc.ncbi.nlm.nih.gov" && /^\/tools\/idconv\/api\/v1\/articles\/?$/.test(req.path)) return convert(req, true, hit);
      return null;
    },
  };
}
