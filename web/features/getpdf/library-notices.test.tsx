/**
 * The library's notices section: lists what the watcher found with Persian titles and Jalali dates,
 * and the switch posts the user's choice and shows the answer.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, json } from "../../lib/test-fetch";
import { getpdfUi } from "./messages";
import { LibraryNotices, libraryNoticesUi as t } from "./library-notices";

const { calls, answers } = fakeApi();

function renderNotices() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <LibraryNotices />
    </QueryClientProvider>,
  );
}

const retraction = {
  doi: "10.1016/s0140-6736(97)11096-0",
  notice_doi: "10.1016/s0140-6736(10)60175-4",
  kind: "retraction",
  text: "Retraction",
  title: "Ileal-lymphoid-nodular hyperplasia…",
  created_at: "2026-11-20T08:00:00.000Z",
};

describe("LibraryNotices", () => {
  it("lists each notice with its Persian title, the paper and the notice's Jalali date", async () => {
    answers["/library/notices"] = () => json({ enabled: true, notices: [retraction] });
    renderNotices();
    expect(await screen.findByText(getpdfUi.notices.titles["retraction"]!)).toBeTruthy();
    expect(screen.getByText(retraction.title)).toBeTruthy();
    expect(screen.getByText(/۱۴۰۵\/۰۸\/۲۹/)).toBeTruthy();
    expect(screen.getByRole("link", { name: t.notice }).getAttribute("href")).toBe("https://doi.org/10.1016/s0140-6736(10)60175-4");
    expect((screen.getByRole("checkbox", { name: t.switchLabel }) as HTMLInputElement).checked).toBe(true);
  });

  it("switching off posts enabled=false and shows the fresh state", async () => {
    answers["/library/notices"] = () => json({ enabled: true, notices: [] });
    answers["/library/notices/settings"] = () => json({ enabled: false, notices: [] });
    renderNotices();
    expect(await screen.findByText(t.none)).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: t.switchLabel }));
    await waitFor(() => expect(calls.find((c) => c.path === "/library/notices/settings")?.body).toEqual({ enabled: false }));
    await waitFor(() => expect((screen.getByRole("checkbox", { name: t.switchLabel }) as HTMLInputElement).checked).toBe(false));
  });
});
