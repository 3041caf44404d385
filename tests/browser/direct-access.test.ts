/**
 * Type 6 in Chromium: a new user opens the direct-access table, searches and sorts it, chooses two
 * sites with periods into the basket (the floating button shows the count), checks out with an
 * empty wallet through the development bank, and lands on the page listing the bought accesses.
 * A guest sees the disabled expiry button rule and is sent to log in when adding to the basket.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./a11y";
import { launch, newPage, outboxCode, pageErrors, screenshot, screenshotDir, viewports } from "./harness";

/** What the viewport shows (full-page shots of a 44-row table are too tall to read). */
async function view(page: Page, name: string) {
  await page.screenshot({ path: `${screenshotDir}/${name}.png` });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = "direct-browser-pass-1";

/** A fresh, verified user signed in inside this browser context (through the real endpoints). */
async function signUp(page: Page, tag: string) {
  await page.goto("/");
  const csrf = async () => ((await (await page.request.get("/csrf-token")).json()) as { token: string }).token;
  const suffix = `${Date.now() % 10_000_000}`.padStart(7, "0");
  const mobile = `0937${suffix}`;
  const reg = await page.request.post("/register", {
    headers: { "X-CSRF-TOKEN": await csrf(), Accept: "application/json" },
    data: { name: `کاربر ${tag}`, email: `da-${tag}-${suffix}@example.org`, mobile, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(reg.status()).toBe(200);
  const headers = { "X-CSRF-TOKEN": await csrf(), Accept: "application/json" };
  expect((await page.request.post("/profile/send/mobile/code", { headers, data: { mobile } })).status()).toBe(200);
  expect((await page.request.post("/profile/mobile/verify", { headers, data: { code: await outboxCode(mobile) } })).status()).toBe(200);
}

const table = (page: Page) => page.locator("table.vip-table");
const row = (page: Page, name: string) => table(page).locator("tbody tr", { has: page.locator("bdi", { hasText: new RegExp(`^${name}$`) }) });

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("direct access at %s width", (viewport) => {
  it("search, sort, two sites into the basket, checkout through the development bank, accesses listed", async () => {
    const { context, page } = await newPage(browser, viewport);
    await signUp(page, viewport);
    // A full load (not a hash change) so the page data knows the new session.
    await page.goto("/profile");
    await page.goto("/#direct");
    await expect.poll(() => table(page).locator("tbody tr").count(), { timeout: 60_000 }).toBe(44);
    await screenshot(page, `direct-table-${viewport}`);
    await table(page).scrollIntoViewIfNeeded();
    await view(page, `direct-table-view-${viewport}`);
    await expectNoAxeViolations(page, `direct-access table (${viewport})`, ".vip-direct");

    // Search narrows the rows; sorting by name puts them in order.
    await page.getByLabel("جستجو در سایت‌ها").fill("spring");
    await expect.poll(() => table(page).locator("tbody tr").count()).toBe(1);
    await page.getByLabel("جستجو در سایت‌ها").fill("");
    if (viewport === "desktop") {
      await page.getByRole("button", { name: "نام سایت" }).click();
      const names = await table(page).locator("tbody tr td:first-child bdi").allTextContents();
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    }

    // No basket button while empty.
    expect(await page.locator(".vip-basket-fab").count()).toBe(0);
    const first = row(page, "ScienceDirect");
    await first.getByRole("button", { name: /دوره/ }).click();
    await page.getByRole("option", { name: /^۳۰ روزه/ }).click();
    await first.getByRole("button", { name: "افزودن به سبد" }).click();
    await row(page, "SpringerLink").getByRole("button", { name: "افزودن به سبد" }).click();
    await expect.poll(() => page.locator(".vip-basket-fab__count").textContent()).toBe("۲");
    await view(page, `direct-basket-button-${viewport}`);

    await page.locator(".vip-basket-fab").click();
    const dialog = page.getByRole("dialog", { name: "سبد دسترسی مستقیم" });
    await expect.poll(() => dialog.locator(".vip-basket__item").count()).toBe(2);
    // ScienceDirect 30 days 189,000 + SpringerLink 7 days 59,000.
    await expect.poll(() => dialog.getByTestId("purchase-total").textContent()).toBe("۲۴۸٬۰۰۰ تومان");
    await view(page, `direct-basket-dialog-${viewport}`);
    await expectNoAxeViolations(page, `basket dialog (${viewport})`, '[role="dialog"]');
    await dialog.getByRole("button", { name: "پرداخت و خرید" }).click();

    await page.waitForURL(/\/gateway\/devbank\/pay\/pay_/, { timeout: 20_000 });
    await expect.poll(() => page.locator("[data-amount]").getAttribute("data-amount")).toBe("248000");
    await page.getByRole("button", { name: "پرداخت" }).click();
    await page.waitForURL(/\/payment\?id=pay_/, { timeout: 20_000 });
    await page.waitForURL(/\/profile\/vipServices$/, { timeout: 20_000 });
    await view(page, `direct-profile-${viewport}`);
    const grants = page.getByTestId("grant");
    await expect.poll(() => grants.count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(async () => (await grants.allTextContents()).join(" ")).toMatch(/ScienceDirect/);
    await screenshot(page, `direct-after-purchase-${viewport}`);

    // The access page of one of them: time left, links; renewal offered.
    await page.getByRole("link", { name: "راهنمای دسترسی" }).first().click();
    await page.waitForURL(/\/directaccess\/\d+\/\d+$/);
    await expect.poll(() => page.getByTestId("time-left").isVisible(), { timeout: 20_000 }).toBe(true);
    await screenshot(page, `direct-access-page-${viewport}`);
    await expectNoAxeViolations(page, `access page (${viewport})`, "#main");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe("direct access for guests", () => {
  it("adding to the basket opens the login dialog", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await page.goto("/#direct");
    await expect.poll(() => table(page).locator("tbody tr").count(), { timeout: 60_000 }).toBe(44);
    // §4: a type-2 site whose expiry text has no unlimited/university wording shows a disabled expiry button, not its links.
    const personal = row(page, "Scopus");
    expect(await personal.getByRole("button", { name: "اکانت شخصی با اعتبار ۳۰ روزه" }).isDisabled()).toBe(true);
    expect(await personal.getByRole("link", { name: "ورود به سایت" }).count()).toBe(0);
    expect(await row(page, "ScienceDirect").getByRole("link", { name: "ورود به سایت" }).count()).toBe(1);
    await expectNoAxeViolations(page, "direct-access table (guest)", ".vip-direct");
    await row(page, "ScienceDirect").getByRole("button", { name: "افزودن به سبد" }).click();
    await expect.poll(() => page.getByRole("dialog").first().isVisible()).toBe(true);
    expect(await page.locator(".vip-basket-fab").count()).toBe(0);
    await screenshot(page, "direct-guest-login-desktop");
    await context.close();
  });
});
