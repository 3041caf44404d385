import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterEach, inject } from "vitest";

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

export const CHROMIUM_ARGS = [
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

let contexts = 0;

/**
 * Each context is its own visitor: a distinct client address (198.18.0.0/15, kept for testing), as
 * Cloudflare would send it, so per-address limits (20 registrations an hour) see many users,
 * as in life, not one address signing up the whole suite.
 */
function clientAddress(): string {
  contexts += 1;
  const n = (process.pid * 251 + contexts) % 65_536;
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * A hydration problem: what web/lib/hydration.ts logs from hydrateRoot's onRecoverableError (React's
 * production build reports a mismatch only there, as minified errors #418, #419, #421–#423, #425),
 * or one of those errors surfacing any other way.
 */
const HYDRATION_PROBLEM = /^\[hydration\]|Minified React error #(418|419|421|422|423|425)\b/;
const hydrationProblems: string[] = [];

// Any test whose pages reported a hydration problem fails, whatever it asserted itself: the server's
// markup must be exactly what the browser's first render draws (decision 0010).
afterEach(() => {
  const found = hydrationProblems.splice(0);
  if (found.length) throw new Error(`hydration problems in the console:\n${found.join("\n")}`);
});

/**
 * Waits until the SPA has hydrated the server's markup (or drawn its own): the root's last part,
 * the footer, is React's (it carries React's props). Pages arrive drawn, so their controls are on
 * screen before the code that answers them has run; a click in between would be lost.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => {
      const root = document.getElementById("root");
      const last = root?.querySelector(":scope > div > footer") ?? root?.lastElementChild;
      // Not the SPA (a development bank page, a file), or nothing drawn yet by either side.
      if (!root || !last) return true;
      return Object.keys(last).some((k) => k.startsWith("__reactProps$"));
    },
    undefined,
    { timeout: 45_000 },
  );
}

/** Takes the hydration problems recorded so far (for the test that checks they are caught). */
export function takeHydrationProblems(): string[] {
  return hydrationProblems.splice(0);
}

/**
 * A fresh context (its own cookies, storage and address). The app's service worker is blocked unless
 * asked for: a page it controls fetches through it, where a test's `page.route` cannot see the
 * requests (Playwright's documented limit); the tests of the installed app (pwa.test.ts) ask for it.
 */
export async function newPage(
  browser: Browser,
  viewport: keyof typeof viewports,
  opts: { serviceWorkers?: "allow" | "block" } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: viewports[viewport],
    locale: "fa-IR",
    baseURL: baseUrl(),
    extraHTTPHeaders: { "cf-connecting-ip": clientAddress() },
    serviceWorkers: opts.serviceWorkers ?? "block",
  });
  // A loaded 2-core CI machine runs workerd and Chromium side by side: allow slow steps.
  context.setDefaultTimeout(45_000);
  context.setDefaultNavigationTimeout(45_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => {
    errors.push(String(e));
    if (HYDRATION_PROBLEM.test(e.message)) hydrationProblems.push(`${page.url()}: ${e.message}`);
  });
  // Every page of the context (pop-ups and new tabs too).
  context.on("console", (message) => {
    if (message.type() !== "error" || !HYDRATION_PROBLEM.test(message.text())) return;
    hydrationProblems.push(`${message.page()?.url() ?? ""}: ${message.text()}`);
    errors.push(message.text());
  });
  // File choosers are intercepted from the start: Playwright turns interception on without waiting
  // for it when the first "filechooser" listener is added, so a waitForEvent armed just before the
  // key or click that opens the chooser can lose that race on a loaded machine (CI saw the keyboard
  // test's Space on the file input time out with no chooser).
  page.on("filechooser", () => {});
  (page as Page & { errors: string[] }).errors = errors;
  // Navigations a test waits for (goto, reload, a URL or a load event after the app reloaded or went
  // elsewhere) end once the page answers clicks, as they did when pages were drawn by the browser:
  // now the markup is on screen first and the app's code comes after the first paint.
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const waitForURL = page.waitForURL.bind(page);
  const waitForEvent = page.waitForEvent.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForHydration(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForHydration(page);
    return response;
  };
  page.waitForURL = async (...args) => {
    await waitForURL(...args);
    await waitForHydration(page);
  };
  page.waitForEvent = (async (event: string, ...rest: unknown[]) => {
    const value = await (waitForEvent as (event: string, ...rest: unknown[]) => Promise<unknown>)(event, ...rest);
    if (event === "load") await waitForHydration(page);
    return value;
  }) as Page["waitForEvent"];
  return { context, page };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * Home's latest-data tabs load when their place nears the viewport: scroll it into view, wait for
 * the tabs, and go back to the top.
 */
export async function revealHomeTabs(page: Page) {
  await page.evaluate(() => document.querySelector(".home-tabs-placeholder")?.scrollIntoView({ block: "center" }));
  await page.getByRole("tab", { name: "منابع مورد استفاده" }).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
}

export function pageErrors(page: Page): string[] {
  return (page as Page & { errors?: string[] }).errors ?? [];
}

/** The latest 6-digit code the development outbox holds for this mobile number. */
export async function outboxCode(mobile: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${baseUrl()}/dev/outbox.json?recipient=${mobile}`);
    const { messages } = (await res.json()) as { messages: { text: string }[] };
    const code = messages[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code for ${mobile}`);
}

/** A fresh user with a confirmed mobile, signed in inside this browser context through the real endpoints. */
export async function signUpVerified(page: Page, tag: string, password = "browser-pass-12345") {
  await page.goto("/");
  const csrf = async () => ((await (await page.request.get("/csrf-token")).json()) as { token: string }).token;
  const suffix = `${(Date.now() + Math.floor(Math.random() * 1e6)) % 10_000_000}`.padStart(7, "0");
  const mobile = `0936${suffix}`;
  const headers = { "X-CSRF-TOKEN": await csrf(), Accept: "application/json" };
  const reg = await page.request.post("/register", {
    headers,
    data: { name: `کاربر ${tag}`, email: `${tag}-${suffix}@example.org`, mobile, password, password_confirmation: password },
  });
  if (reg.status() !== 200) throw new Error(`register answered ${reg.status()}: ${await reg.text()}`);
  // Signing in rotates the CSRF token.
  const signedIn = { ...headers, "X-CSRF-TOKEN": await csrf() };
  if ((await page.request.post("/profile/send/mobile/code", { headers: signedIn, data: { mobile } })).status() !== 200)
    throw new Error("sending the code failed");
  const verify = await page.request.post("/profile/mobile/verify", { headers: signedIn, data: { code: await outboxCode(mobile) } });
  if (verify.status() !== 200) throw new Error(`verify answered ${verify.status()}`);
  return { mobile };
}
