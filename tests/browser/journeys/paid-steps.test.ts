/**
 * Every paid step returns to what caused it (issue 27), at 390×844 and 1440×900, each state
 * screenshotted, checked by axe, for covered controls and stray Latin text (state-checks.ts):
 * - item 2: a guest pastes a licensed DOI, signs in, gets the package offer, pays through the
 *   development bank, and the PDF downloads without pasting again; a signed-in user buying from
 *   the result dialog gets the download too;
 * - item 3: an offline request sent by itself with no offline credit opens the offer with one
 *   offline credit selected (not an article credit), and once paid the request is sent; the same
 *   chain from an article search result's «درخواست دانلود»;
 * - item 9: a reading list's licensed rows are paid for (credits bought through the bank, back to
 *   the list, paid by themselves) and downloaded from the list; the BibTeX export carries authors,
 *   journal and readable keys; the ZIP's entries are named author-year-title.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch } from "../harness";
import { checkState } from "./state-checks";
import { andReload, csrf, Journey, signUpByApi, VIEWPORTS } from "./journey";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const unique = () => 100_000 + Math.floor(Math.random() * 899_999);
const fa = (s: string) => s.replace(/[0-9]/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!);
/** The fake Crossref's authors and journal of every scenario work (tests/fixtures/crossref/work_single.json). */
const WORK_NAMES = ["Sadasivan", "Shankar", "Journal of Licensed Examples", "Journal of Fake Results", "Fake Open Publisher", "Elsevier BV"];

/** Pays at the development bank (its page is not the product's: screenshot and axe only), then waits for /payment. */
async function payAtBank(j: Journey, page: Page, amount: string) {
  await page.waitForURL(/\/gateway\/devbank\/pay\/pay_/, { timeout: 30_000 });
  await expect.poll(() => page.locator("[data-amount]").getAttribute("data-amount")).toBe(amount);
  await checkState(j, page, "development-bank", { layout: false });
  await page.getByRole("button", { name: "پرداخت" }).click();
  await page.waitForURL(/\/payment\?id=pay_/, { timeout: 30_000 });
  await expect.poll(() => page.getByTestId("payment-message").textContent()).toBe("پرداخت با موفقیت انجام شد و خرید شما تکمیل شد.");
  await checkState(j, page, "payment-result");
}

/** The count fields of the package offer, as numbers. */
async function offerCounts(offer: Locator) {
  const read = async (name: string) =>
    Number((await offer.getByRole("textbox", { name }).inputValue()).replace(/[۰-۹]/g, (d) => String("۰۱۲۳۴۵۶۷۸۹".indexOf(d))));
  return { article: await read("اعتبار ویژهٔ نامحدود (مقاله یا فصل کتاب)"), offline: await read("اعتبار درخواست آفلاین") };
}

