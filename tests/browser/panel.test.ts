/**
 * The contract partner's panel in Chromium: with demo activity for the seeded institution, the
 * statistics page draws its quota meters and SVG charts; users, groups and articles list only
 * that institution's members.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./a11y";
import { launch, newPage, pageErrors, screenshot, viewports } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function csrf(page: Page): Promise<string> {
  return ((await (await page.request.get("/csrf-token")).json()) as { token: string }).token;
}

async function signInPartner(page: Page) {
  await page.goto("/");
  const res = await page.request.post("/login", {
    headers: { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" },
    data: { email: "partner@daryaft.test", password: "daryaft-dev-1234" },
  });
  expect(res.status(), await res.text()).toBe(200);
  const seed = await page.request.post("/dev/panel/demo-activity", { headers: { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" }, data: {} });
  expect(seed.status(), await seed.text()).toBe(200);
}

/** Heights of the SVG bars in a chart (drawn, not just present). */
async function barHeights(page: Page, testId: string, selector = "rect"): Promise<number[]> {
  return page
    .getByTestId(testId)
    .locator(selector)
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute("height"))));
}

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("partner panel at %s width", (viewport) => {
  it("statistics: quota meters and charts drawn from the institution's usage", async () => {
    const { context, page } = await newPage(browser, viewport);
    await signInPartner(page);
    await page.goto("/panel2/statistics");
    await expect.poll(() => page.getByRole("heading", { name: "دانشگاه صنعتی نمونه" }).isVisible(), { timeout: 45_000 }).toBe(true);
    // One meter per access key of the contract (5 in the seed).
    expect(await page.locator(".panel-meter").count()).toBe(5);
    const meterText = await page.locator(".panel-meter__value").first().textContent();
    expect(meterText).toMatch(/از ۵۰۰$/);
    // Usage chart for article downloads: six months of bars, some tall, the quota line drawn.
    const usage = await barHeights(page, "usage-chart-article_download", "rect.panel-mini__bar, rect.panel-mini__bar--full");
    expect(usage).toHaveLength(6);
    expect(usage.filter((h) => h > 0).length).toBe(6);
    expect(new Set(usage).size).toBeGreaterThan(1);
    expect(await page.getByTestId("usage-chart-article_download").locator("line.panel-mini__quota").count()).toBe(1);
    const activity = await barHeights(page, "activity-chart", "rect.panel-chart__ok");
    expect(activity).toHaveLength(6);
    expect(activity.some((h) => h > 0)).toBe(true);
    await page.getByTestId("activity-chart").scrollIntoViewIfNeeded();
    await screenshot(page, `panel-statistics-${viewport}`);
    await expectNoAxeViolations(page, `panel statistics ${viewport}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("users, groups and articles of the institution", async () => {
    const { context, page } = await newPage(browser, viewport);
    await signInPartner(page);
    await page.goto("/panel2/users");
    await expect.poll(() => page.getByRole("cell", { name: "دانشجوی دانشگاه نمونه" }).isVisible(), { timeout: 45_000 }).toBe(true);
    // Only this institution's members: the plain seeded user is not there.
    expect(await page.getByText("user@daryaft.test").count()).toBe(0);
    await screenshot(page, `panel-users-${viewport}`);

    await page.goto("/panel2/userGroup");
    const name = `گروه ${viewport}`;
    await page.getByLabel("نام گروه تازه").fill(name);
    await page.getByRole("button", { name: "ساخت گروه" }).click();
    await expect.poll(() => page.getByRole("heading", { name }).isVisible(), { timeout: 45_000 }).toBe(true);
    await screenshot(page, `panel-groups-${viewport}`);
    await expectNoAxeViolations(page, `panel groups ${viewport}`);

    await page.goto("/panel2/articles");
    await expect.poll(() => page.getByText("Demo article").first().isVisible(), { timeout: 45_000 }).toBe(true);
    await screenshot(page, `panel-articles-${viewport}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
