/**
 * The HTML the Worker serves for page routes, as a browser first receives it (no script run):
 * right-to-left Persian document, the CSRF meta tag, and the page-data JSON of accounts spec §3
 * that the SPA reads instead of making a request; the same for a deep route, and a fresh
 * CSRF token per visitor.
 */
import { describe, expect, it } from "vitest";
import { PageData } from "../../contract/page-data";
import { baseUrl } from "./harness";

async function page(path: string) {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { "cf-connecting-ip": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
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
