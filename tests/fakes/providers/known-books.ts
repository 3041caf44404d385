/**
 * The books the fake Open Library and Crossref know beyond their recorded answers, built on the
 * recorded shapes (openlibrary/books_api_jscmd_data.json, crossref/work_single.json) with each
 * book's real bibliographic facts (titles, authors, publishers, years, ISBNs). Open Library's
 * edition and work keys below are made up for the fake (marked "OL…(fake)" nowhere else is needed:
 * tests only read them back).
 *
 *   Signals and Systems (Oppenheim, Willsky): 1st edition 1983 and 2nd edition 1997, one work
 *   Slow reading (Miedema, 2009): the recorded Books API entry, under all of its identifiers
 *   Optimising Emotions, Incubating Falsehoods (Bakir, McStay, 2022): an open-access book that
 *       Open Library does not know but Crossref does (a book DOI with its ISBN) and OAPEN serves;
 *       one of its chapters has its own DOI and a CC BY PDF at the publisher
 */
import { fixtureJson } from "./_shared";

export type KnownEdition = {
  olid: string;
  work: string;
  title: string;
  subtitle?: string;
  authors: string[];
  byStatement: string;
  publisher: string;
  publishDate: string;
  editionName: string | null;
  pages: number;
  isbn10: string[];
  isbn13: string[];
  oclc: string[];
  goodreads: string[];
  cover: number | null;
};

export const SIGNALS_2ND: KnownEdition = {
  olid: "OL9000001M",
  work: "/works/OL9000001W",
  title: "Signals & systems",
  authors: ["Alan V. Oppenheim", "Alan S. Willsky"],
  byStatement: "Alan V. Oppenheim, Alan S. Willsky, with S. Hamid Nawab.",
  publisher: "Prentice Hall",
  publishDate: "1997",
  editionName: "2nd ed.",
  pages: 957,
  isbn10: ["0138147574"],
  isbn13: ["9780138147570"],
  oclc: ["34878545"],
  goodreads: ["199387"],
  cover: 9000001,
};

export const SIGNALS_1ST: KnownEdition = {
  olid: "OL9000002M",
  work: "/works/OL9000001W",
  title: "Signals and systems",
  authors: ["Alan V. Oppenheim", "Alan S. Willsky"],
  byStatement: "Alan V. Oppenheim, Alan S. Willsky, with Ian T. Young.",
  publisher: "Prentice-Hall",
  publishDate: "1983",
  editionName: null,
  pages: 796,
  isbn10: ["0138097313"],
  isbn13: ["9780138097318"],
  oclc: ["8590405"],
  goodreads: [],
  cover: null,
};

/** The recorded Books API entry, as a known edition (its keys as recorded). */
export function slowReading(): KnownEdition {
  const e = fixtureJson("openlibrary/books_api_jscmd_data.json")["ISBN:9780980200447"];
  return {
    olid: "OL22853304M",
    work: "/works/OL9000003W",
    title: e.title,
    authors: e.authors.map((a: { name: string }) => a.name),
    byStatement: e.by_statement,
    publisher: e.publishers[0].name,
    publishDate: e.publish_date,
    editionName: null,
    pages: e.number_of_pages,
    isbn10: e.identifiers.isbn_10,
    isbn13: e.identifiers.isbn_13,
    oclc: e.identifiers.oclc,
    goodreads: e.identifiers.goodreads,
    cover: 5546156,
  };
}

export const knownEditions = (): KnownEdition[] => [SIGNALS_2ND, SIGNALS_1ST, slowReading()];

/** The Books API entry for an edition (the recorded one verbatim; the others in its shape). */
export function booksApiEntry(e: KnownEdition): Record<string, unknown> {
  if (e.olid === "OL22853304M") return fixtureJson("openlibrary/books_api_jscmd_data.json")["ISBN:9780980200447"];
  return {
    publishers: [{ name: e.publisher }],
    identifiers: { openlibrary: [e.olid], isbn_10: e.isbn10, isbn_13: e.isbn13, oclc: e.oclc, ...(e.goodreads.length ? { goodreads: e.goodreads } : {}) },
    title: e.title,
    url: `https://openlibrary.org/books/${e.olid}/${e.title.replace(/\W+/g, "_")}`,
    number_of_pages: e.pages,
    ...(e.cover
      ? {
          cover: {
            small: `https://covers.openlibrary.org/b/id/${e.cover}-S.jpg`,
            medium: `https://covers.openlibrary.org/b/id/${e.cover}-M.jpg`,
            large: `https://covers.openlibrary.org/b/id/${e.cover}-L.jpg`,
          },
        }
      : {}),
    publish_date: e.publishDate,
    key: `/books/${e.olid}`,
    authors: e.authors.map((name) => ({ url: `https://openlibrary.org/authors/OL9000001A/${name.replace(/\W+/g, "_")}`, name })),
    by_statement: e.byStatement,
  };
}

