/**
 * The verifier where an outside measurement (54 real PDFs) found it weak, attacked with generated
 * PDFs (tests/fakes/pdf-builder.ts) read by pdf.js as the Worker reads them. With the title alone:
 * an article-type label ending in "Note" above the title, a short title below a larger journal
 * masthead, a running head repeating the title's first words. With the identifier alone: a page
 * that prints another work's DOI (or arXiv stamp) as its own, refused from every source, exact
 * ones included. Each case also has its guard: what must stay refused or accepted as before.
 */
import { describe, expect, it } from "vitest";
import { makePdf, type PdfPageSpec, type PdfRun } from "../tests/fakes/pdf-builder";
import { checkPdfText } from "./check-pdf";
import type { Expectation } from "./verify";

const body = (n: number, topic = "sediment transport, river discharge and snow cover in mountain basins") =>
  Array.from({ length: n }, (_, i) => `Line ${i + 1} of the text discusses ${topic} over the seasons.`);
const heading = (text: string, size = 17): PdfRun => ({ text, size });
const page = (...text: (PdfRun | string)[]): PdfPageSpec => ({ text });
const judge = (pages: PdfPageSpec[], expect: Expectation, exact = false) => checkPdfText(makePdf({ pages }), expect, exact);
const titleOnly = (title: string): Expectation => ({ doi: null, title });

describe("title alone: an article-type label ending in 'Note' above the title is a label, not a quotation", () => {
  const TITLE = "Cyrtodactylus karstensis, a new bent-toed gecko from Laos";
  it.each(["Taxonomic Note", "Research Note", "TECHNICAL NOTE", "Short note"])("'%s' on its own line above the title", async (label) => {
    const r = await judge(
      [
        page(
          "Zootaxa 4567 (1): 101–120",
          "https://www.mapress.com/j/zt/",
          { text: label, size: 12 },
          heading(TITLE),
          "A. Author, B. Author",
          ...body(20, "lizards, karst caves and the forests of Laos"),
        ),
      ],
      titleOnly(TITLE),
    );
    expect(r, r.detail).toMatchObject({ accept: true, verification: "title" });
  });

  it.each<[string, PdfRun[]]>([
    ["'Retraction Note' above the title", [heading("Retraction Note", 14), heading(TITLE, 15)]],
    ["'Editorial note on' the title", [heading(`Editorial note on “${TITLE}”`, 15)]],
    ["'A note on' the title (a comment)", [heading(`A note on “${TITLE}” by Müller and Rossi`, 15)]],
    ["'Correction note' above the title", [heading("Correction note", 14), heading(TITLE, 15)]],
  ])("still refused: %s", async (_, runs) => {
    const r = await judge([page("Zootaxa 4567 (1): 121–122", ...runs, ...body(6, "the species described in the paper named above"))], titleOnly(TITLE));
    expect(r, r.detail).toMatchObject({ accept: false });
  });
});

describe("title alone: a short title below a journal masthead set larger", () => {
  const TITLE = "Analysis Matrix for Smart Cities";
  const masthead = [
    "Future Internet 2014, 6, 61-75; doi:10.3390/fi6010061",
    { text: "future internet", size: 28 },
    "ISSN 1999-5903",
    "www.mdpi.com/journal/futureinternet",
    "Article",
  ];

  it("the MDPI layout: logo 28 pt, title 18 pt, body 12 pt", async () => {
    const r = await judge(
      [
        page(
          ...masthead,
          heading(TITLE, 18),
          "Pablo E. Branchi, Carlos Fernández-Valdivielso and Ignacio R. Matias",
          "Abstract: The current digital revolution has ignited the evolution of communications grids.",
          ...body(20, "smart cities, citizens and the information technologies of urban life"),
        ),
      ],
      titleOnly(TITLE),
    );
    expect(r, r.detail).toMatchObject({ accept: true, verification: "title" });
  });

  it("a three-word title under a large journal name and a type label", async () => {
    const r = await judge(
      [
        page(
          { text: "NEURON", size: 30 },
          { text: "Perspective", size: 12 },
          heading("Rhythmic attentional scanning", 20),
          "Pascal Fries",
          "SUMMARY",
          ...body(20, "attention, rhythms and sampling of visual space"),
        ),
      ],
      titleOnly("Rhythmic attentional scanning"),
    );
    expect(r, r.detail).toMatchObject({ accept: true, verification: "title" });
  });

  it.each<[string, PdfPageSpec[]]>([
    [
      "as a section heading below the masthead, another paper's title and its text",
      [
        page(
          ...masthead,
          heading("Urban heat islands measured from satellites", 18),
          "A. Author",
          ...body(8),
          { text: "3. Smart cities", size: 14 },
          ...body(8),
        ),
      ],
    ],
    [
      "as a section heading with the matrix words, after an abstract",
      [
        page(
          ...masthead,
          heading("Urban heat islands measured from satellites", 18),
          "Abstract: We measure heat islands.",
          ...body(2),
          heading("Analysis matrix for smart cities", 14),
          ...body(8),
        ),
      ],
    ],
    [
      "with other words on its line (a subtitle of another work)",
      [page(...masthead, heading("Analysis matrix for smart cities in Spain and Portugal", 18), ...body(12))],
    ],
    ["set in the body's size below the masthead", [page(...masthead, TITLE, ...body(12))]],
    [
      "a larger title of another paper below it",
      [page(...masthead, heading(TITLE, 18), heading("Why an analysis matrix is not enough: a reply", 24), ...body(12))],
    ],
  ])("still refused: %s", async (_, pages) => {
    const r = await judge(pages, titleOnly(TITLE));
    expect(r, r.detail).toMatchObject({ accept: false });
  });
});

