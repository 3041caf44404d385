/**
 * The whole purchase in Chromium: a new user with an empty wallet opens /profile/financial, buys a
 * price package, is sent to the development bank after the 3 s countdown, pays, sees the payment
 * result and lands on the articles profile page with the credits shown in the credit bar.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newPage, pageErrors, screenshot, signUpVerified, viewports } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("wallet purchase at %s width", (viewport) => {
  it("empty wallet → package → development bank → paid → articles page with the credits", async () => {
    const { context, page } = await newPage(browser, viewport);
    await signUpVerified(page, `wallet-${viewport}`);

    await page.goto("/profile/financial");
    await expect.poll(() => page.getByTestId("financial-balance").textContent()).toBe("۰ تومان");
    await expect.poll(() => page.getByText("هنوز تراکنشی ثبت نشده است.").isVisible()).toBe(true);
    await screenshot(page, `wallet-financial-empty-${viewport}`);

    await page.getByRole("button", { name: "خرید بستهٔ اعتبار" }).click();
    const dialog = page.getByRole("dialog", { name: "خرید بستهٔ اعتبار" });
    await dialog.getByText("بستهٔ برنزی").click();
    await expect.poll(() => dialog.getByTestId("purchase-total").textContent()).toBe("۲۵۹٬۰۰۰ تومان");
    await dialog.getByRole("button", { name: "خرید", exact: true }).click();
    await expect.poll(() => dialog.getByTestId("gateway-countdown").isVisible()).toBe(true);
    await screenshot(page, `wallet-package-countdown-${viewport}`);

    // After 3 s the form posts to /gateway/devbank, which sends us to the development bank page.
    await page.waitForURL(/\/gateway\/devbank\/pay\/pay_/, { timeout: 15_000 });
    await expect.poll(() => page.locator("[data-amount]").getAttribute("data-amount")).toBe("259000");
    await screenshot(page, `wallet-devbank-${viewport}`);
    await page.getByRole("button", { name: "پرداخت" }).click();

    await page.waitForURL(/\/payment\?id=pay_/, { timeout: 15_000 });
    await expect.poll(() => page.getByTestId("payment-message").textContent()).toBe("پرداخت با موفقیت انجام شد و خرید شما تکمیل شد.");
    await screenshot(page, `wallet-payment-result-${viewport}`);

    // The result page continues by itself to the product's profile page.
    await page.waitForURL(/\/profile\/booksAndArticles\/?$/, { timeout: 15_000 });
    if (viewport === "desktop" || (await page.getByTestId("credit-unlimited").isVisible())) {
      await expect.poll(() => page.getByTestId("credit-unlimited").textContent()).toBe("۱۰");
      await expect.poll(() => page.getByTestId("credit-balance").textContent()).toBe("۰ تومان");
    }
    await screenshot(page, `wallet-after-purchase-${viewport}`);

    // The ledger lists the top-up and the purchase with Solar Hijri dates.
    await page.goto("/profile/financial");
    await expect.poll(() => page.getByTestId("financial-unlimited").textContent()).toBe("۱۰");
    const rows = page.locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => page.getByText("شارژ کیف پول با پرداخت اینترنتی").isVisible()).toBe(true);
    await expect.poll(async () => /۱۴[۰-۹]{2}\/[۰-۹]{2}\/[۰-۹]{2}/.test((await rows.first().textContent()) ?? "")).toBe(true);
    await screenshot(page, `wallet-financial-after-${viewport}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe("payment page", () => {
  it("without payment info says wrong page", async () => {
    const { context, page } = await newPage(browser, "phone");
    await page.goto("/payment");
    await expect.poll(() => page.getByText("صفحهٔ اشتباه").isVisible()).toBe(true);
    await context.close();
  });
});
