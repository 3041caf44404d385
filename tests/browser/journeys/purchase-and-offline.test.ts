/**
 * Journeys at 390×844 and 1440×900, every step screenshotted and checked by axe:
 * - register → mobile code from the development outbox → buy an article package through the
 *   development bank → download a licensed article (a credit is spent, the link is ours);
 * - an offline book request → the admin prices it → the user pays → the admin delivers the PDF →
 *   the user is notified and downloads it.
 */
import { pdfBytes } from "../../worker/vip-documents";
import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch } from "../harness";
import { andReload, freshIdentity, Journey, outbox, outboxCode, seeText, SEEDED_PASSWORD, signInByApi, signUpByApi, VIEWPORTS } from "./journey";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const toPersian = (s: string) => s.replace(/[0-9]/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!);
const unique = () => 100_000 + Math.floor(Math.random() * 899_999);

describe.each(VIEWPORTS)("journeys at %s width", (viewport) => {
  it("register → mobile code → article package via the development bank → licensed article download", async () => {
    const j = new Journey(browser, "register-buy-download", viewport);
    try {
      const page = await j.open();
      const who = freshIdentity(`buy-${viewport}`);
      const password = "journey-pass-1234";

      await page.goto("/");
      await page.getByRole("searchbox", { name: "لینک یا DOI مقاله" }).waitFor();
      await j.step(page, "home-guest");

      await page.getByRole("button", { name: "ثبت‌نام", exact: true }).first().click();
      const register = page.getByRole("dialog", { name: "ثبت‌نام" });
      await register.getByLabel("نام و نام خانوادگی").fill("پژوهشگر سفر");
      await register.getByLabel("ایمیل").fill(who.email);
      await register.getByLabel("شماره موبایل").fill(toPersian(who.mobile));
      await register.getByLabel("رمز عبور", { exact: true }).fill(password);
      await register.getByLabel("تکرار رمز عبور").fill(password);
      await j.step(page, "register-dialog");
      await andReload(page, () => register.getByRole("button", { name: "ثبت‌نام", exact: true }).click());

      // Signed in, mobile not verified: the mobile dialog opens by itself.
      const mobileDialog = page.getByRole("dialog", { name: "شماره موبایل و تأیید آن" });
      await mobileDialog.waitFor();
      await j.step(page, "mobile-dialog");
      await mobileDialog.getByRole("button", { name: "ارسال کد تأیید" }).click();
      const code = await outboxCode(who.mobile);
      await mobileDialog.getByLabel("کد تأیید").fill(code);
      await j.step(page, "mobile-code-entered");
      await mobileDialog.getByRole("button", { name: "تأیید", exact: true }).click();
      await mobileDialog.waitFor({ state: "detached" });
      await seeText(page, "با موفقیت انجام شد");
      await j.step(page, "mobile-verified");
      const details = await page.evaluate(async () => (await fetch("/profile/ajax/details")).json());
      expect(details.user).toMatchObject({ mobile: who.mobile, mobile_verifed: 1, email: who.email });

      // Buy the bronze article package; the empty wallet sends the whole amount to the development bank.
      await page.goto("/profile/financial");
      await expect.poll(() => page.getByTestId("financial-balance").textContent()).toBe("۰ تومان");
      await j.step(page, "financial-empty");
      await page.getByRole("button", { name: "خرید بستهٔ اعتبار" }).click();
      const buy = page.getByRole("dialog", { name: "خرید بستهٔ اعتبار" });
      await buy.getByText("بستهٔ برنزی").click();
      await expect.poll(() => buy.getByTestId("purchase-total").textContent()).toBe("۲۵۹٬۰۰۰ تومان");
      await j.step(page, "package-dialog");
      await buy.getByRole("button", { name: "خرید", exact: true }).click();
      await expect.poll(() => buy.getByTestId("gateway-countdown").isVisible()).toBe(true);
      await j.step(page, "gateway-countdown", { axe: false });
      await page.waitForURL(/\/gateway\/devbank\/pay\/pay_/, { timeout: 15_000 });
      await expect.poll(() => page.locator("[data-amount]").getAttribute("data-amount")).toBe("259000");
      await j.step(page, "development-bank");
      await page.getByRole("button", { name: "پرداخت" }).click();
      await page.waitForURL(/\/payment\?id=pay_/, { timeout: 15_000 });
      await expect.poll(() => page.getByTestId("payment-message").textContent()).toBe("پرداخت با موفقیت انجام شد و خرید شما تکمیل شد.");
      await j.step(page, "payment-result");
      await page.waitForURL(/\/profile\/booksAndArticles\/?$/, { timeout: 15_000 });
      await j.step(page, "articles-page-with-credits");
      await page.goto("/profile/financial");
      await expect.poll(() => page.getByTestId("financial-unlimited").textContent()).toBe("۱۰");

      // A licensed-only article (Elsevier through the operator's licence): the pipeline finds it, one credit is spent.
      const doi = `10.5555/licensed-${unique()}`;
      await page.goto("/");
      const box = page.getByRole("searchbox", { name: "لینک یا DOI مقاله" });
      await box.fill(doi);
      await expect.poll(() => page.locator(".getpdf-recognised").textContent(), { timeout: 10_000 }).toContain(`DOI شناسایی شد: ${doi}`);
      await j.step(page, "doi-recognised");
      await box.press("Enter");
      const result = page.getByRole("dialog");
      const download = result.getByRole("link", { name: "دانلود" });
      await download.waitFor({ timeout: 45_000 });
      expect(await result.getByRole("heading").first().textContent()).toBe("عملیات با موفقیت انجام شد");
      expect(await result.textContent()).toContain("Elsevier");
      await j.step(page, "licensed-result");
      const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
      const url = new URL(file.url());
      expect(url.origin).toBe(new URL(baseUrl()).origin);
      expect(
        readFileSync((await file.path())!)
          .subarray(0, 5)
          .toString("latin1"),
      ).toBe("%PDF-");
      await page.keyboard.press("Escape");
      await result.waitFor({ state: "detached" });

      // The credit was spent once.
      await page.goto("/profile/financial");
      await expect.poll(() => page.getByTestId("financial-unlimited").textContent()).toBe("۹");
      await j.step(page, "financial-after-download");
      await j.close();
    } catch (e) {
      await j.close({ checkErrors: false });
      throw e;
    }
  }, 180_000);

  it("offline book request → admin prices → user pays → admin delivers → user downloads", async () => {
    const j = new Journey(browser, "offline-book", viewport);
    try {
      const u = await j.open();
      const a = await j.open();
      const who = await signUpByApi(u, `offline-${viewport}`);
      const title = `Handbook of Journey Testing ${unique()}`;

      // 1. The request, through the floating button's dialog.
      await u.goto("/");
      await u.getByRole("button", { name: "درخواست آفلاین" }).first().click();
      const dialog = u.getByRole("dialog", { name: "درخواست آفلاین" });
      await dialog.getByLabel("لینک یا عنوان مدرک").fill(title);
      await dialog.getByLabel("توضیحات (اختیاری)").fill("ویرایش سوم، فصل ۲");
      await j.step(u, "request-dialog");
      await dialog.getByRole("button", { name: "ثبت درخواست" }).click();
      await u.waitForURL(/\/profile\/offlineBooksStandards$/);
      const badge = u.locator("article.offline-card .offline-badge").first();
      await expect.poll(() => badge.getAttribute("data-status")).toBe("registered");
      await j.step(u, "user-registered");

      // 2. The admin prices it on the delivery desk.
      await signInByApi(a, "admin@daryaft.test", SEEDED_PASSWORD);
      const openOnDesk = async () => {
        await a.goto("/admin/offlineBooks");
        await a.getByLabel("جستجو: عنوان، ISBN، DOI، شمارهٔ استاندارد یا کاربر").fill(who.email);
        await a.getByRole("button", { name: "اعمال فیلتر" }).click();
        await expect.poll(() => a.locator(".desk-card").count()).toBe(1);
        await a
          .locator(".desk-card")
          .getByRole("button", { name: /^رسیدگی/ })
          .click();
        const detail = a.getByTestId("desk-detail");
        await detail.getByRole("heading", { level: 2 }).waitFor();
        return detail;
      };
      let detail = await openOnDesk();
      await j.step(a, "admin-desk-request");
      await detail.getByLabel("قیمت (تومان)").fill("۹۵۰۰۰");
      await detail.getByRole("button", { name: "ثبت و بعدی" }).click();
      await seeText(a, "قیمت ثبت شد و به کاربر خبر داده شد");
      await j.step(a, "admin-priced");
      await expect.poll(async () => (await outbox(who.email))[0]?.text ?? "").toContain("۹۵٬۰۰۰ تومان");

      // 3. The user pays: the empty wallet sends the amount to the development bank.
      await u.goto("/profile/offlineBooksStandards");
      await expect.poll(() => u.locator("article.offline-card .offline-badge").first().getAttribute("data-status")).toBe("priced");
      await expect.poll(() => u.getByTestId("offline-price").textContent()).toBe("۹۵٬۰۰۰ تومان");
      await j.step(u, "user-priced");
      await u.getByRole("button", { name: /^پرداخت/ }).click();
      await u.waitForURL(/\/gateway\/devbank\/pay\/pay_/, { timeout: 15_000 });
      await j.step(u, "development-bank");
      await u.getByRole("button", { name: "پرداخت" }).click();
      await u.waitForURL(/\/payment\?id=pay_/, { timeout: 15_000 });
      await j.step(u, "payment-result");
      await u.waitForURL(/\/profile\/offlineBooksStandards\/?$/, { timeout: 15_000 });
      await expect.poll(() => u.locator("article.offline-card .offline-badge").first().getAttribute("data-status")).toBe("paid");
      await j.step(u, "user-paid");

      // 4. The paid request is back on the admin's desk; choosing the PDF delivers it after a few
      // seconds' undo (and claims it).
      detail = await openOnDesk();
      const pdf = Buffer.from(pdfBytes("journey")); // complete: uploads check the PDF structure
      await detail.getByLabel("فایل PDF (حداکثر ۱۰۰ مگابایت)").setInputFiles({ name: "journey-book.pdf", mimeType: "application/pdf", buffer: pdf });
      await seeText(a, "تحویل می‌شود");
      await j.step(a, "admin-upload");
      await seeText(a, "تحویل شد و به کاربر خبر داده شد");
      await expect.poll(() => a.locator(".desk-card").count()).toBe(0);
      await j.step(a, "admin-delivered");

      // 5. Notified by SMS; the user downloads the delivered file.
      await expect.poll(async () => (await outbox(who.mobile))[0]?.text ?? "").toContain("آماده است");
      await u.goto("/profile/offlineBooksStandards");
      await expect.poll(() => u.locator("article.offline-card .offline-badge").first().getAttribute("data-status")).toBe("delivered");
      await j.step(u, "user-delivered");
      const [download] = await Promise.all([u.waitForEvent("download"), u.getByRole("link", { name: /دانلود فایل/ }).click()]);
      expect(
        readFileSync((await download.path())!)
          .subarray(0, 5)
          .toString("latin1"),
      ).toBe("%PDF-");
      expect(download.suggestedFilename()).toBe("journey-book.pdf");
      await j.close();
    } catch (e) {
      await j.close({ checkErrors: false });
      throw e;
    }
  }, 240_000);
});
