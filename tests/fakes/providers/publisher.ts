/**
 * Fake publisher and repository hosts (oa.publisher.test, repo.example.test)
 * serving the documents the OA records point at. Paths carry the DOI:
 *
 *   /pdf/<doi>.pdf, /bitstream/<doi>.pdf  a real (small, valid) PDF
 *   /article/<doi>                        landing page: citation_pdf_url (absolute), citation_doi, dc.identifier
 *   /relative-landing/<doi>               landing page whose citation_pdf_url is a relative path
 *   /landing-no-pdf/<doi>                 landing page with metadata but no PDF link
 *   /impostor/<doi>.pdf                   an HTML page served as application/pdf
 *   /slow/<doi>.pdf                       the PDF, after 20 s
 *   /error/<doi>.pdf                      500
 *   /redirect/<doi>.pdf                   302 to /pdf/<doi>.pdf
 *   /landing/<base64url of the doi>       the /article/ landing page under an opaque id (like a PII),
 *                                         so the URL itself names no DOI and only the page can
 *                                         say it (the landing step's test)
 *   /eprint/<base64url of an arXiv id>    a repository page naming only its arXiv id (citation_arxiv_id)
 *   /other/<doi>.pdf                      ANOTHER paper's PDF (its own title and DOI): a repository mix-up
 *   /scanned/<doi>.pdf                    a scan: a valid PDF without a text layer
 *   /notice/<doi>.pdf                     an erratum whose page cites the paper's DOI and title
 *   /citing/<doi>.pdf                     another paper listing the paper's DOI and title in its references
 *   /locked/<doi>.pdf                     the paper locked by a user password
 *   /garbled/<doi>.pdf                    "%PDF-" and "%%EOF" around an HTML sign-in page
 *   /bomb-map/<doi>.pdf, /bomb-stream/<doi>.pdf   1 KB PDFs asking pdf.js for gigabytes (tests/fuzz/hostile-pdfs.ts)
 *   /preprint/<doi>.pdf                   the paper as a bioRxiv preprint (stamp and preprint DOI)
 *   /cover-other/<doi>.pdf                a repository cover sheet naming the paper (title, DOI, citation),
 *                                         then ANOTHER paper's first page: a mix-up behind a right cover
 *
 * Hits are counted as "publisher:<doi>".
 */
import { hostilePdfs } from "../../fuzz/hostile-pdfs";
import { makePdf, type PdfSpec } from "../pdf-builder";
import type { FakeProvider, FakeResponse } from "../types";
import { HANG_MS, escapeHtml, html, otherPaperLines, pdfResponse, scannedPdfResponse, scenarioOf, scenarioTitle } from "./_shared";

function titleFor(doi: string): string {
  const s = scenarioOf(doi);
  return s ? scenarioTitle(s) : `Document ${doi}`;
}

function pdf(host: string, doi: string): FakeResponse {
  return pdfResponse([titleFor(doi).replace(/[^\x20-\x7e]/g, ""), `DOI ${doi}`, `Served by ${host} (fake)`], {
    "content-disposition": `inline; filename="${doi.replace(/[^a-z0-9.-]/gi, "_")}.pdf"`,
  });
}

function landing(doi: string, pdfUrl: string | null): FakeResponse {
  const t = escapeHtml(titleFor(doi));
  const pdfMeta = pdfUrl ? `\n  <meta name="citation_pdf_url" content="${escapeHtml(pdfUrl)}">` : "";
  return html(
    200,
    `<!doctype html>
<html lang="en"><head>
  <meta charset="utf-8">
  <title>${t}</title>
  <meta name="citation_title" content="${t}">
  <meta name="citation_doi" content="${escapeHtml(doi)}">
  <meta name="dc.identifier" content="doi:${escapeHtml(doi)}">${pdfMeta}
  <meta name="citation_publisher" content="Fake Open Publisher">
</head><body>
  <h1>${t}</h1>
  <p>Published under CC BY 4.0.</p>
  ${pdfUrl ? `<a href="${escapeHtml(pdfUrl)}">Download PDF</a>` : "<p>Full text is not available here.</p>"}
</body></html>`,
  );
}

/** The hostile PDFs, built once (the stream one deflates 64 MB twice). */
const bombs = new Map<string, Uint8Array>();
function bombPdf(route: "bomb-map" | "bomb-stream"): FakeResponse {
  const name = route === "bomb-map" ? "CID font widths" : "FlateDecode twice";
  let body = bombs.get(route);
  if (!body)
    bombs.set(
      route,
      (body = hostilePdfs(64 * 1024 * 1024)
        .find((h) => h.name.startsWith(name))!
        .pdf()),
    );
  return { status: 200, headers: { "content-type": "application/pdf", "content-length": String(body.length) }, body };
}

function specPdf(spec: PdfSpec): FakeResponse {
  const body = makePdf(spec);
  return { status: 200, headers: { "content-type": "application/pdf", "content-length": String(body.length) }, body };
}

const bodyLines = (n: number) =>
  Array.from({ length: n }, (_, i) => `Line ${i + 1}: we measured the flow, the temperature and the chemistry at every station in each season.`);

