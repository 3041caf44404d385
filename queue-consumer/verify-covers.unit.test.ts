/**
 * Cover sheets: a repository (EPrints, DSpace, Pure), an aggregator (JSTOR) or a publisher (Taylor &
 * Francis' "terms of use" first page) puts a page of its own before the article, generated from its
 * record: the title, authors, DOI, citation, licence. A repository mix-up is exactly that record
 * naming the work asked for while the file behind it is another paper. So what a cover page shows
 * only counts when the article page after it agrees (its own title as heading, or the DOI as its
 * own) or cannot contradict; another title or DOI as the article page's own is a mismatch.
 * Real PDF bytes (tests/fakes/pdf-builder.ts) read by pdf.js as the Worker reads them.
 */
import { describe, expect, it } from "vitest";
import { makePdf, type PdfPageSpec, type PdfRun } from "../tests/fakes/pdf-builder";
import { checkPdfText } from "./check-pdf";
import type { Expectation } from "./verify";

const DOI = "10.1016/j.jhyd.2019.124012";
const TITLE = "Glacier retreat measured by drones in the Alps: a ten-year record";
const AUTHORS = "Jana Müller and Aldo Rossi";
const OTHER_DOI = "10.1002/lno.11111";
const OTHER_TITLE = "Seasonal dynamics of zooplankton in alpine lakes";
const WORK: Expectation = { doi: DOI, title: TITLE };

const run = (text: string, size = 11): PdfRun => ({ text, size });
/** Lines of running text (about 14 words each, one line at 10 pt). */
const body = (n: number, topic = "sediment transport, river discharge and snow cover in mountain basins", size = 10) =>
  Array.from({ length: n }, (_, i) => run(`Line ${i + 1} discusses ${topic}.`, size));
const LAKES = "zooplankton succession, ice-out dates and phytoplankton biomass in lakes";

/** Lines broken at word boundaries to fit the page's width, as a cover sheet sets them (pdf.js drops text beyond the edge). */
function wrapped(page: PdfPageSpec): PdfPageSpec {
  const fit = (r: PdfRun | string): PdfRun[] => {
    const { text, size = 11 } = typeof r === "string" ? { text: r } : r;
    const max = Math.floor(468 / (size * 0.5));
    const out: PdfRun[] = [];
    let line = "";
    for (const w of text.split(" ")) {
      if (line && line.length + 1 + w.length > max) {
        out.push({ ...(typeof r === "string" ? {} : r), text: line, size });
        line = w;
      } else line = line ? `${line} ${w}` : w;
    }
    out.push({ ...(typeof r === "string" ? {} : r), text: line, size });
    return out;
  };
  return page.text ? { ...page, text: page.text.flatMap(fit) } : page;
}

async function judge(pages: PdfPageSpec[], expect: Expectation = WORK, exact = false) {
  return checkPdfText(makePdf({ pages: pages.map(wrapped) }), expect, exact);
}

// ---------------------------------------------------------------------------
// Cover sheets naming the work asked for (as a repository's record does)

type Work = { title: string; doi: string; authors: string };
const asked: Work = { title: TITLE, doi: DOI, authors: AUTHORS };

/** A generic institutional repository's cover: title, authors, version statement, citation, licence, "Downloaded from". */
const repositoryCover = (w: Work): PdfPageSpec => ({
  text: [
    run(w.title, 16),
    run(w.authors, 12),
    run("This is the author's version of a work that was accepted for publication in Journal of Hydrology."),
    run("Changes resulting from the publishing process may not be reflected in this document."),
    run(`Please cite this article as: Müller J, Rossi A. ${w.title}. J Hydrol. 2019;580:124012. doi:${w.doi}`, 9),
    run("Licence: CC BY-NC-ND 4.0 (https://creativecommons.org/licenses/by-nc-nd/4.0/)", 9),
    run("Downloaded from https://repository.example.ac.uk/handle/20.500.12345/6789 on 12 March 2024", 9),
  ],
});

