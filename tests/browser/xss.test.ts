/**
 * Stored text is always rendered escaped. Script-bearing payloads go in through the
 * real endpoints (a user's name at /register, an offline request's title and description) and
 * straight into the catalogue table (as an import would write it); then the pages that show them
 * are opened in Chromium: home (latest offline requests), the profile, the user's offline requests,
 * book search results and the admin offline desk. On each page no payload may run (a window flag
 * and the dialog listener), no element may carry the payload's handlers, and the text shows
 * literally. The page-data JSON in <script id="page-data"> must not close its script element.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newPage, revealHomeTabs, screenshot } from "./harness";

const root = path.resolve(import.meta.dirname, "../..");
const n = Date.now() % 1_000_000;

/** Each payload sets window.__xss (or opens a dialog) if it ever runs. */
const NAME = `</script><script>window.__xss=4</script><img src=x onerror=window.__xss=1>`;
const TITLE = `<img src=x onerror=window.__xss=7>"><svg onload=alert(3)> Organic Chemistry ${n}`;
const DESC = `<script>window.__xss=2</script><img src=x onerror=window.__xss=5> توضیح`;
const CATALOG_WORD = `xsscatalog${n}`;
const CATALOG_TITLE = `<img src=x onerror=window.__xss=6>${CATALOG_WORD} "><svg onload=alert(6)>`;
/** The pieces of the payloads that must appear as text where they are rendered. */
const NAME_TEXT = "<img src=x onerror=window.__xss=1>";
const TITLE_TEXT = "<img src=x onerror=window.__xss=7>";

