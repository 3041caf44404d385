/**
 * The browser extension's access (docs/decisions/0006-extension-access.md): only our extension's
 * origin gets CORS on /csrf-token and /getpdf/start|check, and only there are the SameSite=None
 * companion cookies read. Attacks: another extension, a web page, the companion cookie sent to
 * other paths, a missing or the site's own CSRF token, a revoked session.
 */
import { describe, expect, it } from "vitest";
import { CHROMIUM_EXTENSION_ID } from "../../contract/extension";
import { clientFor, makeUser, newClient, setCookieLine } from "./auth-helpers";
import { scenarioDoi } from "./getpdf-helpers";
import type { Client } from "./helpers";

const OURS = `chrome-extension://${CHROMIUM_EXTENSION_ID}`;
const FIREFOX = "moz-extension://0b6f6f1e-3c0a-4b7e-9a51-2f7d7c1d9e42";
const OTHERS = ["chrome-extension://abcdefghijklmnopabcdefghijklmnop", "https://evil.example", "moz-extension://not-a-uuid", "null"];

/** A signed-in user's browser as the extension's requests see it: only the SameSite=None cookies. */
async function extensionCookies(): Promise<{ site: Client; ext: Client; userId: string }> {
  const userId = (await makeUser()).id;
  const site = await clientFor(userId);
  const page = await site.fetch("/csrf-token");
  expect(setCookieLine(page, "__Host-daryaft_ext_session")).toMatch(/HttpOnly/);
  expect(setCookieLine(page, "__Host-daryaft_ext_session")).toMatch(/Secure/);
  expect(setCookieLine(page, "__Host-daryaft_ext_session")).toMatch(/SameSite=None/);
  const ext = newClient();
  for (const [k, v] of site.cookies) if (k.startsWith("__Host-daryaft_ext_")) ext.cookies.set(k, v);
  return { site, ext, userId };
}

async function tokenFor(c: Client, origin: string) {
  const res = await c.fetch("/csrf-token", { headers: { origin } });
  return { res, body: (await res.json()) as { token: string; signed_in: boolean } };
}

describe("CORS", () => {
  it.each([OURS, FIREFOX])("answers the preflight of %s on the getpdf endpoints", async (origin) => {
    for (const path of ["/getpdf/start", "/getpdf/check", "/csrf-token"]) {
      const res = await newClient().fetch(path, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type,x-csrf-token" },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe(origin);
      expect(res.headers.get("access-control-allow-credentials")).toBe("true");
      expect(res.headers.get("access-control-allow-headers")).toMatch(/X-CSRF-TOKEN/i);
    }
  });

  it.each(OTHERS)("gives %s nothing", async (origin) => {
    const pre = await newClient().fetch("/getpdf/start", { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST" } });
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
    const get = await newClient().fetch("/csrf-token", { headers: { origin } });
    expect(get.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("gives our extension nothing on other paths", async () => {
    for (const path of ["/profile/downloads", "/login", "/wallet/buy", "/"]) {
      const res = await newClient().fetch(path, { method: "OPTIONS", headers: { origin: OURS, "access-control-request-method": "POST" } });
      expect(res.headers.get("access-control-allow-origin"), path).toBeNull();
    }
  });
});

describe("the extension's session", () => {
  it("is the user's own: signed in, and a POST with the extension's token starts the download", async () => {
    const { ext } = await extensionCookies();
    const { res, body } = await tokenFor(ext, OURS);
    expect(res.headers.get("access-control-allow-origin")).toBe(OURS);
    expect(body.signed_in).toBe(true);
    expect(setCookieLine(res, "__Host-daryaft_ext_csrf")).toMatch(/SameSite=None/);
    const start = await ext.fetch("/getpdf/start", {
      method: "POST",
      headers: { origin: OURS, "content-type": "application/json", "x-csrf-token": body.token },
      body: JSON.stringify({ url: scenarioDoi("oa-unpaywall") }),
    });
    expect(start.status).toBe(200);
    expect(start.headers.get("access-control-allow-origin")).toBe(OURS);
    const result = (await start.json()) as { status: string; id: string };
    expect(["processing", "ok"]).toContain(result.status);
    const check = await ext.fetch("/getpdf/check", {
      method: "POST",
      headers: { origin: OURS, "content-type": "application/json", "x-csrf-token": body.token },
      body: JSON.stringify({ id: result.id }),
    });
    expect(check.status).toBe(200);
  });

  it("is ignored without our extension's origin (a web page, another extension, no origin)", async () => {
    const { ext } = await extensionCookies();
    for (const origin of [...OTHERS, undefined]) {
      const res = await ext.fetch("/csrf-token", { headers: origin ? { origin } : {} });
      expect(((await res.json()) as { signed_in: boolean }).signed_in, String(origin)).toBe(false);
    }
  });

  it("is never given to a Firefox origin: any extension has a moz-extension:// UUID, so it gets a guest's answer", async () => {
    const { site, ext } = await extensionCookies();
    // The companion cookie and even the site's own Lax cookie, as a browser that sent both would.
    const both = newClient();
    for (const [k, v] of [...ext.cookies, ...site.cookies]) both.cookies.set(k, v);
    const { res, body } = await tokenFor(both, FIREFOX);
    expect(res.headers.get("access-control-allow-origin")).toBe(FIREFOX);
    expect(body.signed_in).toBe(false);
    const start = await both.fetch("/getpdf/start", {
      method: "POST",
      headers: { origin: FIREFOX, "content-type": "application/json", "x-csrf-token": body.token },
      body: JSON.stringify({ url: scenarioDoi("licensed") }),
    });
    expect(start.status).toBe(200);
    // A guest's answer for a licensed document: the price, never a spent credit.
    expect(((await start.json()) as { status: string }).status).not.toBe("ok");
  });

  it("is ignored on other paths even from our extension", async () => {
    const { ext } = await extensionCookies();
    const res = await ext.fetch("/profile/downloads", { headers: { origin: OURS } });
    expect(res.status).toBe(401);
  });

  it("needs the extension's own CSRF token: none, a wrong one or the site's token answer 419", async () => {
    const { site, ext } = await extensionCookies();
    const siteToken = await site.token();
    for (const headers of [{}, { "x-csrf-token": "x".repeat(43) }, { "x-csrf-token": siteToken }] as Record<string, string>[]) {
      const res = await ext.fetch("/getpdf/start", {
        method: "POST",
        headers: { origin: OURS, "content-type": "application/json", ...headers },
        body: JSON.stringify({ url: scenarioDoi("oa-unpaywall") }),
      });
      expect(res.status).toBe(419);
    }
  });

  it("ends with the session: after logout the copy is cleared and no longer signs in", async () => {
    const { site, ext } = await extensionCookies();
    const logout = await site.post("/logout", {});
    expect(logout.status).toBeLessThan(400);
    expect(setCookieLine(logout, "__Host-daryaft_ext_session")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await tokenFor(ext, OURS)).body.signed_in).toBe(false);
  });
});
