import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nProvider } from "react-aria-components";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toPersianDigits } from "../../../lib/digits";
import { messages } from "../../lib/messages";
import { LAST_LIST_PAGE_SIZE, LastList } from "./last-list";
import { homeMessages as m } from "./messages";

let answers: { status: number; body: unknown }[];
let calls: string[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    calls.push(String(input));
    const a = answers.shift() ?? { status: 500, body: null };
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { "content-type": "application/json" } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderList(kind: "last_articles" | "last_offline_books") {
  const qc = new QueryClient();
  return render(
    <I18nProvider locale="fa-IR">
      <QueryClientProvider client={qc}>
        <LastList kind={kind} label="فهرست" />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    created_at: new Date(Date.UTC(2026, 10, 20, 8, i)).toISOString(),
    url: i % 2 ? `https://doi.org/10.1/${i}` : `A book title ${i}`,
    download_link: null,
  }));

describe("LastList (home tabs)", () => {
  it("shows date, link or title and a row number that continues across pages", async () => {
    answers = [{ status: 200, body: rows(13) }];
    renderList("last_offline_books");
    await waitFor(() => expect(screen.getByText("A book title 0")).toBeTruthy());
    expect(calls[0]).toBe("/last_offline_books");
    const rowCells = () => Array.from(document.querySelectorAll("tbody td.last-list__row-col")).map((td) => td.textContent);
    expect(rowCells()).toHaveLength(LAST_LIST_PAGE_SIZE);
    expect(rowCells()[0]).toBe(toPersianDigits(1));
    // A link is a link; a title is text.
    expect(screen.getByRole("link", { name: "https://doi.org/10.1/1" })).toBeTruthy();
    // The date column: Solar Hijri, Persian digits.
    expect(document.querySelector("tbody td.last-list__date-col")?.textContent).toBe("۱۴۰۵/۰۸/۲۹");
    fireEvent.click(screen.getByRole("button", { name: m.table.next }));
    await waitFor(() => expect(rowCells()[0]).toBe(toPersianDigits(LAST_LIST_PAGE_SIZE + 1)));
    expect(rowCells()).toHaveLength(3);
    // The row-number column is the one the stylesheet hides on extra-small screens.
    expect(document.querySelector("thead th.last-list__row-col")?.textContent).toBe(m.table.row);
  });

  it("on error shows the code and a retry button that loads the list again", async () => {
    answers = [
      { status: 503, body: null },
      { status: 200, body: rows(2) },
    ];
    renderList("last_articles");
    await waitFor(() => expect(screen.getByText(messages.errorCode(503))).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: messages.retry }));
    await waitFor(() => expect(screen.getByText("A book title 0")).toBeTruthy());
    expect(calls).toEqual(["/last_articles", "/last_articles"]);
  });

  it("says so when the list is empty", async () => {
    answers = [{ status: 200, body: [] }];
    renderList("last_articles");
    await waitFor(() => expect(screen.getByText(m.table.empty)).toBeTruthy());
  });
});