/** White Rose / EPrints: "This is a repository copy of …". */
const eprintsCover = (w: Work): PdfPageSpec => ({
  text: [
    run(`This is a repository copy of ${w.title}.`, 12),
    run("White Rose Research Online URL for this paper: https://eprints.whiterose.ac.uk/151234/"),
    run("Version: Accepted Version"),
    run("Article:"),
    run(`Müller, J. and Rossi, A. (2019) ${w.title}. Journal of Hydrology, 580. 124012. ISSN 0022-1694`),
    run(`https://doi.org/${w.doi}`),
    run("Reuse", 12),
    run("This article is distributed under the terms of the Creative Commons Attribution-NonCommercial-NoDerivs licence.", 9),
    run("Takedown", 12),
    run("If you consider content in White Rose Research Online to be in breach of UK law, please notify us by emailing", 9),
    run("eprints@whiterose.ac.uk including the URL of the record and the reason for the withdrawal request.", 9),
  ],
});

/** MIT DSpace: the title, a citation, "As Published", "Citable Link", "Terms of Use". */
const dspaceCover = (w: Work): PdfPageSpec => ({
  text: [
    run(w.title, 14),
    run(`Citation Müller, Jana and Aldo Rossi. "${w.title}." Journal of Hydrology 580 (2019): 124012.`, 12),
    run(`As Published http://dx.doi.org/${w.doi}`, 13),
    run("Publisher Elsevier", 13),
    run("Version Author's final manuscript", 13),
    run("Citable Link http://hdl.handle.net/1721.1/60946", 13),
    run("Terms of Use Attribution-Noncommercial-Share Alike", 13),
    run("Detailed Terms http://creativecommons.org/licenses/by-nc-sa/3.0/", 13),
    run("The MIT Faculty has made this article openly available. Please share how this access benefits you.", 13),
  ],
});

/** Pure (a research portal): "Citation for published version", "General rights", "Take down policy". */
const pureCover = (w: Work): PdfPageSpec => ({
  text: [
    run("Tilburg University", 12),
    run(w.title, 12),
    run("Müller, J.; Rossi, A.", 12),
    run("Published in:", 10),
    run("Journal of Hydrology", 10),
    run("DOI:", 10),
    run(w.doi, 10),
    run("Link to publication in Tilburg University Research Portal", 10),
    run("Citation for published version (APA):", 10),
    run(`Müller, J., & Rossi, A. (2019). ${w.title}. Journal of Hydrology, 580, 124012.`, 10),
    run("General rights", 8),
    run("Copyright and moral rights for the publications made accessible in the public portal are retained by the authors.", 8),
    run("Take down policy", 8),
    run("If you believe that this document breaches copyright please contact us providing details.", 8),
    run("Download date: 15. Sep. 2023", 8),
  ],
});

/** JSTOR's cover page; the stamp at the foot of it is on every page of the file. */
const JSTOR_STAMP = [
  run("This content downloaded from 192.0.2.1 on Mon, 01 Jan 2024 12:00:00 UTC", 8),
  run("All use subject to https://about.jstor.org/terms", 8),
];
const jstorCover = (w: Work): PdfPageSpec => ({
  text: [
    run(w.title, 12),
    run(`Author(s): ${w.authors}`, 12),
    run("Source: Mountain Research and Development, August 2021, Vol. 41, No. 3 (August 2021), pp. P1-P3", 12),
    run("Published by: International Mountain Society", 12),
    run("Stable URL: https://www.jstor.org/stable/48635686", 12),
    run("JSTOR is a not-for-profit service that helps scholars, researchers, and students discover, use, and build upon a wide", 9),
    run("range of content in a trusted digital archive. For more information about JSTOR, please contact support@jstor.org.", 9),
    run("Your use of the JSTOR archive indicates your acceptance of the Terms & Conditions of Use, available at", 9),
    run("https://about.jstor.org/terms", 9),
    ...JSTOR_STAMP,
  ],
});

