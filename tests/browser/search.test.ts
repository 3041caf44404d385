/**
 * Search types 2 to 5 in Chromium at phone and desktop widths, against the seeded catalogue and
 * the fake upstream: the alerts of §5, results and numbering across pages, page size, the
 * download-click check of §4 (guest → login), the per-result download dialog, the ProQuest hint,
 * the standard search with its help and request prompts, and the book offline prompt.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newPage, pageErrors, screenshot, viewports } from "./harness";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Viewport = keyof typeof viewports;

/** Chooses a search type: tiles on wide screens, radio buttons on phones (both are radios). */
async function chooseType(page: Page, label: string) {
  await page
    .getByRole("radio", { name: label, exact: true })
    .first()
    .evaluate((el) => el.scrollIntoView({ block: "center" }))
    .then(() => page.getByRole("radio", { name: label, exact: true }).first().click({ force: true }));
}

async function csrf(page: Page) {
  return page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? "");
}

async function signIn(page: Page) {
  await page.goto("/");
  const res = await page.request.post("/login", {
    headers: { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" },
    data: { email: "user@daryaft.test", password: "daryaft-dev-1234" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function toastShows(page: Page, text: string) {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);
}

const resultNumbers = (page: Page) => page.locator(".search-item__number").allTextContents();

/** Selects an option of a labelled dropdown (a native select) by the option's text. */
async function pick(scope: ReturnType<Page["locator"]>, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).selectOption({ label: option });
}

describe.each(Object.keys(viewports) as Viewport[])("search at %s width", (viewport) => {
  it("type 2: the alerts, Crossref results, numbering across pages, page size, guest download → login", async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto("/");
    await chooseType(page, "جستجوی مقاله");
    const panel = page.locator(".search-pane");
    await panel.waitFor();

    // §5: empty keywords, then no source selected
    await panel.getByRole("button", { name: "جستجو", exact: true }).click();
    await toastShows(page, "عبارتی برای جستجو وارد نشده است.");
    await panel.getByRole("searchbox", { name: "کلیدواژه‌ها" }).fill(`soil carbon ${viewport}`);
    await panel.getByRole("button", { name: "جستجو", exact: true }).click();
    await toastShows(page, "منبعی برای جستجو انتخاب نشده است.");

    await pick(panel, "منبع", "کراس‌رف (Crossref)");
    await panel.getByRole("button", { name: "نمایش فیلترها" }).click();
    expect(await panel.getByRole("textbox", { name: "ناشر" }).isVisible()).toBe(true);
    await panel.getByRole("button", { name: "جستجو", exact: true }).click();
    await expect.poll(() => resultNumbers(page), { timeout: 15_000 }).toHaveLength(10);
    expect(await resultNumbers(page)).toEqual(["۱", "۲", "۳", "۴", "۵", "۶", "۷", "۸", "۹", "۱۰"]);
    expect(await panel.locator(".search-count").textContent()).toBe("۱۳۷ نتیجه");
    const pager = panel.getByRole("navigation", { name: "صفحه‌بندی نتایج" });
    expect(await pager.getByRole("button", { name: /^صفحهٔ [۰-۹]+$/ }).count()).toBe(6);
    await screenshot(page, `search-article-${viewport}`);

    // page 2: numbering continues from 11, after the 600 ms delay
    const firstTitle = await panel.locator(".search-item__title").first().textContent();
    await pager.getByRole("button", { name: "صفحهٔ ۲" }).click();
    await expect.poll(() => resultNumbers(page), { timeout: 15_000 }).toContain("۱۱");
    expect((await resultNumbers(page))[0]).toBe("۱۱");
    expect(await panel.locator(".search-item__title").first().textContent()).not.toBe(firstTitle);
    expect(await pager.locator('[aria-current="page"]').textContent()).toBe("۲");

    // page size 20 starts again at page 1
    await pick(panel, "تعداد در هر صفحه", "۲۰");
    await expect.poll(() => resultNumbers(page), { timeout: 15_000 }).toHaveLength(20);
    expect((await resultNumbers(page))[0]).toBe("۱");

    // §4: a guest's download click opens the login dialog
    await panel.getByRole("button", { name: "درخواست دانلود" }).first().click();
    await page.getByRole("dialog", { name: "ورود به حساب کاربری" }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 60_000);

  it("type 2: Scopus without a key is disabled with the reason; a signed-in user's download click starts the link download", async () => {
    const { context, page } = await newPage(browser, viewport);
    await signIn(page);
    await page.goto("/");
    await chooseType(page, "جستجوی مقاله");
    const panel = page.locator(".search-pane");
    await panel.getByRole("searchbox", { name: "کلیدواژه‌ها" }).fill("graphene");
    // This server has no Scopus key (page data scopusConfigured: false): the option is there but
    // disabled, and the source select is described by the reason.
    const source = panel.getByLabel("منبع", { exact: true });
    expect(await source.locator("option", { hasText: "اسکوپوس" }).isDisabled()).toBe(true);
    const describedBy = await source.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain("اسکوپوس (Scopus) روی این سرور پیکربندی نشده است");

    await pick(panel, "منبع", "کراس‌رف (Crossref)");
    await panel.getByRole("searchbox", { name: "کلیدواژه‌ها" }).fill(`oa paper ${viewport} ${Date.now()}`);
    await panel.getByRole("button", { name: "جستجو", exact: true }).click();
    await expect.poll(() => resultNumbers(page), { timeout: 15_000 }).toHaveLength(10);
    // The fifth result onwards are synthetic scenario DOIs the fake can deliver.
    await panel.getByRole("button", { name: "درخواست دانلود" }).nth(4).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.getByRole("heading").first().textContent()).not.toBe("ورود به حساب کاربری");
    await screenshot(page, `search-article-dialog-${viewport}`);
    await context.close();
  }, 60_000);

  it("type 3: source chips, results with cover, type and price, free links, the offline prompt", async () => {
    const { context, page } = await newPage(browser, viewport);
    // Covers come from Open Library; there is no internet here, so it answers with a drawn cover.
    const cover =
      '<svg xmlns="http://www.w3.org/2000/svg" width="180" height="260"><rect width="180" height="260" fill="#1d4e89"/><rect x="14" y="40" width="152" height="60" fill="#f5a623"/></svg>';
    await page.route("https://covers.openlibrary.org/**", (route) => route.fulfill({ contentType: "image/svg+xml", body: cover }));
    await page.goto("/");
    await chooseType(page, "کتاب، استاندارد، حل‌المسائل");
    const panel = page.locator(".search-pane");
    await panel.getByRole("button", { name: "جستجو", exact: true }).click();
    await toastShows(page, "عبارتی برای جستجو وارد نشده است.");

    await panel.getByRole("searchbox", { name: "کلیدواژه‌ها" }).fill("concrete");
    await panel.getByRole("button", { name: "جستجو", exact: true }).click();
    await expect.poll(() => resultNumbers(page), { timeout: 15_000 }).not.toHaveLength(0);
    const badges = await panel.locator(".search-item .search-badge").allTextContents();
    expect(new Set(badges.filter((b) => ["کتاب", "استاندارد", "گزارش", "حل‌المسائل"].includes(b))).size).toBeGreaterThanOrEqual(3);
    expect(await panel.locator(".search-price").first().textContent()).toMatch(/^[۰-۹٬]+ تومان$/);
    // cover images load (items without an ISBN or cover keep the drawn placeholder)
    await expect
      .poll(
        () =>
          panel
            .locator("img.search-cover")
            .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0).length),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    expect(await panel.locator(".search-offline-prompt").isVisible()).toBe(true);
    await screenshot(page, `search-book-${viewport}`);

    await panel.locator("label.ui-radio", { hasText: /^رایگان$/ }).click();
    await expect.poll(() => panel.getByRole("radio", { name: "رایگان" }).isChecked()).toBe(true);
    await panel.getByRole("searchbox", { name: "کلیدواژه‌ها" }).fill("energy");
    await panel.getByRole("button", { name: "جستجو", exact: true }).click();
    // the new list: every item free, none priced
    await expect.poll(() => panel.locator(".search-item .search-badge--free").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await panel.locator(".search-item .search-badge--free").count()).toBe(await panel.locator(".search-item").count());
    expect(await panel.locator(".search-price").count()).toBe(0);
    // a guest pressing a free link is asked to log in (§4)
    await panel
      .locator(".search-item")
      .first()
      .getByRole("button", { name: /دانلود|لینک/ })
      .first()
      .click();
    await page.getByRole("dialog", { name: "ورود به حساب کاربری" }).waitFor();
    await page.keyboard.press("Escape");

    // the floating prompt: a guest's offline book request is kept for after login
    await panel.getByRole("button", { name: "درخواست آفلاین کتاب" }).click();
    await page.getByRole("dialog", { name: "ورود به حساب کاربری" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("run_details_url"))).toBe("energy");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 60_000);

  it("type 3 via #standard: the hash preselects the standard source", async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto("/#standard");
    const panel = page.locator(".search-pane");
    await panel.waitFor();
    expect(await panel.getByRole("radio", { name: "استاندارد", exact: true }).isChecked()).toBe(true);
    await panel.getByRole("searchbox", { name: "کلیدواژه‌ها" }).fill("steel");
    await panel.getByRole("searchbox", { name: "کلیدواژه‌ها" }).press("Enter");
    await expect.poll(() => panel.locator(".search-item").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // Every result is a standard (the type badge); demo records and open collections carry their own badges beside it.
    expect(new Set(await panel.locator(".search-item [class*='search-badge--type']").allTextContents())).toEqual(new Set(["استاندارد"]));
    await context.close();
  }, 40_000);

  it("type 4: ProQuest hint switches to direct access; free theses with filters", async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto("/");
    await chooseType(page, "جستجوی پایان‌نامه");
    const panel = page.locator(".search-pane");
    await panel.getByRole("radio", { name: "ProQuest" }).click({ force: true });
    expect(await panel.getByText("پایان‌نامه‌های پایگاه ProQuest").isVisible()).toBe(true);
    await screenshot(page, `search-thesis-proquest-${viewport}`);
    await panel.getByRole("button", { name: "رفتن به دسترسی مستقیم" }).click();
    await expect
      .poll(() => page.locator('.search-panel[data-search-type], [data-search-type="6"]').first().getAttribute("data-search-type"), { timeout: 10_000 })
      .toBe("6");

    await chooseType(page, "جستجوی پایان‌نامه");
    const thesis = page.locator(".search-pane");
    await thesis.getByRole("radio", { name: "پایان‌نامه‌های رایگان" }).click({ force: true });
    await thesis.getByRole("searchbox", { name: "کلیدواژه‌ها" }).fill("neural");
    // The catalogue's departments are shown in Persian (the value stays the catalogue's own name).
    await pick(thesis, "رشته", "علوم کامپیوتر");
    await thesis.getByRole("button", { name: "جستجو", exact: true }).click();
    await expect.poll(() => thesis.locator(".search-item").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const departments = await thesis.locator(".search-fact", { hasText: "رشته" }).locator("dd").allTextContents();
    expect(new Set(departments)).toEqual(new Set(["علوم کامپیوتر"]));
    await screenshot(page, `search-thesis-${viewport}`);
    await context.close();
  }, 60_000);

  it("type 5 (old-standard flag on): code search, fields, help, request dialogs", async () => {
    const { context, page } = await newPage(browser, viewport);
    // Turn the old-standard flag on in the page data the Worker injects, and leave out the first screen
    // the Worker drew without it (markup and data must agree to hydrate): the browser draws the page
    // from the altered data, as it does when a page comes without markup.
    await page.route("**/", async (route) => {
      const res = await route.fetch();
      const html = (await res.text())
        .replace(/"showOldTabStandardSearch":false/, '"showOldTabStandardSearch":true')
        .replace(/<div id="root">[\s\S]*<\/div>(\s*<\/body>)/, '<div id="root"></div>$1');
      await route.fulfill({ response: res, body: html });
    });
    await signIn(page);
    await page.goto("/");
    await chooseType(page, "جستجوی استاندارد");
    const panel = page.locator(".search-pane");
    await panel.getByRole("searchbox", { name: "بخشی از عنوان، کد استاندارد یا کلیدواژه" }).fill("9001");
    await panel.getByRole("searchbox", { name: "بخشی از عنوان، کد استاندارد یا کلیدواژه" }).press("Enter");
    await expect.poll(() => panel.locator(".search-item").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const first = panel.locator(".search-item").first();
    expect(await first.textContent()).toContain("ISO 9001:2015");
    expect(await first.locator("dt").allTextContents()).toEqual(["شمارهٔ استاندارد", "سازمان", "مجموعه (CD)", "تاریخ انتشار"]);
    // the publication date in the Solar Hijri calendar (2015-09-15 in the catalogue)
    expect(await first.locator(".search-fact", { hasText: "تاریخ انتشار" }).locator("dd").textContent()).toBe("۱۳۹۴/۰۶/۲۴");
    await screenshot(page, `search-standard-${viewport}`);

    // organisation filter
    await panel.getByRole("searchbox", { name: "بخشی از عنوان، کد استاندارد یا کلیدواژه" }).fill("steel");
    await pick(panel, "سازمان", "ASTM — ASTM International");
    await panel.getByRole("button", { name: "جستجو", exact: true }).click();
    await expect.poll(() => panel.locator(".search-fact", { hasText: "سازمان" }).locator("dd").allTextContents(), { timeout: 15_000 }).not.toHaveLength(0);
    expect(new Set(await panel.locator(".search-fact", { hasText: "سازمان" }).locator("dd").allTextContents())).toEqual(new Set(["ASTM"]));

    // the per-item request opens the standard dialog
    await panel.getByRole("button", { name: "درخواست دانلود" }).first().click();
    const standardDialog = page.getByRole("dialog");
    await standardDialog.waitFor();
    await screenshot(page, `search-standard-dialog-${viewport}`);
    await page.keyboard.press("Escape");
    await standardDialog.waitFor({ state: "detached" });

    // help
    await panel.getByRole("button", { name: "راهنما" }).click();
    const help = page.getByRole("dialog", { name: "راهنمای جستجوی استاندارد" });
    await help.waitFor();
    expect(await help.textContent()).toContain("ISO 9001");
    await page.keyboard.press("Escape");

    // nothing found → the request-a-standard prompt opens the offline request for a standard
    await panel.getByRole("searchbox", { name: "بخشی از عنوان، کد استاندارد یا کلیدواژه" }).fill("qwzx nonexistent");
    await pick(panel, "سازمان", "همه");
    await panel.getByRole("button", { name: "جستجو", exact: true }).click();
    await expect.poll(() => panel.locator(".search-count").textContent(), { timeout: 15_000 }).toBe("نتیجه‌ای برای مقادیر ورودی یافت نشد.");
    await panel.getByRole("button", { name: "درخواست استاندارد" }).click();
    const offline = page.getByRole("dialog");
    await offline.waitFor();
    expect(await offline.getByRole("textbox").first().inputValue()).toBe("qwzx nonexistent");
    expect(await offline.getByRole("radio", { name: "استاندارد", exact: true }).isChecked()).toBe(true);
    await screenshot(page, `search-standard-request-${viewport}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 60_000);
});
