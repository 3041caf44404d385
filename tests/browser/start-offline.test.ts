/**
 * `npm run start:offline` (issue 16 §8): the browser tests run on the same launcher
 * (scripts/offline-stack.ts via tests/setup/preview-server.global.ts), so this drives the README's
 * sample DOIs (scripts/offline-samples.ts) through exactly that stack: an open-access PDF, a licensed
 * PDF paid by an article credit (the university user's quota), an `offline` result and a retraction.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offlineSamples } from "../../scripts/offline-samples";
import { expectNoAxeViolations } from "./a11y";
import { launch, newPage, screenshot } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const sample = (prefix: string) => offlineSamples.find((s) => s.doi.startsWith(prefix))!.doi;

async function signIn(page: Page, email: string) {
  await page.goto("/");
  const token = await page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? "");
  const res = await page.request.post("/login", {
    headers: { "X-CSRF-TOKEN": token, Accept: "application/json" },
    data: { email, password: "daryaft-dev-1234" },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto("/");
}

async function paste(page: Page, doi: string) {
  const box = page.getByRole("searchbox", { name: "لینک یا DOI مقاله" });
  await box.fill(doi);
  await box.press("Enter");
  return page.getByRole("dialog").first();
}

describe("the start:offline sample DOIs", () => {
  it("open access: a PDF to download, for a guest", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await page.goto("/");
    const dialog = await paste(page, sample("10.5555/oa-unpaywall"));
    await dialog.getByRole("link", { name: "دانلود" }).waitFor({ timeout: 45_000 });
    await expectNoAxeViolations(page, "offline sample: open access", '[role="dialog"]');
    await screenshot(page, "start-offline-oa");
    await context.close();
  }, 60_000);

  it("licensed: the university user's article credit pays, the PDF is ours", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await signIn(page, "uni@daryaft.test");
    const dialog = await paste(page, sample("10.5555/licensed"));
    await dialog.getByRole("link", { name: "دانلود" }).waitFor({ timeout: 45_000 });
    expect(await dialog.textContent()).toContain("Elsevier");
    await context.close();
  }, 60_000);

  it("offline: no source has it; a guest is offered the offline request", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await page.goto("/");
    const dialog = await paste(page, sample("10.5555/none"));
    await dialog.getByRole("button", { name: "ثبت درخواست آفلاین" }).waitFor({ timeout: 45_000 });
    await context.close();
  }, 60_000);

  it("retraction: the PDF comes with the retraction warning", async () => {
    const { context, page } = await newPage(browser, "desktop");
    await page.goto("/");
    const dialog = await paste(page, sample("10.5555/retracted"));
    await dialog.getByRole("link", { name: "دانلود" }).waitFor({ timeout: 45_000 });
    expect(await dialog.textContent()).toMatch(/بازپس‌گرفته/);
    await screenshot(page, "start-offline-retracted");
    await context.close();
  }, 60_000);
});
