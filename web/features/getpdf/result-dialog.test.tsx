import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { GetPdfResult } from "../../../contract/getpdf";
import type { PageData } from "../../../contract/page-data";
import type { UserInfo } from "../../../contract/user-info";
import { emptyPageData } from "../../lib/page-data";
import { usePageData } from "../../lib/page-data-context";
import { useUiState } from "../../lib/ui-state";
import { Providers, testUser } from "../../lib/test-render";
import { resetAfterEach } from "../../lib/test-fetch";
import { getpdfUi as t } from "./messages";
import { ResultDialog } from "./result-dialog";

/** The spec's 3 s polling, written out rather than imported, so a wrong constant fails here. */
const POLL_MS = 3000;

const user: UserInfo = testUser({ id: "usr_1", name: "کاربر", email: "a@b.c", mobile: null, unlimited_vip_credits: 3 });

const result = (over: Partial<GetPdfResult>): GetPdfResult => ({
  id: "ticket-1",
  status: "processing",
  download_link: null,
  ads1: null,
  ads2: null,
  msg: "در حال پردازش…",
  msg2: "در صف پردازش…",
  url: "https://doi.org/10.1/x",
  doi: "10.1/x",
  desc: null,
  can_edit: false,
  ...over,
});

const okResult = result({
  status: "ok",
  download_link: "/files/doi/10.1/x.pdf?exp=1&sig=abc",
  msg: "عملیات با موفقیت انجام شد.",
  msg2: "منبع: Unpaywall — مجوز: CC BY",
  desc: "A title",
  ads1: { link: "/prices", img: null, text: "بسته‌ها" },
  ads2: null,
});

let calls: string[] = [];
let checks: GetPdfResult[] = [];
let startAnswer: GetPdfResult = result({});
/** When set, start answers the progress stream: these events, then (or not) the result. */
let startStream: { events: string[]; result: GetPdfResult | null } | null = null;
let accepts: string[] = [];

const progress = (stage: string, text: string) =>
  `event: progress\ndata: ${JSON.stringify({ id: "ticket-1", stage, text, source: null, count: null, bytes: null, host: null })}\n\n`;
const sse = (chunks: string[]) =>
  new Response(
    new ReadableStream({
      start(c) {
        for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
        c.close();
      },
    }),
    { headers: { "content-type": "text/event-stream; charset=utf-8" } },
  );

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  calls = [];
  checks = [];
  startAnswer = result({});
  startStream = null;
  accepts = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push(path);
    accepts.push(new Headers(init?.headers).get("accept") ?? "");
    if (path.startsWith("/getpdf/start") && startStream)
      return sse([...startStream.events, ...(startStream.result ? [`event: result\ndata: ${JSON.stringify(startStream.result)}\n\n`] : [])]);
    if (path.startsWith("/getpdf/start")) return json(startAnswer);
    if (path.startsWith("/getpdf/check")) return json(checks.shift() ?? result({}));
    if (path === "/show/balance")
      return json({ balance: 0, standard_credit: 0, offline_article_credit: 0, unlimited_vip_credits: 2, limited_vip_credits: { count: 0, expiration: null } });
    return json({ status: "error", error: "unexpected" }, 500);
  });
  document.head.innerHTML = '<meta name="csrf-token" content="test-token">';
});

resetAfterEach();

let ui: ReturnType<typeof useUiState>;
let page: ReturnType<typeof usePageData>;
let setOpen: (open: boolean) => void;

function Harness({ preset, method }: { preset?: GetPdfResult; method?: "post" | "get" }) {
  ui = useUiState();
  page = usePageData();
  const [open, set] = useState(true);
  setOpen = set;
  return <ResultDialog url="10.1/x" isOpen={open} onOpenChange={set} preset={preset ?? null} method={method} />;
}

