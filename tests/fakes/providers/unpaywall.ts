/**
 * Fake api.unpaywall.org (v2). Scenario records are
 * tests/fixtures/unpaywall/v2_doi_green_2023.json (the current field set)
 * with the DOI, title and locations replaced; the recorded DOIs are served
 * as recorded. Unknown DOIs get Werkzeug's HTML 404, 10.1234/notarealdoi the
 * legacy JSON 404, and a missing or placeholder e-mail the 422.
 */
import type { FakeProvider, FakeResponse } from "../types";
import { HANG_MS, failModeOfScenario, failResponse, fixtureJson, fixtureText, html, json, scenarioOf, scenarioTitle, urls, type Scenario } from "./_shared";

const RECORDED: Record<string, string> = {
  "10.1038/nature12373": "unpaywall/v2_doi_green_2023.json",
  "10.1103/physreve.88.012814": "unpaywall/v2_doi_hybrid_publisher_2020.json",
  "10.1016/j.envint.2020.105730": "unpaywall/v2_doi_gold_2020.json",
};

type Loc = Record<string, unknown>;

function location(fields: Loc & { url: string }): Loc {
  return {
    updated: "2024-01-01T00:00:00.000000",
    url_for_pdf: null,
    url_for_landing_page: null,
    evidence: "open (via page says license)",
    license: "cc-by",
    version: "publishedVersion",
    host_type: "publisher",
    is_best: false,
    pmh_id: null,
    endpoint_id: null,
    repository_institution: null,
    oa_date: "2021-01-01",
    ...fields,
  };
}

function record(s: Scenario, locations: Loc[]): Record<string, unknown> {
  const r = fixtureJson("unpaywall/v2_doi_green_2023.json") as Record<string, unknown>;
  const marked: Loc[] = locations.map((l, i) => ({ ...l, is_best: i === 0 }));
  r["doi"] = s.doi;
  r["doi_url"] = `https://doi.org/${s.doi}`;
  r["title"] = scenarioTitle(s);
  r["journal_name"] = "Journal of Fake Results";
  r["publisher"] = "Fake Publisher";
  r["is_oa"] = marked.length > 0;
  r["oa_status"] = marked.length === 0 ? "closed" : marked[0]!["host_type"] === "repository" ? "green" : "gold";
  r["has_repository_copy"] = marked.some((l) => l["host_type"] === "repository");
  r["best_oa_location"] = marked[0] ?? null;
  r["first_oa_location"] = marked[0] ?? null;
  r["oa_locations"] = marked;
  r["oa_locations_embargoed"] = [];
  return r;
}

const publisherPdf = (doi: string) => location({ url: urls.pdf(doi), url_for_pdf: urls.pdf(doi), url_for_landing_page: urls.landing(doi) });

const repoLocation = (doi: string) =>
  location({
    url: urls.repoPdf(doi),
    url_for_pdf: urls.repoPdf(doi),
    url_for_landing_page: urls.landing(doi),
    host_type: "repository",
    version: "acceptedVersion",
    license: "cc-by-nc",
    evidence: "oa repository (via OAI-PMH doi match)",
    repository_institution: "Example University Repository",
  });

