/**
 * Keyboard use of the journeys' critical widgets, in Chromium: each widget is reached by Tab, focus
 * moves right to left along a visual row, every stop shows a focus ring (computed outline or
 * box-shadow differs from the blurred element), and Enter/Space/Escape/arrows operate it. Dialogs
 * trap focus, close with Escape and give focus back to what opened them. Axe runs on each dialog.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, hasVisibleFocus, leftToRightInversions, tabStops, tabTo, type TabStop } from "./a11y";
import { pdfBytes } from "../worker/vip-documents";
import { launch, newPage, pageErrors } from "./harness";
import { csrf, outbox, SEEDED_PASSWORD, signInByApi, signUpByApi } from "./journeys/journey";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

function expectRingsAndRtl(stops: TabStop[]) {
  expect(stops.length).toBeGreaterThan(0);
  expect(stops.filter((s) => !s.visible).map((s) => `${s.label}: ${s.ring}`)).toEqual([]);
  expect(leftToRightInversions(stops)).toEqual([]);
}

async function expectFocusInside(container: Locator) {
  await expect.poll(() => container.evaluate((el) => el.contains(document.activeElement)), { timeout: 5_000 }).toBe(true);
}

async function expectFocusOn(target: Locator) {
  const on = () => target.evaluate((el) => el === document.activeElement);
  await expect
    .poll(async () => ((await on()) ? true : await target.page().evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? "nothing focused")), {
      timeout: 5_000,
    })
    .toBe(true);
}

/**
 * Tab presses inside an open dialog never leave it (focus trap), every stop shows a focus ring, and
 * stops on one visual row come right to left. Presses: one round of the dialog's controls and then
 * some, so the wrap from the last control back to the first is crossed too.
 */
async function expectTrapped(page: Page, dialog: Locator, atLeast = 4) {
  const controls = await dialog.evaluate(
    (el) =>
      Array.from(
        el.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])',
        ),
      ).filter((n) => n.getClientRects().length > 0).length,
  );
  const presses = Math.min(30, Math.max(atLeast, controls + 2));
  const stops: TabStop[] = [];
  for (let i = 0; i < presses; i++) {
    const [next] = await tabStops(page, 1);
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `Tab ${i + 1} left the dialog`).toBe(true);
    if (next) stops.push(next);
  }
  expectRingsAndRtl(stops);
}

