/**
 * Fake Elsevier Article Retrieval API (api.elsevier.com/content/article/doi/{doi}).
 * 10.5555/licensed-<n> is available (a PDF for Accept: application/pdf, a
 * small JSON record otherwise); everything else is RESOURCE_NOT_FOUND. Keys
 * behave as in the Scopus fake (missing -> 401, "forbidden-key" -> 403).
 */
import type { FakeProvider } from "../types";
import { failModeOfScenario, failResponse, json, pdfResponse, scenarioOf, scenarioTitle } from "./_shared";
import { elsevierKeyCheck, serviceError } from "./scopus";

export function createElsevierProvider(): FakeProvider {
  return {
    name: "elsevier",
    hosts: ["api.elsevier.com"],
    handle(req, state) {
      const m = /^\/content\/article\/doi\/(10\..+)$/.exec(req.path);
      if (req.method !== "GET" || !m) return null;
      const doi = m[1]!.toLowerCase();
      state.hit("elsevier", doi);
      const denied = elsevierKeyCheck(req);
      if (denied) return denied;
      const s = scenarioOf(doi);
      const mode = failModeOfScenario(s);
      if (mode) return failResponse(mode);
      if (s?.kind !== "licensed") return serviceError(404, "RESOURCE_NOT_FOUND", "The resource specified cannot be found.");
      const accept = req.headers["accept"] ?? "";
      if (accept.includes("application/pdf")) {
        return pdfResponse([scenarioTitle(s), `DOI ${doi}`, "Delivered by the Elsevier Article Retrieval API (fake)"]);
      }
      return json(200, {
        "full-text-retrieval-response": {
          coredata: { "prism:doi": doi, "dc:title": scenarioTitle(s), "prism:publicationName": "Journal of Licensed Examples", openaccess: "0" },
        },
      });
    },
  };
}
