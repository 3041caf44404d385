/**
 * The answer the moment the PDF is ready, in Chromium at phone and desktop widths (with axe):
 * with a fast fake upstream the download button comes from the one request the paste makes (no
 * check, no 3 s poll); with the fake's latency raised, the dialog shows the job's steps as they
 * happen, in the pipeline's order. Behaviour only: requests are counted, steps recorded in order;
 * nothing here times anything.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations } from "./a11y";
import { launch, newPage, pageErrors, screenshot, viewports } from "./harness";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const unique = () => 100_000 + Math.floor(Math.random() * 899_999);
const upstream = () => inject("upstreamUrl");
const setLatency = (ms: number) => fetch(`${upstream()}/__latency?ms=${ms}`, { method: "POST" });

/** The pipeline's order of the steps the dialog shows (progress-steps.tsx data-stage). */
const ORDER = ["identifying", "queued", "metadata", "searching", "located", "downloading", "verifying"];

/** Every getpdf request the page makes: path and Accept header. */
function getpdfRequests(page: Page): { path: string; accept: string }[] {
  const seen: { path: string; accept: string }[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith("/getpdf/")) seen.push({ path, accept: r.headers()["accept"] ?? "" });
  });
  return seen;
}

/** Records each stage the dialog marks current, in the order they appear (installed before the app runs). */
async function recordStages(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __stages: string[] };
    w.__stages = [];
    new MutationObserver(() => {
      const now = document.querySelector<HTMLElement>(".getpdf-steps [aria-current='step']")?.dataset.stage;
      if (now && w.__stages.at(-1) !== now) w.__stages.push(now);
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-current", "data-stage"] });
  });
}

async function paste(page: Page, doi: string) {
  await page.goto("/");
  const box = page.getByRole("searchbox", { name: "لینک یا DOI مقاله" });
  await box.fill(doi);
  await box.press("Enter");
  return page.getByRole("dialog");
}

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("the PDF the moment it is ready, at %s width", (viewport) => {
  it("a fast job: the download button comes from the paste's one request — no check, no 3 s poll", async () => {
    const { context, page } = await newPage(browser, viewport);
    const requests = getpdfRequests(page);
    const dialog = await paste(page, `10.5555/oa-unpaywall-${unique()}`);
    const download = dialog.getByRole("link", { name: "دانلود" });
    await download.waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole("heading").textContent()).toBe("عملیات با موفقیت انجام شد");
    expect(requests).toEqual([{ path: "/getpdf/start", accept: "text/event-stream" }]);
    await screenshot(page, `getpdf-live-ok-${viewport}`);
    await expectNoAxeViolations(page, `the result dialog (ok, ${viewport})`, "[role=dialog]");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 60_000);

  it("a slow job: the dialog shows its steps as they happen, in order, then the download button", async () => {
    const { context, page } = await newPage(browser, viewport);
    await recordStages(page);
    await setLatency(700);
    try {
      const dialog = await paste(page, `10.5555/oa-unpaywall-${unique()}`);
      const steps = dialog.getByRole("list", { name: "مراحل دریافت" });
      // A step past the first ones: the list shows the done ones (checked) above the current one.
      await expect.poll(() => steps.locator("li").count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
      expect(await steps.locator("[aria-current='step']").count()).toBe(1);
      await screenshot(page, `getpdf-live-steps-${viewport}`);
      await expectNoAxeViolations(page, `the result dialog (steps, ${viewport})`, "[role=dialog]");
      await dialog.getByRole("link", { name: "دانلود" }).waitFor({ timeout: 45_000 });
    } finally {
      await setLatency(0);
    }
    const stages = await page.evaluate(() => (window as unknown as { __stages: string[] }).__stages);
    const known = stages.filter((s) => ORDER.includes(s));
    expect(new Set(known).size, `stages seen: ${stages.join(" → ")}`).toBeGreaterThanOrEqual(3);
    // In the pipeline's order: each stage after the one before it.
    const positions = known.map((s) => ORDER.indexOf(s));
    expect(positions, `stages seen: ${stages.join(" → ")}`).toEqual([...positions].sort((a, b) => a - b));
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 90_000);
});
