/**
 * A reading list end to end in Chromium at phone and desktop widths, as a signed-in user with an
 * empty wallet: upload a .ris with the keyboard-reachable file picker, watch the table fill row by
 * row, filter by status, download the ZIP of the available PDFs (parsed: exactly those files), then
 * price and submit offline requests for the rest (the wallet is empty, so the card gateway pays the
 * difference, as every purchase) and find the request on the offline articles page; axe on the
 * form, the filled table and the priced offline section.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readZip } from "../worker/zip-reader";
import { expectNoAxeViolations } from "./a11y";
import { launch, newPage, pageErrors, screenshot, signUpVerified, viewports } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const unique = () => 100_000 + Math.floor(Math.random() * 899_999);

function risFile(dois: string[]): string {
  const body = dois.map((doi, i) => `TY  - JOUR\r\nAU  - Doe, Jane\r\nTI  - Paper number ${i + 1}\r\nPY  - 2020\r\nDO  - ${doi}\r\nER  - \r\n`).join("\r\n");
  const file = path.join(tmpdir(), `reading-list-${unique()}.ris`);
  writeFileSync(file, body);
  return file;
}

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("the /batch page at %s width", (viewport) => {
  it("upload a .ris → the table fills → filter → the ZIP holds exactly the ready PDFs → offline requests for the rest", async () => {
    const { context, page } = await newPage(browser, viewport);
    await signUpVerified(page, `batch-${viewport}`);
    const ok = [`10.5555/oa-unpaywall-${unique()}`, `10.5555/oa-openalex-${unique()}`];
    const none = `10.5555/none-${unique()}`;
    const file = risFile([ok[0]!, none, ok[1]!]);
    await page.goto("/batch");
    await page.getByRole("heading", { name: "دریافت یک‌جای فهرست منابع" }).waitFor();
    await expectNoAxeViolations(page, `batch form (${viewport})`, "main");
    await screenshot(page, `batch-form-${viewport}`);
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByRole("button", { name: "انتخاب فایل" }).click()]);
    await chooser.setFiles(file);
    await page.getByText(path.basename(file)).waitFor();
    await page.getByRole("button", { name: "شروع دریافت" }).press("Enter");
    const table = page.getByRole("table", { name: "مراجع این فهرست و وضعیت دریافت هر یک" });
    await table.waitFor({ timeout: 20_000 });
    expect(await table.getByRole("row").count()).toBe(4); // header + 3
    // fills in live: every row reaches a terminal status without a reload
    await page.waitForFunction(
      () => document.querySelectorAll('[data-status="processing"]').length === 0 && document.querySelectorAll("[data-status]").length === 3,
      null,
      { timeout: 60_000 },
    );
    expect(await table.locator("[data-status]").evaluateAll((els) => els.map((e) => e.getAttribute("data-status")))).toEqual(["ok", "offline", "ok"]);
    await expectNoAxeViolations(page, `batch table (${viewport})`, "main");
    const batchUrl = page.url();
    await screenshot(page, `batch-table-${viewport}`);
    // filter: only the offline row
    await page.getByRole("radio", { name: /درخواست آفلاین/ }).check({ force: true });
    expect(await table.locator("[data-status]").count()).toBe(1);
    await page.getByRole("radio", { name: /همه/ }).check({ force: true });
    // the ZIP
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "دانلود همه فایل‌های آماده (ZIP)" }).click()]);
    const buf = readFileSync((await download.path())!);
    const files = readZip(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer);
    // Named author-year-title (the work's own record), in the list's order; each ends with its title's number here.
    expect(files.map((f) => f.name)).toEqual(ok.map((doi) => expect.stringMatching(new RegExp(`^[a-z]+-\\d{4}-[a-z0-9-]+-${doi.split("-").pop()}\\.pdf$`))));
    for (const f of files) expect(Buffer.from(f.data.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    // no horizontal scrolling of the page at phone width
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);

    // offline requests for the rest: priced before confirming (no credits, an empty wallet: one
    // credit at the price table's 45,000 toman, paid through the card gateway)
    const offline = page.getByRole("region", { name: "درخواست آفلاین برای بقیه" });
    await offline.getByText("۱ مرجع در دسترس آنی نیست", { exact: false }).waitFor();
    await offline.getByText("۱ درخواست از کیف پول (هر کدام ۴۵٬۰۰۰ تومان): جمعاً ۴۵٬۰۰۰ تومان.").waitFor();
    await expectNoAxeViolations(page, `batch offline section (${viewport})`, "main");
    await offline.scrollIntoViewIfNeeded();
    await screenshot(page, `batch-offline-${viewport}`);
    const pay = offline.getByRole("button", { name: "پرداخت ۴۵٬۰۰۰ تومان و ثبت ۱ درخواست آفلاین" });
    await pay.focus();
    await page.keyboard.press("Enter");
    await offline.getByText(/انتقال به درگاه پرداخت/).waitFor();
    await page.waitForURL(/\/gateway\/devbank\/pay\/pay_/, { timeout: 15_000 });
    expect(await page.locator("[data-amount]").getAttribute("data-amount")).toBe("45000");
    await page.getByRole("button", { name: "پرداخت" }).click();
    await page.waitForURL(/\/payment\?id=pay_/, { timeout: 15_000 });
    await expect.poll(() => page.getByTestId("payment-message").textContent()).toBe("پرداخت با موفقیت انجام شد و خرید شما تکمیل شد.");
    // the result page continues to the offline articles page, which lists the request
    await page.waitForURL(/\/profile\/offilneArticles\/?$/, { timeout: 15_000 });
    await page.getByText(none, { exact: false }).first().waitFor({ timeout: 15_000 });
    await screenshot(page, `batch-offline-requested-${viewport}`);
    // back on the list: nothing left to request, nothing to pay again
    await page.goto(batchUrl);
    await offline.getByText("همهٔ مراجع این فهرست یا آماده‌اند یا درخواست آفلاین دارند.").waitFor({ timeout: 20_000 });
    await offline.getByText("۱ مرجع را پیش‌تر درخواست کرده‌اید", { exact: false }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