describe.each(VIEWPORTS)("paid steps at %s width", (viewport) => {
  it("item 2: guest pastes a licensed DOI → signs in → package offer → pays at the bank → the PDF downloads without pasting again", async () => {
    const j = new Journey(browser, "guest-licensed-pay-download", viewport);
    try {
      const page = await j.open();
      const who = await signUpByApi(page, `guest-pay-${viewport}`);
      // Signed out again: the guest the journey starts with (the account is for signing in later).
      expect((await page.request.post("/logout", { headers: { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" } })).status()).toBe(200);
      await page.goto("/");
      await page.getByRole("button", { name: "ورود", exact: true }).first().waitFor();
      const n = unique();
      const doi = `10.5555/licensed-${n}`;
      const title = `A licensed Elsevier article: test article ${n}`;
      const box = page.getByRole("searchbox", { name: "لینک یا DOI مقاله" });
      await box.fill(doi);
      await box.press("Enter");
      const result = page.getByRole("dialog");
      await result.getByRole("button", { name: "ورود به حساب کاربری" }).waitFor({ timeout: 45_000 });
      await checkState(j, page, "licensed-result-guest", { allow: [title, doi] });
      await result.getByRole("button", { name: "ورود به حساب کاربری" }).click();
      const login = page.getByRole("dialog", { name: "ورود به حساب کاربری" });
      await login.getByLabel("موبایل، ایمیل یا نام کاربری").fill(who.email);
      await login.getByLabel("رمز عبور").fill(who.password);
      await checkState(j, page, "login", { allow: [who.email] });
      await andReload(page, () => login.getByRole("button", { name: "ورود", exact: true }).click());

      // Signed in: the document is started again for this user; with no credit, the offer opens for it.
      const offer = page.getByRole("dialog", { name: "خرید بستهٔ اعتبار" });
      await offer.waitFor({ timeout: 45_000 });
      expect(await offer.textContent()).toContain("پس از خرید، دانلود خودبه‌خود آغاز می‌شود");
      expect(await offerCounts(offer)).toEqual({ article: 1, offline: 0 });
      await expect.poll(() => offer.getByTestId("purchase-total").textContent()).toBe("۲۹٬۰۰۰ تومان");
      await checkState(j, page, "package-offer-for-the-article");
      const downloaded = page.waitForEvent("download", { timeout: 90_000 });
      await offer.getByRole("button", { name: "خرید", exact: true }).click();
      await payAtBank(j, page, "29000");
      // Back on the home page, the document starts by itself and the file downloads: no pasting.
      const file = await downloaded;
      expect(new URL(file.url()).pathname).toBe(`/files/doi/${doi}.pdf`);
      expect(
        readFileSync((await file.path())!)
          .subarray(0, 5)
          .toString("latin1"),
      ).toBe("%PDF-");
      expect(new URL(page.url()).pathname).toBe("/");
      const ok = page.getByRole("dialog", { name: "عملیات با موفقیت انجام شد" });
      await ok.waitFor();
      await checkState(j, page, "downloaded", { allow: [title, doi] });
      // One credit bought, one spent.
      const balance = await page.evaluate(async () => (await fetch("/show/balance")).json());
      expect(balance.unlimited_vip_credits).toBe(0);
      await j.close();
    } catch (e) {
      await j.close({ checkErrors: false });
      throw e;
    }
  }, 240_000);

  it("item 2: a signed-in user buying from the result dialog gets the download, not a dead history row", async () => {
    const j = new Journey(browser, "user-licensed-pay-download", viewport);
    try {
      const page = await j.open();
      await signUpByApi(page, `user-pay-${viewport}`);
      await page.goto("/");
      const n = unique();
      const doi = `10.5555/licensed-${n}`;
      const title = `A licensed Elsevier article: test article ${n}`;
      const box = page.getByRole("searchbox", { name: "لینک یا DOI مقاله" });
      await box.fill(doi);
      await box.press("Enter");
      const result = page.getByRole("dialog");
      await result.getByRole("button", { name: "خرید بسته" }).waitFor({ timeout: 45_000 });
      await checkState(j, page, "licensed-result-no-credit", { allow: [title, doi] });
      await result.getByRole("button", { name: "خرید بسته" }).click();
      const offer = page.getByRole("dialog", { name: "خرید بستهٔ اعتبار" });
      await offer.waitFor();
      expect(await offerCounts(offer)).toEqual({ article: 1, offline: 0 });
      const downloaded = page.waitForEvent("download", { timeout: 90_000 });
      await offer.getByRole("button", { name: "خرید", exact: true }).click();
      await payAtBank(j, page, "29000");
      const file = await downloaded;
      expect(new URL(file.url()).pathname).toBe(`/files/doi/${doi}.pdf`);
      await page.getByRole("dialog", { name: "عملیات با موفقیت انجام شد" }).waitFor();
      await checkState(j, page, "downloaded", { allow: [title, doi] });
      // The history holds the download, with its link.
      await page.goto("/profile/booksAndArticles");
      const row = page.getByRole("row").filter({ hasText: doi }).first();
      await row.getByRole("link", { name: "دانلود" }).waitFor();
      await checkState(j, page, "history", { allow: [title, doi, "Elsevier ScienceDirect"] });
      await j.close();
    } catch (e) {
      await j.close({ checkErrors: false });
      throw e;
    }
  }, 240_000);

  it("item 3: an offline request sent by itself without offline credit opens the offer with one offline credit; once paid the request is sent", async () => {
    const j = new Journey(browser, "offline-credit-offer", viewport);
    try {
      const page = await j.open();
      await signUpByApi(page, `offline-offer-${viewport}`);
      await page.goto("/");
      const n = unique();
      const doi = `10.5555/none-${n}`;
      const title = `An article nobody can deliver: test article ${n}`;
      const box = page.getByRole("searchbox", { name: "لینک یا DOI مقاله" });
      await box.fill(doi);
      await box.press("Enter");
      const request = page.getByRole("dialog", { name: "درخواست آفلاین" });
      await page.getByTestId("offline-countdown").waitFor({ timeout: 45_000 });
      const desc = await request.getByLabel("توضیحات (اختیاری)").inputValue();
      await checkState(j, page, "offline-countdown", { allow: [doi, desc, title] });
      // Sent at 6 s; no offline credit: the offer opens, for this request.
      const offer = page.getByRole("dialog", { name: "خرید بستهٔ اعتبار" });
      await offer.waitFor({ timeout: 30_000 });
      // On the old code: one article credit (29,000) and no offline credit.
      expect(await offerCounts(offer)).toEqual({ article: 0, offline: 1 });
      expect(await offer.textContent()).toContain("ثبت این درخواست آفلاین یک اعتبار درخواست آفلاین لازم دارد");
      await expect.poll(() => offer.getByTestId("purchase-total").textContent()).toBe("۴۵٬۰۰۰ تومان");
      await checkState(j, page, "offer-offline-credit");
      await offer.getByRole("button", { name: "خرید", exact: true }).click();
      await payAtBank(j, page, "45000");
      // Back at the request, which sends itself (the countdown), then its page.
      await page.waitForURL((u) => u.pathname === "/", { timeout: 30_000 });
      await page.getByTestId("offline-countdown").waitFor({ timeout: 30_000 });
      await checkState(j, page, "back-at-the-request", { allow: [doi, desc, title, `https://doi.org/${doi}`] });
      await page.waitForURL(/\/profile\/offilneArticles\/?$/, { timeout: 30_000 });
      await page.getByText(doi).first().waitFor();
      await checkState(j, page, "request-sent", { allow: [doi, title, `https://doi.org/${doi}`] });
      const balance = await page.evaluate(async () => (await fetch("/show/balance")).json());
      expect(balance.offline_article_credit).toBe(0);
      await j.close();
    } catch (e) {
      await j.close({ checkErrors: false });
      throw e;
    }
  }, 240_000);

  it("item 3: the same chain from an article search result's «درخواست دانلود» preselects the offline credit", async () => {
    const j = new Journey(browser, "offline-credit-offer-from-search", viewport);
    try {
      const page = await j.open();
      await signUpByApi(page, `offline-search-${viewport}`);
      // A hash-only move keeps the page loaded as a guest: load it again, signed in.
      await page.goto("/#article=2");
      await page.reload();
      const panel = page.locator('.search-panel[data-search-type="2"]');
      await panel.getByLabel("منبع", { exact: true }).selectOption({ label: "کراس‌رف (Crossref)" });
      const q = `graphene ${unique()}`;
      await panel.getByRole("searchbox").first().fill(q);
      await panel.getByRole("button", { name: "جستجو", exact: true }).click();
      const item = panel.locator(".search-item").filter({ hasText: "10.5555/none-" }).first();
      await item.waitFor({ timeout: 30_000 });
      const written = await panel.locator(".search-item bdi, .search-item [dir=ltr]").allTextContents();
      const shown = [...written.map((w) => w.trim()).filter(Boolean), q, ...WORK_NAMES];
      await checkState(j, page, "article-results", { allow: shown });
      await item.getByRole("button", { name: "درخواست دانلود" }).click();
      await page.getByTestId("offline-countdown").waitFor({ timeout: 45_000 });
      const offer = page.getByRole("dialog", { name: "خرید بستهٔ اعتبار" });
      await offer.waitFor({ timeout: 30_000 });
      expect(await offerCounts(offer)).toEqual({ article: 0, offline: 1 });
      // The results stay on the page behind the offer.
      await checkState(j, page, "offer-offline-credit", { allow: shown });
      await j.close();
    } catch (e) {
      await j.close({ checkErrors: false });
      throw e;
    }
  }, 180_000);

  it("item 9: a reading list's licensed rows are paid for (through the bank and back to the list) and downloaded; exports and ZIP names read well", async () => {
    const j = new Journey(browser, "reading-list-licensed", viewport);
    try {
      const page = await j.open();
      await signUpByApi(page, `list-pay-${viewport}`);
      const [a, b, oa] = [`10.5555/licensed-${unique()}`, `10.5555/licensed-${unique()}`, `10.5555/oa-unpaywall-${unique()}`];
      await page.goto("/batch");
      await page.getByLabel("فهرست منابع").fill([a, b, oa].join("\n"));
      await page.getByRole("button", { name: "شروع دریافت" }).click();
      await page.waitForURL(/\/batch\?id=/);
      const section = page.getByRole("region", { name: "دریافت از منابع دارای مجوز" });
      await section.waitFor({ timeout: 60_000 });
      await expect.poll(() => page.locator("[data-status=processing]").count(), { timeout: 60_000 }).toBe(0);
      // The rows' titles as they are shown now (a row still processing shows its DOI).
      const names = async () => [a, b, oa, ...(await page.locator(".getpdf-doc__title").allTextContents()), ...WORK_NAMES];
      expect(await section.textContent()).toContain(`${fa("2")} مرجع این فهرست در منابع دارای مجوز پیدا شد`);
      await checkState(j, page, "list-with-licensed-rows", { allow: await names() });

      await section.getByRole("button", { name: `خرید ${fa("2")} اعتبار و دریافت همه` }).click();
      const offer = page.getByRole("dialog", { name: "خرید بستهٔ اعتبار" });
      await offer.waitFor();
      expect(await offerCounts(offer)).toEqual({ article: 2, offline: 0 });
      await expect.poll(() => offer.getByTestId("purchase-total").textContent()).toBe("۵۸٬۰۰۰ تومان");
      await checkState(j, page, "offer-for-the-list", { allow: await names() });
      await offer.getByRole("button", { name: "خرید", exact: true }).click();
      await payAtBank(j, page, "58000");
      // Back at the list, which pays for its rows by itself.
      await page.waitForURL(/\/batch\?id=/, { timeout: 30_000 });
      await expect.poll(() => page.locator('[data-status="ok"]').count(), { timeout: 60_000 }).toBe(3);
      await checkState(j, page, "list-all-ready", { allow: await names() });
      const balance = await page.evaluate(async () => (await fetch("/show/balance")).json());
      expect(balance.unlimited_vip_credits).toBe(0);

      const row = page.getByRole("row").filter({ hasText: a });
      const [pdf] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: "دانلود" }).click()]);
      expect(
        readFileSync((await pdf.path())!)
          .subarray(0, 5)
          .toString("latin1"),
      ).toBe("%PDF-");

      const [zip] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "دانلود همه فایل‌های آماده (ZIP)" }).click()]);
      const entries = execFileSync("unzip", ["-Z1", (await zip.path())!])
        .toString()
        .trim()
        .split("\n");
      expect(entries).toHaveLength(3);
      for (const e of entries) expect(e).toMatch(/^sadasivan-20\d\d-[a-z0-9-]+\.pdf$/);

      const [bib] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "BibTeX" }).click()]);
      const text = readFileSync((await bib.path())!, "utf8");
      expect(text).toMatch(/@article\{sadasivan20\d\d[a-z]+,/);
      expect(text).toContain("author = {Sadasivan, Shankar and Pond, Brooks B.");
      expect(text).toContain("journal = {Journal of Licensed Examples}");
      expect(text).toMatch(/year = \{20\d\d\}/);
      expect(text).toMatch(/volume = \{\d+\}/);
      // RIS too: authors, journal and year on each of the three works.
      const [ris] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "RIS", exact: true }).click()]);
      const records = readFileSync((await ris.path())!, "utf8")
        .split(/^ER {2}-.*$/m)
        .filter((r) => r.trim());
      expect(records).toHaveLength(3);
      for (const r of records) {
        expect(r).toContain("AU  - Sadasivan, Shankar");
        expect(r).toMatch(/^T2 {2}- Journal of (Licensed Examples|Fake Results)/m);
        expect(r).toMatch(/^PY {2}- 20\d\d/m);
      }
      expect(new URL(zip.url()).origin).toBe(new URL(baseUrl()).origin);
      await j.close();
    } catch (e) {
      await j.close({ checkErrors: false });
      throw e;
    }
  }, 300_000);
});
