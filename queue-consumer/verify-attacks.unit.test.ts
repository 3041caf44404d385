/**
 * The verifier attacked with real PDF bytes (tests/fakes/pdf-builder.ts), read by pdf.js exactly
 * as the Worker reads them: files that must be refused (another work that cites, quotes, lists or
 * hides the one asked for) and files that must be accepted (the right one however its identifier
 * and title are printed). Each case goes through checkPdfText from a location that is not exact
 * by construction, unless it says so.
 */
import { describe, expect, it } from "vitest";
import { makePdf, type PdfPageSpec, type PdfRun } from "../tests/fakes/pdf-builder";
import { checkPdfText } from "./check-pdf";
import type { Expectation } from "./verify";

const DOI = "10.1016/j.jhyd.2019.124012";
const TITLE = "Glacier retreat measured by drones in the Alps: a ten-year record";
const OTHER_TITLE = "Seasonal dynamics of zooplankton in alpine lakes";

/** Body lines of running text (about 14 words each). */
const body = (n: number, topic = "sediment transport, river discharge and snow cover in mountain basins") =>
  Array.from({ length: n }, (_, i) => `Line ${i + 1} of the text discusses ${topic} over the seasons.`);
const heading = (text: string, size = 17): PdfRun => ({ text, size });
const page = (...text: (PdfRun | string)[]): PdfPageSpec => ({ text });

async function judge(pages: PdfPageSpec[], over: Partial<Expectation> = {}, exact = false) {
  return checkPdfText(makePdf({ pages }), { doi: DOI, title: TITLE, ...over }, exact);
}