describe("keyboard at desktop width", () => {
  it("header: logo, navigation and sign-in buttons in right-to-left order with visible focus; Enter follows a link", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await page.goto("/");
    await page.getByRole("searchbox", { name: "لینک یا DOI مقاله" }).waitFor();
    const stops = await tabStops(page, 18);
    expectRingsAndRtl(stops);
    // The app bar row: the logo (rightmost) comes before the navigation, which comes before the buttons.
    const labels = stops.map((s) => s.label);
    const logo = labels.findIndex((l) => l.startsWith("دریافت"));
    const prices = labels.indexOf("قیمت‌ها");
    const login = labels.indexOf("ورود");
    expect(logo).toBeGreaterThanOrEqual(0);
    expect(prices).toBeGreaterThan(logo);
    expect(login).toBeGreaterThan(prices);

    const link = page.getByRole("navigation", { name: "منوی اصلی" }).getByRole("link", { name: "قیمت‌ها" });
    await link.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/prices$/);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("search type selector: one Tab stop, arrow keys move right to left and switch the panel", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await page.goto("/");
    const group = page.getByRole("radiogroup", { name: "نوع جستجو را انتخاب کنید" });
    await group.waitFor();
    const first = group.getByRole("radio").first();
    await tabTo(page, group);
    expect((await hasVisibleFocus(page)).visible).toBe(true);
    const before = await page.evaluate(() => document.activeElement?.getBoundingClientRect().left ?? 0);
    // In right-to-left, ArrowLeft moves to the next option, which sits to the left.
    await page.keyboard.press("ArrowLeft");
    const after = await page.evaluate(() => document.activeElement?.getBoundingClientRect().left ?? 0);
    expect(after).toBeLessThan(before);
    expect(await first.isChecked()).toBe(false);
    const checked = group.getByRole("radio", { checked: true });
    expect(await checked.count()).toBe(1);
    // The next Tab leaves the group (roving tab index), into the chosen panel.
    await page.keyboard.press("Tab");
    expect(await group.evaluate((el) => el.contains(document.activeElement))).toBe(false);
    await context.close();
  });

  it("register dialog: opens with Enter, focus inside and trapped, fields in order, Escape closes and returns focus", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await page.goto("/");
    const trigger = page.getByRole("button", { name: "ثبت‌نام", exact: true }).first();
    await tabTo(page, trigger);
    expect((await hasVisibleFocus(page)).visible).toBe(true);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "ثبت‌نام" });
    await dialog.waitFor();
    await expectFocusInside(dialog);
    await expectNoAxeViolations(page, "register dialog");
    // Fields come in reading order, each with a ring.
    const names: string[] = [];
    for (let i = 0; i < 8; i++) {
      const label = await page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        return el?.labels?.[0]?.textContent?.trim() ?? el?.getAttribute("aria-label") ?? el?.textContent?.trim() ?? "";
      });
      names.push(label);
      const ring = await hasVisibleFocus(page);
      expect(ring.visible, `focus ring on ${label}: ${JSON.stringify(ring.focused)}`).toBe(true);
      await page.keyboard.press("Tab");
    }
    const order = ["نام و نام خانوادگی", "ایمیل", "شماره موبایل", "رمز عبور", "تکرار رمز عبور"].map((n) => names.findIndex((x) => x.startsWith(n)));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await expectTrapped(page, dialog);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expectFocusOn(trigger);
    await context.close();
  });

  it("login dialog: Enter submits; a wrong password is announced; Escape closes", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await page.goto("/");
    const trigger = page.getByRole("button", { name: "ورود", exact: true }).first();
    await tabTo(page, trigger);
    await page.keyboard.press("Space");
    const dialog = page.getByRole("dialog", { name: "ورود به حساب کاربری" });
    await dialog.waitFor();
    await expectFocusInside(dialog);
    await page.keyboard.type("user@daryaft.test");
    await page.keyboard.press("Tab");
    await page.keyboard.type("not-the-password-1");
    await page.keyboard.press("Enter");
    // Login failures are a red toast (accounts spec §8); the dialog stays open.
    // (the answer's own toast, not any earlier one, and the submit button back from pending before Tab)
    await page.getByRole("region", { name: "اعلان‌ها" }).locator(".ui-toast", { hasText: "اشتباه" }).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => dialog.getByRole("button", { name: "ورود", exact: true }).isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await dialog.isVisible()).toBe(true);
    await expectNoAxeViolations(page, "login dialog with an error");
    await expectTrapped(page, dialog);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expectFocusOn(trigger);
    await context.close();
  });

  it("user menu: Enter opens, arrows move, Escape closes back to the button; Enter on an item navigates", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await signUpByApi(page, "kbd-menu");
    await page.goto("/");
    const trigger = page.getByRole("button", { name: /^منوی کاربری/ });
    // The menu's chunk loads lazily behind a disabled placeholder of the same name.
    await expect.poll(() => trigger.isEnabled(), { timeout: 15_000 }).toBe(true);
    await tabTo(page, trigger);
    expect((await hasVisibleFocus(page)).visible).toBe(true);
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await menu.waitFor();
    await expectFocusInside(menu);
    await expectNoAxeViolations(page, "user menu");
    const first = await page.evaluate(() => document.activeElement?.textContent);
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent)).not.toBe(first);
    expect((await hasVisibleFocus(page)).visible).toBe(true);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await expectFocusOn(trigger);
    await page.keyboard.press("Enter");
    await menu.waitFor();
    await menu.getByRole("menuitem", { name: "حساب کاربری" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/profile\/?$/);
    await context.close();
  });

  it("DOI box: Enter starts, the result dialog takes focus, Escape closes it and focus returns to the box", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await page.goto("/");
    const box = page.getByRole("searchbox", { name: "لینک یا DOI مقاله" });
    await tabTo(page, box);
    expect((await hasVisibleFocus(page)).visible).toBe(true);
    await page.keyboard.type(`10.5555/oa-unpaywall-${100_000 + Math.floor(Math.random() * 800_000)}`);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("link", { name: "دانلود" }).waitFor({ timeout: 30_000 });
    await expectFocusInside(dialog);
    await expectNoAxeViolations(page, "download result dialog");
    await expectTrapped(page, dialog, 8);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expectFocusOn(box);
    await context.close();
  }, 60_000);

  it("offline request: the floating button opens the dialog by keyboard; its fields take text; Escape closes", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await signUpByApi(page, "kbd-offline");
    await page.goto("/");
    const fab = page.getByRole("button", { name: "درخواست آفلاین" }).first();
    await tabTo(page, fab, 120);
    expect((await hasVisibleFocus(page)).visible).toBe(true);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "درخواست آفلاین" });
    await dialog.waitFor();
    await expectFocusInside(dialog);
    await tabTo(page, dialog.getByLabel("لینک یا عنوان مدرک"), 10);
    await page.keyboard.type("Keyboard Only Handbook");
    expect(await dialog.getByLabel("لینک یا عنوان مدرک").inputValue()).toBe("Keyboard Only Handbook");
    await expectNoAxeViolations(page, "offline request dialog");
    await expectTrapped(page, dialog, 12);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expectFocusOn(fab);
    await context.close();
  });

  it("package purchase: keyboard opens the dialog, arrows choose a package, Enter buys, the development bank pays by keyboard", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await signUpByApi(page, "kbd-buy");
    await page.goto("/profile/financial");
    const trigger = page.getByRole("button", { name: "خرید بستهٔ اعتبار" });
    await trigger.waitFor();
    await tabTo(page, trigger, 120);
    expect((await hasVisibleFocus(page)).visible).toBe(true);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "خرید بستهٔ اعتبار" });
    await dialog.waitFor();
    await expectFocusInside(dialog);
    const group = dialog.getByRole("radiogroup");
    await tabTo(page, group, 10);
    expect((await hasVisibleFocus(page)).visible).toBe(true);
    // Arrow keys move the choice; Space keeps it; the total follows.
    const totals: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Space");
      totals.push((await dialog.getByTestId("purchase-total").textContent()) ?? "");
    }
    expect(new Set(totals).size).toBeGreaterThan(1);
    await expectNoAxeViolations(page, "package purchase dialog");
    await expectTrapped(page, dialog);
    await tabTo(page, dialog.getByRole("button", { name: "خرید", exact: true }), 10);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/gateway\/devbank\/pay\/pay_/, { timeout: 20_000 });
    await expectNoAxeViolations(page, "development bank page");
    const pay = page.getByRole("button", { name: "پرداخت" });
    await tabTo(page, pay, 20);
    expect((await hasVisibleFocus(page)).visible).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/payment\?id=pay_/, { timeout: 15_000 });
    await context.close();
  }, 90_000);
});

