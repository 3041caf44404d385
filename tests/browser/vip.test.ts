/**
 * Type 7 in Chromium: a new user buys a grammar check from the card (empty wallet → development bank),
 * lands on /profile/vipServices with the paid order waiting for a file, uploads a real .docx through
 * the upload dialog (width 400) and sees the order submitted with its file name. A PDF for the grammar
 * check is refused with the server's Persian message inside the dialog.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docxBytes, pdfBytes } from "../worker/vip-documents";
import { expectNoAxeViolations } from "./a11y";
import { launch, newPage, outboxCode, pageErrors, screenshot, screenshotDir, viewports } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// The same sign-up as the direct-access test (kept here so this file runs alone).
const PASSWORD = "direct-browser-pass-1";

/** A fresh, verified user signed in inside this browser context (through the real endpoints). */
async function signUp(page: Page, tag: string) {
  await page.goto("/");
  const csrf = async () => ((await (await page.request.get("/csrf-token")).json()) as { token: string }).token;
  const suffix = `${Date.now() % 10_000_000}`.padStart(7, "0");
  const mobile = `0937${suffix}`;
  const reg = await page.request.post("/register", {
    headers: { "X-CSRF-TOKEN": await csrf(), Accept: "application/json" },
    data: { name: `کاربر ${tag}`, email: `da-${tag}-${suffix}@example.org`, mobile, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(reg.status()).toBe(200);
  const headers = { "X-CSRF-TOKEN": await csrf(), Accept: "application/json" };
  expect((await page.request.post("/profile/send/mobile/code", { headers, data: { mobile } })).status()).toBe(200);
  expect((await page.request.post("/profile/mobile/verify", { headers, data: { code: await outboxCode(mobile) } })).status()).toBe(200);
}

async function login(page: Page, email: string, password: string) {
  await page.goto("/");
  const token = ((await (await page.request.get("/csrf-token")).json()) as { token: string }).token;
  const res = await page.request.post("/login", { headers: { "X-CSRF-TOKEN": token, Accept: "application/json" }, data: { email, password } });
  expect(res.status()).toBe(200);
}

async function view(page: Page, name: string) {
  await page.screenshot({ path: `${screenshotDir}/${name}.png` });
}

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("VIP services at %s width", (viewport) => {
  it("buy a grammar check, upload a .docx, see it on /profile/vipServices", async () => {
    const { context, page } = await newPage(browser, viewport);
    // Unique per run: other tests' orders on the same desk must not match this one.
    const tag = `vip-${viewport}-${Date.now().toString(36)}`;
    await signUp(page, tag);
    await page.goto("/profile");
    await page.goto("/#vip");
    const card = page.locator("article.vip-card", { hasText: "ویرایش و بررسی گرامر" });
    await expect.poll(() => card.isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => card.locator(".vip-card__price").textContent()).toBe("۱۲۰٬۰۰۰ تومان");
    await screenshot(page, `vip-cards-${viewport}`);
    await expectNoAxeViolations(page, `VIP cards (${viewport})`, ".vip-cards");

    await card.getByRole("button", { name: "خرید" }).click();
    const buy = page.getByRole("dialog", { name: "خرید" });
    await expect.poll(() => buy.getByTestId("purchase-total").textContent()).toBe("۱۲۰٬۰۰۰ تومان");
    await buy.getByRole("button", { name: "خرید", exact: true }).click();
    await page.waitForURL(/\/gateway\/devbank\/pay\/pay_/, { timeout: 20_000 });
    await page.getByRole("button", { name: "پرداخت" }).click();
    await page.waitForURL(/\/payment\?id=pay_/, { timeout: 20_000 });
    await page.waitForURL(/\/profile\/vipServices$/, { timeout: 20_000 });

    const order = page.getByTestId("service-order").first();
    await expect.poll(() => order.locator(".vip-status").textContent(), { timeout: 20_000 }).toBe("در انتظار فایل");
    await view(page, `vip-awaiting-${viewport}`);

    // A PDF is not accepted for a grammar check: the server's message shows in the dialog.
    await order.getByRole("button", { name: "ارسال فایل" }).click();
    const dialog = page.getByRole("dialog", { name: /ارسال فایل برای/ });
    const send = dialog.getByRole("button", { name: "ارسال", exact: true });
    expect(await send.isDisabled()).toBe(true);
    await dialog.locator('input[type="file"]').setInputFiles({ name: "paper.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdfBytes()) });
    await send.click();
    await expect.poll(() => dialog.getByRole("alert").textContent(), { timeout: 20_000 }).toContain("فقط فایل Word");
    await view(page, `vip-upload-refused-${viewport}`);

    await dialog.locator('input[type="file"]').setInputFiles({
      name: "my-paper.docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      buffer: Buffer.from(docxBytes("Please check my grammar.")),
    });
    await expect.poll(() => dialog.getByText("my-paper.docx").isVisible()).toBe(true);
    await view(page, `vip-upload-dialog-${viewport}`);
    await expectNoAxeViolations(page, `upload dialog (${viewport})`, '[role="dialog"]');
    await send.click();
    await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(false);
    await page.waitForURL(/\/profile\/vipServices$/);
    await expect.poll(() => order.locator(".vip-status").textContent(), { timeout: 20_000 }).toBe("ثبت شده");
    await expect.poll(() => order.getByText("my-paper.docx").isVisible()).toBe(true);
    await screenshot(page, `vip-submitted-${viewport}`);
    expect(pageErrors(page)).toEqual([]);

    // Staff take the order on /admin/directAccess and upload the report; the user then has it.
    const staff = await newPage(browser, viewport);
    await login(staff.page, "admin@daryaft.test", "daryaft-dev-1234");
    await staff.page.goto("/admin/directAccess");
    await expect.poll(() => staff.page.locator("table").first().isVisible(), { timeout: 30_000 }).toBe(true);
    await view(staff.page, `vip-admin-sites-${viewport}`);
    await expectNoAxeViolations(staff.page, `admin direct access (${viewport})`, "#main");
    await staff.page.getByRole("tab", { name: "سفارش‌های خدمات ویژه" }).click();
    const desk = staff.page.getByTestId("desk-order").filter({ hasText: tag });
    await expect.poll(() => desk.count(), { timeout: 20_000 }).toBe(1);
    await desk.getByRole("button", { name: "برداشتن" }).click();
    await staff.page.getByRole("button", { name: /وضعیت/ }).click();
    await staff.page.getByRole("option", { name: "در حال انجام" }).click();
    await expect.poll(() => desk.count(), { timeout: 20_000 }).toBe(1);
    await desk
      .locator('input[type="file"]')
      .setInputFiles({ name: "grammar-report.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdfBytes("grammar report")) });
    await desk.getByRole("button", { name: "بارگذاری گزارش" }).click();
    await expect.poll(() => desk.count(), { timeout: 20_000 }).toBe(0);
    await view(staff.page, `vip-admin-desk-${viewport}`);
    await staff.context.close();

    await page.reload();
    await expect.poll(() => order.locator(".vip-status").textContent(), { timeout: 20_000 }).toBe("انجام شده");
    const report = order.getByRole("link", { name: "دریافت گزارش" });
    const href = await report.getAttribute("href");
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    await view(page, `vip-done-${viewport}`);
    await expectNoAxeViolations(page, `profile vipServices (${viewport})`, "#main");
    await context.close();
  });
});
