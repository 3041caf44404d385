/**
 * The link/DOI box end to end in Chromium at phone and desktop widths: paste a DOI → the live
 * "DOI شناسایی شد" line → the result dialog shows progress → the download button → the PDF
 * downloads from our own origin. Also ?getUrl= (started at once, never spending), ?getOfflineUrl= and the help dialog.
 */
import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from "vitest";
import { baseUrl, launch, newPage, pageErrors, screenshot, viewports } from "./harness";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const unique = () => 100_000 + Math.floor(Math.random() * 899_999);
/** Every outside call this slow: a job a user watches for a few seconds (a fast one is answered done at once). */
const setLatency = (ms: number) => fetch(`${inject("upstreamUrl")}/__latency?ms=${ms}`, { method: "POST" });

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("link/DOI download at %s width", (viewport) => {
  it("paste a DOI → progress → download button → the file downloads from our origin", async () => {
    const { context, page } = await newPage(browser, viewport);
    // Unpaywall answers this scenario only after 20 s: the pipeline moves on to OpenAlex after its
    // 5 s step deadline, so the dialog is seen processing first.
    const doi = `10.5555/upstream-slow-${unique()}`;
    await page.goto("/");
    const box = page.getByRole("searchbox", { name: "لینک یا DOI مقاله" });
    await box.fill(`https://doi.org/${doi}`);
    await expect.poll(() => page.locator(".getpdf-recognised").textContent(), { timeout: 10_000 }).toContain(`DOI شناسایی شد: ${doi}`);
    await screenshot(page, `getpdf-box-${viewport}`);

    await setLatency(700);
    onTestFinished(() => setLatency(0).then(() => undefined));
    await box.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("progressbar").waitFor({ timeout: 10_000 });
    expect(await dialog.getByRole("heading").textContent()).toBe("در حال پردازش");
    await expect.poll(() => dialog.getByRole("list", { name: "مراحل دریافت" }).textContent(), { timeout: 10_000 }).toMatch(/Unpaywall|Crossref|صف/);
    await screenshot(page, `getpdf-progress-${viewport}`);

    // A second Enter while the same search runs is ignored: still one dialog, still processing.
    await box.press("Enter").catch(() => undefined);
    expect(await page.getByRole("dialog").count()).toBe(1);

    const downloadLink = dialog.getByRole("link", { name: "دانلود" });
    await downloadLink.waitFor({ timeout: 45_000 });
    await setLatency(0);
    expect(await dialog.getByRole("heading").textContent()).toBe("عملیات با موفقیت انجام شد");
    expect(await dialog.textContent()).toContain("OpenAlex");
    await screenshot(page, `getpdf-ok-${viewport}`);

    const [download] = await Promise.all([page.waitForEvent("download"), downloadLink.click()]);
    const url = new URL(download.url());
    expect(url.origin).toBe(new URL(baseUrl()).origin);
    expect(url.pathname).toBe(`/files/doi/${doi}.pdf`);
    const file = readFileSync((await download.path())!);
    expect(file.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // The banner can be dismissed; closing the dialog stops everything.
    await dialog.getByRole("button", { name: "بستن آگهی" }).click();
    expect(await dialog.locator(".getpdf-ad").count()).toBe(0);
    await dialog.getByRole("button", { name: "بستن", exact: true }).last().click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 60_000);

  it("?getUrl= starts at once without spending (GET); an article nobody can deliver offers an offline request", async () => {
    const { context, page } = await newPage(browser, viewport);
    const doi = `10.5555/none-${unique()}`;
    const starts: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/getpdf/start")) starts.push(r.method());
    });
    await page.goto(`/?getUrl=${encodeURIComponent(doi)}`);
    const box = page.getByRole("searchbox", { name: "لینک یا DOI مقاله" });
    await box.waitFor();
    await page.waitForFunction((v) => (document.querySelector('input[name="url"]') as HTMLInputElement | null)?.value === v, doi);
    const dialog = page.getByRole("dialog", { name: "درخواست آفلاین" });
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.textContent()).toContain("درخواست آفلاین");
    // Started by itself, by GET: a link from any site never spends a credit.
    expect(starts).toEqual(["GET"]);
    expect(new URL(page.url()).search).toBe("");
    await screenshot(page, `getpdf-offline-${viewport}`);
    // A guest is asked to log in first (the request is kept for after login).
    await dialog.getByRole("button", { name: "ثبت درخواست آفلاین" }).click();
    await page.getByRole("dialog", { name: "ورود به حساب کاربری" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("run_details_doi"))).toBe(doi);
    await context.close();
  }, 40_000);

  it("?getOfflineUrl= opens the offline-status result with the advice to paste the publisher link", async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto(`/?getOfflineUrl=${encodeURIComponent("Deep learning for sparse signals")}&desc=${encodeURIComponent("chapter 3")}`);
    const result = page.getByRole("dialog", { name: "درخواست آفلاین" });
    await result.waitFor({ timeout: 10_000 });
    expect(await result.textContent()).toContain("به جای عنوان، لینک صفحهٔ مقاله");
    expect(new URL(page.url()).search).toBe("");
    await context.close();
  });

  it("the help dialog and the browser-extension link", async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto("/");
    await page.getByRole("button", { name: "راهنما" }).click();
    const help = page.getByRole("dialog", { name: "راهنمای دریافت با لینک یا DOI" });
    await help.waitFor();
    expect(await help.textContent()).toContain("سفارش مدارک فارسی‌زبان امکان‌پذیر نیست");
    await screenshot(page, `getpdf-help-${viewport}`);
    await help.getByRole("button", { name: "بستن", exact: true }).last().click();
    expect(await page.locator(".getpdf-panel").getByRole("link", { name: "افزونهٔ مرورگر" }).getAttribute("href")).toBe("/extension");
    await context.close();
  });
});