let browser: Browser;
const dialogs: string[] = [];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The local state of the preview server (tests/setup/preview-server.global.ts names it by the runner's pid). */
function stateDir(): string {
  for (const pid of [process.pid, process.ppid]) {
    const dir = path.join(root, `.tmp/e2e-state-${pid}`);
    if (existsSync(dir)) return dir;
  }
  throw new Error("no preview state directory found");
}

async function csrf(page: Page): Promise<string> {
  return ((await (await page.request.get("/csrf-token")).json()) as { token: string }).token;
}

async function watch(page: Page) {
  page.on("dialog", async (d) => {
    dialogs.push(`${page.url()}: ${d.message()}`);
    await d.dismiss();
  });
}

/** No payload ran, none became markup, and `literal` is on the page as text. */
async function expectEscaped(page: Page, literal: string | null, name: string) {
  // The page has rendered the stored text (or settled, when nothing particular is awaited)...
  if (literal) await expect.poll(() => page.evaluate(() => document.body.innerText), { timeout: 30_000 }).toContain(literal);
  else await page.waitForLoadState("networkidle");
  // ...and image error handlers (the usual vector) had time to fire.
  await page.waitForTimeout(800);
  const report = await page.evaluate(() => ({
    flag: (window as unknown as { __xss?: unknown }).__xss ?? null,
    handlers: document.querySelectorAll("[onerror], [onload]").length,
    badImages: document.querySelectorAll('img[src="x"]').length,
    scripts: Array.from(document.querySelectorAll("script")).filter((s) => s.type !== "application/json" && (s.textContent ?? "").includes("__xss")).length,
    text: document.body.innerText,
  }));
  await screenshot(page, `xss-${name}`);
  expect(report.flag, `${name}: a payload ran`).toBeNull();
  expect(dialogs, `${name}: a payload opened a dialog`).toEqual([]);
  expect({ handlers: report.handlers, badImages: report.badImages, scripts: report.scripts }, name).toEqual({ handlers: 0, badImages: 0, scripts: 0 });
  if (literal) expect(report.text, `${name}: the text is shown literally`).toContain(literal);
}

async function signUp(page: Page): Promise<{ email: string; mobile: string; password: string }> {
  await page.goto("/");
  const mobile = `0938${String(n).padStart(7, "0")}`;
  const email = `xss-${n}@example.org`;
  const password = "xss-browser-pass-1";
  const reg = await page.request.post("/register", {
    headers: { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" },
    data: { name: NAME, email, mobile, password, password_confirmation: password },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  // A verified mobile, or the mobile dialog covers the pages (accounts spec §4).
  const headers = { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" };
  expect((await page.request.post("/profile/send/mobile/code", { headers, data: { mobile } })).status()).toBe(200);
  let code: string | undefined;
  for (let i = 0; i < 20 && !code; i++) {
    const res = await page.request.get(`/dev/outbox.json?recipient=${mobile}`);
    code = ((await res.json()) as { messages: { text: string }[] }).messages[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) await page.waitForTimeout(250);
  }
  expect((await page.request.post("/profile/mobile/verify", { headers, data: { code } })).status()).toBe(200);
  return { email, mobile, password };
}

describe("stored text is rendered escaped", () => {
  it("a hostile name, offline request and catalogue title run nowhere and show as text", async () => {
    // The catalogue item, as catalog:import would store it (the FTS triggers index it).
    execFileSync(
      "npx",
      [
        "wrangler",
        "d1",
        "execute",
        "DB",
        "--local",
        `--persist-to=${stateDir()}`,
        "--command",
        `insert into catalog_items (type, title, authors, year, language, links, keywords, created_at) values (1, '${CATALOG_TITLE.replace(/'/g, "''")}', '<b>author</b>', 2020, 'English', '[]', '', ${Date.now()})`,
      ],
      { cwd: root, stdio: "ignore" },
    );

    const { context, page } = await newPage(browser, "desktop");
    await context.addInitScript(() => {
      (window as unknown as { __xss?: unknown }).__xss = undefined;
    });
    await watch(page);
    await signUp(page);
    const headers = { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" };
    const offline = await page.request.post("/insert/offline_book", { headers, data: { url: TITLE, more: DESC, type: "book" } });
    expect(offline.status(), await offline.text()).toBe(200);

    // The page-data JSON carries the name without ever closing its <script> element.
    const html = await (await page.request.get("/profile")).text();
    const json = html.match(/<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/)?.[1];
    expect(json, "page-data script element").toBeTruthy();
    expect(json!.toLowerCase()).not.toContain("</script");
    expect(JSON.stringify(JSON.parse(json!))).toContain(JSON.stringify(NAME).slice(1, -1));

    await page.goto("/profile");
    await expectEscaped(page, NAME_TEXT, "profile");

    await page.goto("/profile/offlineBooksStandards");
    await expectEscaped(page, TITLE_TEXT, "profile-offline-requests");

    await page.goto("/");
    await expectEscaped(page, null, "home");
    // The latest offline book requests tab.
    await revealHomeTabs(page);
    await page.getByRole("tab", { name: /کتاب/ }).first().click();
    await expectEscaped(page, null, "home-latest-books");

    // Book search results (type 3) for the catalogue item.
    await page.getByRole("radio", { name: "کتاب، استاندارد، حل‌المسائل", exact: true }).first().click({ force: true });
    const panel = page.locator(".search-pane");
    await panel.getByRole("searchbox", { name: "کلیدواژه‌ها" }).fill(CATALOG_WORD);
    await panel.getByRole("button", { name: "جستجو", exact: true }).click();
    await expect.poll(() => page.locator(".search-item").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expectEscaped(page, CATALOG_WORD, "search-results");
    expect(await page.locator(".search-pane").innerText()).toContain("<img src=x onerror=window.__xss=6>");
    await context.close();

    // The admin desk lists the request with the user's name.
    const admin = await newPage(browser, "desktop");
    await admin.context.addInitScript(() => {
      (window as unknown as { __xss?: unknown }).__xss = undefined;
    });
    await watch(admin.page);
    await admin.page.goto("/");
    const login = await admin.page.request.post("/login", {
      headers: { "X-CSRF-TOKEN": await csrf(admin.page), Accept: "application/json" },
      data: { email: "admin@daryaft.test", password: "daryaft-dev-1234" },
    });
    expect(login.status()).toBe(200);
    await admin.page.goto("/admin/offlineBooks");
    await expectEscaped(admin.page, TITLE_TEXT, "admin-offline-desk");
    await admin.context.close();
  }, 180_000);
});