function renderDialog(opts: { signedIn?: boolean; preset?: GetPdfResult; method?: "post" | "get" } = {}) {
  const initial: PageData = { ...emptyPageData, userInfo: opts.signedIn ? user : null, isGuest: !opts.signedIn };
  return render(
    <Providers pageData={initial}>
      <Harness preset={opts.preset} method={opts.method} />
    </Providers>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const checkCalls = () => calls.filter((c) => c.startsWith("/getpdf/check")).length;

describe("ResultDialog", () => {
  it("starts on open, re-checks every 3 s while processing, and stops at a terminal status", async () => {
    checks = [result({ msg2: "در حال جستجوی نسخه‌های دسترسی آزاد (Unpaywall)…" }), okResult];
    renderDialog();
    await advance(0);
    expect(calls).toEqual(["/getpdf/start?url=10.1%2Fx"]);
    expect(screen.getByRole("progressbar")).toBeTruthy();
    await advance(POLL_MS - 1);
    expect(checkCalls()).toBe(0);
    await advance(1);
    expect(checkCalls()).toBe(1);
    await advance(10); // the answer renders (react-query batches with a timer)
    expect(screen.getByRole("list", { name: t.stepsLabel }).textContent).toContain("در حال جستجوی نسخه‌های دسترسی آزاد (Unpaywall)…");
    await advance(POLL_MS);
    expect(checkCalls()).toBe(2);
    expect(calls.at(-1)).toBe("/getpdf/check?id=ticket-1");
    // terminal: the download button, no more polling
    const link = screen.getByRole("link", { name: t.download }) as HTMLAnchorElement;
    expect(link.getAttribute("href")).toBe(okResult.download_link);
    expect(link.hasAttribute("download")).toBe(true);
    await advance(POLL_MS * 4);
    expect(checkCalls()).toBe(2);
    // the dialog is 370 wide and the banner can be dismissed
    expect((screen.getByRole("dialog").closest(".ui-modal") as HTMLElement).style.getPropertyValue("--dialog-width")).toBe("370px");
    fireEvent.click(screen.getByRole("button", { name: t.dismissAd }));
    expect(screen.queryByText("بسته‌ها")).toBeNull();
  });

  it("asks for the progress stream, shows each step in order, and the streamed result needs no check", async () => {
    startStream = {
      events: [
        progress("queued", "در صف پردازش…"),
        progress("metadata", "مشخصات مقاله"),
        progress("searching", "جستجو (Unpaywall)"),
        progress("located", "۱ نسخه پیدا شد"),
        progress("downloading", "در حال دریافت فایل (۱٫۲ مگابایت)"),
        progress("verifying", "در حال بررسی فایل"),
      ],
      result: null,
    };
    // Held until the result arrives: the steps show while the stream is open.
    renderDialog();
    await advance(10);
    expect(accepts[0]).toBe("text/event-stream");
    const items = [...screen.getByRole("list", { name: t.stepsLabel }).querySelectorAll("li")];
    expect(items.map((li) => li.dataset.stage)).toEqual(["identifying", "queued", "metadata", "searching", "located", "downloading", "verifying"]);
    expect(items.at(-1)!.getAttribute("aria-current")).toBe("step");
    // The stream ended without a result (broken on the way): the ticket goes on with check.
    await advance(POLL_MS + 10);
    expect(checkCalls()).toBeGreaterThanOrEqual(1);
  });

  it("a stream that ends with the result shows it at once: one request, no check", async () => {
    startStream = { events: [progress("queued", "در صف پردازش…"), progress("metadata", "مشخصات مقاله")], result: okResult };
    renderDialog();
    await advance(10);
    expect(screen.getByRole("link", { name: t.download }).getAttribute("href")).toBe(okResult.download_link);
    await advance(POLL_MS * 3);
    expect(calls).toEqual(["/getpdf/start?url=10.1%2Fx"]);
  });

  it("closing the dialog stops the polling and clears its timers", async () => {
    renderDialog();
    await advance(0);
    await advance(POLL_MS + 10);
    expect(checkCalls()).toBe(1);
    act(() => setOpen(false));
    await advance(POLL_MS * 5);
    expect(checkCalls()).toBe(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a failed call shows the error code", async () => {
    vi.stubGlobal("fetch", async () => json({ message: "x" }, 503));
    renderDialog();
    await advance(0);
    expect(screen.getByText(t.errorCode(503))).toBeTruthy();
  });

  it("saves a signed-in user's ok as userInfo.last_download and reloads the balances", async () => {
    startAnswer = okResult;
    renderDialog({ signedIn: true });
    await advance(0);
    await advance(0);
    expect(page.userInfo?.last_download).toEqual({ id: okResult.id, status: "ok", download_link: okResult.download_link, ads1: okResult.ads1, ads2: null });
    expect(page.userInfo?.unlimited_vip_credits).toBe(2);
  });

  it("buy: a guest is sent to login with the document kept for after it; a user with no credit left gets the package offer for this document", async () => {
    startAnswer = result({ status: "buy", msg: "اعتبار لازم است", desc: "A title" });
    renderDialog();
    await advance(0);
    fireEvent.click(screen.getByRole("button", { name: t.login }));
    expect(ui.open.login).toBe(true);
    expect(localStorage.getItem("run")).toBe("buy");
    expect(localStorage.getItem("run_details_url")).toBe("10.1/x");
    expect(localStorage.getItem("run_details_need")).toBe("article");
    cleanup();
    // Asked by POST (the link box): buy means no credit was left.
    renderDialog({ signedIn: true, method: "post" });
    await advance(0);
    fireEvent.click(screen.getByRole("button", { name: t.buyPackage }));
    expect(ui.open.packageOffer).toBe(true);
    expect(ui.packageOfferFor).toEqual({ need: "article", url: "10.1/x", doi: "10.1/x", desc: "A title" });
  });

  it("buy shown by GET (a link, a search result): nothing was spent; the user's press spends by POST and the file downloads by itself", async () => {
    startAnswer = result({ status: "buy", msg: "با تأیید شما یک اعتبار کم می‌شود" });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute("href") ?? "");
    });
    renderDialog({ signedIn: true, method: "get" });
    await advance(0);
    expect(calls.filter((c) => c.startsWith("/getpdf/start"))).toEqual(["/getpdf/start?url=10.1%2Fx"]);
    expect(screen.getByText(t.spendNote)).toBeTruthy();
    expect(screen.queryByRole("button", { name: t.buyPackage })).toBeNull();
    startAnswer = okResult;
    fireEvent.click(screen.getByRole("button", { name: t.spendCredit }));
    await advance(0);
    expect(calls.filter((c) => c.startsWith("/getpdf/start"))).toEqual(["/getpdf/start?url=10.1%2Fx", "/getpdf/start"]);
    expect(clicked).toEqual([okResult.download_link]);
    click.mockRestore();
  });

  it("a confirmed spend with no credit left opens the package offer for the document", async () => {
    startAnswer = result({ status: "buy", msg: "x" });
    renderDialog({ signedIn: true, method: "get" });
    await advance(0);
    fireEvent.click(screen.getByRole("button", { name: t.spendCredit }));
    await advance(0);
    expect(ui.open.packageOffer).toBe(true);
    expect(ui.packageOfferFor).toMatchObject({ need: "article", url: "10.1/x" });
  });

  it("offline: the offline request opens prefilled and editable", async () => {
    startAnswer = result({ status: "offline", msg: "نسخه‌ای نیست", desc: "A title", can_edit: true });
    renderDialog({ signedIn: true });
    await advance(0);
    fireEvent.click(screen.getByRole("button", { name: t.offlineRequest }));
    expect(ui.open.offlineRequest).toBe(true);
    expect(ui.offlinePrefill).toMatchObject({ url: "https://doi.org/10.1/x", doi: "10.1/x", desc: "A title", canEdit: true });
  });

  it("offline with can_edit false from the link box: a user gets the offline request by itself, read-only, with the auto-submit", async () => {
    startAnswer = result({ status: "offline", msg: "نسخه‌ای نیست", desc: "A title", can_edit: false });
    renderDialog({ signedIn: true, method: "post" });
    await advance(0);
    expect(ui.open.offlineRequest).toBe(true);
    expect(ui.offlinePrefill).toEqual({ url: "https://doi.org/10.1/x", doi: "10.1/x", desc: "A title", canEdit: false, autoSubmit: true, kind: "article" });
    expect(screen.queryByRole("button", { name: t.offlineRequest })).toBeNull();
  });

  it("offline with can_edit true, a per-result dialog, or a guest: no auto-open; the guest's intent keeps can_edit", async () => {
    startAnswer = result({ status: "offline", msg: "نسخه‌ای نیست", desc: "A title", can_edit: true });
    renderDialog({ signedIn: true, method: "post" });
    await advance(0);
    expect(ui.open.offlineRequest).toBeFalsy();
    cleanup();
    startAnswer = result({ status: "offline", msg: "نسخه‌ای نیست", desc: "A title", can_edit: false });
    renderDialog({ signedIn: true, method: "get" });
    await advance(0);
    expect(ui.open.offlineRequest).toBeFalsy();
    cleanup();
    renderDialog({ method: "post" });
    await advance(0);
    expect(ui.open.offlineRequest).toBeFalsy();
    fireEvent.click(screen.getByRole("button", { name: t.offlineRequest }));
    expect(ui.open.login).toBe(true);
    expect(localStorage.getItem("run")).toBe("offline");
    expect(localStorage.getItem("run_details_can_edit")).toBe("0");
  });

  it("a preset result is shown without any request", async () => {
    renderDialog({ preset: result({ status: "offline", msg: t.offlineAdvice, can_edit: true }) });
    await advance(POLL_MS * 2);
    expect(calls).toEqual([]);
    expect(screen.getByText(t.offlineAdvice)).toBeTruthy();
  });
});