describe("title alone: a running head repeating the title's first words does not hide the heading", () => {
  const TITLE = "MoBYv2AL: Self-supervised Active Learning for Image Classification";
  it("BMVC style: the running head in 9 pt above the heading", async () => {
    const r = await judge(
      [
        page(
          { text: "CARAMALAU ET AL.: MOBYV2AL: SELF-SUPERVISED ACTIVE LEARNING 1", size: 9 },
          heading("MoBYv2AL: Self-supervised Active Learning", 17.2),
          heading("for Image Classification", 17.2),
          "Razvan Caramalau",
          "Imperial College London, UK",
          { text: "Abstract", size: 9 },
          ...body(20, "active learning, self-supervision and image classification"),
        ),
      ],
      titleOnly(TITLE),
    );
    expect(r, r.detail).toMatchObject({ accept: true, verification: "title" });
  });

  it("a running head with the whole title but the last word, then the heading", async () => {
    const t = "Sediment transport in glacier-fed rivers of the Alps";
    const r = await judge(
      [page({ text: "SMITH ET AL.: SEDIMENT TRANSPORT IN GLACIER-FED RIVERS OF THE", size: 8 }, heading(t, 16), "J. Smith", ...body(20))],
      titleOnly(t),
    );
    expect(r, r.detail).toMatchObject({ accept: true, verification: "title" });
  });

  it("still refused: the running head of another part of the series above that part's heading", async () => {
    const r = await judge(
      [
        page(
          { text: "SMITH ET AL.: SEDIMENT TRANSPORT IN GLACIER-FED RIVERS, PART II", size: 8 },
          heading("Sediment transport in glacier-fed rivers, Part II", 16),
          ...body(20),
        ),
      ],
      titleOnly("Sediment transport in glacier-fed rivers, Part I"),
    );
    expect(r, r.detail).toMatchObject({ accept: false });
  });
});

