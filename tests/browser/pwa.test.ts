/**
 * The installed app in Chromium, with its service worker on (the other browser tests block it):
 * - installable: Chromium's own installability check (what Lighthouse's installable-manifest audit
 *   read), the manifest judged by Lighthouse's manifest parser and icon rules, and a service worker
 *   that controls the start URL (`npm run bench:installable` runs the same checks inside Lighthouse);
 * - the service worker never returns a page for another user: two users signing in and out on one
 *   browser profile, each page's identity checked after every switch, back navigation and offline;
 *   nothing but the build's hashed files in its cache;
 * - sharing a link, a DOI or a reference to the share target starts the download: a free copy at
 *   once, a licensed one asks before the credit is spent.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { containsMaskableIcon, doExist, pngSizedAtLeast } from "lighthouse/core/lib/icons.js";
import { parseManifest } from "lighthouse/core/lib/manifest-parser.js";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./a11y";
import { baseUrl, CHROMIUM_ARGS, launch, newPage, screenshot, signUpVerified, viewports, waitForHydration } from "./harness";

let browser: Browser;
const profiles: string[] = [];
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
});

type Viewport = keyof typeof viewports;
const unique = () => 100_000 + Math.floor(Math.random() * 899_999);

/** One browser profile on disk (not incognito: Chromium installs nothing from an incognito window). */
async function profile(viewport: Viewport): Promise<{ context: BrowserContext; page: Page }> {
  const dir = mkdtempSync(path.join(tmpdir(), "daryaft-pwa-"));
  profiles.push(dir);
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS.filter((a) => a !== "--headless"),
    baseURL: baseUrl(),
    viewport: viewports[viewport],
    locale: "fa-IR",
    serviceWorkers: "allow",
  });
  context.setDefaultTimeout(45_000);
  context.setDefaultNavigationTimeout(45_000);
  return { context, page: context.pages()[0] ?? (await context.newPage()) };
}

/** The service worker activated and controlling this page (a page loaded before it is not: reloaded once). */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    await page.reload();
    await waitForHydration(page);
  }
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/** Who the page says is signed in: the page data's user (null for a guest), or "offline" for the offline page. */
async function identity(page: Page): Promise<{ email: string; name: string } | null | "offline"> {
  return page.evaluate(() => {
    const data = document.getElementById("page-data")?.textContent;
    if (!data) return document.title.includes("اتصال برقرار نیست") ? "offline" : null;
    const info = (JSON.parse(data) as { userInfo: { email: string; name: string } | null }).userInfo;
    return info ? { email: info.email, name: info.name } : null;
  });
}

async function csrf(page: Page) {
  return ((await (await page.request.get("/csrf-token")).json()) as { token: string }).token;
}