describe("refused: another work that cites, quotes or lists the one asked for", () => {
  it.each<[string, PdfPageSpec[], Partial<Expectation>?]>([
    [
      "a comment citing the DOI and the title",
      [
        page(
          heading(`Comment on "${TITLE}"`),
          "J. Critic",
          "https://doi.org/10.1016/j.jhyd.2020.125000",
          `We comment on the paper by Müller et al. (https://doi.org/${DOI}).`,
          ...body(10),
        ),
      ],
    ],
    ["a reply", [page(heading(`Reply to the comment on "${TITLE}"`), ...body(10), `doi:${DOI}`)]],
    ["an erratum (Springer style)", [page(heading(`Erratum to: ${TITLE}`), `The original article can be found online at https://doi.org/${DOI}.`, ...body(3))]],
    [
      "a correction (PLOS style: the original in its reference)",
      [
        page(
          heading(`Correction: ${TITLE}`),
          "doi 10.1371/annotation/c76da2c1",
          "There is an error in Figure 2.",
          "Reference",
          `1. Müller J, Rossi A (2019) ${TITLE}. J Hydrol 580: 124012. https://doi.org/${DOI}`,
        ),
      ],
    ],
    [
      "a retraction notice (Elsevier style)",
      [
        page(
          heading(`Retraction notice to "${TITLE}" [J. Hydrol. 580 (2020) 124012]`, 13),
          "This article has been retracted at the request of the Editor-in-Chief.",
          `https://doi.org/${DOI}`,
          ...body(3),
        ),
      ],
    ],
    [
      "a Retraction Note with a label line first",
      [
        page(
          "Journal of Hydrology (2021) 12:1",
          heading("Retraction Note"),
          heading(TITLE, 15),
          `The Editor has retracted this article [1]. https://doi.org/${DOI}`,
        ),
      ],
    ],
    ["an expression of concern", [page(heading(`Expression of concern: ${TITLE}`), `We alert readers to concerns about https://doi.org/${DOI}.`, ...body(3))]],
    [
      "a paper whose references on page 2 list the DOI and title",
      [
        page(heading(OTHER_TITLE), "doi 10.1002/lno.11111", ...body(30)),
        page("References", `[1] Müller J, Rossi A. ${TITLE}. J Hydrol 2019;580:124012. https://doi.org/${DOI}`, ...body(5)),
      ],
    ],
    [
      "a short first page, then the DOI in a numbered reference",
      [
        page(heading(OTHER_TITLE), "A. Author, B. Author", ...body(4)),
        page(...body(4), `12. Müller J. Glacier retreat. J Hydrol 2019. https://doi.org/${DOI}`),
      ],
    ],
    [
      "its own DOI in the header, ours only after References",
      [page("https://doi.org/10.1002/lno.11111", heading(OTHER_TITLE), ...body(12), "References", `Müller J, Rossi A. ${TITLE}. https://doi.org/${DOI}`)],
    ],
    [
      "ours in an unnumbered author-year list under 'Literature'",
      [
        page(
          heading(OTHER_TITLE),
          "https://doi.org/10.1002/lno.11111",
          ...body(10),
          "Literature",
          `Müller, J., Rossi, A., 2019. ${TITLE}. J. Hydrol. 580, 124012. https://doi.org/${DOI}`,
        ),
      ],
    ],
    [
      "a journal issue's table of contents",
      [
        page(
          heading("Journal of Hydrology, Volume 580: Contents", 14),
          `${OTHER_TITLE} .......... 1`,
          "J. Smith, K. Lee",
          `${TITLE} .......... 124012`,
          "J. Müller, A. Rossi",
          "Urban heat islands in coastal cities .......... 124013",
          ...body(5),
        ),
      ],
    ],
    [
      "proceedings front matter listing the title",
      [
        page(
          heading("Proceedings of the Alpine Hydrology Conference", 16),
          "Table of contents",
          `${OTHER_TITLE} 3`,
          `${TITLE} 17`,
          "Urban heat islands in coastal cities 29",
          "Flood frequency analysis in alpine catchments 41",
          "Snow cover from satellites 55",
        ),
      ],
    ],
    [
      "a thesis quoting the title in its body",
      [
        page(
          heading("Mountain hydrology under climate change"),
          "A thesis submitted for the degree of Doctor of Philosophy",
          ...body(8),
          `As shown in "${TITLE}" by Müller and Rossi, retreat accelerated.`,
          ...body(8),
        ),
      ],
    ],
    [
      "a book chapter quoting the title",
      [
        page(
          heading("Chapter 4. Glaciers as archives", 16),
          ...body(3),
          `The drone survey reported in ${TITLE} (Müller and Rossi 2019) is the longest one.`,
          ...body(10),
        ),
      ],
    ],
    [
      "Part II served for Part I",
      [page(heading("Sediment transport in glacier-fed rivers. Part II: Field validation"), "doi 10.1016/j.jhyd.2019.124013", ...body(10))],
      { title: "Sediment transport in glacier-fed rivers. Part I: Theory and model" },
    ],
    [
      "Part II served for Part I (no subtitles)",
      [page(heading("Flood frequency analysis in alpine catchments, Part II"), ...body(10))],
      { title: "Flood frequency analysis in alpine catchments, Part I" },
    ],
    [
      "a series part served for the unnumbered work",
      [page(heading("Flood frequency analysis in alpine catchments, Part 2"), ...body(10))],
      { title: "Flood frequency analysis in alpine catchments" },
    ],
    [
      "the 2021 update of a 2019 guideline",
      [page(heading("ESC guidelines for the management of atrial fibrillation: 2021 update"), ...body(10))],
      { title: "ESC guidelines for the management of atrial fibrillation: 2019 update" },
    ],
    [
      "a Phase III trial for the Phase II one",
      [page(heading("Metformin in early Alzheimer disease: a phase III randomised trial"), ...body(10))],
      { title: "Metformin in early Alzheimer disease: a phase II randomised trial" },
    ],
    ["a longer DOI sharing the prefix (abc12 for abc1)", [page(heading(OTHER_TITLE), "doi:10.1000/abc12", ...body(5))], { doi: "10.1000/abc1", title: null }],
    [
      "a longer DOI sharing the prefix (abc1.5 for abc1)",
      [page(heading(OTHER_TITLE), "https://doi.org/10.1000/abc1.5", ...body(5))],
      { doi: "10.1000/abc1", title: null },
    ],
    ["a longer DOI ending in ours (110.1000/abc1)", [page(heading(OTHER_TITLE), "doi:110.1000/abc1", ...body(5))], { doi: "10.1000/abc1", title: null }],
    ["our DOI only in invisible text (render mode 3) on another paper", [page(heading(OTHER_TITLE), { text: `doi ${DOI}`, invisible: true }, ...body(10))]],
    ["our DOI only in white text on another paper", [page(heading(OTHER_TITLE), { text: `doi ${DOI}`, rgb: [1, 1, 1] }, ...body(10))]],
    ["our DOI only off the page on another paper", [page(heading(OTHER_TITLE), { text: `doi ${DOI}`, x: 700, y: 900 }, ...body(10))]],
    [
      "a 2-word title as a phrase in another paper's text",
      [page(heading("Convolutional networks for satellite image segmentation"), "We apply deep learning to images of glaciers.", ...body(10))],
      { doi: "10.1038/nature14539", title: "Deep learning" },
    ],
    [
      "a 2-word title as a section heading of another paper",
      [page(heading("Convolutional networks for satellite image segmentation", 18), ...body(5), { text: "2. Deep learning", size: 13 }, ...body(5))],
      { doi: "10.1038/nature14539", title: "Deep learning" },
    ],
    [
      "a letter-spaced heading of another part (… Part 2)",
      [
        {
          text: [...body(2)],
          raw: `BT /F1 14 Tf 4 Tc 1 0 0 1 30 760 Tm (FLOOD FREQUENCY ANALYSIS IN ALPINE) Tj ET BT /F1 14 Tf 4 Tc 1 0 0 1 30 740 Tm (CATCHMENTS, PART 2) Tj ET`,
        },
      ],
      { title: "Flood frequency analysis in alpine catchments" },
    ],
    [
      "a one-size page opening with a paragraph that runs the title's words on",
      [
        page("Cover", "Some words on the cover page here."),
        page(
          "This manual is for the tools, a library for glacier retreat measured by drones in the",
          "Alps: a ten-year record processing, data cleaning, export and archiving of logs.",
          ...body(5),
        ),
      ],
    ],
    [
      "a dense page holding every title word, scattered",
      [
        page(
          heading("Snow hydrology of high mountains"),
          "Glacier retreat has been measured in many places; drones are now used in the Alps; a record of ten years",
          "is not long. Year after year the record grows.",
          ...body(20),
        ),
      ],
    ],
  ])("%s", async (_, pages, over) => {
    const r = await judge(pages, over);
    expect(r, r.detail).toMatchObject({ accept: false });
  });

  it("a notice is refused even from a source exact by construction", async () => {
    const r = await judge([page(heading(`Erratum to: ${TITLE}`), `The original article can be found online at https://doi.org/${DOI}.`, ...body(3))], {}, true);
    expect(r).toMatchObject({ accept: false, reason: "mismatch" });
  });
});

