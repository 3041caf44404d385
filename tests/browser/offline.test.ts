/**
 * The offline loop in Chromium: a user asks for a book through the floating button's dialog, the seeded
 * admin prices it on /admin/offlineBooks, the user pays (the development bank for the shortfall), the
 * admin claims it and uploads the PDF, and the user is notified and downloads it. Every step's status is
 * checked on both sides; screenshots at phone and desktop widths.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfBytes } from "../worker/vip-documents";
import { baseUrl, launch, newPage, pageErrors, screenshot } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = "offline-browser-pass-1";
// A complete PDF: the desk checks its structure (xref, trailer, startxref), not only "%PDF-".
const PDF = Buffer.from(pdfBytes("offline journey"));

async function outbox(recipient: string): Promise<{ channel: string; text: string }[]> {
  const res = await fetch(`${baseUrl()}/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`);
  return ((await res.json()) as { messages: { channel: string; text: string }[] }).messages;
}

async function csrf(page: Page): Promise<string> {
  return ((await (await page.request.get("/csrf-token")).json()) as { token: string }).token;
}

/** A fresh user signed in inside this context, through the real endpoints. */
async function signUp(page: Page): Promise<{ email: string; mobile: string }> {
  await page.goto("/");
  const suffix = `${Date.now() % 10_000_000}`.padStart(7, "0");
  const mobile = `0937${suffix}`;
  const email = `offline-${suffix}@example.org`;
  const reg = await page.request.post("/register", {
    headers: { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" },
    data: { name: "خوانندهٔ آفلاین", email, mobile, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(reg.status()).toBe(200);
  // A verified mobile, or the mobile dialog opens over everything (accounts spec §4).
  const headers = { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" };
  expect((await page.request.post("/profile/send/mobile/code", { headers, data: { mobile } })).status()).toBe(200);
  const code = await (async () => {
    for (let i = 0; i < 20; i++) {
      const found = (await outbox(mobile))[0]?.text.match(/\b(\d{6})\b/)?.[1];
      if (found) return found;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`no code for ${mobile}`);
  })();
  expect((await page.request.post("/profile/mobile/verify", { headers, data: { code } })).status()).toBe(200);
  return { email, mobile };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/");
  const res = await page.request.post("/login", { headers: { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" }, data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

async function toast(page: Page, text: string) {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);
}

/** The admin's desk, searched for one user, with the request opened. */
async function openOnDesk(page: Page, email: string) {
  await page.goto("/admin/offlineBooks");
  await page.getByLabel("جستجو: عنوان، ISBN، DOI، شمارهٔ استاندارد یا کاربر").fill(email);
  await page.getByRole("button", { name: "اعمال فیلتر" }).click();
  await expect.poll(() => page.locator(".desk-card").count()).toBe(1);
  await page
    .locator(".desk-card")
    .getByRole("button", { name: /^رسیدگی/ })
    .click();
  const detail = page.getByTestId("desk-detail");
  await detail.getByRole("heading", { level: 2 }).waitFor();
  return detail;
}

async function statusOnMyPage(page: Page): Promise<string | null> {
  await page.goto("/profile/offlineBooksStandards");
  const badge = page.locator("article.offline-card .offline-badge").first();
  await badge.waitFor();
  return badge.getAttribute("data-status");
}

describe("offline request loop", () => {
  it("request → price → pay → claim → upload → notified → download, visible to both sides", async () => {
    let user: { context: BrowserContext; page: Page } | undefined;
    let admin: { context: BrowserContext; page: Page } | undefined;
    try {
      user = await newPage(browser, "phone");
      admin = await newPage(browser, "desktop");
      const u = user.page;
      const a = admin.page;
      const who = await signUp(u);
      const title = `Principles of Offline Testing ${Date.now() % 100000}`;

      // 1. The user asks for a book through the floating button's dialog.
      await u.goto("/");
      await u.getByRole("button", { name: "درخواست آفلاین" }).first().click();
      const dialog = u.getByRole("dialog", { name: "درخواست آفلاین" });
      await dialog.getByLabel("لینک یا عنوان مدرک").fill(title);
      await dialog.getByLabel("توضیحات (اختیاری)").fill("ویرایش دوم");
      await screenshot(u, "offline-dialog-phone");
      await dialog.getByRole("button", { name: "ثبت درخواست" }).click();
      await u.waitForURL(/\/profile\/offlineBooksStandards$/);
      await expect.poll(() => u.locator("article.offline-card .offline-badge").first().getAttribute("data-status")).toBe("registered");
      await expect.poll(() => u.getByTestId("promise-left").isVisible()).toBe(true);
      await screenshot(u, "offline-user-registered-phone");
      await expect.poll(async () => (await outbox(who.email))[0]?.text ?? "").toContain("ثبت شد");

      // 2. The admin sees it on the desk, with the promise, and prices it.
      await signIn(a, "admin@daryaft.test", "daryaft-dev-1234");
      let detail = await openOnDesk(a, who.email);
      await expect.poll(() => a.locator(".desk-card .offline-badge").getAttribute("data-status")).toBe("registered");
      await screenshot(a, "offline-desk-desktop");
      await detail.getByLabel("قیمت (تومان)").fill("۱۲۰۰۰۰");
      await detail.getByRole("button", { name: "ثبت و بعدی" }).click();
      await toast(a, "قیمت ثبت شد و به کاربر خبر داده شد");
      // Priced waits on the user: it leaves the default view ("needs staff").
      await expect.poll(() => a.locator(".desk-card").count()).toBe(0);
      await expect.poll(async () => (await outbox(who.email))[0]?.text ?? "").toContain("۱۲۰٬۰۰۰ تومان");

      // 3. The user sees the price and pays: the wallet is empty, so the development bank takes the difference.
      expect(await statusOnMyPage(u)).toBe("priced");
      await expect.poll(() => u.getByTestId("offline-price").textContent()).toBe("۱۲۰٬۰۰۰ تومان");
      await screenshot(u, "offline-user-priced-phone");
      await u.getByRole("button", { name: /^پرداخت/ }).click();
      await u.waitForURL(/\/gateway\/devbank\/pay\/pay_/, { timeout: 15_000 });
      await u.getByRole("button", { name: "پرداخت" }).click();
      await u.waitForURL(/\/payment\?id=pay_/, { timeout: 15_000 });
      await u.waitForURL(/\/profile\/offlineBooksStandards\/?$/, { timeout: 15_000 });
      await expect.poll(() => u.locator("article.offline-card .offline-badge").first().getAttribute("data-status")).toBe("paid");

      // 4. The paid request is back in the admin's default view; choosing the PDF delivers it after a
      // few seconds' undo (and claims it: no separate claim).
      detail = await openOnDesk(a, who.email);
      await expect.poll(() => a.locator(".desk-card .offline-badge").getAttribute("data-status")).toBe("paid");
      await detail.getByLabel("فایل PDF (حداکثر ۱۰۰ مگابایت)").setInputFiles({ name: "offline-testing.pdf", mimeType: "application/pdf", buffer: PDF });
      await expect.poll(() => detail.getByRole("button", { name: "لغو تحویل" }).isVisible()).toBe(true);
      await toast(a, "تحویل شد و به کاربر خبر داده شد");
      // Delivered requests leave the queue; with nothing next, the panel closes.
      await expect.poll(() => a.locator(".desk-card").count()).toBe(0);
      await screenshot(a, "offline-desk-delivered-desktop");

      // 5. The user is notified (SMS and e-mail) and downloads the file.
      await expect.poll(async () => (await outbox(who.mobile))[0]?.text ?? "").toContain("آماده است");
      await expect.poll(async () => (await outbox(who.email))[0]?.text ?? "").toContain("آماده است");
      expect(await statusOnMyPage(u)).toBe("delivered");
      await screenshot(u, "offline-user-delivered-phone");
      const [download] = await Promise.all([u.waitForEvent("download"), u.getByRole("link", { name: /دانلود فایل/ }).click()]);
      const stream = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe("%PDF-");
      expect(download.suggestedFilename()).toBe("offline-testing.pdf");

      // The whole history, in order, on the user's page.
      const history = await u.locator("article.offline-card .offline-history__what").allTextContents();
      expect(history).toEqual(["ثبت درخواست", "تعیین قیمت", "پرداخت", "تحویل"]);
      expect(pageErrors(u)).toEqual([]);
      expect(pageErrors(a)).toEqual([]);
    } finally {
      await user?.context.close();
      await admin?.context.close();
    }
  }, 240_000);

  it("the pages look right at desktop and phone widths", async () => {
    for (const viewport of ["desktop", "phone"] as const) {
      const { context, page } = await newPage(browser, viewport);
      await signIn(page, "admin@daryaft.test", "daryaft-dev-1234");
      await page.goto("/admin/offlineBooks");
      await page.getByRole("heading", { name: "مدیریت درخواست‌های آفلاین کتاب و استاندارد" }).waitFor();
      await screenshot(page, `offline-desk-books-${viewport}`);
      await page.goto("/profile/offlineBooksStandards");
      await page.getByRole("heading", { name: "درخواست‌های آفلاین کتاب و استاندارد" }).waitFor();
      await screenshot(page, `offline-user-books-${viewport}`);
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    }
  }, 120_000);
});
