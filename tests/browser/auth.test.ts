/**
 * Accounts end to end in Chromium, at phone and desktop widths: register → mobile verification
 * with the code from the development outbox → logout → login with "remember me" → the user menu's
 * groups; then the seeded admin sees the admin group.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch, newPage, outboxCode, pageErrors, screenshot, viewports } from "./harness";

const PASSWORD = "browser-test-pass-1";
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Runs `action` and waits for the page load it triggers (login, register and logout reload the page). */
async function andReload(page: Page, action: () => Promise<unknown>) {
  await Promise.all([page.waitForEvent("load", { timeout: 30_000 }), action()]);
}

async function openUserMenu(page: Page, name: string) {
  await page.getByRole("button", { name: `منوی کاربری ${name}` }).click();
  return page.getByRole("menu");
}

async function login(page: Page, identifier: string, password: string, remember: boolean) {
  await page.getByRole("button", { name: "ورود", exact: true }).first().click();
  const dialog = page.getByRole("dialog", { name: "ورود به حساب کاربری" });
  await dialog.getByLabel("موبایل، ایمیل یا نام کاربری").fill(identifier);
  await dialog.getByLabel("رمز عبور", { exact: true }).fill(password);
  if (remember) await dialog.getByText("مرا به خاطر بسپار").click();
  await andReload(page, () => dialog.getByRole("button", { name: "ورود", exact: true }).click());
}

async function logout(page: Page, name: string) {
  const menu = await openUserMenu(page, name);
  await andReload(page, () => menu.getByRole("menuitem", { name: "خروج" }).click());
  await page.getByRole("button", { name: "ورود", exact: true }).first().waitFor();
}

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("accounts at %s width", (viewport) => {
  it("register → verify the mobile with the outbox code → logout → login with remember me → user menu groups", async () => {
    const { context, page } = await newPage(browser, viewport);
    const suffix = `${Date.now() % 10_000_000}`.padStart(7, "0");
    const mobile = `0935${suffix}`;
    const email = `browser-${viewport}-${suffix}@example.org`;
    const name = `کاربر مرورگر ${viewport === "phone" ? "یک" : "دو"}`;

    await page.goto("/");
    // Register through the shell's button.
    await page.getByRole("button", { name: "ثبت‌نام", exact: true }).first().click();
    const register = page.getByRole("dialog", { name: "ثبت‌نام" });
    await register.getByLabel("نام و نام خانوادگی").fill(name);
    await register.getByLabel("ایمیل").fill(email);
    // Persian digits are accepted and normalised.
    await register.getByLabel("شماره موبایل").fill(mobile.replace(/[0-9]/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!));
    await register.getByLabel("رمز عبور", { exact: true }).fill(PASSWORD);
    await register.getByLabel("تکرار رمز عبور").fill(PASSWORD);
    await screenshot(page, `auth-register-${viewport}`);
    await andReload(page, () => register.getByRole("button", { name: "ثبت‌نام", exact: true }).click());

    // After the reload the mobile dialog opens by itself at "send the code".
    const mobileDialog = page.getByRole("dialog", { name: "شماره موبایل و تأیید آن" });
    await mobileDialog.getByRole("button", { name: "ارسال کد تأیید" }).click();
    await expect.poll(() => mobileDialog.getByText("۰۴:۰۰").or(mobileDialog.getByText("۰۳:۵۹")).count()).toBeGreaterThan(0);
    const code = await outboxCode(mobile);
    await mobileDialog.getByLabel("کد تأیید").fill(code);
    await screenshot(page, `auth-mobile-code-${viewport}`);
    await mobileDialog.getByRole("button", { name: "تأیید", exact: true }).click();
    await mobileDialog.waitFor({ state: "detached" });
    await page.getByText("با موفقیت انجام شد").first().waitFor();

    // The server agrees: the number is verified.
    const details = await page.evaluate(async () => (await fetch("/profile/ajax/details")).json());
    expect(details.user).toMatchObject({ mobile, mobile_verifed: 1, email });

    await logout(page, name);
    expect((await context.cookies()).find((c) => c.name === "daryaft_session")).toBeUndefined();

    await login(page, email, PASSWORD, true);
    const session = (await context.cookies()).find((c) => c.name === "daryaft_session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    // Remember me: a 30-day cookie, not a browser session.
    expect(session!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);
    // Verified, so the mobile dialog stays closed.
    expect(await page.getByRole("dialog").count()).toBe(0);

    const menu = await openUserMenu(page, name);
    await expect.poll(() => menu.getByRole("menuitem", { name: "حساب کاربری" }).count()).toBe(1);
    expect(await menu.getByRole("menuitem", { name: "خروج" }).count()).toBe(1);
    // A regular user has no admin, panel or solver group.
    expect(await menu.getByRole("menuitem", { name: "داشبورد مدیریت" }).count()).toBe(0);
    expect(await menu.getByRole("menuitem", { name: "داشبورد حل‌کننده" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "پنل مدیریت" }).count()).toBe(0);
    await screenshot(page, `auth-user-menu-${viewport}`);
    await page.keyboard.press("Escape");

    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("the seeded admin sees the admin group and icon", async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto("/");
    await login(page, "admin@daryaft.test", "daryaft-dev-1234", false);
    expect(await page.getByRole("link", { name: "پنل مدیریت" }).count()).toBe(1);
    const menu = await openUserMenu(page, "مدیر سامانه");
    await expect.poll(() => menu.getByRole("menuitem", { name: "داشبورد مدیریت" }).count()).toBe(1);
    expect(await menu.getByRole("menuitem", { name: "حساب کاربری" }).count()).toBe(1);
    expect(await menu.getByText("مدیریت", { exact: true }).count()).toBe(1);
    expect(await menu.getByRole("menuitem", { name: "خروج" }).count()).toBe(1);
    await screenshot(page, `auth-admin-menu-${viewport}`);
    await page.keyboard.press("Escape");
    // A browser session without "remember me".
    const session = (await context.cookies()).find((c) => c.name === "daryaft_session");
    expect(session?.expires).toBe(-1);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
