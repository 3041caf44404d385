/**
 * Books, reports and standards: a job that says what the work is (`kind`) and knows its ISBNs or
 * report number. A book's cover, half-title and title pages are its own first pages (the title,
 * with its authors where known), its copyright page or back cover prints its ISBN as its own
 * (ISBN-10 and -13 are one number); a series page, an "also by" list, a review or a chapter's DOI
 * naming the book do not speak for it. Generated PDFs (tests/fakes/pdf-builder.ts) read by pdf.js
 * as the Worker reads them, from a location that is not exact by construction unless said.
 */
import { describe, expect, it } from "vitest";
import { makePdf, type PdfPageSpec, type PdfRun } from "../tests/fakes/pdf-builder";
import { checkPdfText } from "./check-pdf";
import type { Expectation } from "./verify";

const TITLE = "Signals and Systems";
const AUTHORS = ["Alan V. Oppenheim", "Alan S. Willsky"];
const ISBN13 = "978-0-13-814757-0";
const ISBN10 = "0138147574";

const prose = (n: number, topic = "signals, systems, convolution and the Fourier transform") =>
  Array.from({ length: n }, (_, i) => `Sentence ${i + 1} of this page explains ${topic} to the student.`);
const big = (text: string, size = 24): PdfRun => ({ text, size });
const page = (...text: (PdfRun | string)[]): PdfPageSpec => ({ text });
const blank: PdfPageSpec = { text: [] };
const judge = (pages: PdfPageSpec[], expect: Expectation, exact = false) => checkPdfText(makePdf({ pages }), expect, exact);
const book = (over: Partial<Expectation> = {}): Expectation => ({ doi: null, title: TITLE, kind: "book", authors: AUTHORS, isbn: [ISBN10], ...over });
const idsOnly = (over: Partial<Expectation> = {}): Expectation => ({ doi: null, title: null, kind: "book", isbn: [ISBN10], ...over });

const halfTitle = page(big(TITLE, 20));
const titlePage = page(
  big(TITLE, 26),
  "Second Edition",
  big("Alan V. Oppenheim", 14),
  big("Alan S. Willsky", 14),
  "with S. Hamid Nawab",
  "Prentice Hall, Upper Saddle River, New Jersey 07458",
);
const copyright = (isbn = `ISBN ${ISBN13}`) =>
  page(
    "Library of Congress Cataloging-in-Publication Data",
    "Oppenheim, Alan V.",
    "Signals and systems / Alan V. Oppenheim, Alan S. Willsky, with S. Hamid Nawab. -- 2nd ed.",
    "p. cm.",
    "Includes bibliographical references and index.",
    isbn,
    "1. System analysis. 2. Signal theory (Telecommunication) I. Willsky, Alan S.",
    "© 1997 by Prentice-Hall, Inc.",
    "All rights reserved.",
  );
const preface = page(big("Preface", 20), ...prose(30));

