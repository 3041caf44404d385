/**
 * What a student reads and where they come in (issue 27), at 390×844 and 1440×900, each state
 * screenshotted, checked by axe, for covered controls and stray Latin text (state-checks.ts):
 * - item 6: the provenance line of a licensed copy (no doubled «مجوز», no internal source id),
 *   thesis departments in Persian, a clamped count in Persian digits, the link box's Persian
 *   placeholder laid out right-to-left, the phone drawer listing each entry once, and no stale red
 *   toast beside the green one after a corrected login;
 * - item 7: the spec's hash forms (#article=2, #book=3, #report=3, #tez=4, #direct=6, #vip=7) and
 *   ?getUrl= starting at once: a free copy served without a click, a licensed one asking before
 *   spending, then downloading once the user agrees;
 * - item 8: /extension's install steps read as paragraphs, and the served zips talk to this site
 *   (the serving origin and port, not 8787).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch } from "../harness";
import { checkState } from "./state-checks";
import { andReload, csrf, Journey, SEEDED_PASSWORD, signInByApi, signUpByApi, VIEWPORTS } from "./journey";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const unique = () => 100_000 + Math.floor(Math.random() * 899_999);
const LICENSED_TITLE = (n: number) => `A licensed Elsevier article: test article ${n}`;
const OA_TITLE = (n: number) => `Open access through Unpaywall: test article ${n}`;

async function startLink(page: Page, doi: string) {
  const box = page.getByRole("searchbox", { name: "لینک یا DOI مقاله" });
  await box.fill(doi);
  await box.press("Enter");
}

describe.each(VIEWPORTS)("words and entry points at %s width", (viewport) => {
  it("item 6: words users should never see", async () => {
    const j = new Journey(browser, "words-users-never-see", viewport);
    try {
      const page = await j.open();
      await page.goto("/");
      // The link box's Persian hint is laid out right-to-left while it shows; what is typed runs left-to-right.
      const box = page.getByRole("searchbox", { name: "لینک یا DOI مقاله" });
      expect(await box.evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");
      await checkState(j, page, "home-guest");
      await box.fill("10.1000/182");
      expect(await box.evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
      await box.fill("");

      if (viewport === "phone") {
        await page.getByRole("button", { name: "باز کردن منو" }).click();
        const drawer = page.getByRole("dialog", { name: "منوی سایت" });
        await drawer.waitFor();
        const names = (await drawer.getByRole("link").allTextContents()).map((t) => t.trim());
        expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
        expect(names).toEqual(expect.arrayContaining(["وبلاگ", "راهنما", "قیمت‌ها"]));
        await checkState(j, page, "drawer");
        await page.keyboard.press("Escape");
        await drawer.waitFor({ state: "detached" });
      }

      // Thesis departments in Persian.
      await page.goto("/about");
      await page.goto("/#tez=4");
      const thesis = page.locator('.search-panel[data-search-type="4"]');
      const department = thesis.getByLabel("رشته");
      await expect.poll(() => department.locator("option").count(), { timeout: 15_000 }).toBeGreaterThan(2);
      const options = await department.locator("option").allTextContents();
      expect(options.filter((o) => /[A-Za-z]/.test(o))).toEqual([]);
      expect(options).toContain("مهندسی برق");
      await checkState(j, page, "thesis-departments", { allow: ["ProQuest"] });

      // A corrected login: the green toast alone.
      const who = await signUpByApi(page, `words-${viewport}`);
      expect((await page.request.post("/logout", { headers: { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" } })).status()).toBe(200);
      await page.goto("/");
      await page.getByRole("button", { name: "ورود", exact: true }).first().click();
      const login = page.getByRole("dialog", { name: "ورود به حساب کاربری" });
      await login.getByLabel("موبایل، ایمیل یا نام کاربری").fill(who.email);
      await login.getByLabel("رمز عبور").fill("not-the-password");
      await login.getByRole("button", { name: "ورود", exact: true }).click();
      await page.locator(".ui-toast--error").waitFor();
      await checkState(j, page, "login-refused", { allow: [who.email] });
      await login.getByLabel("رمز عبور").fill(who.password);
      // The green toast shows for 0.7 s before the page reloads: record, on every change, which toast
      // kinds are on screen together, in sessionStorage (it outlives the reload).
      await page.evaluate(() => {
        const record = () => {
          const kinds = Array.from(document.querySelectorAll(".ui-toast")).map((t) => (t.className.match(/ui-toast--(\w+)/) ?? [])[1] ?? "?");
          const log = JSON.parse(sessionStorage.getItem("toast-log") ?? "[]") as string[][];
          if (kinds.join() !== (log.at(-1) ?? []).join()) sessionStorage.setItem("toast-log", JSON.stringify([...log, kinds]));
        };
        new MutationObserver(record).observe(document.body, { childList: true, subtree: true });
      });
      await andReload(page, () => login.getByRole("button", { name: "ورود", exact: true }).click());
      const shown = await page.evaluate(() => JSON.parse(sessionStorage.getItem("toast-log") ?? "[]") as string[][]);
      const withSuccess = shown.filter((kinds) => kinds.includes("success"));
      expect(withSuccess.length, JSON.stringify(shown)).toBeGreaterThan(0);
      // On the old code the red «wrong password» stayed beside it until its own 3 s were up.
      expect(
        withSuccess.filter((kinds) => kinds.includes("error")),
        JSON.stringify(shown),
      ).toEqual([]);

      // A count clamped to 50 reads «۵۰», whatever keyboard typed 99.
      await page.goto("/profile/financial");
      await page.getByRole("button", { name: "خرید بستهٔ اعتبار" }).click();
      const offer = page.getByRole("dialog", { name: "خرید بستهٔ اعتبار" });
      const count = offer.getByRole("textbox", { name: "اعتبار ویژهٔ نامحدود (مقاله یا فصل کتاب)" });
      await count.fill("99");
      await count.press("Tab");
      await expect.poll(() => offer.getByTestId("count-range-message").first().textContent()).toBe("تعداد باید بین ۰ تا ۵۰ باشد.");
      expect(await count.inputValue()).toBe("۵۰");
      await checkState(j, page, "count-clamped");
      await page.keyboard.press("Escape");

      // A licensed copy's provenance line (a university member: the institution's quota pays).
      await page.context().clearCookies();
      await signInByApi(page, "uni@daryaft.test", SEEDED_PASSWORD);
      await page.goto("/");
      const n = unique();
      const doi = `10.5555/licensed-${n}`;
      await startLink(page, doi);
      const ok = page.getByRole("dialog", { name: "عملیات با موفقیت انجام شد" });
      await ok.getByRole("link", { name: "دانلود" }).waitFor({ timeout: 45_000 });
      const line = (await ok.locator(".getpdf-provenance").textContent()) ?? "";
      expect(line).toContain("مجوز سازمانی Elsevier");
      expect(line).not.toMatch(/مجوز مجوز|licensed:/);
      await checkState(j, page, "licensed-provenance", { allow: [LICENSED_TITLE(n), doi] });
      await j.close();
    } catch (e) {
      await j.close({ checkErrors: false });
      throw e;
    }
  }, 240_000);

  it("item 7: the spec's hash forms choose the search type; ?getUrl= starts at once and asks before spending", async () => {
    const j = new Journey(browser, "entry-points", viewport);
    try {
      const page = await j.open();
      const forms: [string, number][] = [
        ["#article=2", 2],
        ["#book=3", 3],
        ["#report=3", 3],
        ["#tez=4", 4],
        ["#direct=6", 6],
        ["#vip=7", 7],
      ];
      for (const [hash, type] of forms) {
        // From another page, so each is a page load as a link from elsewhere would be.
        await page.goto("/about");
        await page.goto(`/${hash}`);
        await page.locator(`.search-panel[data-search-type="${type}"]`).waitFor();
        if (hash === "#report=3") await expect.poll(() => page.getByRole("radio", { name: "گزارش" }).isChecked()).toBe(true);
      }
      await checkState(j, page, "vip-by-hash", { allow: ["doc", "docx", "pdf", "CAS SciFinder-n"] });

      // A free copy from a link on another site: served at once, without spending anything.
      const starts: string[] = [];
      page.on("request", (r) => {
        if (new URL(r.url()).pathname === "/getpdf/start") starts.push(r.method());
      });
      const n = unique();
      const oa = `10.5555/oa-unpaywall-${n}`;
      await page.goto(`/?getUrl=${encodeURIComponent(oa)}`);
      const ok = page.getByRole("dialog", { name: "عملیات با موفقیت انجام شد" });
      await ok.getByRole("link", { name: "دانلود" }).waitFor({ timeout: 45_000 });
      expect(starts).toEqual(["GET"]);
      expect(new URL(page.url()).search).toBe("");
      await checkState(j, page, "get-url-free", { allow: [OA_TITLE(n), oa, "oa.publisher.test"] });

      // A licensed copy for a member whose institution pays: asked first (nothing spent by the link).
      await signInByApi(page, "uni@daryaft.test", SEEDED_PASSWORD);
      starts.length = 0;
      const m = unique();
      const licensed = `10.5555/licensed-${m}`;
      await page.goto(`/?getUrl=${encodeURIComponent(licensed)}`);
      const ask = page.getByRole("dialog");
      await ask.getByRole("button", { name: "دریافت با یک اعتبار" }).waitFor({ timeout: 45_000 });
      expect(await ask.getByRole("link", { name: "دانلود" }).count()).toBe(0);
      expect(starts).toEqual(["GET"]);
      await checkState(j, page, "get-url-asks", { allow: [LICENSED_TITLE(m), licensed] });
      const [file] = await Promise.all([page.waitForEvent("download", { timeout: 45_000 }), ask.getByRole("button", { name: "دریافت با یک اعتبار" }).click()]);
      expect(starts).toEqual(["GET", "POST"]);
      expect(new URL(file.url()).pathname).toBe(`/files/doi/${licensed}.pdf`);
      await page.getByRole("dialog", { name: "عملیات با موفقیت انجام شد" }).waitFor();
      await checkState(j, page, "get-url-spent-on-press", { allow: [LICENSED_TITLE(m), licensed] });
      await j.close();
    } catch (e) {
      await j.close({ checkErrors: false });
      throw e;
    }
  }, 240_000);

  it("item 8: /extension's steps read as paragraphs; the served zips talk to this site", async () => {
    const j = new Journey(browser, "extension-page", viewport);
    try {
      const page = await j.open();
      await page.goto("/extension");
      await page.getByRole("heading", { level: 1, name: "افزونهٔ مرورگر" }).waitFor();
      // Each step's text flows as one paragraph: its height is about the lines its text needs at this
      // width. As a flex row (the old code) every inline part was a column of its own, a word or two
      // wide on a phone, and a step was many times taller.
      const steps = await page.locator(".steps li").evaluateAll((lis) =>
        lis.map((li) => {
          const range = document.createRange();
          range.selectNodeContents(li);
          const textWidth = Array.from(range.getClientRects()).reduce((sum, r) => sum + r.width, 0);
          const style = getComputedStyle(li);
          const content = li.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
          const line = parseFloat(style.lineHeight);
          return { needed: (Math.ceil(textWidth / content) + 1) * line, height: li.getBoundingClientRect().height, text: (li.textContent ?? "").trim() };
        }),
      );
      expect(steps.length).toBeGreaterThanOrEqual(7);
      for (const s of steps) expect(s.height, s.text).toBeLessThanOrEqual(s.needed);
      await checkState(j, page, "extension-page", {
        allow: [
          "activeTab",
          "scripting",
          "Developer mode",
          "Load unpacked",
          "Load Temporary Add-on",
          "about:debugging#/runtime/this-firefox",
          "edge://extensions",
        ],
      });

      const origin = new URL(baseUrl()).origin;
      const dir = mkdtempSync(path.join(tmpdir(), "daryaft-zip-"));
      for (const [name, file] of [
        ["دانلود افزونه برای کروم و اج", "daryaft-chromium.zip"],
        ["دانلود افزونه برای فایرفاکس", "daryaft-firefox.zip"],
      ] as const) {
        const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
        expect(new URL(download.url()).pathname).toBe(`/extension/${file}`);
        const zip = path.join(dir, file);
        await download.saveAs(zip);
        expect(execFileSync("unzip", ["-t", zip]).toString()).toMatch(/No errors detected/);
        const scripts = ["popup.js", "background.js"].map((f) => execFileSync("unzip", ["-p", zip, f]).toString("utf8")).join("\n");
        // The serving origin (this run's port), never the 8787 the build once baked in, nor the stand-in.
        expect(scripts).toContain(JSON.stringify(origin).slice(0, -1));
        expect(scripts).not.toContain("127.0.0.1:8787");
        expect(scripts).not.toContain("daryaft-origin.invalid");
      }
      // Asked for by another name of the same site, the zip names that one.
      const other = origin.replace("127.0.0.1", "localhost");
      const res = await fetch(`${other}/extension/daryaft-chromium.zip`);
      expect(res.status).toBe(200);
      const zip = path.join(dir, "other.zip");
      writeFileSync(zip, Buffer.from(await res.arrayBuffer()));
      expect(execFileSync("unzip", ["-p", zip, "popup.js"]).toString("utf8")).toContain(other);
      await j.close();
    } catch (e) {
      await j.close({ checkErrors: false });
      throw e;
    }
  }, 120_000);
});
