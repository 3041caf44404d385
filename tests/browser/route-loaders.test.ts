/**
 * Route loaders in Chromium: a page's data is read by its route's loader, so the router's intent
 * preload (a hovered link) fetches the data with the code, before the click; the page then draws
 * from the cache without asking again. Pages for some users only ask for nothing when the session
 * may not read them (a guest, a user who is not an admin): the route's guard shows its prompt.
 * Screenshots of one converted page while its data is held back and once it is there, at both widths.
 */
import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newPage, pageErrors, screenshot, signUpVerified, viewports } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Every request to one of our endpoints (path, no query) the page has made since this was called. */
function recordCalls(page: Page) {
  const seen: string[] = [];
  const onRequest = (r: Request) => {
    const url = new URL(r.url());
    if (r.resourceType() === "fetch") seen.push(url.pathname + url.search);
  };
  page.on("request", onRequest);
  return seen;
}

describe("intent preload reads a page's data", () => {
  it("hovering the link to /profile/financial reads its ledger before the click; the page then asks for nothing more", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await signUpVerified(page, "loader-hover");
    await page.goto("/profile");
    const link = page.getByRole("link", { name: "کیف پول و تراکنش‌ها" }).last();
    await link.waitFor();
    const calls = recordCalls(page);

    const ledger = page.waitForRequest((r) => new URL(r.url()).pathname === "/wallet/ledger", { timeout: 20_000 });
    await link.hover();
    const request = await ledger;
    expect(new URL(request.url()).searchParams.get("page")).toBe("1");
    await request.response();
    // Still on /profile: the data came before any navigation.
    expect(new URL(page.url()).pathname).toBe("/profile");

    await link.click();
    await page.waitForURL(/\/profile\/financial$/);
    await page.getByText("هنوز تراکنشی ثبت نشده است.").waitFor();
    // The ledger and the balance were each read once, by the preload.
    expect(calls.filter((c) => c.startsWith("/wallet/ledger"))).toEqual(["/wallet/ledger?page=1"]);
    expect(calls.filter((c) => c.startsWith("/show/balance"))).toEqual(["/show/balance"]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe("the user menu preloads as links do", () => {
  it("pointing at a menu entry reads its page's data before it is chosen", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await signUpVerified(page, "loader-menu");
    await page.goto("/");
    await page.getByRole("button", { name: /منوی کاربری/ }).click();
    const entry = page.getByRole("menuitem", { name: "استانداردهای من" });
    await entry.waitFor();
    const standards = page.waitForRequest((r) => new URL(r.url()).pathname === "/wallet/standards", { timeout: 20_000 });
    await entry.hover();
    await (await standards).response();
    expect(new URL(page.url()).pathname).toBe("/");
    const calls = recordCalls(page);
    await entry.click();
    await page.waitForURL(/\/profile\/standards$/);
    await page.getByText("هنوز استانداردی خریداری نکرده‌اید.").waitFor();
    expect(calls.filter((c) => c.startsWith("/wallet/standards"))).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe("guarded pages ask for nothing they would be refused", () => {
  it("a guest on /profile/financial is asked to log in, and no wallet read is made", async () => {
    const { context, page } = await newPage(browser, "phone");
    const calls = recordCalls(page);
    await page.goto("/profile/financial");
    await page.getByRole("heading", { name: "ورود به حساب لازم است" }).waitFor();
    await screenshot(page, "route-guard-guest-phone");
    await page.getByRole("button", { name: "ورود" }).last().click();
    await page.getByRole("dialog").first().waitFor();
    expect(calls.filter((c) => c.startsWith("/wallet/") || c.startsWith("/show/balance"))).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("a signed-in user who is not an admin on /admin/users is told the page is for admins, and the users list is not read", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await signUpVerified(page, "loader-not-admin");
    const calls = recordCalls(page);
    await page.goto("/admin/users");
    await page.getByText("این صفحه فقط برای مدیران سایت است.").waitFor();
    expect(calls.filter((c) => c.startsWith("/admin/"))).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe("failures are shown in Persian, where they happen, with a retry", () => {
  it("a failed ledger read is an error in the ledger's card, and the retry reads it again", async () => {
    const { context, page } = await newPage(browser, "phone");
    await signUpVerified(page, "loader-fail");
    await page.route("**/wallet/ledger*", (route) => route.fulfill({ status: 503, body: "" }));
    await page.goto("/profile/financial");
    const ledger = page.getByRole("region", { name: "گردش حساب" });
    await ledger.getByText("خطایی رخ داد، کد: ۵۰۳").waitFor();
    await screenshot(page, "route-loader-ledger-error-phone");
    // The rest of the page is there: only the ledger's card says it failed.
    await page.getByRole("heading", { name: "موجودی و اعتبارها" }).waitFor();
    await page.unroute("**/wallet/ledger*");
    await ledger.getByRole("button", { name: "تلاش دوباره" }).click();
    await ledger.getByText("هنوز تراکنشی ثبت نشده است.").waitFor();
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("a page whose code does not arrive shows the Persian error page, and the retry opens it", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await signUpVerified(page, "loader-chunk");
    await page.goto("/profile");
    const link = page.getByRole("link", { name: "کیف پول و تراکنش‌ها" }).last();
    await link.waitFor();
    await page.route(/\/assets\/financial-[^/]*\.js$/, (route) => route.abort());
    await link.click();
    await page.getByRole("heading", { name: "این صفحه باز نشد" }).waitFor();
    expect(await page.getByText("بارگذاری صفحه با خطا روبه‌رو شد. دوباره تلاش کنید.").isVisible()).toBe(true);
    await page.unroute(/\/assets\/financial-[^/]*\.js$/);
    await page.getByRole("button", { name: "تلاش دوباره" }).click();
    await page.getByText("هنوز تراکنشی ثبت نشده است.").waitFor();
    await context.close();
  });
});

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("a converted page at %s width", (viewport) => {
  it("/profile/financial: the loading state while its ledger is held back, then the page", async () => {
    const { context, page } = await newPage(browser, viewport);
    await signUpVerified(page, `loader-shot-${viewport}`);
    await page.goto("/");
    // Hold the ledger's answer until the loading state has been photographed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/wallet/ledger*", async (route) => {
      await held;
      await route.continue();
    });
    // A client-side visit (as the browser's back and forward make one): the router shows the page's
    // loading state while the loader waits.
    await page.evaluate(() => {
      history.pushState({}, "", "/profile/financial");
      dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
    });
    await page.getByRole("progressbar", { name: "در حال بارگذاری صفحه…" }).waitFor();
    await screenshot(page, `route-loader-financial-loading-${viewport}`);
    release();
    await page.getByText("هنوز تراکنشی ثبت نشده است.").waitFor();
    await screenshot(page, `route-loader-financial-loaded-${viewport}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