describe("refused: files that are not readable PDFs, from every source", () => {
  const enc = new TextEncoder();
  const good = makePdf({ pages: [page(heading(TITLE), `doi ${DOI}`, ...body(5))] });
  it.each<[string, Uint8Array]>([
    [
      "%PDF- followed by an HTML login wall",
      enc.encode("%PDF-1.4\n<!doctype html><html><body><h1>Sign in</h1><p>Your institution does not subscribe.</p></body></html>\n%%EOF\n"),
    ],
    ["a truncated PDF with an end marker glued on", new Uint8Array([...good.subarray(0, 400), ...enc.encode("\n%%EOF\n")])],
    ["a PDF locked by a user password", makePdf({ pages: [page(heading(TITLE), `doi ${DOI}`)], encrypt: { userPassword: "secret", ownerPassword: "owner" } })],
  ])("%s", async (_, bytes) => {
    for (const exact of [false, true]) {
      const r = await checkPdfText(bytes, { doi: DOI, title: TITLE }, exact);
      expect(r).toMatchObject({ accept: false, reason: "unreadable" });
    }
  });

  it("a PDF encrypted with only an owner password (no password to open) is read and verified", async () => {
    const bytes = makePdf({ pages: [page(heading(TITLE), `doi ${DOI}`, ...body(5))], encrypt: { userPassword: "", ownerPassword: "owner" } });
    expect(await checkPdfText(bytes, { doi: DOI, title: TITLE }, false)).toMatchObject({ accept: true, verification: "doi_on_page" });
  });

  it("a page of megabytes of text is read only as far as needed, quickly", async () => {
    const run = `BT /F1 9 Tf 72 700 Td ${"(filler words about nothing in particular ) Tj 0 -1 Td ".repeat(60_000)} ET`;
    const bytes = makePdf({ pages: [{ text: [heading(OTHER_TITLE)], raw: run, compress: true }] });
    const t0 = performance.now();
    const r = await checkPdfText(bytes, { doi: DOI, title: TITLE }, false);
    expect(r.accept).toBe(false);
    expect(performance.now() - t0).toBeLessThan(3_000);
  });
});

