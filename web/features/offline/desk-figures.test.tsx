/**
 * The desk's hours and list-prices forms (admins): each shows the saved figures in Persian digits,
 * sends the whole form when save is pressed, says so, and then shows what the server saved; a 422
 * marks the field with the server's message.
 */
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatNumber } from "../../../lib/format";
import { fakeApi, json } from "../../lib/test-fetch";
import { Providers, testPageData, testUser } from "../../lib/test-render";
import { DeskFigures } from "./desk-figures";
import type { Notice } from "./desk-notice";
import { offlineUi } from "./messages";

const t = offlineUi.desk;
const { calls, answers } = fakeApi();
const admin = testPageData({ isGuest: false, isAdmin: true, userInfo: testUser({ id: "usr_admin", admin: 1 }) });

function renderFigures() {
  const notices: Notice[] = [];
  answers["/admin/offline/hours"] = () => json({ answer_standard: 12, deliver_book: 48, deliver_standard: 24, deliver_article: 6 });
  answers["/admin/offline/prices"] = () => json({ book: 150_000, standard: null, solution: null });
  answers["/admin/offline/alert_prefs"] = () => json({ email_new_requests: false, email_payments: true });
  render(
    <Providers pageData={admin}>
      <DeskFigures group={null} isAdmin onNotice={(n) => notices.push(n)} />
    </Providers>,
  );
  return notices;
}

const posts = (path: string) => calls.filter((c) => c.path === path && c.body !== undefined).map((c) => c.body);

describe("DeskFigures: hours", () => {
  it("sends every hour when save is pressed, says so, and shows the saved hours", async () => {
    const notices = renderFigures();
    const form = await screen.findByRole("form", { name: t.hours });
    const book = within(form).getByLabelText(t.hoursDeliverBook) as HTMLInputElement;
    expect(book.value).toBe(formatNumber(48));
    fireEvent.change(book, { target: { value: "36" } });
    answers["/admin/offline/hours"] = () => json({ answer_standard: 12, deliver_book: 36, deliver_standard: 24, deliver_article: 6 });
    fireEvent.click(within(form).getByRole("button", { name: t.hoursSave }));
    await waitFor(() => expect(notices).toEqual([{ kind: "success", text: t.hoursSaved }]));
    expect(posts("/admin/offline/hours")).toEqual([
      { answer_standard: formatNumber(12), deliver_book: "36", deliver_standard: formatNumber(24), deliver_article: formatNumber(6) },
    ]);
    await waitFor(() => expect(book.value).toBe(formatNumber(36)));
  });

  it("marks the field the server refused with its message and says the error", async () => {
    const notices = renderFigures();
    const form = await screen.findByRole("form", { name: t.hours });
    const article = within(form).getByLabelText(t.hoursDeliverArticle) as HTMLInputElement;
    fireEvent.change(article, { target: { value: "0" } });
    answers["/admin/offline/hours"] = () => json({ message: "invalid", errors: { deliver_article: ["دست‌کم ۱ ساعت."] } }, 422);
    fireEvent.click(within(form).getByRole("button", { name: t.hoursSave }));
    await waitFor(() => expect(notices).toEqual([{ kind: "error", text: "دست‌کم ۱ ساعت." }]));
    expect(within(form).getByText("دست‌کم ۱ ساعت.")).toBeTruthy();
    expect(article.getAttribute("aria-invalid")).toBe("true");
    expect(article.value).toBe("0");
  });
});

describe("DeskFigures: list prices", () => {
  it("sends every price (blank for none) when save is pressed, says so, and shows the saved prices", async () => {
    const notices = renderFigures();
    const form = await screen.findByRole("form", { name: t.listPrices });
    const book = within(form).getByLabelText(t.listPriceBook) as HTMLInputElement;
    const standard = within(form).getByLabelText(t.listPriceStandard) as HTMLInputElement;
    expect(book.value).toBe(formatNumber(150_000));
    expect(standard.value).toBe("");
    fireEvent.change(standard, { target: { value: "90000" } });
    answers["/admin/offline/prices"] = () => json({ book: 150_000, standard: 90_000, solution: null });
    fireEvent.click(within(form).getByRole("button", { name: t.pricesSave }));
    await waitFor(() => expect(notices).toEqual([{ kind: "success", text: t.pricesSaved }]));
    expect(posts("/admin/offline/prices")).toEqual([{ book: formatNumber(150_000), standard: "90000", solution: "" }]);
    await waitFor(() => expect(standard.value).toBe(formatNumber(90_000)));
    expect((within(form).getByLabelText(t.listPriceSolution) as HTMLInputElement).value).toBe("");
  });
});