describe("a book's own first pages", () => {
  it.each<[string, PdfPageSpec[], Expectation, string]>([
    ["half-title, blank, title page, copyright page (title known)", [halfTitle, blank, titlePage, copyright(), preface], book(), "title"],
    ["the ISBN-13 on the copyright page, the record's ISBN-10 (identifier alone)", [blank, blank, titlePage, copyright()], idsOnly(), "doi_on_page"],
    [
      "the ISBN-10 on the copyright page, the record's ISBN-13",
      [titlePage, copyright(`ISBN 0-13-814757-4`)],
      idsOnly({ isbn: ["9780138147570"] }),
      "doi_on_page",
    ],
    [
      "'ISBN-13:' with spaces instead of hyphens, among the other formats' ISBNs",
      [
        titlePage,
        page(
          "Published by Prentice Hall",
          "ISBN-13: 978 0 13 814757 0 (hardcover)",
          "ISBN-13: 978-0-13-999999-9 (e-book)",
          "Printed in the United States of America",
        ),
      ],
      idsOnly(),
      "doi_on_page",
    ],
    [
      "a cover whose authors are set larger than a short title",
      [
        page(
          big("ALAN V. OPPENHEIM", 30),
          big("ALAN S. WILLSKY", 30),
          big("Signals and Systems", 24),
          "Second Edition",
          "PRENTICE HALL SIGNAL PROCESSING SERIES",
        ),
      ],
      book({ isbn: null }),
      "title",
    ],
    [
      "the title page on page 6 (cover image, blank, praise, blank, series page first)",
      [
        { image: true },
        blank,
        page(big("Praise for the first edition", 16), ...prose(8, "how Signals and Systems teaches the subject"), "— Professor of Electrical Engineering"),
        blank,
        page(big("Prentice Hall Signal Processing Series", 14), "Alan V. Oppenheim, Series Editor"),
        titlePage,
        copyright(),
      ],
      book({ isbn: null }),
      "title",
    ],
    [
      "a report's number printed with an em dash (NASA/TM—2014-216638)",
      [
        page(
          "Jeffryes W. Chapman",
          "Glenn Research Center, Cleveland, Ohio",
          big("Toolbox for the Modeling and Analysis", 24),
          big("of Thermodynamic Systems (T-MATS)", 24),
          big("User's Guide", 24),
          big("NASA/TM—2014-216638", 15),
          "January 2014",
        ),
      ],
      { doi: null, title: null, kind: "report", reportNumber: "NASA/TM-2014-216638" },
      "doi_on_page",
    ],
    [
      "an RFC's number as 'Request for Comments: 9110'",
      [
        page(
          "Internet Engineering Task Force (IETF) R. Fielding, Ed.",
          "Request for Comments: 9110 Adobe",
          "Obsoletes: 2818, 7230, 7231 M. Nottingham, Ed.",
          "Category: Standards Track",
          big("HTTP Semantics", 14),
          "Abstract",
          ...prose(10, "the semantics of the Hypertext Transfer Protocol"),
        ),
      ],
      { doi: null, title: null, kind: "standard", reportNumber: "RFC 9110" },
      "doi_on_page",
    ],
    [
      "a report number with its edition suffix (REDP-5110-00 for REDP-5110)",
      [page("International Technical Support Organization", "Row and Column Access Control Support in IBM DB2 for i", "November 2014", "REDP-5110-00")],
      { doi: null, title: null, kind: "report", reportNumber: "REDP-5110" },
      "doi_on_page",
    ],
    [
      "the number only on the back cover, a related report named in the text before it",
      [
        page(big("IBM Cloud Pak for Data on IBM Z", 30), "Jasmeet Bhatia"),
        blank,
        page(
          big("Executive overview", 24),
          ...prose(20, "data and AI on the mainframe"),
          "For the first rungs, see Become Data Driven with IBM Z Infused Data Fabric, REDP-5680.",
          ...prose(10, "fraud"),
        ),
        page(...prose(30, "clearing")),
        page(...prose(30, "retail crime")),
        page(...prose(30, "summary of the platform")),
        page(...prose(30, "trademarks")),
        page(...prose(30, "notices")),
        page("Back cover", "REDP-5695-00", "ISBN 0738461067"),
      ],
      { doi: null, title: null, kind: "report", reportNumber: "REDP-5695-00" },
      "doi_on_page",
    ],
    [
      "the ISBN only on the back cover (the last page)",
      [
        page(big("IBM Cloud Pak for Data on IBM Z", 30), "Jasmeet Bhatia", "Ravi Gummadi"),
        blank,
        page(big("Executive overview", 24), ...prose(30, "data and AI on the mainframe")),
        page(...prose(30, "fraud detection with machine learning")),
        page(...prose(30, "clearing and settlement")),
        page(...prose(30, "trustworthy AI")),
        page(...prose(30, "retail crime")),
        page(...prose(30, "summary of the platform")),
        page(...prose(30, "related publications")),
        page(...prose(30, "notices and trademarks")),
        page("Back cover", "IBM Cloud Pak for Data on IBM Z", "ISBN 0738461067", "REDP-5695-00"),
      ],
      { doi: null, title: null, kind: "report", isbn: ["9780738461069"] },
      "doi_on_page",
    ],
  ])("%s", async (_, pages, expect_, verification) => {
    const r = await judge(pages, expect_);
    expect(r, r.detail).toMatchObject({ accept: true, verification });
  });
});