describe("accepted: the right file however it prints its identifier and title", () => {
  it.each<[string, PdfPageSpec[], Partial<Expectation>?, string?]>([
    [
      "an Elsevier first page (masthead 'Contents lists available')",
      [
        page(
          "Journal of Hydrology 580 (2020) 124012",
          "Contents lists available at ScienceDirect",
          "Journal of Hydrology",
          "journal homepage: www.elsevier.com/locate/jhydrol",
          heading(TITLE),
          "Jana Müller, Aldo Rossi",
          ...body(20),
          `https://doi.org/${DOI}`,
        ),
      ],
      {},
      "doi_on_page",
    ],
    [
      "a Springer first page (ORIGINAL PAPER label next to the DOI)",
      [page(`Environ Earth Sci (2019) 78:345 https://doi.org/${DOI}`, "ORIGINAL PAPER", heading(TITLE), ...body(20))],
      {},
      "doi_on_page",
    ],
    [
      "the DOI split across a line break",
      [page(heading("Some heading"), "Journal of Hydrology 580 (2019) 124012 doi:10.1016/j.", "jhyd.2019.124012", ...body(5))],
      { title: null },
      "doi_on_page",
    ],
    [
      "the DOI hyphenated at a line end",
      [page(heading("Some heading"), "https://doi.org/10.1016/j.jhyd.2019.12-", "4012", ...body(5))],
      { title: null },
      "doi_on_page",
    ],
    ["'DOI: 10. 1016/ …' with spaces", [page(heading("Some heading"), "DOI: 10.1016/ j.jhyd. 2019.124012", ...body(5))], { title: null }, "doi_on_page"],
    ["the DOI in upper case", [page(heading("Some heading"), "DOI: 10.1016/J.JHYD.2019.124012", ...body(5))], { title: null }, "doi_on_page"],
    ["doi.org without a scheme", [page(heading("Some heading"), "doi.org/10.1016/j.jhyd.2019.124012", ...body(5))], { title: null }, "doi_on_page"],
    [
      "a DOI ending a sentence",
      [page(heading("Some heading"), "Cite as doi:10.1016/j.jhyd.2019.124012. All rights reserved.", ...body(5))],
      { title: null },
      "doi_on_page",
    ],
    [
      "a percent-encoded DOI link",
      [page(heading("Some heading"), "https://doi.org/10.1002%2F(SICI)1097-4628", ...body(5))],
      { doi: "10.1002/(sici)1097-4628", title: null },
      "doi_on_page",
    ],
    [
      "the DOI on page 3 after a JSTOR-style cover sheet and a blank page",
      [
        page("This content downloaded from 192.0.2.1 on Mon, 01 Jan 2024 12:00:00 UTC", "All use subject to https://about.jstor.org/terms"),
        page("Terms and conditions of use", ...body(3)),
        page(heading(TITLE), `doi:${DOI}`, ...body(10)),
      ],
      {},
      "doi_on_page",
    ],
    [
      "the DOI on page 2 after a long repository terms page",
      [
        page(
          "Research portal of a university",
          "General rights",
          ...body(14, "copyright and moral rights of the authors and the conditions of use for the publications made accessible"),
          "Take down policy",
          ...body(14, "how to contact the repository when a publication in it breaches copyright or other rights of someone"),
        ),
        page(heading(TITLE), `https://doi.org/${DOI}`, ...body(10)),
      ],
      {},
      "doi_on_page",
    ],
    [
      "the title on page 3 after a cover sheet",
      [page("Repository cover sheet", ...body(3)), page("Terms of use", ...body(4)), page(heading(TITLE), ...body(10))],
      { doi: "10.9999/not-printed" },
      "title",
    ],
    [
      "ligatures in the title",
      [page(heading("Eﬃcient ﬁnite element solvers for ﬂow in ﬁssured rock"), ...body(10))],
      { title: "Efficient finite element solvers for flow in fissured rock" },
      "title",
    ],
    [
      "soft hyphens in the title",
      [page(heading("Hydro\u00ADlogical model\u00ADling of perma\u00ADfrost thaw"), ...body(10))],
      { title: "Hydrological modelling of permafrost thaw" },
      "title",
    ],
    [
      "Greek letters in the title",
      [page(heading("TGF-β signalling and α-synuclein aggregation in neurons"), ...body(10))],
      { title: "TGF-β signalling and α-synuclein aggregation in neurons" },
      "title",
    ],
    [
      "HTML entities in Crossref's title",
      [page(heading("TGF-β signalling and α-synuclein aggregation in neurons"), ...body(10))],
      { title: "TGF-&beta; signalling and &#945;-synuclein aggregation in neurons" },
      "title",
    ],
    [
      "JATS <i> and <sub> in Crossref's title",
      [page(heading("Expression of p53 in Escherichia coli under CO2 stress"), ...body(10))],
      { title: "Expression of <i>p53</i> in <i>Escherichia coli</i> under CO<sub>2</sub> stress" },
      "title",
    ],
    [
      "a subscript printed apart (CO 2)",
      [
        page(
          { text: "Expression of p53 in Escherichia coli under CO", size: 17, x: 72, y: 700 },
          { text: "2", size: 9, x: 420, y: 695 },
          { text: "stress", size: 17, x: 430, y: 700 },
          ...body(10),
        ),
      ],
      { title: "Expression of <i>p53</i> in <i>Escherichia coli</i> under CO<sub>2</sub> stress" },
      "title",
    ],
    [
      "MathML in Crossref's title",
      [page(heading("Bounds for the Hα emission of dwarf galaxies"), ...body(10))],
      { title: "Bounds for the <mml:math><mml:mi>H</mml:mi><mml:mi>α</mml:mi></mml:math> emission of dwarf galaxies" },
      "title",
    ],
    [
      "TeX's spacing accents and dotless i (P´os-Gradua¸c˜ao em F´ısica)",
      [page(heading("Din\u00e2mica de P\u00b4os-Gradua\u00b8c\u02dcao em F\u00b4\u0131sica de Part\u00b4\u0131culas"), ...body(10))],
      { title: "Dinâmica de Pós-Graduação em Física de Partículas" },
      "title",
    ],
    [
      "diacritics",
      [page(heading("Évolution des glaciers pyrénéens depuis 1850"), ...body(10))],
      { title: "Evolution des glaciers pyreneens depuis 1850" },
      "title",
    ],
    [
      "curly quotes",
      [page(heading("“Don’t look up”: public attention to climate science"), ...body(10))],
      { title: '"Don\'t look up": public attention to climate science' },
      "title",
    ],
    [
      "Title Case in Crossref, upper case on the page",
      [page(heading("GLACIER RETREAT MEASURED BY DRONES IN THE ALPS:", 15), heading("A TEN-YEAR RECORD", 15), ...body(10))],
      { title: "Glacier Retreat Measured by Drones in the Alps: A Ten-Year Record" },
      "title",
    ],
    [
      "a title hyphenated over two lines",
      [page(heading("Glacier retreat measured by dro-"), heading("nes in the Alps: a ten-year record"), ...body(10))],
      {},
      "title",
    ],
    [
      "a compound broken at its hyphen",
      [page(heading("Glacier retreat measured by drones in the Alps: a ten-"), heading("year record"), ...body(10))],
      {},
      "title",
    ],
    [
      "a masthead ending in 'Vol. 12, No. 3' just before the title",
      [page("Journal of Alpine Hydrology, Vol. 12, No. 3", heading(TITLE), ...body(10))],
      { doi: "10.9999/not-printed" },
      "title",
    ],
    [
      "the title twice: a cover line in the body's size, then the heading",
      [
        page(
          `This is a repository copy of ${TITLE}.`,
          "White Rose Research Online URL for this paper: https://eprints.example.ac.uk/1234/",
          ...body(3),
          heading(TITLE),
          ...body(8),
        ),
      ],
      { doi: "10.9999/not-printed" },
      "title",
    ],
    [
      "a letter-spaced heading (G L A C I E R …)",
      [
        {
          text: [...body(2)],
          raw: `BT /F1 16 Tf 4 Tc 1 0 0 1 40 760 Tm (GLACIER RETREAT MEASURED BY DRONES) Tj ET BT /F1 16 Tf 4 Tc 1 0 0 1 40 740 Tm (IN THE ALPS: A TEN-YEAR RECORD) Tj ET`,
        },
      ],
      {},
      "title",
    ],
    [
      "a two-column page with the title's lines interleaved",
      [
        page(
          { text: "Glacier retreat measured", size: 18, x: 72, y: 700 },
          { text: "Left column text about it", size: 9, x: 72, y: 600 },
          { text: "by drones in the Alps:", size: 18, x: 72, y: 680 },
          { text: "Right column text about it", size: 9, x: 320, y: 600 },
          { text: "a ten-year record", size: 18, x: 72, y: 660 },
          ...body(10),
        ),
      ],
      {},
      "title",
    ],
    [
      "a 2-word title as the page's heading",
      [page(heading("Deep learning", 22), "Yann LeCun, Yoshua Bengio & Geoffrey Hinton", ...body(10))],
      { doi: "10.1038/nature14539", title: "Deep learning" },
      "title",
    ],
    [
      "a manuscript set in one size (title among the first lines)",
      [page("Running head: GLACIER RETREAT", TITLE, "Jana Müller and Aldo Rossi", "University of Somewhere", ...body(20))],
      { doi: "10.9999/not-printed" },
      "title",
    ],
    [
      "Part I served for Part I",
      [page(heading("Sediment transport in glacier-fed rivers. Part I: Theory and model"), ...body(10))],
      { title: "Sediment transport in glacier-fed rivers. Part I: Theory and model" },
      "title",
    ],
    [
      "the retracted work itself, stamped RETRACTED, with its DOI",
      [
        page(
          heading(`RETRACTED: ${TITLE}`),
          `https://doi.org/${DOI}`,
          "This article has been retracted: please see Elsevier Policy on Article Withdrawal.",
          ...body(10),
        ),
      ],
      { retracted: true },
      "doi_on_page",
    ],
    [
      "an IEEE-style retraction cover, then the retracted paper",
      [
        page(
          heading("Notice of Retraction"),
          "After careful and considered review of the content of this paper by a duly constituted expert committee, this paper has been found to be in violation of the Publication Principles.",
        ),
        page(heading(TITLE), `DOI: ${DOI}`, ...body(20)),
      ],
      { retracted: true },
      "doi_on_page",
    ],
    [
      "a notice asked for by its own DOI",
      [
        page(
          heading(`Retraction notice to "${TITLE}"`, 13),
          "https://doi.org/10.1016/j.jhyd.2021.000001",
          "This article has been retracted at the request of the Editor-in-Chief.",
        ),
      ],
      { doi: "10.1016/j.jhyd.2021.000001", title: `Retraction notice to “${TITLE}” [J. Hydrol. 580 (2020) 124012]` },
      "doi_on_page",
    ],
    [
      "an erratum titled just 'Erratum' asked for by its DOI",
      [page(heading("Erratum"), "https://doi.org/10.1016/j.jhyd.2021.000002", `In the article ${TITLE} the second figure was wrong.`)],
      { doi: "10.1016/j.jhyd.2021.000002", title: "Erratum" },
      "doi_on_page",
    ],
    [
      "a title that contains 'correction of'",
      [page(heading("Atmospheric correction of drone images over glaciers"), `https://doi.org/${DOI}`, ...body(10))],
      { title: "Atmospheric correction of drone images over glaciers" },
      "doi_on_page",
    ],
    [
      "an arXiv stamp in the margin (fetched by arXiv id)",
      [{ text: [heading("Deep residual learning"), ...body(10)], raw: "BT /F1 20 Tf 0 1 -1 0 30 200 Tm (arXiv:1512.03385v1  [cs.CV]  10 Dec 2015) Tj ET" }],
      { doi: null, arxiv: "1512.03385", title: "Deep residual learning for image recognition" },
      "doi_on_page",
    ],
    [
      "a PMC author manuscript by its PMCID",
      [page("Author manuscript; available in PMC 2020 May 01.", "Published in final form as: J Hydrol. 2019; 580: 124012.", heading(TITLE), ...body(10))],
      { pmcid: "PMC9000007", doi: "10.9999/x" },
      "title",
    ],
  ])("%s", async (_, pages, over, verification) => {
    const r = await judge(pages, over);
    expect(r, r.detail).toMatchObject({ accept: true, verification });
  });
});

