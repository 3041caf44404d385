/**
 * The HTML the Worker serves for page routes, as a browser first receives it (no script run):
 * right-to-left Persian document, the CSRF meta tag, and the page-data JSON of accounts spec §3
 * that the SPA reads instead of making a request; the same for a deep route, and a fresh
 * CSRF token per visitor. The first screen is in it (decision 0010): home's hero and search-type
 * choice in Persian, readable in a browser with scripts off, with the stylesheets of what it draws;
 * and a page whose markup the browser's first render would not draw is reported as a hydration problem.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PageData } from "../../contract/page-data";
import { baseUrl, launch, newPage, takeHydrationProblems, viewports } from "./harness";

async function page(path: string) {
  const res = await fetch(`${baseUrl()}${path}`, {
    headers: { "cf-connecting-ip": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  return { res, html: await res.text() };
}

function pageData(html: string) {
  const m = /<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  expect(m, "page-data script").toBeTruthy();
  return PageData.parse(JSON.parse(m![1]!));
}

describe("page routes", () => {
  it.each(["/", "/prices", "/profile/financial", "/no/such/page"])("%s is the SPA with dir=rtl, the csrf-token meta and the page data", async (path) => {
    const { res, html } = await page(path);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(html).toMatch(/<html[^>]*\blang="fa"[^>]*>/);
    expect(html).toMatch(/<html[^>]*\bdir="rtl"[^>]*>/);
    expect(html).toMatch(/<meta name="csrf-token" content="[A-Za-z0-9_-]{32,}"/);
    const data = pageData(html);
    // A guest's first paint: no user, the seeded site statistics, news and packages.
    expect(data).toMatchObject({ userInfo: null, isGuest: true, userType: "ordinary" });
    expect(data.news.length).toBeGreaterThan(0);
    expect(data.pricesPackages.length).toBeGreaterThan(0);
    expect(data.gateways.length).toBeGreaterThan(0);
  });

  it("gives each new visitor a token of their own", async () => {
    const token = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)![1];
    const [a, b] = await Promise.all([page("/"), page("/")]);
    expect(token(a.html)).not.toBe(token(b.html));
  });
});

const HERO = "مقاله، کتاب و استاندارد خارجی را همین حالا دریافت کنید";
const PROMPT = "نوع جستجو را انتخاب کنید";
const TYPES = ["لینک یا DOI مقاله", "جستجوی مقاله", "کتاب، استاندارد، حل‌المسائل", "جستجوی پایان‌نامه", "دسترسی مستقیم", "همانندجویی و ویرایش گرامر"];

/** The markup inside `<div id="root">`, as text with the tags taken out. */
function rootOf(html: string) {
  const at = html.indexOf('<div id="root">');
  expect(at, "root element").toBeGreaterThan(0);
  const markup = html.slice(at, html.lastIndexOf("</body>"));
  return { markup, text: markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ") };
}

describe("the first screen in the raw HTML", () => {
  it("/ holds the hero, the search-type choice with type 1 chosen and the link form, in Persian", async () => {
    const { res, html } = await page("/");
    expect(res.status).toBe(200);
    const { markup, text } = rootOf(html);
    expect(text).toContain(HERO);
    expect(markup).toMatch(new RegExp(`role="radiogroup"[^>]*>\\s*<span[^>]*>${PROMPT}</span>`));
    for (const label of TYPES) expect(text).toContain(label);
    expect(markup).toMatch(/<input[^>]*type="radio"[^>]*checked=""[^>]*value="1"/);
    expect(markup).toMatch(/<form[^>]*role="search"/);
    // The shell: the app bar's guest actions and the footer.
    expect(text).toContain("ورود");
    expect(markup).toContain('<footer class="footer"');
    // No script inside the markup: the CSP allows none inline, and nothing needs one.
    expect(markup).not.toMatch(/<script(?![^>]*type="module")/);
  });

  it("holds the app's and the link panel's stylesheets in the head and names the panel's code for after the first paint; every file it names exists", async () => {
    const { html } = await page("/");
    const head = html.slice(0, html.indexOf("</head>"));
    const styles = [...head.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]!);
    // No script is fetched before the first paint but the tiny boot module (web/boot.ts).
    expect(head.match(/rel="modulepreload"/g)).toBeNull();
    const scripts = [...head.matchAll(/<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    const preload = /<meta name="app-preload" content="([^"]+)">/.exec(head)?.[1]?.split(" ") ?? [];
    expect(preload.some((href) => /\/link-panel-[\w-]+\.js$/.test(href))).toBe(true);
    expect(styles.some((href) => /\/getpdf-[\w-]+\.css$/.test(href))).toBe(true);
    for (const href of [...styles, ...scripts, ...preload]) expect((await fetch(`${baseUrl()}${href}`)).status, href).toBe(200);
    const boot = await (await fetch(`${baseUrl()}${scripts[0]}`)).text();
    expect(boot.length).toBeLessThan(8000);
  });

  it("a site page holds its content from the page data; a feature page the loading state the browser shows", async () => {
    const prices = await page("/prices");
    const data = pageData(prices.html);
    expect(data.pricesPackages.length).toBeGreaterThan(0);
    for (const p of data.pricesPackages) expect(rootOf(prices.html).text).toContain(p.title);
    const profile = rootOf((await page("/profile/financial")).html).markup;
    expect(profile).toMatch(/<main[^>]*>.*class="container page page-loading".*role="progressbar"/s);
  });
});

describe("in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(["phone", "desktop"] as const)("/ with scripts off shows the hero and the search types at %s width, styled", async (viewport) => {
    const context = await browser.newContext({ viewport: viewports[viewport], locale: "fa-IR", javaScriptEnabled: false });
    const noJs = await context.newPage();
    await noJs.goto(`${baseUrl()}/`);
    await expect(noJs.getByRole("heading", { name: HERO }).isVisible()).resolves.toBe(true);
    const group = noJs.getByRole("radiogroup", { name: PROMPT });
    for (const label of TYPES) await expect(group.getByRole("radio", { name: label }).count()).resolves.toBe(1);
    await expect(noJs.getByRole("searchbox").isVisible()).resolves.toBe(true);
    // Styled: the search area is a card, the chosen type is filled with the primary colour.
    const chosen = noJs.locator(".search-tile[data-selected]");
    await expect(chosen.evaluate((el) => getComputedStyle(el).backgroundColor)).resolves.not.toBe("rgba(0, 0, 0, 0)");
    await context.close();
  });

  it("reports a page whose server markup the browser's first render does not draw", async () => {
    const { context, page: tab } = await newPage(browser, "phone");
    // The hero's text altered on its way: React hydrates, finds other text, and says so.
    await tab.route(`${baseUrl()}/`, async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, body: (await res.text()).replace(HERO, "متنی دیگر") });
    });
    await tab.goto("/");
    await tab.getByRole("heading", { name: HERO }).waitFor();
    const seen: string[] = [];
    const problems = () => {
      seen.push(...takeHydrationProblems());
      return seen.join("\n");
    };
    await expect.poll(problems, { timeout: 10_000 }).toMatch(/\[hydration\] Minified React error #418/);
    await context.close();
  });
});
