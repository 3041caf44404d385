import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { BookCard } from "../../../contract/books";
import type { GetPdfResult } from "../../../contract/getpdf";
import { BookCardView, isBookRequest } from "./book-card";
import { ProvenanceLine } from "./provenance-line";

afterEach(cleanup);

const card: BookCard = {
  kind: "book",
  title: "Signals & systems",
  subtitle: null,
  authors: ["Alan V. Oppenheim", "Alan S. Willsky"],
  editors: [],
  edition: "2nd ed.",
  year: 1997,
  publisher: "Prentice Hall",
  isbn: "9780138147570",
  isbns: ["9780138147570"],
  pages: 957,
  cover: null,
  doi: null,
  container: null,
  number: null,
  source: "Open Library",
};

describe("BookCardView", () => {
  it("shows the edition's facts, Persian digits for numbers, Latin text isolated, and its source", () => {
    render(<BookCardView book={card} />);
    const section = screen.getByRole("region", { name: "کتاب" });
    expect(screen.getByRole("heading").textContent).toBe("Signals & systems");
    expect(section.textContent).toContain("سال۱۹۹۷");
    expect(section.textContent).toContain("تعداد صفحات۹۵۷");
    expect(section.textContent).toContain("9780138147570");
    expect(section.textContent).toContain("2nd ed.");
    expect(section.textContent).toContain("مشخصات از Open Library");
    expect(section.querySelector("bdi[dir=ltr]")).not.toBeNull();
  });

  it("says the catalogue has this edition (with its price), or another edition, never one for the other", () => {
    const { rerender } = render(
      <BookCardView
        book={card}
        catalog={{
          id: 7,
          title: "Signals and Systems",
          edition: "2nd",
          year: 1997,
          isbn: "9780138147570",
          toman_price: 480000,
          free: false,
          same_edition: true,
        }}
      />,
    );
    expect(screen.getByText(/همین ویرایش در کاتالوگ/).textContent).toContain("۴۸۰٬۰۰۰ تومان");
    rerender(
      <BookCardView
        book={card}
        catalog={{
          id: 8,
          title: "Signals and Systems",
          edition: null,
          year: 1983,
          isbn: "9780138097318",
          toman_price: 300000,
          free: false,
          same_edition: false,
        }}
      />,
    );
    expect(screen.getByText(/ویرایش دیگری از این کتاب/).textContent).toContain("۱۹۸۳");
    expect(screen.queryByText(/همین ویرایش/)).toBeNull();
  });
});

describe("isBookRequest", () => {
  const base = {
    id: "x",
    status: "offline",
    download_link: null,
    ads1: null,
    ads2: null,
    msg: "",
    msg2: null,
    url: null,
    doi: null,
    desc: null,
    can_edit: true,
  } satisfies GetPdfResult;
  it("a book's not-found, or an ISBN's, is the book request; an article's is not", () => {
    expect(isBookRequest(base, card)).toBe(true);
    expect(isBookRequest({ ...base, url: "ISBN 9783161484100" }, null)).toBe(true);
    expect(isBookRequest({ ...base, url: "https://doi.org/10.1/x" }, null)).toBe(false);
    expect(isBookRequest({ ...base, status: "ok" }, card)).toBe(false);
    expect(isBookRequest(base, { ...card, kind: "chapter" })).toBe(false);
  });
});

describe("ProvenanceLine licence names", () => {
  it("names a Creative Commons licence given by its address, http or https", () => {
    const { rerender } = render(
      <ProvenanceLine
        provenance={{ verified: "title", version: "publishedVersion", license: "http://creativecommons.org/licenses/by/4.0/", host: "library.oapen.org" }}
      />,
    );
    expect(document.querySelector(".getpdf-provenance")!.textContent).toContain("CC BY 4.0");
    rerender(
      <ProvenanceLine
        provenance={{ verified: "title", version: null, license: "https://creativecommons.org/licenses/by-nc-nd/4.0/", host: "library.oapen.org" }}
      />,
    );
    expect(document.querySelector(".getpdf-provenance")!.textContent).toContain("CC BY NC ND 4.0");
  });
});
