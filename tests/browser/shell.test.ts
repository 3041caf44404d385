/**
 * The shell and home page in Chromium at phone (390) and desktop (1440) widths: right-to-left
 * Persian page, no horizontal overflow, search types by click and by hash, the news dialog
 * (keyboard-closable), the Persian 404, and no page errors.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newPage, pageErrors, revealHomeTabs, screenshot } from "./harness";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PROMPT = "نوع جستجو را انتخاب کنید";

async function openHome(viewport: "phone" | "desktop", path = "/", waitUntil: "networkidle" | "domcontentloaded" = "networkidle") {
  const { context, page } = await newPage(browser, viewport);
  const response = await page.goto(path, { waitUntil });
  await page.getByRole("radiogroup", { name: PROMPT }).waitFor();
  return { context, page, response };
}

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

function radio(page: Page, name: string) {
  return page.getByRole("radiogroup", { name: PROMPT }).getByRole("radio", { name, exact: true });
}

describe.each(["phone", "desktop"] as const)("home at %s width", (viewport) => {
  it("is a right-to-left Persian page without horizontal overflow or page errors", async () => {
    const { context, page, response } = await openHome(viewport);
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
    expect(await page.getAttribute("html", "lang")).toBe("fa");
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe("rtl");
    // Persian text is rendered, in the self-hosted font.
    await expect(page.getByRole("heading", { level: 2 }).first().textContent()).resolves.toMatch(/[\u0600-\u06FF]/);
    expect(await page.evaluate(() => document.fonts.check('16px "Vazirmatn"', "دریافت"))).toBe(true);
    // Landmarks carry Persian names.
    expect(await page.getByRole("banner").count()).toBe(1);
    expect(await page.getByRole("main").count()).toBe(1);
    expect(await page.getByRole("contentinfo", { name: "پانویس سایت" }).count()).toBe(1);
    // The latest-data tabs load when they near the viewport; measure once they are in.
    await revealHomeTabs(page);
    const { scrollWidth, innerWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await screenshot(page, `shell-home-${viewport}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("switches the search type by click", async () => {
    const { context, page } = await openHome(viewport);
    expect(await radio(page, "لینک یا DOI مقاله").isChecked()).toBe(true);
    await radio(page, "جستجوی مقاله").click({ force: true });
    expect(await radio(page, "جستجوی مقاله").isChecked()).toBe(true);
    await page.locator('.search-panel[data-search-type="2"]').waitFor();
    await radio(page, "دسترسی مستقیم").click({ force: true });
    await page.locator('.search-panel[data-search-type="6"]').waitFor();
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("switches the search type by hash, keeps the hash a second, then clears it", async () => {
    // Not waiting for the network to settle: the hash is only kept for a second.
    const { context, page } = await openHome(viewport, "/#standard", "domcontentloaded");
    // The server's markup has type 1 (the hash never reaches it); the shortcut applies once hydrated.
    await expect.poll(() => radio(page, "کتاب، استاندارد، حل‌المسائل").isChecked(), { timeout: 20_000, interval: 50 }).toBe(true);
    expect(await page.evaluate(() => location.hash)).toBe("#standard");
    await page.waitForFunction(() => location.hash === "", undefined, { timeout: 5000 });
    // A hash change on the page itself (a link to /#tez) also switches.
    await page.evaluate(() => {
      location.hash = "tez";
    });
    await page.locator('.search-panel[data-search-type="4"]').waitFor();
    expect(await radio(page, "جستجوی پایان‌نامه").isChecked()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe("shell", () => {
  it("opens the news dialog, lists dated news, and closes it with Escape", async () => {
    const { context, page } = await openHome("desktop");
    const trigger = page.getByRole("button", { name: "همهٔ اخبار" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "آخرین اخبار" });
    await dialog.waitFor();
    expect(await dialog.locator("li").count()).toBeGreaterThan(0);
    // Dates are Solar Hijri with Persian digits and slashes.
    expect(await dialog.locator("time").first().textContent()).toMatch(/^[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2}$/);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("shows the bottom tab bar on phones on home only", async () => {
    const { context, page } = await openHome("phone");
    const bar = page.getByRole("navigation", { name: "انتخاب سریع نوع جستجو" });
    expect(await bar.isVisible()).toBe(true);
    await bar.getByRole("button", { name: "کتاب" }).click();
    expect(await radio(page, "کتاب، استاندارد، حل‌المسائل").isChecked()).toBe(true);
    await page.goto("/about", { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1, name: "درباره ما" }).waitFor();
    expect(await page.getByRole("navigation", { name: "انتخاب سریع نوع جستجو" }).count()).toBe(0);
    expect(await page.title()).toBe("درباره ما | دریافت");
    const { scrollWidth, innerWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await context.close();
  });

  it("opens the drawer on phones and closes it with Escape", async () => {
    const { context, page } = await openHome("phone");
    await page.getByRole("button", { name: "باز کردن منو" }).click();
    const drawer = page.getByRole("dialog", { name: "منوی سایت" });
    await drawer.waitFor();
    expect(await drawer.getByRole("link", { name: "قیمت‌ها" }).count()).toBe(1);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    await context.close();
  });

  it("answers an unknown path with a Persian 404 page", async () => {
    const { context, page } = await newPage(browser, "phone");
    const response = await page.goto("/no/such/page", { waitUntil: "networkidle" });
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "صفحه پیدا نشد" }).waitFor();
    expect(await page.title()).toBe("صفحه پیدا نشد | دریافت");
    expect(await page.getByRole("link", { name: "بازگشت به صفحهٔ اصلی" }).getAttribute("href")).toBe("/");
    await screenshot(page, "shell-404-phone");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
