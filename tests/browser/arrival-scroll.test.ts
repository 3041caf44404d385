/**
 * A home hash shortcut (/#book) scrolls to the search area once what sits below the panel is drawn.
 * That scroll comes late on a slow phone (the page is drawn before its code arrives): a visitor who
 * has scrolled meanwhile stays where they scrolled, and is not yanked to the search area. Here the
 * book panel's code, which the page waits for before it answers, is held until the visitor has
 * scrolled the server's markup.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newPage, viewports } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const searchAreaTop = (page: Page) =>
  page.evaluate(() => {
    const area = document.getElementById("search-area")!;
    return area.getBoundingClientRect().top - parseFloat(getComputedStyle(area).scrollMarginTop);
  });

/** The shortcut has run its course: its hash is cleared (a second after it applied), what sits below the panel is drawn, and frames have passed since. */
async function shortcutDone(page: Page) {
  await page.waitForFunction(() => location.hash === "");
  await page.locator(".stats-strip").waitFor();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done)))));
}

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("a hash shortcut's scroll at %s width", (viewport) => {
  it("lands on the search area; a visitor who scrolled before it stays where they scrolled", async () => {
    const { context, page } = await newPage(browser, viewport);
    let release = () => {};
    try {
      await page.goto("/#book");
      await page.waitForFunction(() => {
        const area = document.getElementById("search-area");
        return !!area && Math.abs(area.getBoundingClientRect().top - parseFloat(getComputedStyle(area).scrollMarginTop)) < 2;
      });

      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/book-search-panel-[^/?]+\.js(\?.*)?$/, async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      });
      await page.goto("/about");
      const arrived = page.goto("/#book");
      await page.locator("#search-area").waitFor();
      await page.mouse.move(100, 300);
      await page.mouse.wheel(0, 150);
      await page.waitForFunction(() => Math.abs(window.scrollY - 150) < 2);
      const scrolled = await page.evaluate(() => window.scrollY);
      // Still the server's markup: the visitor scrolled before the page could answer.
      expect(await page.locator("#root footer").evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps$")))).toBe(false);
      release();
      await arrived;
      await page.locator('.search-panel[data-search-type="3"]').waitFor();
      await shortcutDone(page);
      // On the old code the page jumped to the search area under the visitor's wheel.
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(2);
      expect(Math.abs(await searchAreaTop(page))).toBeGreaterThan(2);
    } finally {
      release();
      await context.close();
    }
  }, 120_000);
});
