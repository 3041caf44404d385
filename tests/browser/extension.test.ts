/**
 * The browser extension in Chromium, against the local stack: the unpacked Chromium build (made here
 * for this server's origin) is loaded with --load-extension into headless Chromium; a publisher-like
 * page with citation_doi is served from another origin (localhost vs the site's 127.0.0.1, so the
 * popup's calls are really cross-site); the toolbar action is clicked through the DevTools protocol
 * (Extensions.triggerAction: the same path as a click, so activeTab is granted) and the popup's DOM
 * is read through the protocol (Playwright does not attach to action popups). Also /extension at
 * phone and desktop widths with axe, the zips downloading from it, and the bookmarklet on offer.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium, type BrowserContext, type CDPSession } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildExtension } from "../../scripts/build-extension";
import { axeViolations } from "./a11y";
import { baseUrl, CHROMIUM_ARGS, launch, newPage, pageErrors, screenshot, screenshotDir, signUpVerified, viewports } from "./harness";

const root = path.resolve(import.meta.dirname, "../..");
const work = path.join(root, `.tmp/extension-e2e-${process.pid}`);
let unpacked = "";
const downloads = path.join(work, "downloads");
let publisher: http.Server;
let publisherOrigin = "";
const unique = () => 100_000 + Math.floor(Math.random() * 899_999);

beforeAll(async () => {
  const built = await buildExtension({ origin: baseUrl(), unpackedDir: path.join(work, "unpacked"), zipDir: null });
  unpacked = built.chromium.dir;
  mkdirSync(downloads, { recursive: true }); // counted before the first download lands
  // A publisher's article page: the Highwire tags every publisher uses, and nothing else.
  publisher = http.createServer((req, res) => {
    const doi = decodeURIComponent(new URL(req.url ?? "/", "http://x").searchParams.get("doi") ?? "");
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(`<!doctype html><html lang="en"><head><title>An article - Fake Open Publisher</title>
<meta name="citation_title" content="Sea turtles of the South West Atlantic">
<meta name="citation_doi" content="${doi}">
<meta name="citation_pdf_url" content="https://oa.publisher.test/pdf/${doi}.pdf">
</head><body><h1>Sea turtles of the South West Atlantic</h1><p>Abstract…</p></body></html>`);
  });
  await new Promise<void>((ok) => publisher.listen(0, "127.0.0.1", ok));
  publisherOrigin = `http://localhost:${(publisher.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((ok) => publisher?.close(ok));
  rmSync(work, { recursive: true, force: true });
});

async function launchWithExtension(name: string): Promise<{ context: BrowserContext; id: string; cdp: CDPSession }> {
  const context = await chromium.launchPersistentContext(path.join(work, name), {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    acceptDownloads: true,
    downloadsPath: downloads,
    locale: "fa-IR",
    baseURL: baseUrl(),
    viewport: viewports.desktop,
    args: [
      ...CHROMIUM_ARGS.filter((a) => a !== "--headless"),
      `--disable-extensions-except=${unpacked}`,
      `--load-extension=${unpacked}`,
      "--enable-unsafe-extension-debugging",
    ],
  });
  context.setDefaultTimeout(45_000);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  const id = new URL(worker.url()).host;
  return { context, id, cdp: await context.browser()!.newBrowserCDPSession() };
}

/** Clicks the toolbar action for the tab showing `url`; returns the popup's target id. */
async function clickAction(cdp: CDPSession, id: string, url: string): Promise<string> {
  const { targetInfos: tabs } = await cdp.send("Target.getTargets", { filter: [{ type: "tab" }] });
  const tab = tabs.find((t) => t.url === url);
  if (!tab) throw new Error(`no tab shows ${url}`);
  await cdp.send("Extensions.triggerAction", { id, targetId: tab.targetId });
  for (let i = 0; i < 50; i++) {
    const { targetInfos } = await cdp.send("Target.getTargets");
    const popup = targetInfos.find((t) => t.url === `chrome-extension://${id}/popup.html`);
    if (popup) return popup.targetId;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the action opened no popup");
}

/** Waits until the browser's targets satisfy `ok`. */
async function targetsUntil(cdp: CDPSession, ok: (targets: { targetId: string; type: string; url: string }[]) => boolean) {
  while (!ok((await cdp.send("Target.getTargets")).targetInfos)) await new Promise((r) => setTimeout(r, 100));
}

/** A protocol session on the popup (old-style, through the browser session). */
async function popupSession(cdp: CDPSession, targetId: string) {
  const { sessionId } = await cdp.send("Target.attachToTarget", { targetId, flatten: false });
  let next = 0;
  const waiting = new Map<number, (m: { result?: unknown; error?: { message: string } }) => void>();
  cdp.on("Target.receivedMessageFromTarget", (e) => {
    if (e.sessionId !== sessionId) return;
    const m = JSON.parse(e.message) as { id?: number; result?: unknown; error?: { message: string } };
    if (m.id != null) waiting.get(m.id)?.(m);
  });
  // The popup closes when a tab it opened takes the focus: what was still waiting is answered, not left hanging.
  cdp.on("Target.detachedFromTarget", (e) => {
    if (e.sessionId !== sessionId) return;
    for (const answer of waiting.values()) answer({ error: { message: "the popup closed" } });
    waiting.clear();
  });
  const send = async <T>(method: string, params: object = {}): Promise<T> => {
    const msgId = ++next;
    const answer = new Promise<{ result?: unknown; error?: { message: string } }>((ok) => waiting.set(msgId, ok));
    await cdp.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id: msgId, method, params }) });
    const m = await answer;
    waiting.delete(msgId);
    if (m.error) throw new Error(`${method}: ${m.error.message}`);
    return m.result as T;
  };
  const evaluate = async <T>(expression: string) =>
    (await send<{ result: { value: T } }>("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true })).result.value;
  return {
    text: () => evaluate<string>("document.body.innerText"),
    evaluate,
    /** Presses the result's button once; returns its label. The press runs after the answer, which a closing popup could lose. */
    press: () =>
      evaluate<string | null>(
        "(() => { const b = document.querySelector('.result .button'); if (b) setTimeout(() => b.click()); return b?.textContent ?? null; })()",
      ),
    /** Opens DevTools on the popup, as "Inspect popup" does, and waits for its window. */
    async inspect() {
      await cdp.send("Target.openDevTools", { targetId });
      await targetsUntil(cdp, (ts) => ts.some((t) => t.type === "page" && t.url.startsWith("devtools://")));
    },
    /** Closes the popup if it is still open (an inspected popup stays open when a tab takes the focus), and its DevTools with it. */
    async close() {
      await evaluate("window.close()").catch(() => {});
      await targetsUntil(cdp, (ts) => !ts.some((t) => t.targetId === targetId || t.url.startsWith("devtools://")));
    },
    async until(pattern: RegExp, ms = 45_000): Promise<string> {
      const end = Date.now() + ms;
      let last = "";
      while (Date.now() < end) {
        last = await evaluate<string>("document.body.innerText");
        if (pattern.test(last)) return last;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`the popup never showed ${pattern}; it shows: ${last}`);
    },
    async screenshot(name: string) {
      // The popup sizes itself to its content; capture just that box.
      const size = await evaluate<{ w: number; h: number }>("({ w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight })");
      const { data } = await send<{ data: string }>("Page.captureScreenshot", { format: "png", clip: { x: 0, y: 0, width: size.w, height: size.h, scale: 1 } });
      mkdirSync(screenshotDir, { recursive: true });
      writeFileSync(path.join(screenshotDir, `${name}.png`), Buffer.from(data, "base64"));
    },
  };
}

describe("the extension in Chromium", () => {
  it("signed in: the popup shows what the page says and reaches the download from the local stack", { timeout: 150_000 }, async () => {
    const { context, id, cdp } = await launchWithExtension("signed-in");
    try {
      const site = context.pages()[0] ?? (await context.newPage());
      await signUpVerified(site, "extension");
      await site.goto("/"); // a visit as a signed-in user (the extension's session copy is set at sign-in or here)

      // A job the reader watches for a few seconds: every outside call takes 700 ms (a fast job is
      // answered done at once, as the start waits for it to settle). Unpaywall answers this one late; OpenAlex has it.
      await fetch(`${inject("upstreamUrl")}/__latency?ms=700`, { method: "POST" });
      const doi = `10.5555/upstream-slow-${unique()}`;
      const article = await context.newPage();
      const url = `${publisherOrigin}/article?doi=${encodeURIComponent(doi)}`;
      await article.goto(url);
      await article.bringToFront();

      const popup = await popupSession(cdp, await clickAction(cdp, id, url));
      const found = await popup.until(/در حال پردازش/);
      expect(found).toContain("Sea turtles of the South West Atlantic");
      expect(found).toContain(doi);
      expect(await popup.evaluate<string>("document.documentElement.dir")).toBe("rtl");
      await popup.screenshot("extension-popup-processing");

      const done = await popup.until(/عملیات با موفقیت انجام شد/, 50_000);
      await fetch(`${inject("upstreamUrl")}/__latency?ms=0`, { method: "POST" });
      expect(done).toMatch(/OpenAlex/);
      await popup.screenshot("extension-popup-ok");

      // The download button opens our own signed /files/ link in a new tab beside the article, which
      // the browser turns into a download (the tab closes at once, so it is seen through the protocol and the file).
      const seen: string[] = [];
      cdp.on("Target.targetCreated", (e) => seen.push(e.targetInfo.url));
      cdp.on("Target.targetInfoChanged", (e) => seen.push(e.targetInfo.url));
      // The tab may close before the protocol reports its address: its download names it too.
      context.on("page", (p) => p.on("download", (d) => seen.push(d.url())));
      await cdp.send("Target.setDiscoverTargets", { discover: true });
      const pdfs = () =>
        readdirSync(downloads)
          .map((f) => readFileSync(path.join(downloads, f)))
          .filter((b) => b.subarray(0, 5).toString("latin1") === "%PDF-").length;
      const before = pdfs();
      // One press: the result is the popup's last drawing, so its button is final.
      expect(await popup.press()).toBe("دانلود");
      await expect.poll(() => seen.find((u) => u.includes("/files/")), { timeout: 20_000 }).toBeTruthy();
      const fileUrl = new URL(seen.find((u) => u.includes("/files/"))!);
      expect(fileUrl.origin).toBe(new URL(baseUrl()).origin);
      expect(fileUrl.pathname).toBe(`/files/doi/${doi}.pdf`);
      await expect.poll(pdfs, { timeout: 15_000 }).toBe(before + 1);

      // The same press while the popup is inspected (DevTools open on it, as "Inspect popup" does and as
      // a protocol client attaching before the popup has loaded makes Chromium do): the background then
      // has the DevTools window as its current window, and a tab placed by the article as opener alone was refused.
      await popup.close();
      await article.bringToFront();
      const again = await popupSession(cdp, await clickAction(cdp, id, url));
      await again.inspect();
      expect(await again.until(/عملیات با موفقیت انجام شد/, 50_000)).toContain(doi);
      seen.length = 0;
      expect(await again.press()).toBe("دانلود");
      await expect.poll(() => seen.find((u) => u.includes("/files/")), { timeout: 20_000 }).toBeTruthy();
      expect(new URL(seen.find((u) => u.includes("/files/"))!).pathname).toBe(`/files/doi/${doi}.pdf`);
      await expect.poll(pdfs, { timeout: 15_000 }).toBe(before + 2);
    } finally {
      await fetch(`${inject("upstreamUrl")}/__latency?ms=0`, { method: "POST" });
      await context.close();
    }
  });

  it("not signed in: the popup sends the reader to the site with ?getUrl=", async () => {
    const { context, id, cdp } = await launchWithExtension("guest");
    try {
      const doi = `10.5555/oa-unpaywall-${unique()}`;
      const article = context.pages()[0] ?? (await context.newPage());
      const url = `${publisherOrigin}/article?doi=${encodeURIComponent(doi)}`;
      await article.goto(url);
      // The home page starts the download and then tidies ?getUrl= out of its address: keep the first one.
      const opened = context.waitForEvent("page", { predicate: (p) => p.url().startsWith(baseUrl()) });
      await clickAction(cdp, id, url);
      const site = await opened;
      expect(new URL(site.url()).searchParams.get("getUrl")).toBe(doi);
    } finally {
      await context.close();
    }
  });
});

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("/extension at %s width", (viewport) => {
  it("explains both installs, serves both zips, offers the bookmarklet, and passes axe", async () => {
    const browser = await launch();
    try {
      const { page } = await newPage(browser, viewport);
      await page.goto("/extension");
      await page.getByRole("heading", { level: 1, name: "افزونهٔ مرورگر" }).waitFor();
      const text = (await page.textContent("main")) ?? "";
      expect(text).toContain("chrome://extensions");
      expect(text).toContain("about:debugging");
      expect(text).not.toMatch(/از فروشگاه افزونه‌های همان مرورگر نصب کنید/);

      for (const [name, file] of [
        ["دانلود افزونه برای کروم و اج", "daryaft-chromium.zip"],
        ["دانلود افزونه برای فایرفاکس", "daryaft-firefox.zip"],
      ] as const) {
        const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
        expect(new URL(download.url()).pathname).toBe(`/extension/${file}`);
        const bytes = readFileSync((await download.path())!);
        expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
        expect(bytes.includes(Buffer.from("manifest.json"))).toBe(true);
      }

      const bookmarklet = page.getByRole("link", { name: "دریافت این مقاله" });
      expect(await bookmarklet.getAttribute("href")).toMatch(/^javascript:void \(function/);
      expect(await bookmarklet.getAttribute("href")).toContain(JSON.stringify(new URL(baseUrl()).origin));
      await page.getByRole("button", { name: "کپی کد بوکمارکلت" }).waitFor();
      for (const img of await page.locator(".extension-shots img").all()) {
        await img.scrollIntoViewIfNeeded();
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
        expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      }

      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `extension-page-${viewport}`);
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
