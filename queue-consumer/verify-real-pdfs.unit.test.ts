/**
 * Causes of false rejects found by running the verifier over 134 real scholarly PDFs of public test
 * suites (scripts/verify-corpus.ts, tests/fixtures/verify-corpus/manifest.json), each reproduced
 * with a generated PDF (tests/fakes/pdf-builder.ts) read by pdf.js as the Worker reads it. Every
 * case here was refused before its fix; the guards beside them must stay refused.
 */
import { describe, expect, it } from "vitest";
import { makePdf, type PdfPageSpec, type PdfRun } from "../tests/fakes/pdf-builder";
import { checkPdfText } from "./check-pdf";
import { extractLeadingText } from "./pdf-text";
import type { Expectation } from "./verify";

const body = (n: number, topic = "sediment transport, river discharge and snow cover in mountain basins") =>
  Array.from({ length: n }, (_, i) => `Line ${i + 1} of the text discusses ${topic} over the seasons.`);
const run = (text: string, size: number, x = 72, y?: number): PdfRun => (y === undefined ? { text, size, x } : { text, size, x, y });

async function judge(pages: PdfPageSpec[], expect: Expectation, exact = false) {
  return checkPdfText(makePdf({ pages }), expect, exact);
}

describe("accepted: real layouts that were refused", () => {
  it("a stamped footer in the page's stream does not run into the title drawn by the page's form (ACL Anthology)", async () => {
    // Seen on ACL/NAACL/EACL PDFs: "…Computational LinguisticsSparse Information Extraction:".
    const r = await judge(
      [
        {
          text: [run("Proceedings of the 52nd Annual Meeting, pages 11-21", 9, 72, 40), run("c 2014 Association for Computational Linguistics", 9, 72, 30)],
          form: [run("Deep residual learning", 17, 150, 700), "Kaiming He and Jian Sun", ...body(12)],
        },
      ],
      { doi: "10.9999/not-printed", title: "Deep residual learning" },
    );
    expect(r, r.detail).toMatchObject({ accept: true, verification: "title" });
  });

  it("a title line that pdf.js does not end (a text matrix far taller than wide, as dvips' bitmap fonts have) starts a new line when it starts back left", async () => {
    // Seen on an ISCA archive paper: "…BuildingSpeech-Enabled…", "CoursesManny Rayner".
    const raw = "BT /F1 1 Tf 1 0 0 120 72 700 Tm (Deep residual) Tj 1 0 0 120 72 686 Tm (learning) Tj 1 0 0 120 72 660 Tm (Kaiming He and Jian Sun) Tj ET";
    const r = await judge([{ text: [run("Microsoft Research", 11, 72, 640), ...body(12)], raw }], { doi: null, title: "Deep residual learning" });
    expect(r, r.detail).toMatchObject({ accept: true, verification: "title" });
  });

  it("slanted italic words (a skewed text matrix) keep their size: only rotated text is left out of the sizes", async () => {
    // Seen on a Springer page: a species name in the title, drawn with a skew, read as rotated (size 0),
    // so the title's lines were no larger than the body.
    const raw = "BT /F1 16 Tf 1 0 0.21 1 72 560 Tm (Alternaria alternata) Tj ET";
    const bytes = makePdf({
      pages: [{ text: [run("Structural analysis of a toxin gene cluster", 16, 72, 680), ...body(3).map((t, i) => run(t, 9.5, 72, 640 - 12 * i))], raw }],
    });
    const lines = (await extractLeadingText(bytes)).pages[0]!;
    expect(lines.find((l) => l.text === "Alternaria alternata")?.size).toBeGreaterThan(15);
  });

  it("an article's first page that lists its own sections below its abstract (amsart) is not a table of contents", async () => {
    // Seen on an arXiv paper: refused even from arXiv by id ("page 1 is a table of contents").
    const contents = [
      "1. Introduction 2",
      "2. Structural measures 3",
      "2.1. High-degree centrality 3",
      "2.2. Closeness centrality 4",
      "2.3. Betweenness centrality 4",
      "3. Our measure and its improvements 4",
      "3.1. Common seeds of seed sets 5",
      "4. Evaluation and experimental results 11",
      "5. Conclusions and future directions 16",
      "References 16",
    ];
    const page: PdfPageSpec = {
      text: [
        run("IMPROVING DETECTION OF INFLUENTIAL NODES IN COMPLEX", 10.9),
        run("NETWORKS", 10.9),
        run("AMIR SHEIKHAHMADI AND ARMAN SHOKROLLAHI", 9),
        run("Abstract. Recently an increasing amount of research is devoted to the question of how the most", 9),
        ...body(6).map((t) => run(t, 9)),
        run("Contents", 10),
        ...contents.map((t) => run(t, 10)),
      ],
    };
    const expect_: Expectation = { doi: null, title: "Improving detection of influential nodes in complex networks", arxiv: "1504.06236" };
    for (const exact of [false, true]) {
      const r = await judge([page], expect_, exact);
      expect(r, r.detail).toMatchObject({ accept: true, verification: "title" });
    }
  });

  it("a scan's OCR layer: the title among the first lines in the body's size, formula lines further down read larger", async () => {
    // Seen on a Z. Naturforsch. scan: one OCR line of 13 pt made the page "not one size".
    const formulas = ["(tanh^): -2 ^ ( 0 [ - 8 4 0 a / # 2", "- 2q^j (tf^(t) - 4 ^ / ^ 0 ( 0 ^ 2"].map((t) => run(t, 13.3));
    const r = await judge(
      [
        {
          text: [
            run("272", 8.2),
            run("Exact Solitary-wave Solutions for the General", 9.7),
            run("Fifth-order Shallow Water-wave Models", 9.7),
            run("Notes", 8.2),
            run("Woo-Pyo Hong and Young-Dae Jung", 9.7),
            ...body(10).map((t) => run(t, 9.7)),
            ...formulas,
            ...body(10).map((t) => run(t, 9.7)),
          ],
        },
      ],
      { doi: "10.9999/not-printed", title: "Exact Solitary-wave Solutions for the General Fifth-order Shallow Water-wave Models" },
    );
    expect(r, r.detail).toMatchObject({ accept: true, verification: "title" });
  });

  it("the heading is judged on its own when a sentence of the abstract runs all the title's words on beside 'Section 3'", async () => {
    // Seen on an EACL page: the abstract's run was the best one and its "Section 3" refused the page.
    const r = await judge(
      [
        {
          text: [
            run("L ONG E VAL: Guidelines for Human Evaluation of", 14.3),
            run("Faithfulness in Long-form Summarization", 14.3),
            run("Kalpesh Krishna and Kyle Lo", 12),
            run("Abstract", 12),
            run("We present LongEval, guidelines for human evaluation of faithfulness in long-form summarization (Section 3).", 10),
            ...body(12).map((t) => run(t, 10)),
          ],
        },
      ],
      { doi: "10.9999/not-printed", title: "LongEval: Guidelines for Human Evaluation of Faithfulness in Long-form Summarization" },
    );
    expect(r, r.detail).toMatchObject({ accept: true, verification: "title" });
  });
});

