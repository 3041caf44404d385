/**
 * Reporting a wrong file in Chromium at 390 and 1440, each dialog checked by axe and screenshotted:
 * from the result dialog, from the library (/profile/booksAndArticles) and from a reading list
 * (/batch), then the staff section (/admin/fileReports) where an admin withdraws one.
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

type Viewport = keyof typeof viewports;
const unique = () => 100_000 + Math.floor(Math.random() * 899_999);
const REPORT = "فایل نادرست است؟";
const DIALOG = "اعلام فایل نادرست";

async function csrf(page: Page) {
  return ((await (await page.request.get("/csrf-token")).json()) as { token: string }).token;
}

/** Starts a DOI through the API in the page's session and waits for its result (a library row). */
async function fetchByApi(page: Page, doi: string) {
  const headers = { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" };
  let r = (await (await page.request.post("/getpdf/start", { headers, data: { url: doi } })).json()) as { id: string; status: string };
  for (let i = 0; r.status === "processing" && i < 100; i++) {
    await new Promise((ok) => setTimeout(ok, 300));
    r = (await (await page.request.post("/getpdf/check", { headers, data: { id: r.id } })).json()) as { id: string; status: string };
  }
  expect(r.status).toBe("ok");
}

/** Opens the report dialog with `opener`, checks it, picks a reason, writes a note and sends it. */
async function reportWith(page: Page, opener: ReturnType<Page["getByRole"]>, where: string, viewport: Viewport) {
  await opener.click();
  const dialog = page.getByRole("dialog", { name: DIALOG });
  await dialog.waitFor();
  expect(await dialog.getByRole("radio", { name: "مقالهٔ دیگری است" }).isChecked(), "the commonest reason is preselected").toBe(true);
  await expectNoAxeViolations(page, `report dialog, ${where} (${viewport})`, ".file-report");
  await screenshot(page, `file-report-${where}-${viewport}`);
  await dialog.getByText("خراب است یا باز نمی‌شود").click();
  await dialog.getByRole("textbox", { name: "توضیح (اختیاری)" }).fill("فایل پس از صفحهٔ اول قطع می‌شود");
  await dialog.getByRole("button", { name: "ثبت" }).click();
  await page.getByText("گزارش شما ثبت شد").first().waitFor();
  await dialog.waitFor({ state: "detached" });
}

describe.each(Object.keys(viewports) as Viewport[])("reporting a wrong file at %s width", (viewport) => {
  it("from the result dialog, the library and a reading list; the desk withdraws one", async () => {
    const { context, page } = await newPage(browser, viewport);
    await signUpVerified(page, `report-${viewport}`);
    await page.goto("/");

    // 1. The result dialog.
    const first = `10.5555/oa-unpaywall-${unique()}`;
    const box = page.getByRole("searchbox", { name: "لینک یا DOI مقاله" });
    await box.fill(first);
    await box.press("Enter");
    const result = page.getByRole("dialog").first();
    await result.getByRole("link", { name: "دانلود" }).waitFor({ timeout: 40_000 });
    await reportWith(page, result.getByRole("button", { name: REPORT }), "result", viewport);
    await result.getByText("نادرست اعلام کرده‌اید").waitFor();
    await result.getByRole("button", { name: "بستن" }).first().click();

    // 2. The library: the reported row says so; another row is reported from here.
    const second = `10.5555/oa-openalex-${unique()}`;
    await fetchByApi(page, second);
    await page.goto("/profile/booksAndArticles");
    const reportedRow = page.getByRole("row").filter({ hasText: first });
    await reportedRow.getByText("نادرست اعلام کرده‌اید").waitFor();
    const row = page.getByRole("row").filter({ hasText: second });
    await reportWith(page, row.getByRole("button", { name: REPORT }), "library", viewport);
    await row.getByText("نادرست اعلام کرده‌اید").waitFor();

    // 3. A reading list.
    const third = `10.5555/two-versions-${unique()}`;
    const created = await page.request.post("/batch", {
      headers: { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" },
      multipart: { text: third },
    });
    expect(created.status()).toBe(200);
    const { id } = (await created.json()) as { id: string };
    await page.goto(`/batch?id=${id}`);
    const entry = page.getByRole("row").filter({ hasText: third });
    await entry.getByRole("link", { name: "دانلود" }).waitFor({ timeout: 40_000 });
    await reportWith(page, entry.getByRole("button", { name: REPORT }), "list", viewport);
    expect(pageErrors(page)).toEqual([]);
    await context.close();

    // 4. The desk: an admin sees the reports with their evidence and withdraws the list's file.
    const staff = await newPage(browser, viewport);
    await staff.page.goto("/");
    const login = await staff.page.request.post("/login", {
      headers: { "X-CSRF-TOKEN": await csrf(staff.page), Accept: "application/json" },
      data: { email: "admin@daryaft.test", password: "daryaft-dev-1234" },
    });
    expect(login.status()).toBe(200);
    await staff.page.goto("/admin/fileReports");
    const item = staff.page.getByRole("article").filter({ hasText: third });
    await item.waitFor();
    await item.getByText("فایل پس از صفحهٔ اول قطع می‌شود").waitFor();
    await item.getByText("شواهد بررسی فایل").click();
    await item
      .getByText(/unpaywall: found/)
      .first()
      .waitFor();
    await expectNoAxeViolations(staff.page, `file reports desk (${viewport})`);
    await screenshot(staff.page, `file-report-desk-${viewport}`);
    await item.getByRole("button", { name: "کنار گذاشتن فایل" }).click();
    const ask = staff.page.getByRole("alertdialog");
    await ask.getByRole("button", { name: "بله" }).click();
    await staff.page.getByText("فایل کنار گذاشته شد").first().waitFor();
    await item.waitFor({ state: "detached" });
    await staff.page.getByText("کنار گذاشته‌شده", { exact: true }).click();
    await staff.page.getByRole("article").filter({ hasText: third }).getByText("با تأیید کارشناس").waitFor();
    expect(pageErrors(staff.page)).toEqual([]);
    await staff.context.close();
  }, 150_000);
});
