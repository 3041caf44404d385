import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, type AnyRouter } from "@tanstack/react-router";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nProvider } from "react-aria-components";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { offlineMessages } from "../../../contract/offline";
import type { PageData } from "../../../contract/page-data";
import type { UserInfo } from "../../../contract/user-info";
import { emptyPageData } from "../../lib/page-data";
import { PageDataProvider } from "../../lib/page-data-context";
import { UiStateProvider, type OfflineRequestPrefill } from "../../lib/ui-state";
import { testUser, AppStateProbe, appState } from "../../lib/test-render";
import { fakeApi, json } from "../../lib/test-fetch";
import { offlineUi } from "./messages";
import { OfflineDialogs } from "./offline-request-dialog";

const t = offlineUi.dialog;

const user: UserInfo = testUser({ id: "usr_1", name: "کاربر", email: "a@b.c", mobile: "09121234567", offline_article_credit: 3 });

const { calls, answers } = fakeApi();

let router: AnyRouter;
function renderDialog(data: Partial<PageData> = { userInfo: user }) {
  const root = createRootRoute({
    component: () => (
      <>
        <AppStateProbe />
        <Outlet />
        <OfflineDialogs />
      </>
    ),
  });
  const pages = ["/", "/profile/offlineBooksStandards", "/profile/offilneArticles"].map((path) =>
    createRoute({ getParentRoute: () => root, path, component: () => <p>{path}</p> }),
  );
  router = createRouter({ routeTree: root.addChildren(pages), history: createMemoryHistory({ initialEntries: ["/"] }) });
  const initial: PageData = { ...emptyPageData, ...data, isGuest: !data.userInfo };
  return render(
    <I18nProvider locale="fa-IR">
      <QueryClientProvider client={new QueryClient()}>
        <PageDataProvider initial={initial}>
          <UiStateProvider>
            <RouterProvider router={router} />
          </UiStateProvider>
        </PageDataProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

async function open(prefill: OfflineRequestPrefill) {
  await waitFor(() => expect(appState.ui).toBeTruthy());
  act(() => appState.ui.openOfflineRequest(prefill));
  return screen.findByRole("dialog");
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
const ok =
  (id = "off_1", duplicate = false) =>
  () =>
    json({ status: "ok", id, can_edit: true, duplicate });

describe("OfflineRequestDialog", () => {
  it("is 600 wide, offers the type choice, keeps submit disabled until a link or title is entered, and posts the book call", async () => {
    answers["/insert/offline_book"] = ok();
    renderDialog();
    const dialog = await open({});
    expect((dialog.closest(".ui-modal") as HTMLElement).style.getPropertyValue("--dialog-width")).toBe("600px");
    expect(screen.getByRole("radiogroup", { name: t.type })).toBeTruthy();
    expect(button(t.submit).hasAttribute("disabled")).toBe(true);
    fireEvent.change(field(t.url), { target: { value: "Introduction to Algorithms" } });
    fireEvent.change(field(t.more), { target: { value: "ویرایش چهارم" } });
    expect(button(t.submit).hasAttribute("disabled")).toBe(false);
    fireEvent.click(button(t.submit));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ path: "/insert/offline_book", body: { url: "Introduction to Algorithms", more: "ویرایش چهارم", type: "book" } });
    // Success goes to the books and standards page and closes the dialog.
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile/offlineBooksStandards"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("sends articles to /insert/offline_article and then to /profile/offilneArticles", async () => {
    answers["/insert/offline_article"] = ok();
    renderDialog();
    await open({ kind: "article", url: "10.1038/nature12373" });
    expect(screen.getByText(t.articleCredit(3))).toBeTruthy();
    fireEvent.click(button(t.submit));
    await waitFor(() => expect(calls[0]).toEqual({ path: "/insert/offline_article", body: { url: "10.1038/nature12373" } }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile/offilneArticles"));
  });

  it("switches to standard with the type choice and sends type standard", async () => {
    answers["/insert/offline_book"] = ok();
    renderDialog();
    await open({ url: "ISO 9001:2015" });
    fireEvent.click(screen.getByRole("radio", { name: offlineUi.kinds.standard }));
    fireEvent.click(button(t.submit));
    await waitFor(() => expect(calls[0]?.body).toEqual({ url: "ISO 9001:2015", type: "standard" }));
  });

  it("shows read-only fields and no type choice when can_edit is false", async () => {
    renderDialog();
    await open({ url: "https://example.org/paper", doi: "10.1/x", desc: "note", canEdit: false, kind: "article" });
    expect(screen.queryByRole("radiogroup")).toBeNull();
    expect(field(t.url).readOnly).toBe(true);
    expect(field(t.url).value).toBe("https://example.org/paper");
    expect(field(t.doi).readOnly).toBe(true);
    // the user's own note stays editable (it is not part of the determined request)
    expect(field(t.more).readOnly).toBe(false);
    expect(screen.getByText(t.readOnly)).toBeTruthy();
  });

  it("shows the 422 messages on the url field and stays open", async () => {
    answers["/insert/offline_book"] = () => json({ message: offlineMessages.urlRequired, errors: { url: [offlineMessages.urlRequired] } }, 422);
    renderDialog();
    await open({ url: "x" });
    fireEvent.click(button(t.submit));
    expect(await screen.findByText(offlineMessages.urlRequired)).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("shows a refusal and offers the type that fits", async () => {
    answers["/insert/offline_book"] = () => json({ status: "error", error: "این لینک یا DOI مربوط به یک مقاله است", code: "wrong_type", use: "article" });
    answers["/insert/offline_article"] = ok();
    renderDialog();
    await open({ url: "10.1038/nature12373", kind: "book" });
    fireEvent.click(button(t.submit));
    expect(await screen.findByText("این لینک یا DOI مربوط به یک مقاله است")).toBeTruthy();
    fireEvent.click(button(t.useInstead.article));
    fireEvent.click(button(t.submit));
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(["/insert/offline_book", "/insert/offline_article"]));
  });

  it("opens the package offer when offline request credit is insufficient", async () => {
    answers["/insert/offline_article"] = () => json({ status: "error", error: "اعتبار درخواست آفلاین شما کافی نیست", code: "offline_credit_insufficient" });
    renderDialog();
    await open({ url: "10.1/x", kind: "article" });
    fireEvent.click(button(t.submit));
    await waitFor(() => expect(appState.ui.open.packageOffer).toBe(true));
    expect(appState.ui.open.offlineRequest).toBe(false);
    // For the credit this request needs, and the request to come back to once paid.
    expect(appState.ui.packageOfferFor).toEqual({ need: "offline_article", count: 1, url: "10.1/x", doi: undefined, desc: undefined });
  });

  it("shows the generic code message for other failures", async () => {
    answers["/insert/offline_book"] = () => new Response("oops", { status: 502 });
    renderDialog();
    await open({ url: "A title" });
    fireEvent.click(button(t.submit));
    expect(await screen.findByText("خطایی رخ داد، کد: ۵۰۲")).toBeTruthy();
  });

  it("guest: keeps the intent in localStorage under the spec's keys and opens login, sending nothing", async () => {
    renderDialog({ userInfo: null });
    await open({ url: "A book title", doi: "10.1/y", desc: "please" });
    fireEvent.click(button(t.submit));
    await waitFor(() => expect(appState.ui.open.login).toBe(true));
    expect(appState.ui.open.offlineRequest).toBe(false);
    expect(localStorage.getItem("run")).toBe("offline");
    expect(localStorage.getItem("run_details_url")).toBe("A book title");
    expect(localStorage.getItem("run_details_doi")).toBe("10.1/y");
    expect(localStorage.getItem("run_details_desc")).toBe("please");
    expect(calls).toEqual([]);
  });
});

describe("auto-submit", () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] }));

  async function openAuto(prefill: OfflineRequestPrefill = { url: "https://example.org/paper", kind: "article", canEdit: false, autoSubmit: true }) {
    answers["/insert/offline_article"] = ok();
    renderDialog();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    act(() => appState.ui.openOfflineRequest(prefill));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole("dialog")).toBeTruthy();
  }
  const countdown = () => screen.queryByTestId("offline-countdown")?.textContent ?? null;
  const advance = (ms: number) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });

  it("counts down from 5 and submits at 6 s, not before", async () => {
    await openAuto();
    expect(countdown()).toBe(t.countdown(5));
    await advance(1000);
    expect(countdown()).toBe(t.countdown(4));
    await advance(4000);
    expect(countdown()).toBe(t.countdown(0));
    await advance(999);
    expect(calls).toEqual([]);
    await advance(1);
    expect(calls).toEqual([{ path: "/insert/offline_article", body: { url: "https://example.org/paper" } }]);
    await advance(10_000);
    expect(calls).toHaveLength(1);
  });

  it("any edit cancels it", async () => {
    await openAuto({ url: "Some title", kind: "book", autoSubmit: true });
    await advance(3000);
    fireEvent.change(field(t.more), { target: { value: "x" } });
    expect(countdown()).toBeNull();
    await advance(10_000);
    expect(calls).toEqual([]);
  });

  it("changing the type cancels it", async () => {
    await openAuto({ url: "Some title", kind: "book", autoSubmit: true });
    await advance(2000);
    fireEvent.click(screen.getByRole("radio", { name: offlineUi.kinds.standard }));
    await advance(10_000);
    expect(calls).toEqual([]);
  });

  it("closing cancels it", async () => {
    await openAuto();
    await advance(2000);
    fireEvent.click(button(t.cancel));
    await advance(10_000);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls).toEqual([]);
  });

  it("does not run when the dialog was opened without autoSubmit", async () => {
    await openAuto({ url: "Some title", kind: "book" });
    expect(countdown()).toBeNull();
    await advance(10_000);
    expect(calls).toEqual([]);
  });
});