/** Taylor & Francis' own first page: "To cite this article", "To link to this article", "Full Terms & Conditions". */
const publisherTermsPage = (w: Work): PdfPageSpec => ({
  text: [
    run("Journal of Hydrology", 12),
    run("ISSN: 0022-1694 (Print) 1879-2707 (Online) Journal homepage: https://www.tandfonline.com/loi/thyd20", 9),
    run(w.title, 14),
    run(w.authors, 11),
    run(`To cite this article: ${w.authors} (2019) ${w.title}, Journal of Hydrology, 580:1, 124012, DOI: ${w.doi}`, 9),
    run(`To link to this article: https://doi.org/${w.doi}`, 9),
    run("Published online: 12 Mar 2019.", 9),
    run("Submit your article to this journal", 9),
    run("Article views: 1234", 9),
    run("View related articles", 9),
    run("View Crossmark data", 9),
    run("Full Terms & Conditions of access and use can be found at https://www.tandfonline.com/action/journalInformation?journalCode=thyd20", 9),
  ],
});

// ---------------------------------------------------------------------------
// What may stand behind the cover

/** The work's own first article page (a publisher's layout). */
const articleOf = (title: string, doi: string | null, topic?: string, extra: PdfRun[] = []): PdfPageSpec => ({
  text: [
    run("Journal of Hydrology 580 (2019) 124012", 9),
    run(title, 17),
    run(title === TITLE ? AUTHORS : "Kari Nordmann and Ola Hansen", 11),
    run("Department of Geography, University of Somewhere", 9),
    run("Abstract", 11),
    ...body(24, topic),
    ...(doi ? [run(`https://doi.org/${doi}`, 8)] : []),
    ...extra,
  ],
});
/** A manuscript: one size throughout, the title among the first lines, no DOI. */
const manuscriptOf = (title: string, runningHead: string, topic?: string): PdfPageSpec => ({
  text: [
    run(`Running head: ${runningHead}`, 10),
    run(title, 10),
    run(title === TITLE ? AUTHORS : "Kari Nordmann and Ola Hansen", 10),
    run("Department of Geography, University of Somewhere", 10),
    run("Abstract", 10),
    ...body(24, topic),
  ],
});
const scan: PdfPageSpec = { image: true };

const covers: [string, (w: Work) => PdfPageSpec][] = [
  ["a repository cover (author's version, citation, licence, 'Downloaded from')", repositoryCover],
  ["an EPrints cover ('This is a repository copy of')", eprintsCover],
  ["a DSpace cover ('Citable Link', 'Terms of Use')", dspaceCover],
  ["a Pure cover ('Citation for published version', 'Take down policy')", pureCover],
  ["a publisher's 'terms of use' first page (To cite / To link to this article)", publisherTermsPage],
];

describe.each(covers)("%s naming the work asked for", (_, cover) => {
  it("then the work's own first page: accepted", async () => {
    const r = await judge([cover(asked), articleOf(TITLE, DOI)]);
    expect(r, r.detail).toMatchObject({ accept: true });
  });

  it("then another paper's first page with its own title and DOI: refused as a mismatch, from any source", async () => {
    for (const exact of [false, true]) {
      const r = await judge([cover(asked), articleOf(OTHER_TITLE, OTHER_DOI, LAKES)], WORK, exact);
      expect(r, r.detail).toMatchObject({ accept: false, reason: "mismatch" });
    }
  });

  it("then another paper's manuscript (no DOI, one size): refused", async () => {
    for (const exact of [false, true]) {
      const r = await judge([cover(asked), manuscriptOf(OTHER_TITLE, "ZOOPLANKTON IN ALPINE LAKES", LAKES)], WORK, exact);
      expect(r, r.detail).toMatchObject({ accept: false, reason: "mismatch" });
    }
  });

  it("then a scan without text: refused from a repository, served only as unverified from a source exact by construction", async () => {
    const r = await judge([cover(asked), scan]);
    expect(r, r.detail).toMatchObject({ accept: false, reason: "no_text" });
    const exact = await judge([cover(asked), scan], WORK, true);
    expect(exact, exact.detail).toMatchObject({ accept: true, verification: "unverified" });
  });

  it("then the work as a manuscript without its DOI: accepted on the title as its heading", async () => {
    const r = await judge([cover(asked), manuscriptOf(TITLE, "GLACIER RETREAT")]);
    expect(r, r.detail).toMatchObject({ accept: true, verification: "title" });
  });

  it("with a blank page before the article: the article after it decides", async () => {
    expect(await judge([cover(asked), { text: [] }, articleOf(TITLE, null)])).toMatchObject({ accept: true });
    const r = await judge([cover(asked), { text: [] }, articleOf(OTHER_TITLE, OTHER_DOI, LAKES)]);
    expect(r, r.detail).toMatchObject({ accept: false, reason: "mismatch" });
  });
});