describe("a subtitle Crossref keeps apart from a short title", () => {
  // Springer's "Pandemic programming" (title) + "How COVID-19 affects …" (subtitle): a repository copy
  // printing both on the heading's line, without the DOI, had only a two-word title to show.
  const subtitle = "How COVID-19 affects software developers and how their organizations can help";
  const page = (...heading: string[]): PdfPageSpec[] => [
    { text: [...heading.map((h) => run(h, 16)), run("Paul Ralph and Sebastian Baltes", 11), ...body(14).map((t) => run(t, 10))] },
  ];

  it("the title and its subtitle printed as one heading are the work", async () => {
    const pages = page("Pandemic programming: How COVID-19 affects software developers", "and how their organizations can help");
    expect(await judge(pages, { doi: "10.1007/s10664-020-09875-y", title: "Pandemic programming", subtitle })).toMatchObject({
      accept: true,
      verification: "title",
    });
  });

  it("the same main title with another subtitle is not", async () => {
    const r = await judge(page("Pandemic programming: lessons from the maintainers", "of open-source compilers"), {
      doi: "10.1007/s10664-020-09875-y",
      title: "Pandemic programming",
      subtitle,
    });
    expect(r, r.detail).toMatchObject({ accept: false });
  });
});

describe("a title typed in TeX (arXiv's API), compared with the rendered page", () => {
  // Seen with arXiv titles of the corpus: "Ising on $\\mathbb{S}^2$ -- The Affine Conjecture" read
  // "mathbb" as a word and "2" as a number the page did not show apart ("S2").
  const page = (...heading: string[]): PdfPageSpec[] => [
    { text: [...heading.map((h) => run(h, 17.2)), run("Richard C. Brower and Rohan Misra", 11.2), ...body(12).map((t) => run(t, 10))] },
  ];

  it("is accepted: style commands keep their argument, symbols go, superscripts join their base", async () => {
    const r = await judge(page("Ising on S2 - The Affine Conjecture"), { doi: null, title: "Ising on $\\mathbb{S}^2$ -- The Affine Conjecture" });
    expect(r, r.detail).toMatchObject({ accept: true, verification: "title" });
    const sqrt = await judge(page("Measurement of W boson production in pp collisions", "at √s = 13 TeV with the ATLAS detector"), {
      doi: null,
      title: "Measurement of $W$ boson production in $pp$ collisions at $\\sqrt{s}=13$ TeV with the ATLAS detector",
    });
    expect(sqrt, sqrt.detail).toMatchObject({ accept: true, verification: "title" });
  });

  it("still needs every number: the 8 TeV measurement is not the 13 TeV one", async () => {
    const r = await judge(page("Measurement of W boson production in pp collisions", "at √s = 8 TeV with the ATLAS detector"), {
      doi: null,
      title: "Measurement of $W$ boson production in $pp$ collisions at $\\sqrt{s}=13$ TeV with the ATLAS detector",
    });
    expect(r, r.detail).toMatchObject({ accept: false });
  });
});