function scenarioAnswer(s: Scenario): FakeResponse | null {
  const mode = failModeOfScenario(s);
  if (mode) return failResponse(mode);
  switch (s.kind) {
    case "oa-unpaywall":
    case "retracted":
      return json(200, record(s, [publisherPdf(s.doi)]));
    case "upstream-slow":
      return { ...json(200, record(s, [publisherPdf(s.doi)])), delayMs: HANG_MS };
    case "upstream-500":
      return failResponse("500");
    case "oa-landing":
      return json(200, record(s, [location({ url: urls.landing(s.doi), url_for_landing_page: urls.landing(s.doi) })]));
    case "html-impostor":
      return json(
        200,
        record(s, [
          location({ url: urls.impostor(s.doi), url_for_pdf: urls.impostor(s.doi), url_for_landing_page: urls.landing(s.doi) }),
          location({
            url: urls.repoPdf(s.doi),
            url_for_pdf: urls.repoPdf(s.doi),
            url_for_landing_page: urls.landing(s.doi),
            host_type: "repository",
            version: "acceptedVersion",
            evidence: "oa repository (via OAI-PMH doi match)",
            repository_institution: "Example University Repository",
          }),
        ]),
      );
    case "wrong-first":
      // A publisher location serving another paper's PDF, then the right copy in a repository.
      return json(
        200,
        record(s, [location({ url: urls.otherPdf(s.doi), url_for_pdf: urls.otherPdf(s.doi), url_for_landing_page: urls.landing(s.doi) }), repoLocation(s.doi)]),
      );
    case "wrong-only":
      return json(200, record(s, [location({ url: urls.otherPdf(s.doi), url_for_pdf: urls.otherPdf(s.doi), url_for_landing_page: urls.landing(s.doi) })]));
    case "scanned":
      return json(200, record(s, [{ ...repoLocation(s.doi), url: urls.scannedPdf(s.doi), url_for_pdf: urls.scannedPdf(s.doi) }]));
    case "two-versions":
      // The accepted manuscript is listed first; the published version must still be served.
      return json(200, record(s, [repoLocation(s.doi), publisherPdf(s.doi)]));
    case "notice-first":
      // The publisher's location serves an erratum about the paper; the repository the paper.
      return json(
        200,
        record(s, [
          location({ url: urls.noticePdf(s.doi), url_for_pdf: urls.noticePdf(s.doi), url_for_landing_page: urls.landing(s.doi) }),
          repoLocation(s.doi),
        ]),
      );
    case "cited-only":
      return json(200, record(s, [location({ url: urls.citingPdf(s.doi), url_for_pdf: urls.citingPdf(s.doi), url_for_landing_page: urls.landing(s.doi) })]));
    case "preprint-labelled":
      // Said to be the published version; the file is the preprint.
      return json(
        200,
        record(s, [
          location({
            url: urls.preprintPdf(s.doi),
            url_for_pdf: urls.preprintPdf(s.doi),
            host_type: "repository",
            repository_institution: "Example University Repository",
          }),
        ]),
      );
    case "cover-mixup":
      // A repository copy said to be the published version, whose cover sheet names the paper over
      // another paper's PDF (tried first), then the right copy in a repository (accepted version).
      return json(
        200,
        record(s, [
          location({
            url: urls.coverMixupPdf(s.doi),
            url_for_pdf: urls.coverMixupPdf(s.doi),
            url_for_landing_page: urls.landing(s.doi),
            host_type: "repository",
            repository_institution: "Example Research Online",
          }),
          repoLocation(s.doi),
        ]),
      );
    case "licensed":
      return json(200, record(s, []));
    case "sparse":
      // Almost every optional key missing: the client must cope.
      return json(200, { doi: s.doi, is_oa: true, oa_locations: [{ url_for_pdf: urls.pdf(s.doi) }] });
    default:
      return null;
  }
}

const notFound = (): FakeResponse => html(404, fixtureText("unpaywall/v2_not_found_404.html"));

/** The server refuses missing and placeholder addresses (views.py get_ip guard). */
function badEmail(email: string | null): boolean {
  return !email || !email.includes("@") || /example\.com$/i.test(email) || /your_?email/i.test(email);
}

export function createUnpaywallProvider(): FakeProvider {
  return {
    name: "unpaywall",
    hosts: ["api.unpaywall.org"],
    handle(req, state) {
      const m = /^\/v2\/(10\..+)$/.exec(req.path);
      if (req.method !== "GET" || !m) return null;
      const doi = m[1]!.toLowerCase();
      state.hit("unpaywall", doi);
      if (badEmail(req.query.get("email"))) return json(422, fixtureJson("unpaywall/v2_email_required_422.json"));
      const recorded = RECORDED[doi];
      if (recorded) return json(200, fixtureJson(recorded));
      if (doi === "10.1234/notarealdoi") return json(404, fixtureJson("unpaywall/v2_not_found_404_legacy_json.json"));
      const s = scenarioOf(doi);
      return (s && scenarioAnswer(s)) ?? notFound();
    },
  };
}
