import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PageData } from "../../../contract/page-data";
import type { UserInfo } from "../../../contract/user-info";
import { emptyPageData } from "../../lib/page-data";
import { readPendingIntent } from "../../lib/pending-intent";
import { renderWithRouter, testUser, AppStateProbe, appState } from "../../lib/test-render";
import { walletUi as t } from "./messages";
import { WalletDialogs } from "./wallet-dialogs";

const user = (over: Partial<UserInfo> = {}): UserInfo => testUser({ id: "usr_1", name: "کاربر", email: "a@b.c", mobile: "09121234567", ...over });

const packages = [{ id: 1, title: "بستهٔ برنزی", articles: 10, price: 259_000, description: "" }];
const unit = { article: 29_000, offline_article: 45_000, limited_article: 390_000, standard: 59_000 };

type Call = { path: string; body: Record<string, unknown> | undefined };
let calls: Call[] = [];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A /price that computes like the server (after failing `priceFailures` times), and an /order that answers the given user info. */
function fakeServer(orderAnswer?: () => Response, { priceFailures = 0 } = {}) {
  let failures = priceFailures;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ path, body });
    if (path === "/price" && failures > 0) {
      failures -= 1;
      return json({ status: "error", error: "unavailable" }, 503);
    }
    if (path === "/price") {
      const c = { article: 0, offline_article: 0, limited_article: 0, standard: 0, ...(body as Record<string, number>) };
      const sum = c.article * unit.article + c.offline_article * unit.offline_article + c.limited_article * unit.limited_article + c.standard * unit.standard;
      return json({
        article: { unit_price: unit.article },
        offline_article: { unit_price: unit.offline_article },
        limited_article: { unit_price: unit.limited_article },
        standard: { unit_price: unit.standard },
        counts: c,
        limited_article_pack_size: 30,
        sum_total: sum,
        status: "ok",
        error: null,
      });
    }
    if (path === "/order" && orderAnswer) return orderAnswer();
    return json({ status: "error", error: "unexpected" }, 500);
  });
}

function renderWallet(data: Partial<PageData>) {
  const initial: PageData = { ...emptyPageData, pricesPackages: packages, gateways: ["devbank"], ...data, isGuest: !data.userInfo };
  return renderWithRouter(
    <>
      <AppStateProbe />
      <WalletDialogs />
    </>,
    { pageData: initial },
  ).router;
}

async function openOffer() {
  await waitFor(() => expect(appState.ui).toBeTruthy());
  act(() => appState.ui.openDialog("packageOffer"));
  return screen.findByRole("dialog");
}

const priceBodies = () => calls.filter((c) => c.path === "/price").map((c) => c.body);

beforeEach(() => {
  calls = [];
  document.head.innerHTML = '<meta name="csrf-token" content="test-token">';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  localStorage.clear();
});

