/**
 * A book wherever it is pasted (issue: books, reports and standards for real): every book form
 * reaches its edition's metadata (Open Library's Books API and search, Crossref for book and
 * chapter DOIs, through the fake upstream speaking their formats), then the catalogue's item for
 * that edition, a lawful open copy (OAPEN by ISBN, fetched, verified and stored), or the book
 * request prefilled with the edition and the 12-hour promise.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { IdentifyAnswer } from "../../contract/identify";
import type { GetPdfResult } from "../../contract/getpdf";
import { newClient } from "./auth-helpers";
import { Client } from "./helpers";
import { download, hitsFor, isPdf, start, waitForResult } from "./getpdf-helpers";

const SIGNALS_2ND = "9780138147570";
const SIGNALS_1ST = "9780138097318";
const SLOW_READING = "9780980200447";
const OA_BOOK = "9783031135514";

let catalogueId = 0;
beforeAll(async () => {
  // The operator sells the 2nd edition of Signals and Systems (hyphenated, as seeds store ISBNs).
  const row = await env.DB.prepare(
    "INSERT INTO catalog_items (type, title, authors, year, publisher, isbn, edition, language, free, links, toman_price, keywords, external_id, created_at) VALUES (0, 'Signals and Systems', 'Alan V. Oppenheim, Alan S. Willsky', 1997, 'Prentice Hall', '978-0-13-814757-0', '2nd', 'English', 0, '[]', 480000, 'signal processing', 'books-test-signals', ?) RETURNING id",
  )
    .bind(Date.now())
    .first<{ id: number }>();
  catalogueId = row!.id;
});

async function identifyOf(input: string) {
  const res = await new Client().get(`/identify?input=${encodeURIComponent(input)}`);
  expect(res.status).toBe(200);
  return IdentifyAnswer.parse(await res.json());
}

async function startBook(input: string): Promise<{ first: GetPdfResult; final: GetPdfResult }> {
  const c = newClient();
  const first = await start(c, input);
  return { first, final: await waitForResult(c, first, 30_000) };
}

describe("a book is recognised wherever it is pasted (GET /identify)", () => {
  it.each([
    ["978-0-13-814757-4", SIGNALS_2ND], // 978 put before the ISBN-10, its check digit kept
    ["9780138147570", SIGNALS_2ND],
    ["ISBN 0138147574", SIGNALS_2ND],
    ["ISBN: 978-0-13-809731-8", SIGNALS_1ST],
    ["۹۷۸۰۹۸۰۲۰۰۴۴۷", SLOW_READING],
    ["٩٧٨-٠-٩٨٠٢٠٠-٤٤-٧", SLOW_READING],
    ["10.978.0980200/447", SLOW_READING],
    ["https://www.amazon.com/Signals-Systems-2nd-Alan-Oppenheim/dp/0138147574", SIGNALS_2ND],
    ["https://books.google.com/books?id=4LQU1YwhY6kC&vid=ISBN9780980200447", SLOW_READING],
    ["https://openlibrary.org/isbn/9780138147570", SIGNALS_2ND],
    ["https://www.goodreads.com/book/isbn/0138147574", SIGNALS_2ND],
  ])("%s -> kind isbn %s, book", async (input, isbn) => {
    expect(await identifyOf(input)).toMatchObject({ isbn, book: true });
  });

  it("catalogue links without an ISBN, and a book reference, are books too; an article DOI is not", async () => {
    for (const input of [
      "https://openlibrary.org/books/OL22853304M/Slow_reading",
      "https://www.worldcat.org/title/slow-reading/oclc/297222669",
      "https://www.goodreads.com/book/show/6383507-slow-reading",
      "Oppenheim, A. V., Willsky, A. S. Signals and Systems, 2nd ed., Prentice Hall, 1997.",
    ]) {
      expect((await identifyOf(input)).book, input).toBe(true);
    }
    expect((await identifyOf("10.1371/journal.pone.0033693")).book).toBe(false);
    expect((await identifyOf("Global warming impacts on coral reefs")).book).toBe(false);
  });
});

describe("the catalogue's edition first (edition-aware)", () => {
  it.each([
    "978-0-13-814757-4",
    "ISBN 0138147574",
    "https://www.amazon.com/Signals-Systems-2nd-Alan-Oppenheim/dp/0138147574",
    "Oppenheim, A. V., Willsky, A. S. Signals and Systems, 2nd ed., Prentice Hall, 1997.",
  ])("%s -> the 2nd edition's card and the catalogue's item to buy, at once", async (input) => {
    const r = await start(newClient(), input);
    expect(r.status).toBe("buy");
    expect(r.book).toMatchObject({
      title: "Signals & systems",
      authors: ["Alan V. Oppenheim", "Alan S. Willsky"],
      year: 1997,
      publisher: "Prentice Hall",
      isbn: SIGNALS_2ND,
      pages: 957,
      source: "Open Library",
    });
    expect(r.book!.cover).toMatch(/^https:\/\/covers\.openlibrary\.org\/b\//);
    expect(r.catalog).toMatchObject({ id: catalogueId, same_edition: true, toman_price: 480000, free: false });
    expect(r.url).toBe(`ISBN ${SIGNALS_2ND}`);
  });

  it("the 1st edition is not sold as the 2nd: another edition is offered as such, and the book request is prefilled with the 1st", async () => {
    const { first, final } = await startBook("ISBN: 978-0-13-809731-8");
    expect(first.book).toMatchObject({ title: "Signals and systems", year: 1983, isbn: SIGNALS_1ST });
    expect(first.catalog).toMatchObject({ id: catalogueId, same_edition: false });
    expect(final.status).toBe("offline");
    expect(final.url).toBe(`ISBN ${SIGNALS_1ST}`);
    expect(final.desc).toContain("Signals and systems");
    expect(final.desc).toContain("1983");
    expect(final.msg).toContain("۱۲ ساعت");
    expect(final.can_edit).toBe(true);
  });
});

describe("the prefilled book request", () => {
  it.each([
    ["۹۷۸۰۹۸۰۲۰۰۴۴۷"],
    ["10.978.0980200/447"],
    ["https://books.google.com/books?id=4LQU1YwhY6kC&vid=ISBN9780980200447"],
    ["https://openlibrary.org/books/OL22853304M/Slow_reading"],
    ["https://www.worldcat.org/title/slow-reading/oclc/297222669"],
    ["https://www.goodreads.com/book/show/6383507-slow-reading"],
  ])("%s -> Slow reading's edition, then the book request with its ISBN, title, author, publisher and year", async (input) => {
    const { first, final } = await startBook(input);
    expect(first.book).toMatchObject({
      title: "Slow reading",
      authors: ["John Miedema"],
      publisher: "Litwin Books",
      year: 2009,
      pages: 92,
      cover: "https://covers.openlibrary.org/b/id/5546156-M.jpg",
    });
    expect(first.book!.isbns).toContain(SLOW_READING);
    expect(final.status).toBe("offline");
    expect(final.book?.title).toBe("Slow reading");
    expect(final.url).toMatch(/^ISBN 978/);
    expect(final.desc).toBe(`Slow reading — John Miedema — Litwin Books — 2009 — ISBN ${final.url!.slice(5)}`);
    expect(final.msg).toContain("۱۲ ساعت");
  });

  it("an ISBN that nothing knows still gets a book request with the ISBN filled in", async () => {
    const { first, final } = await startBook("978-3-16-148410-0");
    expect(first.book ?? null).toBeNull();
    expect(final).toMatchObject({ status: "offline", url: "ISBN 9783161484100", can_edit: true });
    expect(final.msg).toContain("شابک");
  });

  it("a shop link that names no ISBN and no catalogue record: the book request with the link itself", async () => {
    const r = await start(newClient(), "https://books.google.com/books?id=zzzzzzzzzzzz");
    expect(r).toMatchObject({ status: "offline", url: "https://books.google.com/books?id=zzzzzzzzzzzz", can_edit: true });
  });
});

describe("lawful open copies", () => {
  it("an open-access book's ISBN: Crossref knows the edition, OAPEN lists the ISBN, the PDF is fetched, verified, stored and served from our origin", async () => {
    const c = newClient();
    const first = await start(c, "978-3-031-13551-4");
    expect(first.book).toMatchObject({
      title: "Optimising Emotions, Incubating Falsehoods",
      source: "Crossref",
      doi: "10.1007/978-3-031-13551-4",
      isbn: OA_BOOK,
    });
    const r = await waitForResult(c, first, 30_000);
    expect(r.status).toBe("ok");
    expect(r.msg2).toContain("OAPEN");
    expect(r.provenance).toMatchObject({ license: "http://creativecommons.org/licenses/by/4.0/", host: "library.oapen.org" });
    expect(r.provenance!.verified).not.toBeNull();
    expect(r.download_link).toMatch(/^\/files\//);
    const file = await download(c, r.download_link!);
    expect(file.status).toBe(200);
    expect(isPdf(await file.arrayBuffer())).toBe(true);
    expect(await hitsFor("oapen", "file:20.500.12657/60780")).toBeGreaterThan(0);
  });

  it("a book DOI: the book's card from Crossref, then the same open copy", async () => {
    const c = newClient();
    const r = await waitForResult(c, await start(c, "https://doi.org/10.1007/978-3-031-13551-4"), 30_000);
    expect(r.status).toBe("ok");
    expect(r.book).toMatchObject({ kind: "book", title: "Optimising Emotions, Incubating Falsehoods", isbns: ["9783031135507", OA_BOOK] });
    expect(r.msg2).toContain("OAPEN");
  });

  it("a chapter DOI with an open copy is served like an article (the publisher's CC BY PDF), carrying the chapter's card", async () => {
    const c = newClient();
    const r = await waitForResult(c, await start(c, "10.1007/978-3-031-13551-4_3"), 30_000);
    expect(r.status).toBe("ok");
    expect(r.book).toMatchObject({ kind: "chapter", container: "Optimising Emotions, Incubating Falsehoods" });
    expect(r.provenance?.host).toBe("oa.publisher.test");
  });
});
