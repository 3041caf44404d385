/**
 * A pasted reference end to end in Chromium at phone and desktop widths: the box → the dialog names
 * the matched work → the PDF downloads with its source and provenance lines; an ambiguous title offers works to
 * choose from by keyboard; "not this one" leads to the offline request with the typed text. axe on
 * every dialog state.
 */
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./a11y";
import { baseUrl, launch, newPage, pageErrors, screenshot, viewports } from "./harness";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const unique = () => 100_000 + Math.floor(Math.random() * 899_999);

/** The fake upstream's scenario work n as a Vancouver reference (tests/fakes/providers/crossref.ts). */
const reference = (words: string, n: number) =>
  `Sadasivan S, Pond BB, Pani AK, Qu C, Jiao Y, Smeyne RJ. ${words}: test article ${n}. J Fake Res. ${2020 + (n % 5)};${(n % 40) + 1}(${(n % 12) + 1}):e${10000 + n}.`;

async function paste(page: Page, text: string) {
  await page.goto("/");
  const box = page.getByRole("searchbox", { name: "لینک یا DOI مقاله" });
  await box.fill(text);
  await box.press("Enter");
  return page.getByRole("dialog");
}

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("a pasted reference at %s width", (viewport) => {
  it("paste a reference → the matched work is named → the PDF downloads with its source and provenance lines", async () => {
    const { context, page } = await newPage(browser, viewport);
    const n = unique();
    const doi = `10.5555/oa-unpaywall-${n}`;
    const dialog = await paste(page, reference("Open access through Unpaywall", n));
    const note = dialog.getByRole("region", { name: "مقالهٔ یافته‌شده" });
    await note.waitFor({ timeout: 20_000 });
    expect(await note.textContent()).toContain("این مقاله را یافتیم:");
    const title = note.locator("bdi.getpdf-work__title");
    expect(await title.textContent()).toBe(`Open access through Unpaywall: test article ${n}`);
    expect(await title.getAttribute("dir")).toBe("ltr");
    const downloadLink = dialog.getByRole("link", { name: "دانلود" });
    await downloadLink.waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole("heading").textContent()).toBe("عملیات با موفقیت انجام شد");
    expect(await dialog.locator(".getpdf-outcome__source").textContent()).toContain("Unpaywall");
    // How the file was checked to be this work, its version, licence and host (issue 14).
    const provenance = dialog.locator(".getpdf-provenance");
    expect(await provenance.getAttribute("data-verified")).not.toBe("none");
    expect(await provenance.textContent()).toMatch(/^اصالت فایل: .+ · از \S+$/);
    await expectNoAxeViolations(page, `matched reference dialog (${viewport})`, ".getpdf-result");
    await screenshot(page, `getpdf-reference-ok-${viewport}`);
    const [download] = await Promise.all([page.waitForEvent("download"), downloadLink.click()]);
    const url = new URL(download.url());
    expect(url.origin).toBe(new URL(baseUrl()).origin);
    expect(url.pathname).toBe(`/files/doi/${doi}.pdf`);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 60_000);

  it("an ambiguous title offers works to choose from; the keyboard chooses and starts one", async () => {
    const { context, page } = await newPage(browser, viewport);
    const n = unique();
    const dialog = await paste(page, `Open access: test article ${n}`);
    const group = dialog.getByRole("radiogroup", { name: "کدام مقاله را می‌خواهید؟" });
    await group.waitFor({ timeout: 20_000 });
    expect(await dialog.getByRole("heading").textContent()).toBe("انتخاب مقاله");
    const radios = group.getByRole("radio");
    expect(await radios.count()).toBeGreaterThanOrEqual(2);
    await expectNoAxeViolations(page, `work chooser (${viewport})`, ".getpdf-result");
    await screenshot(page, `getpdf-reference-choose-${viewport}`);
    // keyboard only: the first option, then the next with an arrow key, then Tab to the button and Enter
    await radios.first().focus();
    await page.keyboard.press("ArrowDown");
    const chosenTitle = (await group.locator("label:has(input:checked) bdi.getpdf-work__title").textContent())!;
    expect(chosenTitle).toContain(`test article ${n}`);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("دریافت مقالهٔ انتخاب‌شده");
    await page.keyboard.press("Enter");
    await dialog
      .getByRole("link", { name: "دانلود" })
      .or(dialog.getByRole("button", { name: "ثبت درخواست آفلاین" }))
      .first()
      .waitFor({ timeout: 30_000 });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 60_000);

  it("'not this one' leads to the offline request with the typed reference (a guest logs in first)", async () => {
    const { context, page } = await newPage(browser, viewport);
    const text = reference("Open access through OpenAlex", unique());
    const dialog = await paste(page, text);
    await dialog.getByRole("region", { name: "مقالهٔ یافته‌شده" }).waitFor({ timeout: 20_000 });
    await dialog.getByRole("button", { name: "این نیست" }).click();
    await page.getByRole("dialog", { name: "ورود به حساب کاربری" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("run_details_url"))).toBe(text);
    await context.close();
  }, 60_000);
});