describe("PackageOfferDialog", () => {
  it("prices custom counts on the server; choosing the limited pack resets a plain count of 1 to 0", async () => {
    fakeServer();
    renderWallet({ userInfo: user({ balance: 1_000_000 }) });
    await openOffer();
    await waitFor(() => expect(screen.getByTestId("purchase-total").textContent).toBe("۲۹٬۰۰۰ تومان"));
    expect(priceBodies()[0]).toEqual({ article: 1, offline_article: 0, limited_article: 0 });
    fireEvent.click(screen.getByText(/بستهٔ اعتبار محدود/));
    await waitFor(() => expect(screen.getByTestId("purchase-total").textContent).toBe("۳۹۰٬۰۰۰ تومان"));
    expect(priceBodies().at(-1)).toEqual({ article: 0, offline_article: 0, limited_article: 1 });
  });

  it("a failed price inquiry says so, and its button asks again", async () => {
    // priceQuery retries once by itself: two failures reach the dialog.
    fakeServer(undefined, { priceFailures: 2 });
    renderWallet({ userInfo: user({ balance: 1_000_000 }) });
    await openOffer();
    expect(await screen.findByText(t.priceFailed, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId("purchase-total").textContent).toBe("…");
    fireEvent.click(screen.getByRole("button", { name: t.reinquire }));
    await waitFor(() => expect(screen.getByTestId("purchase-total").textContent).toBe("۲۹٬۰۰۰ تومان"));
    expect(screen.queryByText(t.priceFailed)).toBeNull();
    expect(priceBodies()).toHaveLength(3);
  });

  it("an empty package cannot be bought", async () => {
    fakeServer();
    renderWallet({ userInfo: user({ balance: 1_000_000 }) });
    await openOffer();
    // the article count typed down to 0 (the field commits on blur)
    const input = screen.getAllByLabelText(t.packageOffer.article).find((el) => el.tagName === "INPUT") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "0" } });
    fireEvent.blur(input);
    await waitFor(() => expect(screen.getByText(t.packageOffer.empty)).toBeTruthy());
    expect((screen.getByRole("button", { name: t.buy }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("the wallet covers a package: POST /order with an idempotency key, user info updated, success toast", async () => {
    const after = user({ balance: 41_000, unlimited_vip_credits: 10 });
    fakeServer(() => json({ ...after, redirect: "/profile/booksAndArticles/", order_id: "ord_1" }));
    const router = renderWallet({ userInfo: user({ balance: 300_000 }) });
    await openOffer();
    fireEvent.click(screen.getByText("بستهٔ برنزی"));
    await waitFor(() => expect(screen.getByTestId("purchase-total").textContent).toBe("۲۵۹٬۰۰۰ تومان"));
    expect(screen.getByText(t.fromWallet)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: t.buy }));
    await waitFor(() => expect(appState.page.userInfo?.unlimited_vip_credits).toBe(10));
    const order = calls.find((c) => c.path === "/order")!;
    expect(order.body).toMatchObject({ cart: { name: "package_1" } });
    expect(String(order.body!.idempotency_key)).toMatch(/^spa-[0-9a-f-]{36}$/);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/profile\/booksAndArticles\/?$/));
  });

  it("a shortfall goes to the gateway form after 3 seconds with the difference", async () => {
    fakeServer();
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    renderWallet({ userInfo: user({ balance: 9_000 }) });
    await openOffer();
    await waitFor(() => expect(screen.getByTestId("purchase-total").textContent).toBe("۲۹٬۰۰۰ تومان"));
    expect(screen.getByText(t.shortfall("۲۰٬۰۰۰ تومان"))).toBeTruthy();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole("button", { name: t.buy }));
    expect(screen.getByTestId("gateway-countdown").textContent).toBe(t.redirecting("۳"));
    const tick = () =>
      act(async () => {
        vi.advanceTimersByTime(1000);
      });
    await tick();
    await tick();
    expect(screen.getByTestId("gateway-countdown").textContent).toBe(t.redirecting("۱"));
    expect(submitted).toHaveLength(0);
    await tick();
    expect(submitted).toHaveLength(1);
    const form = submitted[0]!;
    expect(form.getAttribute("action")).toBe("/gateway/devbank");
    const fields = Object.fromEntries(new FormData(form).entries());
    expect(fields).toMatchObject({ _token: "test-token", amount: "20000" });
    expect(JSON.parse(String(fields.cart))).toMatchObject({ name: { article: 1, offline_article: 0, limited_article: 0 } });
    expect(calls.some((c) => c.path === "/order")).toBe(false);
  });

  it("opened for an offline request, it preselects one offline credit (not an article credit) and buys for that request", async () => {
    fakeServer(() =>
      json({ ...user({ balance: 955_000, offline_article_credit: 1 }), redirect: "/?getOfflineUrl=https%3A%2F%2Fx.org%2Fa", order_id: "ord_2" }),
    );
    renderWallet({ userInfo: user({ balance: 1_000_000 }) });
    await waitFor(() => expect(appState.ui).toBeTruthy());
    act(() => appState.ui.openPackageOffer({ need: "offline_article", count: 1, url: "https://x.org/a", doi: "10.1/a" }));
    await screen.findByRole("dialog");
    expect(screen.getByText(t.packageOffer.forOffline)).toBeTruthy();
    await waitFor(() => expect(priceBodies()[0]).toEqual({ article: 0, offline_article: 1, limited_article: 0 }));
    await waitFor(() => expect(screen.getByTestId("purchase-total").textContent).not.toBe("۲۹٬۰۰۰ تومان"));
    fireEvent.click(screen.getByRole("button", { name: t.buy }));
    await waitFor(() => expect(calls.some((c) => c.path === "/order")).toBe(true));
    expect(calls.find((c) => c.path === "/order")!.body).toMatchObject({
      cart: { name: { article: 0, offline_article: 1 }, url: "https://x.org/a", isArticleOffline: true, doi: "10.1/a" },
    });
    // Kept for the page the purchase returns to: it sends this request by itself.
    expect(readPendingIntent()).toMatchObject({ run: "offline", url: "https://x.org/a", need: "offline_article" });
  });

  it("opened for a licensed article, it preselects one article credit and buys for that document", async () => {
    fakeServer();
    renderWallet({ userInfo: user({ balance: 0 }) });
    await waitFor(() => expect(appState.ui).toBeTruthy());
    act(() => appState.ui.openPackageOffer({ need: "article", url: "10.5555/licensed-1" }));
    await screen.findByRole("dialog");
    expect(screen.getByText(t.packageOffer.forArticle)).toBeTruthy();
    await waitFor(() => expect(priceBodies()[0]).toEqual({ article: 1, offline_article: 0, limited_article: 0 }));
  });

  it("opened plainly after an action's offer, it carries nothing of that action", async () => {
    fakeServer();
    renderWallet({ userInfo: user({ balance: 0 }) });
    await waitFor(() => expect(appState.ui).toBeTruthy());
    act(() => appState.ui.openPackageOffer({ need: "offline_article", url: "https://x.org/a" }));
    act(() => appState.ui.closeDialog("packageOffer"));
    act(() => appState.ui.openDialog("packageOffer"));
    expect(appState.ui.packageOfferFor).toBeNull();
  });

  it("a guest is asked to log in and the buy intent is kept", async () => {
    fakeServer();
    renderWallet({ userInfo: null });
    await openOffer();
    await waitFor(() => expect(screen.getByTestId("purchase-total").textContent).toBe("۲۹٬۰۰۰ تومان"));
    fireEvent.click(screen.getByRole("button", { name: t.buy }));
    await waitFor(() => expect(appState.ui.open.login).toBe(true));
    expect(readPendingIntent()?.run).toBe("buy");
  });
});
