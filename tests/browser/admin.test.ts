/**
 * The admin console in Chromium at phone and desktop widths: the dashboard's figures, a user found by
 * e-mail whose credits the admin raises through the ledger form, and that user's credit bar showing
 * the new credit after a reload. Also screenshots of contracts, solvers and direct books.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./a11y";
import { launch, newPage, outboxCode, pageErrors, screenshot, viewports } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = "admin-browser-pass-1";
/** Lazy page chunks on a loaded 2-core machine: allow each check up to 30 s. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 30_000, interval: 250 });
const csrf = async (page: Page) => ((await (await page.request.get("/csrf-token")).json()) as { token: string }).token;

/** A fresh user with a verified mobile, signed in inside this page's context; answers the e-mail. */
async function signUp(page: Page, tag: string): Promise<string> {
  await page.goto("/");
  const suffix = `${Date.now() % 10_000_000}`.padStart(7, "0");
  const mobile = `0937${suffix}`;
  const email = `admin-target-${tag}-${suffix}@example.org`;
  const reg = await page.request.post("/register", {
    headers: { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" },
    data: { name: `کاربر هدف ${tag}`, email, mobile, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(reg.status()).toBe(200);
  const headers = { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" };
  expect((await page.request.post("/profile/send/mobile/code", { headers, data: { mobile } })).status()).toBe(200);
  expect((await page.request.post("/profile/mobile/verify", { headers, data: { code: await outboxCode(mobile) } })).status()).toBe(200);
  return email;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/");
  const res = await page.request.post("/login", { headers: { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" }, data: { email, password } });
  expect(res.status()).toBe(200);
}

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("admin console at %s width", (viewport) => {
  it("an admin raises a user's credits with a reason; the user's credit bar shows them after reload", async () => {
    const user = await newPage(browser, viewport);
    const email = await signUp(user.page, viewport);
    await user.page.goto("/");
    await poll(() => user.page.getByTestId("credit-unlimited").first().textContent()).toBe("۰");

    const admin = await newPage(browser, viewport);
    await logIn(admin.page, "admin@daryaft.test", "daryaft-dev-1234");

    await admin.page.goto("/admin/");
    await poll(() => admin.page.getByRole("heading", { level: 1, name: "داشبورد مدیریت" }).isVisible()).toBe(true);
    await poll(() => admin.page.getByTestId("dash-open").isVisible()).toBe(true);
    // The console's own navigation lists every section and desk.
    const nav = admin.page.getByRole("navigation", { name: "بخش‌های مدیریت" });
    for (const name of [
      "کاربران",
      "قراردادها",
      "حل‌کننده‌ها",
      "کتاب‌های خرید مستقیم",
      "میز آفلاین مقاله",
      "میز آفلاین کتاب",
      "تراکنش‌ها",
      "صدور فاکتور",
      "دسترسی مستقیم",
    ])
      expect(await nav.getByRole("link", { name, exact: true }).count(), name).toBe(1);
    await screenshot(admin.page, `admin-dashboard-${viewport}`);
    await expectNoAxeViolations(admin.page, `admin dashboard ${viewport}`);

    // News: typed and submitted with Enter; it lands at the top of the list, published.
    const newsTitle = `خبر آزمون مدیریت ${viewport} ${Date.now() % 100_000}`;
    await admin.page.getByLabel("عنوان خبر").first().fill(newsTitle);
    await admin.page.getByLabel("عنوان خبر").first().press("Enter");
    await poll(() => admin.page.getByRole("cell", { name: newsTitle }).count()).toBe(1);
    // The blog tab by keyboard: focus the selected tab, then the arrow key toward the next one (left in RTL).
    await admin.page.getByRole("tab", { name: "اخبار" }).focus();
    await admin.page.keyboard.press("ArrowLeft");
    await poll(() => admin.page.getByRole("tab", { name: "نوشته‌های وبلاگ" }).getAttribute("aria-selected")).toBe("true");
    await poll(() => admin.page.getByLabel("نامک (post_name)").isVisible()).toBe(true);

    await admin.page.goto("/admin/users");
    await admin.page.getByLabel("نام، ایمیل، موبایل یا نام کاربری").fill(email);
    await admin.page.getByLabel("نام، ایمیل، موبایل یا نام کاربری").press("Enter");
    const view = admin.page.getByRole("button", { name: `مشاهده کاربر هدف ${viewport}` });
    await view.click();
    await poll(() => admin.page.getByTestId("admin-balance-unlimited_article_credit").textContent()).toBe("۰");
    // Keyboard only: the amount and the reason, then Enter submits the ledger form.
    await admin.page.getByLabel("مقدار تغییر").fill("۷");
    await admin.page.getByLabel("دلیل").first().fill("جبران قطعی سرویس");
    await admin.page.getByLabel("دلیل").first().press("Enter");
    await poll(() => admin.page.getByTestId("admin-balance-unlimited_article_credit").textContent()).toBe("۷");
    await poll(() => admin.page.getByRole("cell", { name: "جبران قطعی سرویس" }).count()).toBeGreaterThan(0);
    await screenshot(admin.page, `admin-user-detail-${viewport}`);
    await expectNoAxeViolations(admin.page, `admin user detail ${viewport}`);

    // A refused adjustment (no reason) shows the Persian field error and changes nothing.
    await admin.page.getByLabel("مقدار تغییر").fill("-100");
    await admin.page.getByRole("button", { name: "ثبت تغییر" }).click();
    await poll(() => admin.page.getByText("دلیل", { exact: false }).count()).toBeGreaterThan(0);
    await poll(() => admin.page.getByTestId("admin-balance-unlimited_article_credit").textContent()).toBe("۷");

    await user.page.reload();
    await poll(() => user.page.getByTestId("credit-unlimited").first().textContent()).toBe("۷");
    await screenshot(user.page, `admin-user-credit-bar-${viewport}`);

    // A new contract with a domain and one access key with its quota.
    await admin.page.goto("/admin/contracts");
    await admin.page.getByRole("button", { name: "قرارداد تازه" }).click();
    const uniName = `دانشگاه آزمون ${viewport} ${Date.now() % 100_000}`;
    await admin.page.getByLabel("نام سازمان").fill(uniName);
    await admin.page.getByLabel("دامنه‌های ایمیل").fill(`${viewport}${Date.now() % 100_000}.test-uni.ac.ir`);
    await admin.page.getByText("دانلود مقاله", { exact: true }).click();
    await admin.page.getByLabel("سهمیهٔ ماهانه: دانلود مقاله").fill("۲۵۰");
    await admin.page.getByRole("button", { name: "ذخیره" }).click();
    await poll(() => admin.page.getByRole("row").filter({ hasText: uniName }).count()).toBe(1);
    await poll(() => admin.page.getByText("دانلود مقاله (۲۵۰)").count()).toBeGreaterThan(0);

    for (const [path, heading] of [
      ["/admin/contracts", "قراردادها"],
      ["/admin/solvers", "حل‌کننده‌ها"],
      ["/admin/directBooks", "کتاب‌های خرید مستقیم"],
    ] as const) {
      await admin.page.goto(path);
      await poll(() => admin.page.getByRole("heading", { level: 1, name: heading }).isVisible()).toBe(true);
      await poll(() => admin.page.locator("table").count()).toBeGreaterThan(0);
      await screenshot(admin.page, `admin-${path.split("/").at(-1)}-${viewport}`);
      await expectNoAxeViolations(admin.page, `${path} ${viewport}`);
    }
    expect(pageErrors(admin.page)).toEqual([]);
    expect(pageErrors(user.page)).toEqual([]);
    await admin.context.close();
    await user.context.close();
  }, 240_000);
});
