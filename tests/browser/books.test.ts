/**
 * Books, reports and standards for real, in Chromium at phone (390) and desktop (1440) widths, with
 * axe: a pasted ISBN shows the book's card and either its lawful PDF (served from our origin) or
 * the book request one press from being sent; the book search's "free" and "report" sources show
 * the open collections' results (the fake upstream's OAPEN, Gutenberg, NTRS and OSTI), and their
 * files download through our origin with their provenance.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./a11y";
import { launch, newPage, pageErrors, screenshot, signUpVerified, viewports } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// No internet here: covers are drawn by the test.
const COVER =
  '<svg xmlns="http://www.w3.org/2000/svg" width="180" height="260"><rect width="180" height="260" fill="#28536b"/><rect x="14" y="40" width="152" height="60" fill="#f2a541"/></svg>';
async function drawCovers(page: Page) {
  await page.route(/https:\/\/(covers\.openlibrary\.org|www\.gutenberg\.org)\/.*\.jpg$/, (route) =>
    route.fulfill({ contentType: "image/svg+xml", body: COVER }),
  );
}

async function paste(page: Page, text: string) {
  const box = page.getByRole("searchbox", { name: "لینک یا DOI مقاله" });
  await box.fill(text);
  await box.press("Enter");
  return page.getByRole("dialog");
}

async function chooseBookSearch(page: Page) {
  const radio = page.getByRole("radio", { name: "کتاب، استاندارد، حل‌المسائل", exact: true }).first();
  await radio.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await radio.click({ force: true });
  const panel = page.locator(".search-pane");
  await panel.waitFor();
  return panel;
}

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("books at %s width", (viewport) => {
  it("paste an open-access book's ISBN: its card, then its lawful PDF from our origin", async () => {
    const { context, page } = await newPage(browser, viewport);
    await drawCovers(page);
    await page.goto("/");
    const dialog = await paste(page, "978-3-031-13551-4");
    const card = dialog.locator(".getpdf-book");
    await card.waitFor({ timeout: 20_000 });
    expect(await card.locator(".getpdf-book__title").textContent()).toContain("Optimising Emotions, Incubating Falsehoods");
    expect(await card.textContent()).toContain("9783031135514");
    const link = dialog.getByRole("link", { name: "دانلود" });
    await link.waitFor({ timeout: 30_000 });
    expect(await link.getAttribute("href")).toMatch(/^\/files\//);
    expect(await dialog.locator(".getpdf-outcome__source").textContent()).toContain("OAPEN");
    expect(await dialog.locator(".getpdf-provenance").textContent()).toContain("library.oapen.org");
    const file = await page.request.get((await link.getAttribute("href"))!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    await screenshot(page, `books-isbn-open-copy-${viewport}`);
    await expectNoAxeViolations(page, `book card with its PDF (${viewport})`, ".getpdf-result");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 90_000);

  it("paste an ISBN with no lawful copy: the card, then the book request sent with one press", async () => {
    const { context, page } = await newPage(browser, viewport);
    await drawCovers(page);
    await signUpVerified(page, `book-${viewport}`);
    await page.goto("/");
    const dialog = await paste(page, "ISBN ۰-۹۸۰۲۰۰۴-۴-X");
    await dialog.locator(".getpdf-book").waitFor({ timeout: 20_000 });
    expect(await dialog.locator(".getpdf-book__title").textContent()).toBe("Slow reading");
    const send = dialog.getByRole("button", { name: "ثبت درخواست کتاب" });
    await send.waitFor({ timeout: 30_000 });
    expect(await dialog.textContent()).toContain("۱۲ ساعت");
    await screenshot(page, `books-isbn-request-${viewport}`);
    await expectNoAxeViolations(page, `book card with the book request (${viewport})`, ".getpdf-result");
    await send.click();
    await page.waitForURL("**/profile/offlineBooksStandards", { timeout: 20_000 });
    await expect.poll(() => page.locator("main").textContent(), { timeout: 15_000 }).toContain("ISBN 9780980200447");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 120_000);

  it("search free and report: the open collections' results, and a download through our origin with its provenance", async () => {
    const { context, page } = await newPage(browser, viewport);
    await drawCovers(page);
    await signUpVerified(page, `free-${viewport}`);
    await page.goto("/");
    const panel = await chooseBookSearch(page);

    await panel.locator("label.ui-radio", { hasText: /^رایگان$/ }).click();
    await panel.getByRole("searchbox", { name: "کلیدواژه‌ها" }).fill(`emotions ${viewport}`);
    await panel.getByRole("button", { name: "جستجو", exact: true }).click();
    await expect.poll(() => panel.locator(".search-badge--source").allTextContents(), { timeout: 20_000 }).toContain("از OAPEN");
    expect(await panel.locator(".search-badge--source").allTextContents()).toContain("از Project Gutenberg");
    const oapen = panel.locator(".search-item", { hasText: "Optimising Emotions" });
    expect(await oapen.textContent()).toContain("9783031135514");
    await screenshot(page, `books-search-free-${viewport}`);
    await expectNoAxeViolations(page, `free results (${viewport})`, ".search-pane");
    await oapen.getByRole("button", { name: "دریافت فایل" }).click();
    const dialog = page.getByRole("dialog");
    const link = dialog.getByRole("link", { name: "دانلود" });
    await link.waitFor({ timeout: 30_000 });
    expect(await dialog.locator(".getpdf-provenance").textContent()).toContain("library.oapen.org");
    expect(await dialog.locator(".getpdf-outcome__source").textContent()).toMatch(/OAPEN.*CC BY/);
    expect(await link.getAttribute("href")).toMatch(/^\/files\//);
    await expectNoAxeViolations(page, `open book downloaded (${viewport})`, ".getpdf-result");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await panel.locator("label.ui-radio", { hasText: /^گزارش$/ }).click();
    await panel.getByRole("searchbox", { name: "کلیدواژه‌ها" }).fill(`teaming ${viewport}`);
    await panel.getByRole("button", { name: "جستجو", exact: true }).click();
    const nasa = panel.locator(".search-item", { hasText: "Analyzing Natural Language Context" });
    await nasa.waitFor({ timeout: 20_000 });
    expect(await nasa.textContent()).toContain("NF1676L-35089");
    expect(await panel.locator(".search-badge--source").allTextContents()).toContain("از OSTI");
    await screenshot(page, `books-search-report-${viewport}`);
    await nasa.getByRole("button", { name: "دریافت فایل" }).click();
    const report = page.getByRole("dialog");
    await report.getByRole("link", { name: "دانلود" }).waitFor({ timeout: 30_000 });
    expect(await report.locator(".getpdf-provenance").textContent()).toContain("ntrs.nasa.gov");
    await screenshot(page, `books-report-download-${viewport}`);
    await expectNoAxeViolations(page, `report downloaded (${viewport})`, ".getpdf-result");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 150_000);
});