/** The hostile and odd documents of the verification scenarios, as real PDFs. */
function documentFor(route: string, doi: string): FakeResponse | null {
  const title = titleFor(doi);
  switch (route) {
    case "notice":
      return specPdf({
        pages: [
          {
            text: [
              { text: `Erratum to: ${title}`, size: 16 },
              "https://doi.org/10.5555/erratum-of-it",
              `The original article can be found online at https://doi.org/${doi}.`,
              "In the original publication the second table was wrong.",
              ...bodyLines(3),
            ],
          },
        ],
      });
    case "citing":
      return specPdf({
        pages: [
          {
            text: [
              { text: "Seasonal dynamics of freshwater zooplankton in alpine lakes", size: 17 },
              "https://doi.org/10.5555/unrelated-citing",
              ...bodyLines(30),
            ],
          },
          { text: ["References", `[1] Author A, Author B. ${title}. J Fake Res. 2021;3:e10001. https://doi.org/${doi}`, ...bodyLines(4)] },
        ],
      });
    case "locked":
      return specPdf({
        pages: [{ text: [{ text: title, size: 16 }, `https://doi.org/${doi}`] }],
        encrypt: { userPassword: "subscriber", ownerPassword: "publisher" },
      });
    case "garbled":
      return {
        status: 200,
        headers: { "content-type": "application/pdf" },
        body: `%PDF-1.7\n<!doctype html><html><body><h1>Sign in to read ${escapeHtml(doi)}</h1></body></html>\n%%EOF\n`,
      };
    case "preprint":
      return specPdf({
        pages: [
          {
            text: [
              "bioRxiv preprint doi: https://doi.org/10.1101/2020.02.02.000001; this version posted February 2, 2020.",
              { text: title, size: 16 },
              "A. Author, B. Author",
              ...bodyLines(10),
            ],
          },
        ],
      });
    case "cover-other":
      // The repository's cover is generated from its record (this paper); the file uploaded behind it is another paper.
      return specPdf({
        pages: [
          {
            text: [
              { text: `This is a repository copy of ${title}.`, size: 12 },
              "Example Research Online URL for this paper: https://repo.example.test/id/eprint/4711/",
              "Version: Accepted Version",
              `Author A, Author B (2021) ${title}.`,
              `Journal of Fake Research, 3. e10001. https://doi.org/${doi}`,
              { text: "Reuse", size: 12 },
              "This article is distributed under the terms of the Creative Commons Attribution licence.",
              { text: "Takedown", size: 12 },
              "If you consider content in Example Research Online to be in breach of the law, please notify us.",
            ],
          },
          {
            text: [
              { text: "Seasonal dynamics of freshwater zooplankton in alpine lakes", size: 17 },
              "C. Other, D. Other",
              "https://doi.org/10.5555/unrelated-cover",
              "Abstract",
              ...bodyLines(24),
            ],
          },
        ],
      });
    default:
      return null;
  }
}

export function createPublisherProvider(): FakeProvider {
  return {
    name: "publisher",
    hosts: ["oa.publisher.test", "repo.example.test"],
    handle(req, state) {
      if (req.method !== "GET" && req.method !== "HEAD") return null;
      const opaque = /^\/landing\/([A-Za-z0-9_-]+)$/.exec(req.path);
      if (opaque) {
        const doi = Buffer.from(opaque[1]!, "base64url").toString("utf8").toLowerCase();
        state.hit("publisher", doi);
        return landing(doi, `https://${req.host}/pdf/${doi}.pdf`);
      }
      const eprint = /^\/eprint\/([A-Za-z0-9_-]+)$/.exec(req.path);
      if (eprint) {
        const arxiv = Buffer.from(eprint[1]!, "base64url").toString("utf8");
        state.hit("publisher", arxiv);
        return html(
          200,
          `<!doctype html><html lang="en"><head><title>E-print ${escapeHtml(arxiv)}</title><meta name="citation_arxiv_id" content="${escapeHtml(arxiv)}"></head><body><p>An e-print.</p></body></html>`,
        );
      }
      const m =
        /^\/(pdf|bitstream|article|relative-landing|landing-no-pdf|impostor|slow|error|redirect|other|scanned|notice|citing|locked|garbled|bomb-map|bomb-stream|preprint|cover-other)\/(10\.[^/]+\/.+?)(\.pdf)?$/.exec(
          req.path,
        );
      if (!m) return null;
      const [, route, rawDoi] = m;
      const doi = rawDoi!.toLowerCase();
      state.hit("publisher", doi);
      switch (route) {
        case "pdf":
        case "bitstream":
          return pdf(req.host, doi);
        case "article":
          return landing(doi, `https://${req.host}/pdf/${doi}.pdf`);
        case "relative-landing":
          return landing(doi, `/pdf/${doi}.pdf`);
        case "landing-no-pdf":
          return landing(doi, null);
        case "impostor":
          return {
            status: 200,
            headers: { "content-type": "application/pdf" },
            body: `<!doctype html><html><head><title>Sign in</title></head><body><h1>Please sign in to read ${escapeHtml(doi)}</h1></body></html>`,
          };
        case "slow":
          return { ...pdf(req.host, doi), delayMs: HANG_MS };
        case "error":
          return html(500, "<!doctype html><title>500 Internal Server Error</title><h1>Internal Server Error</h1>");
        case "other":
          return pdfResponse(otherPaperLines(scenarioOf(doi)?.n ?? 0));
        case "scanned":
          return scannedPdfResponse();
        case "notice":
        case "citing":
        case "locked":
        case "garbled":
        case "preprint":
        case "cover-other":
          return documentFor(route, doi);
        case "bomb-map":
        case "bomb-stream":
          return bombPdf(route);
        case "redirect":
          return { status: 302, headers: { location: `https://${req.host}/pdf/${doi}.pdf`, "content-type": "text/plain" }, body: "" };
        default:
          return null;
      }
    },
  };
}