describe("JSTOR: a cover page, then the article with JSTOR's stamp at the foot of every page", () => {
  const withStamp = (p: PdfPageSpec): PdfPageSpec => ({ ...p, text: [...(p.text ?? []), ...JSTOR_STAMP] });

  it("the work's own first page: accepted", async () => {
    const r = await judge([jstorCover(asked), withStamp(articleOf(TITLE, null))]);
    expect(r, r.detail).toMatchObject({ accept: true });
  });

  it("the work's first page headed by its title and a subtitle the record leaves out: accepted", async () => {
    // Seen in the corpus: the cover says "FAO's Work in Mountains", the article "FAO's Work in Mountains: Building the Road …".
    const short = "Drones over Glaciers";
    const work: Work = { title: short, doi: DOI, authors: AUTHORS };
    const r = await judge([jstorCover(work), withStamp({ text: [run(`${short}: A Decade of Surveys in the Alps`, 22), run(AUTHORS, 9), ...body(30)] })], {
      doi: null,
      title: short,
    });
    expect(r, r.detail).toMatchObject({ accept: true, verification: "title" });
  });

  it("another paper's first page: refused", async () => {
    const r = await judge([jstorCover(asked), withStamp(articleOf(OTHER_TITLE, OTHER_DOI, LAKES))]);
    expect(r, r.detail).toMatchObject({ accept: false, reason: "mismatch" });
  });

  it("a short first page of the work (stamped), then its next page (stamped): the stamp does not make it a cover", async () => {
    const short: PdfPageSpec = withStamp({ text: [run(TITLE, 18), run(AUTHORS, 11), ...body(6)] });
    const next: PdfPageSpec = withStamp({ text: [run("Methods of the drone surveys over ten summers", 13), ...body(30)] });
    const r = await judge([jstorCover(asked), short, next]);
    expect(r, r.detail).toMatchObject({ accept: true, verification: "title" });
  });

  it("a scan behind the cover (no text but the stamp): refused from any location but an exact one", async () => {
    const r = await judge([jstorCover(asked), { image: true, text: JSTOR_STAMP }]);
    expect(r, r.detail).toMatchObject({ accept: false });
  });
});

describe("still accepted: pages before the article that are the work's own", () => {
  it("a manuscript's title page (no abstract), then its abstract page", async () => {
    const titlePage: PdfPageSpec = {
      text: [
        run(TITLE, 16),
        run(AUTHORS, 12),
        run("Department of Geography, University of Somewhere", 11),
        run("Corresponding author: jana.mueller@example.ac.uk", 10),
      ],
    };
    const abstractPage: PdfPageSpec = { text: [run("Abstract", 10), ...body(30)] };
    const r = await judge([titlePage, abstractPage]);
    expect(r, r.detail).toMatchObject({ accept: true, verification: "title" });
  });

  it("a preprint's title page with its abstract (CERN style), then a blank page and the body", async () => {
    const titlePage: PdfPageSpec = {
      text: [run("EUROPEAN ORGANISATION FOR NUCLEAR RESEARCH (CERN)", 14), run(TITLE, 17), run("The ATLAS Collaboration", 14), run("Abstract", 14), ...body(8)],
    };
    const r = await judge([titlePage, { text: [] }, { text: [run("1 Introduction", 14), ...body(30)] }]);
    expect(r, r.detail).toMatchObject({ accept: true, verification: "title" });
  });

  it("a cover naming another work, then the work asked for: the article page is the evidence", async () => {
    const r = await judge([repositoryCover({ title: OTHER_TITLE, doi: OTHER_DOI, authors: "Kari Nordmann and Ola Hansen" }), articleOf(TITLE, DOI)]);
    expect(r, r.detail).toMatchObject({ accept: true, verification: "doi_on_page" });
  });

  it("a cover sheet alone (nothing after it to contradict it) is judged as before", async () => {
    const r = await judge([pureCover(asked)]);
    expect(r, r.detail).toMatchObject({ accept: true });
  });
});