describe("keyboard in the journeys' later steps (desktop)", () => {
  it("offline desk: the filter form submits with Enter, a request opens by keyboard, the price is set with Enter", async () => {
    const user = await newPage(browser, "desktop");
    const who = await signUpByApi(user.page, "kbd-desk");
    const created = await user.page.request.post("/insert/offline_book", {
      headers: { "X-CSRF-TOKEN": await csrf(user.page), Accept: "application/json" },
      data: { url: `Keyboard Desk Manual ${Date.now()}`, type: "book" },
    });
    expect(created.status(), await created.text()).toBe(200);
    await user.context.close();

    const { context, page } = await newPage(browser, "desktop");
    await signInByApi(page, "admin@daryaft.test", SEEDED_PASSWORD);
    await page.goto("/admin/offlineBooks");
    const userField = page.getByLabel("جستجو: عنوان، ISBN، DOI، شمارهٔ استاندارد یا کاربر");
    await tabTo(page, userField, 120);
    expect((await hasVisibleFocus(page)).visible).toBe(true);
    await page.keyboard.type(who.email);
    await page.keyboard.press("Enter");
    const rows = page.locator(".desk-card");
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    const open = rows.getByRole("button", { name: /^رسیدگی/ });
    await tabTo(page, open, 40);
    expect((await hasVisibleFocus(page)).visible).toBe(true);
    await page.keyboard.press("Enter");
    // Opening puts the cursor in the request's first field: the price.
    const detail = page.getByTestId("desk-detail");
    await expectFocusInside(detail);
    const price = detail.getByLabel("قیمت (تومان)");
    await expectFocusOn(price);
    await page.keyboard.type("۸۸۰۰۰");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByText("قیمت ثبت شد و به کاربر خبر داده شد").first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await outbox(who.email))[0]?.text ?? "").toContain("۸۸٬۰۰۰ تومان");
    await expectNoAxeViolations(page, "offline desk with a request open");
    await context.close();
  }, 90_000);

  it("direct access: Enter adds a site, the basket opens by keyboard and closes with Escape back to its button", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await signUpByApi(page, "kbd-direct");
    await page.goto("/");
    await page.getByRole("radio", { name: "دسترسی مستقیم", exact: true }).first().click({ force: true });
    const table = page.getByRole("table", { name: "فهرست سایت‌های دسترسی مستقیم" });
    await table.waitFor({ timeout: 20_000 });
    const add = table.locator("tbody tr").first().getByRole("button", { name: "افزودن به سبد" });
    await tabTo(page, add, 80);
    expect((await hasVisibleFocus(page)).visible).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => table.locator("tbody tr").first().locator("[aria-pressed]").first().getAttribute("aria-pressed")).toBe("true");
    // The basket button follows the whole table in the tab order (several stops per site).
    const fab = page.getByRole("button", { name: "سبد خرید (۱)" });
    await tabTo(page, fab, 500);
    expect((await hasVisibleFocus(page)).visible).toBe(true);
    await page.keyboard.press("Space");
    const basket = page.getByRole("dialog", { name: "سبد دسترسی مستقیم" });
    await basket.waitFor();
    await expectFocusInside(basket);
    await expectTrapped(page, basket, 8);
    await page.keyboard.press("Escape");
    await basket.waitFor({ state: "detached" });
    await expectFocusOn(fab);
    await context.close();
  }, 90_000);

  it("plagiarism upload: the dialog opens by keyboard, the file picker shows focus and opens with Space, Enter sends", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await signUpByApi(page, "kbd-upload");
    // Buying is the purchase journey's part (mouse is fine here); the upload is what is under test.
    await page.goto("/");
    const typeRadio = page.getByRole("radio", { name: "همانندجویی و ویرایش گرامر", exact: true }).first();
    await typeRadio.click({ force: true });
    const card = () =>
      page
        .getByRole("region", { name: "همانندجویی، ویرایش گرامر و اکانت‌های تخصصی" })
        .locator("article")
        .filter({ hasText: /iThenticate|همانندجویی/ })
        .first();
    await card().getByRole("button", { name: "خرید", exact: true }).click();
    await page
      .getByRole("dialog")
      .first()
      .getByRole("button", { name: /^خرید|پرداخت/ })
      .last()
      .click();
    await page.waitForURL(/\/gateway\/devbank\/pay\/pay_/, { timeout: 20_000 });
    await page.getByRole("button", { name: "پرداخت" }).click();
    await page.waitForURL(/\/payment\?id=pay_/, { timeout: 15_000 });
    await page.goto("/");
    await typeRadio.click({ force: true });

    const send = card().getByRole("button", { name: "ارسال فایل" });
    await tabTo(page, send, 120);
    expect((await hasVisibleFocus(page)).visible).toBe(true);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: /^ارسال فایل برای/ });
    await dialog.waitFor();
    await expectFocusInside(dialog);
    const input = dialog.locator('input[type="file"]');
    await tabTo(page, input, 10);
    const ring = await hasVisibleFocus(page);
    expect(ring.visible, JSON.stringify(ring)).toBe(true);
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Space")]);
    await chooser.setFiles({ name: "keyboard-thesis.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdfBytes("keyboard thesis")) });
    await expect.poll(() => dialog.getByText("keyboard-thesis.pdf").isVisible()).toBe(true);
    await expectNoAxeViolations(page, "upload dialog with a file chosen");
    await expectTrapped(page, dialog);
    await tabTo(page, dialog.getByRole("button", { name: "ارسال", exact: true }), 10);
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached", timeout: 20_000 });
    await context.close();
  }, 120_000);
});