describe("not the book: refused", () => {
  const otherTitlePage = page(big("Digital Filters and Their Design", 26), big("Hans W. Schüssler", 14), "Springer, Berlin");
  it.each<[string, PdfPageSpec[], Expectation]>([
    [
      "an 'Also by' page listing the title, then another book's title page",
      [
        page(
          "Also by Alan V. Oppenheim",
          "Signals and Systems",
          "Discrete-Time Signal Processing",
          "Digital Signal Processing",
          "Applications of Digital Signal Processing",
        ),
        otherTitlePage,
        page(...prose(30, "digital filters")),
      ],
      book({ title: "Discrete-Time Signal Processing", isbn: null }),
    ],
    [
      "a series page listing the title, then another book's title page",
      [
        page(
          big("Prentice Hall Signal Processing Series", 14),
          "Alan V. Oppenheim, Series Editor",
          "Titles in this series",
          "Discrete-Time Signal Processing",
          "Signals and Systems",
          "Multirate Digital Signal Processing",
        ),
        otherTitlePage,
        page(...prose(30, "digital filters")),
      ],
      book({ title: "Discrete-Time Signal Processing", isbn: null }),
    ],
    [
      "a book review printing the book's ISBN and title",
      [
        page(
          big("Book reviews", 14),
          `Signals and Systems. By Alan V. Oppenheim and Alan S. Willsky. Prentice Hall, 1997. 957 pp. $98.00. ISBN ${ISBN13}.`,
          ...prose(25, "the merits of the textbook under review"),
          "Reviewed by J. Critic, University of Somewhere",
        ),
      ],
      book(),
    ],
    [
      "a chapter whose DOI carries the book's ISBN (identifier alone)",
      [page(big("Chapter 3. Fourier Series Representation of Periodic Signals", 18), "https://doi.org/10.1007/978-0-13-814757-0_3", ...prose(30))],
      idsOnly(),
    ],
    [
      "a paper printing its proceedings' ISBN without a label (ACM style)",
      [
        page(
          big("Trace-based Just-in-Time Type Specialization for Dynamic Languages", 17),
          ...prose(25),
          "PLDI'09, June 15–20, 2009, Dublin, Ireland.",
          "Copyright © 2009 ACM 978-0-13-814757-0/09/06... $5.00",
        ),
      ],
      idsOnly(),
    ],
    [
      "the ISBN in a reference list",
      [
        page(
          big("Fourier methods for control", 18),
          ...prose(25),
          "References",
          `[1] A. V. Oppenheim, A. S. Willsky. Signals and Systems. Prentice Hall, 1997. ISBN ${ISBN13}.`,
        ),
      ],
      idsOnly(),
    ],
    [
      "a solutions manual's title page",
      [page(big("Solutions Manual for Signals and Systems", 24), big("Alan V. Oppenheim", 14), "Prentice Hall")],
      book({ isbn: null }),
    ],
    [
      "another report citing the number ('obsoletes RFC 7231')",
      [
        page(
          "Internet Engineering Task Force (IETF)",
          "Request for Comments: 9110",
          big("HTTP Semantics", 14),
          "This document obsoletes RFC 7231.",
          ...prose(10),
        ),
      ],
      { doi: null, title: null, kind: "standard", reportNumber: "RFC 7231" },
    ],
    [
      "a longer report number (RFC 9110 for RFC 911)",
      [page("Request for Comments: 9110", big("HTTP Semantics", 14), ...prose(10))],
      { doi: null, title: null, kind: "standard", reportNumber: "RFC 911" },
    ],
    [
      "another report's number in its running text",
      [page(big("Mesh deformation for aeroelastic codes", 20), ...prose(10), "As shown in NASA/TM-2014-216638, the toolbox handles engines.", ...prose(20))],
      { doi: null, title: null, kind: "report", reportNumber: "NASA/TM-2014-216638" },
    ],
  ])("%s", async (_, pages, expect_) => {
    const r = await judge(pages, expect_);
    expect(r, r.detail).toMatchObject({ accept: false });
  });

  it.each<[string, PdfPageSpec[], Expectation]>([
    [
      "another RFC's header (Request for Comments: 9110 for RFC 7231)",
      [page("Internet Engineering Task Force (IETF)", "Request for Comments: 9110", big("HTTP Semantics", 14), ...prose(20))],
      { doi: null, title: null, kind: "standard", reportNumber: "RFC 7231" },
    ],
    [
      "another NASA TM's cover",
      [
        page(
          big("July 2005", 15),
          big("NASA/TM-2005-213789", 15),
          big("Finite Macro-Element Mesh Deformation in a Structured Multi-Block Navier-Stokes Code", 24),
          "Robert E. Bartels",
        ),
      ],
      { doi: null, title: null, kind: "report", reportNumber: "NASA/TM-2014-216638" },
    ],
    [
      "another Redpaper: cover, blank, then its title page with REDP-5110-00, for REDP-5695",
      [
        page(big("Redpaper", 40), big("Row and Column Access Control Support in IBM DB2 for i", 43), "Jim Bainbridge"),
        blank,
        page("International Technical Support Organization", "Row and Column Access Control Support in IBM DB2 for i", "November 2014", "REDP-5110-00"),
        page(...prose(30, "row permissions")),
      ],
      { doi: null, title: null, kind: "report", reportNumber: "REDP-5695-00" },
    ],
    [
      "another Redguide whose number is only on its back cover",
      [
        page(big("IBM Cloud Pak for Data on IBM Z", 30), "Jasmeet Bhatia"),
        blank,
        page(big("Executive overview", 24), ...prose(30, "data and AI")),
        page(...prose(30, "fraud")),
        page(...prose(30, "clearing")),
        page(...prose(30, "retail crime")),
        page(...prose(30, "summary")),
        page(...prose(30, "notices")),
        page("Back cover", "REDP-5695-00", "ISBN 0738461067"),
      ],
      { doi: null, title: null, kind: "report", reportNumber: "REDP-5110-00" },
    ],
    [
      "an article printing its DOI, for a report known by its number",
      [page(big("Thermodynamic cycle models of jet engines", 18), "https://doi.org/10.2514/1.B35000", "Abstract", ...prose(30, "engine models"))],
      { doi: null, title: null, kind: "report", reportNumber: "NASA/TM-2014-216638" },
    ],
  ])("another work's identifier as the page's own, refused from every source: %s", async (_, pages, expect_) => {
    for (const exact of [false, true]) {
      const r = await judge(pages, expect_, exact);
      expect(r, `${exact ? "exact" : "any"}: ${r.detail}`).toMatchObject({ accept: false, reason: "mismatch" });
    }
  });

  it("still served from an exact source: a copyright page with the book's own DOI and another format's ISBN", async () => {
    const r = await judge(
      [
        titlePage,
        page(
          "© 2021 the authors. This work is licensed under CC BY 4.0.",
          "ISBN 978-0-13-999997-5 (e-book)",
          "https://doi.org/10.26530/oapen_1004321",
          "Printed in the Netherlands",
        ),
      ],
      idsOnly(),
      true,
    );
    expect(r, r.detail).toMatchObject({ accept: true, verification: "trusted_source" });
  });
});

describe("existing callers are unchanged", () => {
  it("an article job (no kind) still reads three pages only: a title on page 4 is not seen", async () => {
    const r = await judge([blank, blank, page(...prose(5)), page(big("A study of signals", 20), ...prose(10))], { doi: null, title: "A study of signals" });
    expect(r.accept, r.detail).toBe(false);
  });
});
