/**
 * The SPA's server entry (web/entry-server.tsx) as the Worker runs it, inside workerd: the first
 * screen of each kind of page from its page data, the lazy modules it names for the head, and the
 * page route's cache of guests' markup (worker/features/page/first-screen.ts).
 */
import { renderPage } from "#web/entry-server";
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../worker/index";
import type { Context } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { PageData } from "../../contract/page-data";
import type { RenderPage } from "../../contract/page-render";
import { schema } from "../../db/client";
import { firstScreen } from "../../worker/features/page/first-screen";
import { loadPageData } from "../../worker/features/page/page-data";
import type { AppEnv } from "../../worker/lib/context";
import { invalidateShared, SHARED_TTL_MS } from "../../worker/lib/shared-cache";
import { db, makeUser } from "./auth-helpers";
import { makeUniversity, member, rowOf } from "./institutions-factories";

const NOW = Date.UTC(2026, 10, 27, 8, 0);
const ORIGIN = "https://daryaft.test";

async function pageDataFor(userId: string | null) {
  const user = userId ? await rowOf(userId) : null;
  const c = { var: { db: db(), user, now: () => NOW }, env } as unknown as Context<AppEnv>;
  return PageData.parse(await loadPageData(c));
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("renderPage in workerd", () => {
  beforeAll(async () => {
    await db()
      .insert(schema.news)
      .values({ title: "خبر صفحهٔ رندرشده", published: true, createdAt: new Date(NOW - 1000) });
    await db().insert(schema.pricePackages).values({ id: 901, title: "بستهٔ رندرشده", articles: 12, price: 450_000, description: "توضیح بسته" });
  });

  it("draws home's shell, hero, search types and the link form for a guest, and names the link panel", async () => {
    const pageData = await pageDataFor(null);
    const { html, modules } = await renderPage({ url: `${ORIGIN}/`, pageData });
    const words = text(html);
    expect(words).toContain("مقاله، کتاب و استاندارد خارجی را همین حالا دریافت کنید");
    expect(html).toMatch(/role="radiogroup"/);
    expect(words).toContain("نوع جستجو را انتخاب کنید");
    for (const label of ["لینک یا DOI مقاله", "جستجوی مقاله", "دسترسی مستقیم"]) expect(words).toContain(label);
    // Type 1 is chosen and its form is there, whatever hash the browser has (it never reaches us).
    expect(html).toMatch(/<input[^>]*checked=""[^>]*value="1"/);
    expect(html).toMatch(/<form[^>]*class="getpdf-form"/);
    expect(html).toContain('name="url"');
    expect(words).toContain("خبر صفحهٔ رندرشده");
    expect(words).toContain("ورود");
    // Everything inline: no streamed segments moved into place by inline scripts (the CSP refuses them).
    expect(html).not.toContain("<script");
    expect(html).not.toMatch(/<!--\$[?!]-->/);
    expect(modules).toEqual(["web/features/getpdf/panels/link-panel.tsx"]);
  });

  it("draws a signed-in user's credit bar and the user menu's stand-in", async () => {
    const user = await makeUser();
    const { html } = await renderPage({ url: `${ORIGIN}/`, pageData: await pageDataFor(user.id) });
    expect(text(html)).toContain("کاربر ساخته‌شده");
    expect(html).toContain("credit-bar");
    expect(text(html)).not.toContain("ثبت‌نام");
  });

  it("draws a university member's home: the institution's box, and no plagiarism option", async () => {
    const uni = await makeUniversity({ access: ["article_download"] });
    const m = await member(uni);
    const { html } = await renderPage({ url: `${ORIGIN}/`, pageData: await pageDataFor(m.user.id) });
    expect(text(html)).toContain(uni.name);
    expect(text(html)).not.toContain("همانندجویی و ویرایش گرامر");
    expect(html.match(/type="radio"/g)).toHaveLength(5);
  });

  it("draws a site page's own content from the page data", async () => {
    const pageData = await pageDataFor(null);
    const { html, modules } = await renderPage({ url: `${ORIGIN}/prices`, pageData });
    expect(text(html)).toContain("قیمت‌ها");
    expect(text(html)).toContain("بستهٔ رندرشده");
    expect(modules).toEqual(["web/routes/pages/prices-page.tsx"]);
  });

  it.each(["/services", "/enterprisePurchase", "/contact", "/terms", "/about", "/extension", "/prices", "/logout"])(
    "draws the site page %s with its heading (no part of it needs the browser)",
    async (path) => {
      const { html, modules } = await renderPage({ url: `${ORIGIN}${path}`, pageData: await pageDataFor(null) });
      expect(html).toMatch(/<main[^>]*>.*<h1>[^<]+<\/h1>/s);
      expect(modules).toHaveLength(1);
      expect(modules[0]).toMatch(/^web\/routes\/pages\/[a-z-]+-page\.tsx$/);
    },
  );

  it("leaves a feature page to the browser: the loading state it shows, and its module for the head", async () => {
    const user = await makeUser();
    const { html, modules } = await renderPage({ url: `${ORIGIN}/profile`, pageData: await pageDataFor(user.id) });
    expect(html).toMatch(/<main[^>]*>.*role="progressbar"/s);
    expect(html).toContain("page-loading");
    expect(modules).toEqual(["web/features/account/pages/profile.tsx"]);
  });

  it("draws the Persian not-found page for an unknown path, and nothing for a redirecting route", async () => {
    const pageData = await pageDataFor(null);
    expect(text((await renderPage({ url: `${ORIGIN}/no/such/page`, pageData })).html)).toContain("صفحه پیدا نشد");
    expect(await renderPage({ url: `${ORIGIN}/panel`, pageData })).toEqual({ html: "", modules: [] });
  });

  it("escapes page data as text: markup in a news title stays text", async () => {
    const pageData = { ...(await pageDataFor(null)), news: [{ id: 1, title: `<img src=x onerror="alert(1)">`, created_at: new Date(NOW).toISOString() }] };
    const { html } = await renderPage({ url: `${ORIGIN}/`, pageData });
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x");
  });
});

describe("the guests' markup cache", () => {
  function counting() {
    const calls: string[] = [];
    const render: RenderPage = async ({ url }) => {
      calls.push(url);
      return { html: `<p>${calls.length}</p>`, modules: [] };
    };
    return { calls, render };
  }
  const guest = { isGuest: true } as PageData;
  const request = (path: string, data = "{}", now = NOW, pageData = guest) => ({ url: new URL(path, ORIGIN), pageData, pageDataJson: data, now });

  it("renders a guest's path once while the page data is the same JSON, within the shared data's lifetime", async () => {
    invalidateShared();
    const { calls, render } = counting();
    const first = await firstScreen(render, request("/"));
    expect(await firstScreen(render, request("/", "{}", NOW + SHARED_TTL_MS - 1))).toEqual(first);
    expect(calls).toHaveLength(1);
    // New page data (news, statistics): rendered again.
    await firstScreen(render, request("/", '{"news":1}'));
    expect(calls).toHaveLength(2);
    // Past the lifetime, and after an admin change: rendered again.
    await firstScreen(render, request("/", '{"news":1}', NOW + SHARED_TTL_MS));
    expect(calls).toHaveLength(3);
    invalidateShared();
    await firstScreen(render, request("/", '{"news":1}', NOW + SHARED_TTL_MS));
    expect(calls).toHaveLength(4);
  });

  it("renders per request for signed-in users and for any query string", async () => {
    invalidateShared();
    const { calls, render } = counting();
    const user = { isGuest: false } as PageData;
    await firstScreen(render, request("/", "{}", NOW, user));
    await firstScreen(render, request("/", "{}", NOW, user));
    await firstScreen(render, request("/?getUrl=x"));
    await firstScreen(render, request("/?getUrl=x"));
    expect(calls).toHaveLength(4);
  });

  it("keeps a bounded number of paths and forgets a failed render", async () => {
    invalidateShared();
    const { calls, render } = counting();
    for (let i = 0; i < 100; i++) await firstScreen(render, request(`/directaccess/${i}`));
    await firstScreen(render, request("/directaccess/99"));
    expect(calls).toHaveLength(100);
    await firstScreen(render, request("/directaccess/0"));
    expect(calls).toHaveLength(101);

    let fail = true;
    const flaky: RenderPage = async () => {
      if (fail) throw new Error("down");
      return { html: "<p>ok</p>", modules: [] };
    };
    await expect(firstScreen(flaky, request("/about"))).rejects.toThrow("down");
    fail = false;
    expect((await firstScreen(flaky, request("/about"))).html).toBe("<p>ok</p>");
  });
});

describe("page routes with hostile addresses, through the Worker", () => {
  // Malformed percent-encoding, markup, a protocol-relative path, control characters, a very long
  // path: the server render must neither fail the request nor echo markup unescaped.
  const paths = [
    "/%E0%A4%A",
    "/%",
    "/profile/%ZZ",
    "/directaccess/%00",
    `/${"a".repeat(8000)}`,
    "/%3Cscript%3Ealert(1)%3C/script%3E",
    "/<img src=x onerror=alert(1)>",
    "//evil.example/",
    "/about/..%2F..%2Fetc%2Fpasswd",
    "/?getUrl=%E0%A4%A",
    "/?getUrl=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  ];
  // The worker project has no built SPA: index.html is a stand-in shell, so the Worker's own work
  // on the page (page data, the server render, HTML rewriting) runs (as in hostile-input.test.ts).
  const shell = `<!doctype html><html lang="fa" dir="rtl"><head><title>دریافت</title></head><body><div id="root"></div></body></html>`;
  const assets = { fetch: async () => new Response(shell, { headers: { "content-type": "text/html; charset=utf-8" } }) };
  const withAssets = new Proxy(env, { get: (target, key) => (key === "ASSETS" ? (Reflect.get(target, key) ?? assets) : Reflect.get(target, key)) });

  it("the same way, / carries the server's first screen (so the cases below reach the renderer)", async () => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(`${ORIGIN}/`, { headers: { accept: "text/html", "cf-connecting-ip": "10.77.0.1" } }), withAssets, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(text(await res.text())).toContain("مقاله، کتاب و استاندارد خارجی را همین حالا دریافت کنید");
  });

  it.each(paths)("GET %s answers a page, never a 5xx, and no markup from the address", async (path) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { headers: { accept: "text/html", "cf-connecting-ip": "10.77.0.1" } }), withAssets, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBeLessThan(500);
    const html = await res.text();
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<img src=x onerror");
  });
});
