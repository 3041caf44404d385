/**
 * Buying a direct book in Chromium at phone and desktop widths: a new user with an empty wallet
 * finds a priced book in the book search, buys it (the card pays the whole price through the
 * development bank), and lands on /profile/directBooks with the book paid and the 12-hour promise.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./a11y";
import { launch, newPage, pageErrors, screenshot, signUpVerified, viewports } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("direct book at %s width", (viewport) => {
  it("search → buy → development bank → /profile/directBooks", async () => {
    const { context, page } = await newPage(browser, viewport);
    await signUpVerified(page, `book-${viewport}`);

    // Sign-up happened behind the page's back (API calls): load another page first, so /#book is a
    // full load with the signed-in page data rather than a hash change on the guest's page.
    await page.goto("/prices");
    await page.goto("/#book");
    const panel = page.locator(".search-pane");
    await panel.getByRole("searchbox", { name: "کلیدواژه‌ها" }).fill("Deep Learning");
    await panel.getByRole("button", { name: "جستجو", exact: true }).click();
    const item = panel.locator(".search-item", { hasText: "Goodfellow" }).first();
    await item.waitFor({ timeout: 15_000 });
    const price = (await item.locator(".search-price").textContent())!;
    expect(price).toMatch(/^[۰-۹٬]+ تومان$/);

    await item.getByRole("button", { name: "خرید و دریافت" }).click();
    const dialog = page.getByRole("dialog", { name: "خرید" });
    await expect.poll(() => dialog.getByTestId("purchase-total").textContent()).toBe(price);
    await expectNoAxeViolations(page, `direct-book buy dialog (${viewport})`);
    await screenshot(page, `direct-book-dialog-${viewport}`);
    await dialog.getByRole("button", { name: "خرید", exact: true }).click();

    // The wallet is empty: after the countdown the card pays the whole price.
    await page.waitForURL(/\/gateway\/devbank\/pay\/pay_/, { timeout: 15_000 });
    await page.getByRole("button", { name: "پرداخت" }).click();
    await page.waitForURL(/\/payment\?id=pay_/, { timeout: 15_000 });
    await expect.poll(() => page.getByTestId("payment-message").textContent()).toBe("پرداخت با موفقیت انجام شد و خرید شما تکمیل شد.");
    await page.waitForURL(/\/profile\/directBooks\/?$/, { timeout: 15_000 });

    const card = page.locator(".offline-card").first();
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain("Deep Learning");
    await expect.poll(() => card.getByTestId("offline-price").textContent()).toBe(price);
    expect(await card.textContent()).toContain("پرداخت‌شده");
    await expect.poll(() => card.getByTestId("promise-left").isVisible()).toBe(true);
    await expectNoAxeViolations(page, `direct books page (${viewport})`);
    await screenshot(page, `direct-books-page-${viewport}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
