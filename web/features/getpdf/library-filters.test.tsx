/**
 * /profile/booksAndArticles as a library: the search, the status and notices filters ask the server
 * (page 1 again), and the export links carry the same filter.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, json } from "../../lib/test-fetch";
import { getpdfUi } from "./messages";
import BooksAndArticles from "./pages/books-and-articles";

const t = getpdfUi.page;
const { calls, answers } = fakeApi();
const page = (data: unknown[]) => json({ current_page: 1, total_results: data.length, total_pages: 1, data });
const row = {
  id: "dl1",
  created_at: "2026-11-20T08:00:00.000Z",
  status: "ok",
  url: null,
  doi: "10.1038/nature14539",
  title: "Deep learning",
  source: "unpaywall",
  license: null,
  notices: [],
  download_link: null,
};

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <BooksAndArticles />
    </QueryClientProvider>,
  );
}

describe("the library's filters", () => {
  it("search words, notices only, and export links with the same filter", async () => {
    answers["/profile/downloads?page=1"] = () => page([row]);
    answers["/profile/downloads?page=1&q=deep%20learning"] = () => page([row]);
    answers["/profile/downloads?page=1&q=deep%20learning&notices=true"] = () => page([]);
    answers["/library/notices"] = () => json({ enabled: true, notices: [] });
    renderPage();
    expect(await screen.findByText("Deep learning")).toBeTruthy();

    fireEvent.change(screen.getByRole("textbox", { name: t.search }), { target: { value: " deep learning " } });
    fireEvent.click(screen.getByRole("button", { name: t.searchButton }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain("/profile/downloads?page=1&q=deep%20learning"));

    fireEvent.click(screen.getByRole("checkbox", { name: t.withNotices }));
    expect(await screen.findByText(t.noneFound)).toBeTruthy();
    const ris = screen.getByRole("link", { name: "RIS" });
    expect(ris.getAttribute("href")).toBe("/profile/downloads/export?q=deep+learning&notices=1&format=ris");
  });
});
