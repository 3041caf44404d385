/**
 * Provenance in Chromium at phone and desktop widths, with axe: a served PDF shows its provenance
 * line (how it was verified, version, licence, host); a retracted paper shows a red banner that
 * links the retraction notice.
 */
import type { Browser } from "playwright-core";
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

const unique = () => 100_000 + Math.floor(Math.random() * 899_999);

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("provenance and notices at %s width", (viewport) => {
  it("get a PDF (its first location served another paper) and see its provenance line", async () => {
    const { context, page } = await newPage(browser, viewport);
    const doi = `10.5555/wrong-first-${unique()}`;
    await page.goto("/");
    const box = page.getByRole("searchbox", { name: "لینک یا DOI مقاله" });
    await box.fill(doi);
    await box.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("link", { name: "دانلود" }).waitFor({ timeout: 30_000 });
    const line = dialog.locator(".getpdf-provenance");
    expect(await line.textContent()).toBe("اصالت فایل: شناسهٔ مدرک روی صفحهٔ اول فایل دیده شد · نسخهٔ پذیرفته‌شدهٔ نویسنده · مجوز CC BY NC · از repo.example.test");
    expect(await dialog.locator(".getpdf-notices").count()).toBe(0);
    await screenshot(page, `getpdf-provenance-${viewport}`);
    await expectNoAxeViolations(page, `provenance line (${viewport})`, ".getpdf-result");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 60_000);

  it("a retracted paper shows a red banner linking the notice", async () => {
    const { context, page } = await newPage(browser, viewport);
    const n = unique();
    await page.goto("/");
    const box = page.getByRole("searchbox", { name: "لینک یا DOI مقاله" });
    await box.fill(`10.5555/retracted-${n}`);
    await box.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("link", { name: "دانلود" }).waitFor({ timeout: 30_000 });
    const banner = dialog.locator(".getpdf-notice");
    expect(await banner.count()).toBe(1);
    expect(await banner.getAttribute("class")).toContain("ui-alert--error");
    expect(await banner.getAttribute("role")).toBe("alert");
    expect(await banner.textContent()).toContain("این مقاله بازپس‌گرفته شده است");
    expect(await banner.textContent()).toMatch(/تاریخ اطلاعیه: [۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2}/);
    const link = banner.getByRole("link", { name: "دیدن اطلاعیه" });
    expect(await link.getAttribute("href")).toBe(`https://doi.org/10.5555/retraction-notice-${n}`);
    // The provenance line is there too.
    expect(await dialog.locator(".getpdf-provenance").count()).toBe(1);
    await screenshot(page, `getpdf-retracted-${viewport}`);
    await expectNoAxeViolations(page, `retraction banner (${viewport})`, ".getpdf-result");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 60_000);
});