describe("keyboard at phone width", () => {
  it("drawer: the menu button opens it with Enter, focus is inside, Escape closes and returns focus", async () => {
    const { context, page } = await newPage(browser, "phone");
    await page.goto("/");
    const button = page.getByRole("button", { name: "باز کردن منو" });
    await tabTo(page, button);
    expect((await hasVisibleFocus(page)).visible).toBe(true);
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "منوی سایت" });
    await drawer.waitFor();
    await expectFocusInside(drawer);
    await expectNoAxeViolations(page, "drawer");
    await expectTrapped(page, drawer, 15);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    await expectFocusOn(button);
    await context.close();
  });

  it("bottom tab bar: reachable by Tab, right to left, Enter picks the search type", async () => {
    const { context, page } = await newPage(browser, "phone");
    await page.goto("/");
    const bar = page.getByRole("navigation", { name: "انتخاب سریع نوع جستجو" });
    await bar.waitFor();
    const items = bar.locator("a, button");
    const n = await items.count();
    expect(n).toBeGreaterThan(1);
    await tabTo(page, items.first(), 150);
    const stops: TabStop[] = [];
    for (let i = 0; i < n; i++) {
      const where = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const r = el.getBoundingClientRect();
        return { label: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim(), x: r.left + r.width / 2, y: r.top + r.height / 2 };
      });
      const ring = await hasVisibleFocus(page);
      stops.push({ ...where, visible: ring.visible, ring: `${ring.focused?.outline} / ${ring.focused?.boxShadow}` });
      if (i < n - 1) await page.keyboard.press("Tab");
    }
    expectRingsAndRtl(stops);
    // Enter on the third item (books) selects that search type.
    await items.nth(2).focus();
    expect(await items.nth(2).getAttribute("aria-pressed")).toBe("false");
    await page.keyboard.press("Enter");
    await expect.poll(() => items.nth(2).getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => page.getByRole("radio", { name: "کتاب، استاندارد، حل‌المسائل", exact: true }).first().isChecked()).toBe(true);
    await context.close();
  });
});
