/**
 * Issue 16 in Chromium at 390 and 1440, each state checked by axe and screenshotted:
 * the offline auto-submit countdown after an `offline` result and its cancellation by an edit,
 * the type 6 help dialog, the 0–50 message of the package offer, Scopus disabled without a key.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./a11y";
import { launch, newPage, pageErrors, screenshot, viewports } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Viewport = keyof typeof viewports;
const unique = () => 100_000 + Math.floor(Math.random() * 899_999);

async function chooseType(page: Page, label: string) {
  const radio = page.getByRole("radio", { name: label, exact: true }).first();
  await radio.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await radio.click({ force: true });
}

async function signIn(page: Page, email = "user@daryaft.test") {
  await page.goto("/");
  const token = await page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? "");
  const res = await page.request.post("/login", {
    headers: { "X-CSRF-TOKEN": token, Accept: "application/json" },
    data: { email, password: "daryaft-dev-1234" },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto("/");
}

describe.each(Object.keys(viewports) as Viewport[])("issue 16 behaviours at %s width", (viewport) => {
  it("an offline result with a fully determined request opens the offline request by itself with the countdown; an edit cancels it", async () => {
    const { context, page } = await newPage(browser, viewport);
    await signIn(page);
    const doi = `10.5555/none-${unique()}`;
    const box = page.getByRole("searchbox", { name: "لینک یا DOI مقاله" });
    await box.fill(doi);
    await box.press("Enter");
    const countdown = page.getByTestId("offline-countdown");
    await countdown.waitFor({ timeout: 45_000 });
    const dialog = page.getByRole("dialog", { name: "درخواست آفلاین" });
    expect(await dialog.getByLabel("لینک یا عنوان مدرک").inputValue()).toContain(doi);
    expect(await countdown.textContent()).toMatch(/ثبت خودکار تا [۰-۵] ثانیهٔ دیگر/);
    await expectNoAxeViolations(page, `offline auto-submit (${viewport})`, '[role="dialog"]');
    await screenshot(page, `spec16-offline-countdown-${viewport}`);
    // An edit (the user's own note) cancels it: no countdown, and nothing is sent at 6 s.
    await dialog.getByLabel("توضیحات (اختیاری)").fill("لطفاً نسخهٔ ناشر");
    await countdown.waitFor({ state: "detached" });
    await page.waitForTimeout(6_500);
    expect(await dialog.isVisible()).toBe(true);
    await screenshot(page, `spec16-offline-cancelled-${viewport}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 180_000);

  it("type 6 has its help dialog", async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto("/");
    await chooseType(page, "دسترسی مستقیم");
    const panel = page.locator('.search-panel[data-search-type="6"]');
    await panel.getByRole("heading", { name: "دسترسی مستقیم به پایگاه‌های علمی" }).waitFor();
    await panel.getByRole("button", { name: "راهنما" }).click();
    const help = page.getByRole("dialog", { name: "راهنمای دسترسی مستقیم" });
    await help.waitFor();
    expect(await help.textContent()).toContain("افزودن به سبد");
    await expectNoAxeViolations(page, `type 6 help (${viewport})`, '[role="dialog"]');
    await screenshot(page, `spec16-type6-help-${viewport}`);
    await context.close();
  }, 120_000);

  it("the package offer clamps a count above 50 with the spec's message", async () => {
    const { context, page } = await newPage(browser, viewport);
    await signIn(page);
    await page.goto("/profile/financial");
    await page.getByRole("button", { name: "خرید بستهٔ اعتبار" }).click();
    const offer = page.getByRole("dialog", { name: "خرید بستهٔ اعتبار" });
    const count = offer.getByRole("textbox", { name: "اعتبار ویژهٔ نامحدود (مقاله یا فصل کتاب)" });
    await count.fill("99");
    await count.press("Tab");
    await expect.poll(() => offer.getByTestId("count-range-message").first().textContent()).toBe("تعداد باید بین ۰ تا ۵۰ باشد.");
    expect((await count.inputValue()).replace(/[۰-۹]/g, (d) => String("۰۱۲۳۴۵۶۷۸۹".indexOf(d)))).toBe("50");
    await expectNoAxeViolations(page, `0-50 message (${viewport})`, '[role="dialog"]');
    await screenshot(page, `spec16-count-range-${viewport}`);
    await context.close();
  }, 120_000);

  it("Scopus is shown disabled with the reason when the server has no key", async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto("/");
    await chooseType(page, "جستجوی مقاله");
    const panel = page.locator(".search-pane");
    const source = panel.getByLabel("منبع", { exact: true });
    expect(await source.locator("option", { hasText: "اسکوپوس" }).isDisabled()).toBe(true);
    expect(await panel.textContent()).toContain("روی این سرور پیکربندی نشده است");
    await expectNoAxeViolations(page, `scopus disabled (${viewport})`, ".search-pane");
    await screenshot(page, `spec16-scopus-disabled-${viewport}`);
    await context.close();
  });
});