/** The editions.json entry of an edition (Open Library's edition record shape). */
export function editionRecord(e: KnownEdition): Record<string, unknown> {
  return {
    key: `/books/${e.olid}`,
    title: e.title,
    authors: [{ key: "/authors/OL9000001A" }],
    works: [{ key: e.work }],
    publishers: [e.publisher],
    publish_date: e.publishDate,
    ...(e.editionName ? { edition_name: e.editionName } : {}),
    number_of_pages: e.pages,
    isbn_10: e.isbn10,
    isbn_13: e.isbn13,
    ...(e.cover ? { covers: [e.cover] } : {}),
    by_statement: e.byStatement,
    type: { key: "/type/edition" },
  };
}

/** The Open Library search doc of a work (the fields the client asks for). */
export function workDoc(editions: KnownEdition[]): Record<string, unknown> {
  const first = editions.reduce((a, b) => (Number(a.publishDate.slice(-4)) <= Number(b.publishDate.slice(-4)) ? a : b));
  return {
    key: first.work,
    title: editions.length > 1 ? "Signals and systems" : first.title,
    author_name: first.authors,
    first_publish_year: Number(first.publishDate.slice(-4)),
    isbn: editions.flatMap((e) => [...e.isbn13, ...e.isbn10]),
    cover_edition_key: editions.find((e) => e.cover)?.olid,
    edition_count: editions.length,
    ebook_access: "no_ebook",
    language: ["eng"],
    publisher: [...new Set(editions.map((e) => e.publisher))],
    ...(editions.find((e) => e.cover) ? { cover_i: editions.find((e) => e.cover)!.cover } : {}),
  };
}

// ------------------------------------------------------------------------------- Crossref books

export const OA_BOOK_DOI = "10.1007/978-3-031-13551-4";
export const OA_CHAPTER_DOI = "10.1007/978-3-031-13551-4_3";
export const OA_BOOK_ISBNS = ["9783031135507", "9783031135514"];

/** The Crossref record of the open-access book, or of its chapter, on work_single.json's shape. */
export function crossrefBookWork(doi: string): Record<string, unknown> | null {
  const d = doi.toLowerCase();
  if (d !== OA_BOOK_DOI && d !== OA_CHAPTER_DOI) return null;
  const base = fixtureJson("crossref/work_single.json").message as Record<string, unknown>;
  const chapter = d === OA_CHAPTER_DOI;
  const authors = [
    { given: "Vian", family: "Bakir", sequence: "first", affiliation: [] },
    { given: "Andrew", family: "McStay", sequence: "additional", affiliation: [] },
  ];
  const work: Record<string, unknown> = {
    ...base,
    DOI: chapter ? OA_CHAPTER_DOI : OA_BOOK_DOI,
    URL: `https://doi.org/${chapter ? OA_CHAPTER_DOI : OA_BOOK_DOI}`,
    type: chapter ? "book-chapter" : "monograph",
    title: [chapter ? "Fake News and the Economy of Emotions" : "Optimising Emotions, Incubating Falsehoods"],
    subtitle: chapter ? [] : ["How to Protect the Global Civic Body from Disinformation and Misinformation"],
    "container-title": chapter ? ["Optimising Emotions, Incubating Falsehoods"] : [],
    publisher: "Springer International Publishing",
    ISBN: OA_BOOK_ISBNS,
    "isbn-type": [
      { type: "print", value: "9783031135507" },
      { type: "electronic", value: "9783031135514" },
    ],
    author: authors,
    issued: { "date-parts": [[2022]] },
    published: { "date-parts": [[2022]] },
    license: [{ URL: "https://creativecommons.org/licenses/by/4.0", start: { "date-parts": [[2022, 10, 1]] }, "delay-in-days": 0, "content-version": "vor" }],
    link: chapter
      ? [
          {
            URL: `https://oa.publisher.test/pdf/${OA_CHAPTER_DOI}.pdf`,
            "content-type": "application/pdf",
            "content-version": "vor",
            "intended-application": "text-mining",
          },
          {
            URL: `https://oa.publisher.test/pdf/${OA_CHAPTER_DOI}.pdf`,
            "content-type": "application/pdf",
            "content-version": "vor",
            "intended-application": "similarity-checking",
          },
        ]
      : [],
    page: chapter ? "49-71" : undefined,
    volume: undefined,
    issue: undefined,
    ISSN: undefined,
    "issn-type": undefined,
    "update-to": undefined,
    "updated-by": undefined,
    relation: {},
  };
  for (const k of Object.keys(work)) if (work[k] === undefined) delete work[k];
  return work;
}