describe("the version the pages declare", () => {
  it.each<[string, PdfPageSpec, string | null]>([
    [
      "an arXiv stamp",
      { text: [heading(TITLE), ...body(3)], raw: "BT /F1 20 Tf 0 1 -1 0 30 200 Tm (arXiv:2101.01234v3  [physics.geo-ph]  3 Feb 2021) Tj ET" },
      "submittedVersion",
    ],
    [
      "a bioRxiv preprint",
      page("bioRxiv preprint doi: https://doi.org/10.1101/2020.01.01.123456; this version posted January 2, 2020.", heading(TITLE), ...body(3)),
      "submittedVersion",
    ],
    ["a PMC author manuscript", page("Author manuscript; available in PMC 2020 May 01.", heading(TITLE), ...body(3)), "acceptedVersion"],
    [
      "a Wiley accepted article",
      page(
        "This article has been accepted for publication and undergone full peer review but has not been through the copyediting.",
        heading(TITLE),
        ...body(3),
      ),
      "acceptedVersion",
    ],
    ["a publisher's page", page("Journal of Hydrology 580 (2020) 124012", heading(TITLE), `https://doi.org/${DOI}`, ...body(3)), null],
  ])("%s", async (_, p, version) => {
    expect((await judge([p])).pageVersion).toBe(version);
  });
});