describe("a text layer that is not text (a font whose character map shifts every letter)", () => {
  // Seen on an ACL 2024 PDF: "Oqnbddchmfr ne sgd 51mc ïmmtXk Lddshmf…" for "Proceedings of the 62nd Annual Meeting…".
  const shift = (s: string) => s.replace(/[a-z]/gi, (c) => (c === "a" ? "z" : c === "A" ? "Z" : String.fromCharCode(c.charCodeAt(0) - 1)));
  const pages: PdfPageSpec[] = [{ text: [run(shift("Dolma: an open corpus of three trillion tokens"), 14.3), ...body(25).map((t) => run(shift(t), 10))] }];
  const expect_: Expectation = { doi: "10.9999/not-printed", title: "Dolma: an Open Corpus of Three Trillion Tokens for Language Model Pretraining Research" };

  it("is served like a scan from a source exact by construction, labelled unverified", async () => {
    expect(await judge(pages, expect_, true)).toMatchObject({ accept: true, verification: "unverified" });
  });

  it("is refused from any other location", async () => {
    expect(await judge(pages, expect_, false)).toMatchObject({ accept: false, reason: "no_text" });
  });
});

describe("guards beside the fixes: still refused", () => {
  it("a thesis's first page whose contents list, below its abstract, names a chapter titled as the work", async () => {
    const title = "Glacier retreat measured by drones in the Alps: a ten-year record";
    const page: PdfPageSpec = {
      text: [
        run("Mountain hydrology under climate change", 17),
        "A thesis submitted for the degree of Doctor of Philosophy",
        "Abstract",
        ...body(4),
        "Contents",
        "1 Introduction 1",
        `2 ${title} 17`,
        "3 Snow cover from satellites 41",
        "4 Flood frequency in alpine catchments 63",
        "5 Conclusions 90",
        "References 95",
      ],
    };
    const r = await judge([page], { doi: "10.1016/j.jhyd.2019.124012", title });
    expect(r, r.detail).toMatchObject({ accept: false });
  });

  it("a short title that is only a masthead's journal name in the body's size, above another work's heading", async () => {
    const r = await judge(
      [{ text: [run("Cancer Research", 9), run("Original Article", 9), run("Tumour growth in mice fed a high-fat diet", 17), ...body(12)] }],
      { doi: "10.9999/editorial-1", title: "Cancer research" },
    );
    expect(r, r.detail).toMatchObject({ accept: false });
  });

  it("another work's page whose first lines are set larger than a body-size line quoting the title", async () => {
    const title = "Glacier retreat measured by drones in the Alps: a ten-year record";
    const r = await judge([{ text: [run("Chapter 4. Glaciers as archives", 16), run(title, 11), ...body(12)] }], { doi: "10.1016/j.jhyd.2019.124012", title });
    expect(r, r.detail).toMatchObject({ accept: false });
  });
});
