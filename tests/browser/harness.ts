import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { inject } from "vitest";

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const screenshotDir = path.resolve(import.meta.dirname, "../../test-results/screenshots");

export function baseUrl(): string {
  return inject("baseUrl");
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

export async function newPage(browser: Browser, viewport: keyof typeof viewports): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: viewports[viewport], locale: "fa-IR", baseURL: baseUrl() });
  // A loaded 2-core CI machine runs workerd and Chromium side by side: allow slow steps.
  context.setDefaultTimeout(45_000);
  context.setDefaultNavigationTimeout(45_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  (page as Page & { errors: string[] }).errors = errors;
  return { context, page };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

export function pageErrors(page: Page): string[] {
  return (page as Page & { errors?: string[] }).errors ?? [];
}