describe("identifier alone: a page that prints another work's DOI as its own is refused from every source", () => {
  const OURS = "10.1016/j.electstud.2014.09.001";
  const THEIRS = "10.1016/j.electstud.2015.07.002";
  const other = "The perils of cherry picking low frequency events in large sample surveys";
  it.each<[string, PdfPageSpec[]]>([
    [
      "the DOI in an Elsevier header",
      [
        page(
          "Electoral Studies 40 (2015) 409–410",
          "Contents lists available at ScienceDirect",
          heading(other),
          "Stephen Ansolabehere, Samantha Luks, Brian F. Schaffner",
          ...body(20),
          `http://dx.doi.org/${THEIRS}`,
        ),
      ],
    ],
    ["'DOI:' in a footer line", [page(heading(other), ...body(24), `DOI: ${THEIRS}`, "© 2015 Elsevier Ltd. All rights reserved.")]],
    ["doi: beside the journal line at the top", [page(`Electoral Studies 2015; doi:${THEIRS}`, heading(other), ...body(24))]],
    ["behind a blank first page", [page(), page(heading(other), `https://doi.org/${THEIRS}`, ...body(24))]],
    [
      "a repository cover sheet naming the other DOI, its article page printing none",
      [
        page(
          "This is a repository copy of The perils of cherry picking.",
          "White Rose Research Online URL for this paper: https://eprints.example.ac.uk/1234/",
          `Article: Ansolabehere, S (2015) The perils of cherry picking. Electoral Studies. https://doi.org/${THEIRS}`,
          "Reuse",
          "Takedown",
          "If you consider content in White Rose Research Online to be in breach of UK law, please notify us.",
        ),
        page(heading(other), ...body(24)),
      ],
    ],
    [
      "a PLOS citation line broken after 'doi:10.'",
      [page(heading(other), ...body(20), "Citation: Ansolabehere S, et al. (2015) Electoral Studies 40: 409. doi:10.", "1016/j.electstud.2015.07.002")],
    ],
  ])("%s", async (_, pages) => {
    for (const exact of [false, true]) {
      const r = await judge(pages, { doi: OURS, title: null }, exact);
      expect(r, `${exact ? "exact" : "any"}: ${r.detail}`).toMatchObject({ accept: false, reason: "mismatch" });
    }
  });

  it("its title's words in its text are not enough either (weak title evidence beside another DOI)", async () => {
    const r = await judge(
      [
        page(
          heading(other),
          `https://doi.org/${THEIRS}`,
          ...body(10),
          "The paper by Richman et al. asked: do non-citizens vote in U.S. elections?",
          ...body(10),
        ),
      ],
      { doi: OURS, title: "Do non-citizens vote in U.S. elections?" },
      true,
    );
    expect(r, r.detail).toMatchObject({ accept: false, reason: "mismatch" });
  });

  it("an arXiv stamp of another paper, the job knowing only the arXiv id", async () => {
    for (const exact of [false, true]) {
      const r = await judge(
        [{ text: [heading("Deep residual learning"), ...body(20)], raw: "BT /F1 20 Tf 0 1 -1 0 30 200 Tm (arXiv:1512.03385v1  [cs.CV]  10 Dec 2015) Tj ET" }],
        { doi: null, title: null, arxiv: "1706.03762" },
        exact,
      );
      expect(r, r.detail).toMatchObject({ accept: false, reason: "mismatch" });
    }
  });

  it.each<[string, PdfPageSpec[]]>([
    ["no DOI printed at all", [page(heading(other), ...body(24))]],
    [
      "a repository cover sheet naming our DOI, its article page printing none (the cover's word is weak)",
      [
        page(
          "This is a repository copy of Do non-citizens vote in U.S. elections?",
          "White Rose Research Online URL for this paper: https://eprints.example.ac.uk/1234/",
          `Article: Richman, J (2014) Do non-citizens vote? Electoral Studies. https://doi.org/${OURS}`,
          "Reuse",
          "Takedown",
          "If you consider content in White Rose Research Online to be in breach of UK law, please notify us.",
        ),
        page(heading("Do non-citizens vote in U.S. elections?"), ...body(24)),
      ],
    ],
    [
      "another DOI only in the reference list",
      [page(heading(other), ...body(20), "References", `[1] Richman JT. Do non-citizens vote? Electoral Studies 2014. https://doi.org/${THEIRS}`)],
    ],
    ["another DOI only as the data set's", [page(heading(other), ...body(20), `Data availability: the survey data are at https://doi.org/10.7910/DVN/ABCDEF`)]],
    [
      "another DOI only after 'the original article'",
      [page(heading(other), `The original article can be found online at https://doi.org/${THEIRS}.`, ...body(20))],
    ],
    ["another DOI only in a trial protocol line", [page(heading(other), `The study protocol has been published: https://doi.org/${THEIRS}`, ...body(20))]],
  ])("still served from an exact source (nothing to compare): %s", async (_, pages) => {
    const r = await judge(pages, { doi: OURS, title: null }, true);
    expect(r, r.detail).toMatchObject({ accept: true, verification: "trusted_source" });
  });

  it("a job that knows only the arXiv id: a page printing a journal DOI as its own and no stamp of ours", async () => {
    const r = await judge([page(heading(other), `http://dx.doi.org/${THEIRS}`, ...body(24))], { doi: null, title: null, arxiv: "2201.05281" }, true);
    expect(r, r.detail).toMatchObject({ accept: false, reason: "mismatch" });
  });

  it("still served from an exact source: a PMC copy known by its PMCID prints the journal's DOI", async () => {
    const r = await judge(
      [page("Author manuscript; available in PMC 2016 July 17.", heading(other), `doi: ${THEIRS}`, ...body(24))],
      { doi: null, title: null, pmcid: "PMC4999999" },
      true,
    );
    expect(r, r.detail).toMatchObject({ accept: true, verification: "trusted_source" });
  });

  it("the arXiv DOI names the arXiv id: its stamp verifies the copy from any location", async () => {
    const r = await judge(
      [
        {
          text: [heading("NG-Scope: Fine-Grained Telemetry for NextG Cellular Networks"), "https://doi.org/10.1145/3508032", ...body(20)],
          raw: "BT /F1 20 Tf 0 1 -1 0 30 200 Tm (arXiv:2201.05281v2  [cs.NI]  18 Jan 2022) Tj ET",
        },
      ],
      { doi: "10.48550/arXiv.2201.05281", title: null },
    );
    expect(r, r.detail).toMatchObject({ accept: true, verification: "doi_on_page" });
  });
});