describe("still refused: a short page before another paper that names the work without a cover's words", () => {
  it("a title page naming the work, then another paper's first page with its own DOI", async () => {
    const titlePage: PdfPageSpec = { text: [run(TITLE, 16), run(AUTHORS, 12), run("Department of Geography, University of Somewhere", 11)] };
    const r = await judge([titlePage, articleOf(OTHER_TITLE, OTHER_DOI, LAKES)]);
    expect(r, r.detail).toMatchObject({ accept: false, reason: "mismatch" });
  });
});

describe("a job that knows only the DOI: the title the cover sheet names stands in for the work's", () => {
  const onlyDoi: Expectation = { doi: DOI, title: null };

  it.each(covers)("%s, then the work's first page without its DOI: accepted", async (_, cover) => {
    const r = await judge([cover(asked), articleOf(TITLE, null)], onlyDoi);
    expect(r, r.detail).toMatchObject({ accept: true, verification: "doi_on_page" });
  });

  it.each(covers)("%s, then another paper's first page without a DOI: refused as a mismatch", async (_, cover) => {
    for (const exact of [false, true]) {
      const r = await judge([cover(asked), articleOf(OTHER_TITLE, null, LAKES)], onlyDoi, exact);
      expect(r, r.detail).toMatchObject({ accept: false, reason: "mismatch" });
    }
  });

  it("a cover, then another paper's first page with its own DOI: refused", async () => {
    const r = await judge([dspaceCover(asked), articleOf(OTHER_TITLE, OTHER_DOI, LAKES)], onlyDoi, true);
    expect(r, r.detail).toMatchObject({ accept: false, reason: "mismatch" });
  });
});

describe("found by splicing the corpus's real cover sheets before its other papers", () => {
  // REVTeX and AASTeX set the abstract without a heading; a magazine opens with a drop cap.
  const revtexFirstPage = (title: string, doi: string | null): PdfPageSpec => ({
    text: [
      run(title, 12),
      run("Kari Nordmann and Ola Hansen", 10),
      run("Institute of Limnology, University of Elsewhere", 9),
      run("(Dated: April 21, 2023)", 9),
      ...body(8, LAKES, 9),
      run("I. INTRODUCTION", 9),
      ...body(20, LAKES),
      ...(doi ? [run(`DOI: ${doi}`, 8)] : []),
    ],
  });

  it.each(covers)("%s, then another paper's first page without an 'Abstract' line: refused as a mismatch, from any source", async (_, cover) => {
    for (const exact of [false, true]) {
      const r = await judge([cover(asked), revtexFirstPage(OTHER_TITLE, null)], WORK, exact);
      expect(r, r.detail).toMatchObject({ accept: false, reason: "mismatch" });
    }
  });

  it("the work's own first page without an 'Abstract' line behind a cover: accepted", async () => {
    const r = await judge([dspaceCover(asked), revtexFirstPage(TITLE, null)]);
    expect(r, r.detail).toMatchObject({ accept: true, verification: "title" });
  });

  it("two hosts' covers (DSpace, then JSTOR's) over another paper: the second cover's phrases do not cancel the first's", async () => {
    // Seen splicing: JSTOR's "Stable URL" cancelled DSpace's "Citable Link" when phrases were compared by kind, not by line.
    for (const exact of [false, true]) {
      const r = await judge(
        [
          dspaceCover(asked),
          jstorCover({ title: OTHER_TITLE, doi: OTHER_DOI, authors: "Kari Nordmann and Ola Hansen" }),
          { text: [...revtexFirstPage(OTHER_TITLE, null).text!, ...JSTOR_STAMP] },
        ],
        WORK,
        exact,
      );
      expect(r, r.detail).toMatchObject({ accept: false });
    }
  });
});
