import { describe, expect, it } from "vitest";
import { cacheable, requestPolicy } from "./policy";

const O = "https://daryaft.example";
const get = (path: string, mode = "cors") => ({ url: `${O}${path}`, method: "GET", mode });

describe("the service worker's request policy", () => {
  it("serves the build's hashed files from the cache", () => {
    expect(requestPolicy(get("/assets/main-B2x9Qk1z.js", "same-origin"), O)).toBe("static");
    expect(requestPolicy(get("/assets/index-Cq3_v9aA.css", "no-cors"), O)).toBe("static");
    expect(requestPolicy(get("/assets/vazirmatn-arabic-400-normal-DxuA8b_1.woff2"), O)).toBe("static");
  });

  it("never caches pages: they carry the signed-in user's data and CSRF token", () => {
    for (const path of ["/", "/profile", "/profile/booksAndArticles?x=1", "/admin/fileReports", "/share?url=x", "/offline.html"])
      expect(requestPolicy(get(path, "navigate"), O)).toBe("navigate");
  });

  it("passes the API, signed files, development routes and anything not hashed straight to the network", () => {
    for (const path of [
      "/getpdf/check?id=x",
      "/profile/downloads",
      "/files/doi/10.1/x.pdf?exp=1&sig=a",
      "/dev/outbox.json",
      "/csrf-token",
      "/sw.js",
      "/manifest.webmanifest",
      "/icons/icon-192.png",
      "/favicon.svg",
      "/assets/main-B2x9Qk1z.js?v=1",
      "/assets/../files/x.pdf",
      "/assets/nohash.js",
      "/assets/sub/dir-B2x9Qk1z.js",
      "/extension/daryaft-chromium.zip",
    ])
      expect(requestPolicy(get(path), O), path).toBe("pass");
    expect(requestPolicy({ url: `${O}/assets/main-B2x9Qk1z.js`, method: "POST", mode: "cors" }, O)).toBe("pass");
    expect(requestPolicy({ url: "https://cdn.example/assets/main-B2x9Qk1z.js", method: "GET", mode: "cors" }, O)).toBe("pass");
    expect(requestPolicy({ url: "not a url", method: "GET", mode: "cors" }, O)).toBe("pass");
  });

  it("keeps only whole, public, cookie-free answers", () => {
    const res = (status: number, headers: Record<string, string> = {}, type = "basic") => ({ ok: status < 300, status, type, headers: new Headers(headers) });
    expect(cacheable(res(200))).toBe(true);
    expect(cacheable(res(200, { "Cache-Control": "public, max-age=31536000, immutable" }))).toBe(true);
    expect(cacheable(res(206))).toBe(false);
    expect(cacheable(res(404))).toBe(false);
    expect(cacheable(res(200, {}, "opaque"))).toBe(false);
    expect(cacheable(res(200, { "Cache-Control": "private, no-store" }))).toBe(false);
    expect(cacheable(res(200, { "Set-Cookie": "a=b" }))).toBe(false);
  });
});
