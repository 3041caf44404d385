/**
 * Journeys at 390×844 and 1440×900, every step screenshotted and checked by axe:
 * - a guest searches articles (Crossref) and books (the catalogue) and is asked to log in at download;
 * - a user chooses direct-access sites into the basket and checks out through the development bank;
 * - a user buys a plagiarism check (iThenticate) and uploads the document for it;
 * - a university user's home: sign in through the login dialog, the institution's box with its
 *   accesses, and a licensed article taken from the institution's quota (no own credits spent).
 */
import { pdfBytes } from "../../worker/vip-documents";
import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch } from "../harness";
import { andReload, Journey, SEEDED_PASSWORD, signUpByApi, VIEWPORTS } from "./journey";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const unique = () => 100_000 + Math.floor(Math.random() * 899_999);

describe.each(VIEWPORTS)("journeys at %s width", (viewport) => {
  it("a guest searches articles and books and is asked to log in at download", async () => {
    const j = new Journey(browser, "guest-search", viewport);
    try {
      const page = await j.open();
      await page.goto("/");
      const chooseType = (label: string) =>
        page
          .getByRole("radio", { name: label, exact: true })
          .first()
          .evaluate((el) => el.scrollIntoView({ block: "center" }))
          .then(() => page.getByRole("radio", { name: label, exact: true }).first().click({ force: true }));
      const results = page.locator(".search-pane .search-item");

      // Articles through Crossref.
      await chooseType("جستجوی مقاله");
      let panel = page.locator(".search-pane");
      await panel.waitFor();
      await panel.getByRole("searchbox", { name: "کلیدواژه‌ها" }).fill(`soil carbon journey ${viewport}`);
      await panel.getByLabel("منبع", { exact: true }).selectOption({ label: "کراس‌رف (Crossref)" });
      await j.step(page, "article-search-form");
      await panel.getByRole("button", { name: "جستجو", exact: true }).click();
      await expect.poll(() => results.count(), { timeout: 20_000 }).toBe(10);
      expect(await panel.locator(".search-count").textContent()).toBe("۱۳۷ نتیجه");
      await j.step(page, "article-results");
      await panel.getByRole("button", { name: "درخواست دانلود" }).first().click();
      let login = page.getByRole("dialog", { name: "ورود به حساب کاربری" });
      await login.waitFor();
      await j.step(page, "article-download-asks-login");
      await page.keyboard.press("Escape");
      await login.waitFor({ state: "detached" });

      // Books in the catalogue.
      await chooseType("کتاب، استاندارد، حل‌المسائل");
      panel = page.locator(".search-pane");
      await panel.getByRole("searchbox", { name: "کلیدواژه‌ها" }).fill("concrete");
      await j.step(page, "book-search-form");
      await panel.getByRole("button", { name: "جستجو", exact: true }).click();
      await expect.poll(() => results.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await expect.poll(() => panel.locator(".search-price").first().textContent()).toMatch(/^[۰-۹٬]+ تومان$/);
      await j.step(page, "book-results");
      await results
        .first()
        .getByRole("button")
        .filter({ hasText: /دانلود|خرید|لینک/ })
        .first()
        .click();
      login = page.getByRole("dialog", { name: "ورود به حساب کاربری" });
      await login.waitFor();
      await j.step(page, "book-download-asks-login");
      await page.keyboard.press("Escape");
      await login.waitFor({ state: "detached" });
      await j.close();
    } catch (e) {
      await j.close({ checkErrors: false });
      throw e;
    }
  }, 150_000);

  it("direct access: sites into the basket → checkout through the development bank → the accesses on the profile", async () => {
    const j = new Journey(browser, "direct-access-basket", viewport);
    try {
      const page = await j.open();
      await signUpByApi(page, `direct-${viewport}`);
      await page.goto("/");
      await page
        .getByRole("radio", { name: "دسترسی مستقیم", exact: true })
        .first()
        .evaluate((el) => el.scrollIntoView({ block: "center" }))
        .then(() => page.getByRole("radio", { name: "دسترسی مستقیم", exact: true }).first().click({ force: true }));
      const table = page.getByRole("table", { name: "فهرست سایت‌های دسترسی مستقیم" });
      await table.waitFor({ timeout: 20_000 });
      await j.step(page, "sites");
      const rows = table.locator("tbody tr");
      const names: string[] = [];
      for (const i of [0, 1]) {
        const row = rows.nth(i);
        names.push(((await row.locator("td").first().textContent()) ?? "").trim());
        await row.getByRole("button", { name: "افزودن به سبد" }).click();
        await expect
          .poll(() =>
            row
              .getByRole("button", { name: /حذف|افزودن/ })
              .first()
              .getAttribute("aria-pressed"),
          )
          .toBe("true");
      }
      const fab = page.getByRole("button", { name: "سبد خرید (۲)" });
      await fab.waitFor();
      await j.step(page, "two-sites-in-basket");
      await fab.click();
      const basket = page.getByRole("dialog", { name: "سبد دسترسی مستقیم" });
      await basket.waitFor();
      expect(await basket.getByRole("listitem").count()).toBe(2);
      await j.step(page, "basket-dialog");
      await basket.getByRole("button", { name: "پرداخت و خرید" }).click();
      await page.waitForURL(/\/gateway\/devbank\/pay\/pay_/, { timeout: 20_000 });
      await j.step(page, "development-bank");
      await page.getByRole("button", { name: "پرداخت" }).click();
      await page.waitForURL(/\/payment\?id=pay_/, { timeout: 15_000 });
      await expect.poll(() => page.getByTestId("payment-message").textContent()).toBe("پرداخت با موفقیت انجام شد و خرید شما تکمیل شد.");
      await j.step(page, "payment-result");
      await page.goto("/profile/vipServices");
      for (const name of names) await expect.poll(() => page.getByText(name).first().isVisible(), { timeout: 15_000 }).toBe(true);
      await j.step(page, "my-direct-accesses");
      await j.close();
    } catch (e) {
      await j.close({ checkErrors: false });
      throw e;
    }
  }, 180_000);

  it("plagiarism check: buy iThenticate → upload the document → the order waits for the desk", async () => {
    const j = new Journey(browser, "plagiarism-upload", viewport);
    try {
      const page = await j.open();
      await signUpByApi(page, `plagiarism-${viewport}`);
      await page.goto("/");
      await page
        .getByRole("radio", { name: "همانندجویی و ویرایش گرامر", exact: true })
        .first()
        .evaluate((el) => el.scrollIntoView({ block: "center" }))
        .then(() => page.getByRole("radio", { name: "همانندجویی و ویرایش گرامر", exact: true }).first().click({ force: true }));
      const cards = page.getByRole("region", { name: "همانندجویی، ویرایش گرامر و اکانت‌های تخصصی" });
      const card = cards
        .locator("article")
        .filter({ hasText: /iThenticate|همانندجویی/ })
        .first();
      await card.waitFor({ timeout: 20_000 });
      await j.step(page, "services");
      await card.getByRole("button", { name: "خرید", exact: true }).click();
      const buy = page.getByRole("dialog").first();
      await buy.waitFor();
      await j.step(page, "buy-dialog");
      await buy
        .getByRole("button", { name: /^خرید|پرداخت/ })
        .last()
        .click();
      await page.waitForURL(/\/gateway\/devbank\/pay\/pay_/, { timeout: 20_000 });
      await page.getByRole("button", { name: "پرداخت" }).click();
      await page.waitForURL(/\/payment\?id=pay_/, { timeout: 15_000 });
      await expect.poll(() => page.getByTestId("payment-message").textContent()).toBe("پرداخت با موفقیت انجام شد و خرید شما تکمیل شد.");
      await j.step(page, "payment-result");

      // Back on the services: the paid order waits for its file.
      await page.goto("/");
      await page
        .getByRole("radio", { name: "همانندجویی و ویرایش گرامر", exact: true })
        .first()
        .evaluate((el) => el.scrollIntoView({ block: "center" }))
        .then(() => page.getByRole("radio", { name: "همانندجویی و ویرایش گرامر", exact: true }).first().click({ force: true }));
      const paid = page
        .getByRole("region", { name: "همانندجویی، ویرایش گرامر و اکانت‌های تخصصی" })
        .locator("article")
        .filter({ hasText: /iThenticate|همانندجویی/ })
        .first();
      await paid.getByRole("button", { name: "ارسال فایل" }).click();
      const upload = page.getByRole("dialog", { name: /^ارسال فایل برای/ });
      await upload.waitFor();
      const pdf = Buffer.from(pdfBytes("journey")); // complete: uploads check the PDF structure
      await upload.locator('input[type="file"]').setInputFiles({ name: "thesis-chapter.pdf", mimeType: "application/pdf", buffer: pdf });
      await expect.poll(() => upload.getByText("thesis-chapter.pdf").isVisible()).toBe(true);
      await j.step(page, "upload-dialog");
      await upload.getByRole("button", { name: "ارسال", exact: true }).click();
      await upload.waitFor({ state: "detached", timeout: 20_000 });
      await expect.poll(() => page.getByText("فایل شما ارسال شد.").first().isVisible(), { timeout: 10_000 }).toBe(true);
      await page.goto("/profile/vipServices");
      await expect.poll(() => page.getByText("ثبت شده").first().isVisible(), { timeout: 15_000 }).toBe(true);
      await j.step(page, "my-orders");
      await j.close();
    } catch (e) {
      await j.close({ checkErrors: false });
      throw e;
    }
  }, 180_000);

  it("a university user's home: login → the institution's accesses → a licensed article on the institution's quota", async () => {
    const j = new Journey(browser, "university-home", viewport);
    try {
      const page = await j.open();
      await page.goto("/");
      await page.getByRole("button", { name: "ورود", exact: true }).first().click();
      const login = page.getByRole("dialog", { name: "ورود به حساب کاربری" });
      await login.getByLabel("موبایل، ایمیل یا نام کاربری").fill("uni@daryaft.test");
      await login.getByLabel("رمز عبور", { exact: true }).fill(SEEDED_PASSWORD);
      await j.step(page, "login-dialog");
      await andReload(page, () => login.getByRole("button", { name: "ورود", exact: true }).click());

      const box = page.getByRole("region", { name: "دسترسی‌های دانشگاه صنعتی نمونه" });
      await box.waitFor();
      const accesses = await box.getByRole("listitem").allTextContents();
      expect(accesses.length).toBe(5);
      expect(await box.textContent()).toContain("اشتراک‌گذاری حساب کاربری");
      await j.step(page, "home-with-institution");
      const ownBefore = await page.evaluate(async () => (await (await fetch("/profile/ajax/details")).json()) as unknown);

      // A licensed-only article: the institution's article quota pays for it.
      const doi = `10.5555/licensed-${unique()}`;
      const input = page.getByRole("searchbox", { name: "لینک یا DOI مقاله" });
      await input.fill(doi);
      await input.press("Enter");
      const result = page.getByRole("dialog");
      const download = result.getByRole("link", { name: "دانلود" });
      await download.waitFor({ timeout: 45_000 });
      await j.step(page, "licensed-result");
      const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
      expect(
        readFileSync((await file.path())!)
          .subarray(0, 5)
          .toString("latin1"),
      ).toBe("%PDF-");
      await page.keyboard.press("Escape");
      await result.waitFor({ state: "detached" });

      // The user's own credits did not move.
      const ownAfter = await page.evaluate(async () => (await (await fetch("/profile/ajax/details")).json()) as unknown);
      const credits = (d: unknown) => {
        const u = (d as { user: Record<string, unknown> }).user;
        return [u.balance, u.unlimited_vip_credits, u.limited_vip_credits];
      };
      expect(credits(ownAfter)).toEqual(credits(ownBefore));
      await page.goto("/profile");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await j.step(page, "profile");
      await j.close();
    } catch (e) {
      await j.close({ checkErrors: false });
      throw e;
    }
  }, 150_000);
});