async function logout(page: Page) {
  const res = await page.request.post("/logout", { headers: { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" } });
  expect(res.status()).toBe(200);
}

async function login(page: Page, email: string, password: string) {
  const res = await page.request.post("/login", { headers: { "X-CSRF-TOKEN": await csrf(page), Accept: "application/json" }, data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

async function visit(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

describe("the installed app", () => {
  it("is installable: Chromium finds no installability error, the manifest passes Lighthouse's checks, a service worker controls the start URL", async () => {
    const { context, page } = await profile("phone");
    try {
      await visit(page, "/");
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      const { url, data, errors } = (await cdp.send("Page.getAppManifest")) as { url: string; data: string; errors: { message: string }[] };
      expect(errors).toEqual([]);
      const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
      expect(
        installabilityErrors.map((e) => e.errorId),
        JSON.stringify({ url, data: data.slice(0, 200) }),
      ).toEqual([]);
      expect(new URL(url).pathname).toBe("/manifest.webmanifest");
      // The checks of Lighthouse's former installable-manifest, splash-screen, themed-omnibox and maskable-icon audits.
      const parsed = parseManifest(data, url, page.url());
      const m = parsed.value!;
      expect(parsed.warning).toBeUndefined();
      expect(m.start_url.warning).toBeUndefined();
      expect(new URL(m.start_url.value).pathname).toBe("/");
      expect(m.display.value).toBe("standalone");
      expect(m.name.value).toContain("دریافت");
      expect(m.short_name.value).toBe("دریافت");
      expect(m.short_name.value!.length).toBeLessThanOrEqual(12);
      expect(m.theme_color.value).toBe("#0f4c81");
      expect(m.background_color.value).toBe("#f5f7fa");
      expect(doExist(m)).toBe(true);
      expect(pngSizedAtLeast(144, m).length).toBeGreaterThan(0);
      expect(pngSizedAtLeast(512, m).length).toBeGreaterThan(0);
      expect(containsMaskableIcon(m)).toBe(true);
      const raw = JSON.parse(data) as {
        lang: string;
        dir: string;
        scope: string;
        share_target: { action: string; method: string; params: Record<string, string> };
        icons: { src: string; sizes: string; type: string }[];
      };
      expect(raw).toMatchObject({
        lang: "fa",
        dir: "rtl",
        scope: "/",
        share_target: { action: "/share", method: "GET", params: { title: "title", text: "text", url: "url" } },
      });
      // Every icon is fetched, as the type and size it says.
      for (const icon of raw.icons) {
        const res = await page.request.get(icon.src);
        expect(res.status(), icon.src).toBe(200);
        expect(res.headers()["content-type"], icon.src).toContain(icon.type);
        if (icon.type === "image/png") {
          const bytes = await res.body();
          const [w, h] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
          expect(`${w}x${h}`, icon.src).toBe(icon.sizes);
        }
      }
      expect((await page.request.get("/manifest.webmanifest")).headers()["content-type"]).toMatch(/application\/manifest\+json|application\/json/);
      const scope = await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.scope ?? null));
      expect(scope).toBe(`${baseUrl()}/`);
    } finally {
      await context.close();
    }
  }, 90_000);

  it("never shows a page of another user: two users signing in and out on one profile, back navigation, offline", async () => {
    const { context, page } = await profile("phone");
    try {
      await visit(page, "/");
      await controlled(page);
      expect(await identity(page)).toBeNull();

      await signUpVerified(page, "sw-a");
      await visit(page, "/profile");
      const userA = (await identity(page)) as { email: string; name: string };
      expect(userA).not.toBeNull();
      expect(userA.name).toBe("کاربر sw-a");
      await expect.poll(() => page.getByText(userA.name).count()).toBeGreaterThan(0);
      await visit(page, "/profile/booksAndArticles");
      expect(await identity(page)).toEqual(userA);

      await logout(page);
      await visit(page, "/profile");
      expect(await identity(page), "after signing out").toBeNull();

      await signUpVerified(page, "sw-b");
      await visit(page, "/profile");
      const userB = (await identity(page)) as { email: string; name: string };
      expect(userB).not.toBeNull();
      expect(userB.email).not.toBe(userA.email);
      expect(await page.getByText(userA.name, { exact: true }).count()).toBe(0);

      // Back through the history A's pages were in: every page shown is B's, or a guest's, never A's.
      const seen: unknown[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await page.goBack({ waitUntil: "load" }).catch(() => null);
        if (!res && page.url() === "about:blank") break;
        await waitForHydration(page);
        const now = await identity(page);
        seen.push(now);
        expect(now === null || now === "offline" || (now as { email: string }).email === userB.email, `back to ${page.url()}: ${JSON.stringify(now)}`).toBe(
          true,
        );
        expect(await page.content()).not.toContain(userA.email);
      }
      expect(seen.length).toBeGreaterThan(0);

      // Offline: no stored page at all, for anyone: the offline page, which names nobody.
      await context.setOffline(true);
      for (const url of ["/profile", "/profile/booksAndArticles", "/"]) {
        await page.goto(url).catch(() => null);
        await expect.poll(() => identity(page)).toBe("offline");
        const html = await page.content();
        for (const text of [userA.email, userA.name, userB.email, userB.name]) expect(html, url).not.toContain(text);
        await expect(page.getByRole("heading", { name: "اتصال به اینترنت برقرار نیست" }).isVisible()).resolves.toBe(true);
      }
      await expectNoAxeViolations(page, "offline page (390)");
      await screenshot(page, "pwa-offline-phone");
      await page.goBack().catch(() => null);
      expect(await identity(page)).toBe("offline");
      await context.setOffline(false);
      await visit(page, "/profile");
      expect(await identity(page)).toEqual(userB);

      // B signs out and A signs back in on the same profile.
      await logout(page);
      await login(page, userA.email, "browser-pass-12345");
      await visit(page, "/profile");
      expect(await identity(page)).toEqual(userA);
      expect(await page.content()).not.toContain(userB.email);

      // The cache holds the build's hashed files only: no page, no API answer, no document.
      const cached = await page.evaluate(async () => {
        const out: string[] = [];
        for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) out.push(new URL(req.url).pathname);
        return out;
      });
      expect(cached.length).toBeGreaterThan(5);
      for (const p of cached) expect(p, "only hashed build files are cached").toMatch(/^\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/);
    } finally {
      await context.close();
    }
  }, 180_000);

  it("a repeat visit takes the build's files from the service worker, the page itself from the network", async () => {
    const { context, page } = await profile("desktop");
    try {
      await visit(page, "/");
      await controlled(page);
      const fromSw: string[] = [];
      const pages: string[] = [];
      page.on("response", (r) => {
        const u = new URL(r.url());
        if (u.pathname.startsWith("/assets/") && r.fromServiceWorker()) fromSw.push(u.pathname);
        if (r.request().resourceType() === "document") pages.push(`${u.pathname} ${r.status()}`);
      });
      await visit(page, "/");
      expect(fromSw.length, "scripts, styles and fonts of the build from the cache").toBeGreaterThan(3);
      expect(pages).toEqual(["/ 200"]);
    } finally {
      await context.close();
    }
  }, 90_000);
});

describe.each(Object.keys(viewports) as Viewport[])("the share target at %s width", (viewport) => {
  it("a shared page link opens Daryaft and downloads the free copy at once", async () => {
    const { context, page } = await newPage(browser, viewport, { serviceWorkers: "allow" });
    const doi = `10.5555/oa-unpaywall-${unique()}`;
    // As Chrome on Android shares a page: its title and address.
    await page.goto(`/share?${new URLSearchParams({ title: "An article page", url: `https://doi.org/${doi}` })}`);
    expect(new URL(page.url()).pathname).toBe("/");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("link", { name: "دانلود" }).waitFor({ timeout: 40_000 });
    expect(await page.getByRole("searchbox", { name: "لینک یا DOI مقاله" }).inputValue()).toBe(`https://doi.org/${doi}`);
    // The address is cleaned: a reload does not start it again.
    expect(new URL(page.url()).search).toBe("");
    await expectNoAxeViolations(page, `share target result (${viewport})`, '[role="dialog"]');
    await screenshot(page, `share-target-ok-${viewport}`);
    await context.close();
  });

  it("a selected DOI shared as text; a licensed copy asks before the credit is spent, then downloads", async () => {
    const { context, page } = await newPage(browser, viewport, { serviceWorkers: "allow" });
    // A university member: the institution's article quota pays once the member confirms.
    await visit(page, "/");
    await login(page, "uni@daryaft.test", "daryaft-dev-1234");
    const doi = `10.5555/licensed-${unique()}`;
    await page.goto(`/share?${new URLSearchParams({ text: `see ${doi}` })}`);
    const dialog = page.getByRole("dialog");
    const confirm = dialog.getByRole("button", { name: "دریافت با یک اعتبار" });
    await confirm.waitFor({ timeout: 40_000 });
    expect(await dialog.textContent()).toContain("اعتبار ویژه");
    expect(await dialog.getByRole("link", { name: "دانلود" }).count(), "nothing spent before the confirm").toBe(0);
    await expectNoAxeViolations(page, `share target asks before spending (${viewport})`, '[role="dialog"]');
    await screenshot(page, `share-target-confirm-${viewport}`);
    await confirm.click();
    await dialog.getByRole("link", { name: "دانلود" }).waitFor({ timeout: 40_000 });
    await context.close();
  });
});
