/**
 * Deploying as shipped is production. wrangler.toml's APP_ENV, or none at all,
 * means production; without its secrets the Worker refuses to serve; with them, no development
 * routes or bank exist, HSTS is sent and cookies are `__Host-` prefixed on https.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app";
import wranglerToml from "../../../wrangler.toml?raw";

type Bindings = Partial<Cloudflare.Env> & Record<string, unknown>;
const SECRETS = { PASSWORD_PEPPER: "p-".padEnd(40, "x"), SIGNING_SECRET: "s-".padEnd(40, "y") };

function call(bindings: Bindings, path: string, init: RequestInit = {}, base = "https://daryaft.test") {
  const merged = { ...env, ...bindings } as Record<string, unknown>;
  for (const [k, v] of Object.entries(bindings)) if (v === undefined) delete merged[k];
  return app.fetch(new Request(`${base}${path}`, { ...init, redirect: "manual" }), merged as unknown as Cloudflare.Env);
}

describe("deployment defaults", () => {
  it("wrangler.toml ships production, not development", () => {
    const appEnv = /^\s*APP_ENV\s*=\s*"([^"]*)"/m.exec(wranglerToml)?.[1];
    expect(appEnv === undefined || appEnv === "production").toBe(true);
  });

  for (const appEnv of [undefined, "production", "staging"]) {
    it(`APP_ENV ${appEnv ?? "unset"} without secrets: every request gets a Persian 503 and the log names what is missing`, async () => {
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        for (const path of ["/", "/health", "/openapi.json", "/dev/outbox.json"]) {
          const res = await call({ APP_ENV: appEnv, PASSWORD_PEPPER: undefined, SIGNING_SECRET: undefined }, path);
          expect(res.status, path).toBe(503);
          expect(await res.text()).toContain("سرویس موقتاً در دسترس نیست");
        }
        const login = await call({ APP_ENV: appEnv, PASSWORD_PEPPER: undefined }, "/login", { method: "POST", body: "{}" });
        expect(login.status).toBe(503);
        const logged = errors.mock.calls.map((c) => String(c[0])).join("\n");
        expect(logged).toContain("PASSWORD_PEPPER");
        expect(logged).toContain("SIGNING_SECRET");
      } finally {
        errors.mockRestore();
      }
    });
  }

  it("development does not get a fallback secret either", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect((await call({ APP_ENV: "development", SIGNING_SECRET: undefined }, "/health")).status).toBe(503);
    } finally {
      errors.mockRestore();
    }
  });

  it("production with its secrets: no outbox, no development bank, no dev routes in /openapi.json, HSTS and __Host- cookies", async () => {
    const prod = { APP_ENV: "production", ...SECRETS };
    const health = await call(prod, "/health");
    expect(health.status).toBe(200);
    expect(health.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
    for (const path of ["/dev/outbox.json", "/dev/bench/bare", "/dev/getpdf/job?id=x", "/gateway/devbank/pay/pay_1"]) {
      expect((await call(prod, path)).status, path).toBe(404);
    }
    const doc = (await (await call(prod, "/openapi.json")).json()) as { paths: Record<string, unknown> };
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => p.startsWith("/dev/") || p.includes("devbank"))).toEqual([]);
    expect(paths).toContain("/login");

    const page = await call(prod, "/csrf-token");
    const cookies = page.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const line of cookies) {
      expect(line).toMatch(/^__Host-/);
      expect(line).toMatch(/;\s*Secure/i);
      expect(line).toMatch(/;\s*Path=\//i);
      expect(line).not.toMatch(/Domain=/i);
    }
  });

  it("plain http (local runs) keeps bare cookie names and sends no HSTS", async () => {
    const res = await call({ APP_ENV: "development", ...SECRETS }, "/csrf-token", {}, "http://127.0.0.1:8787");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(res.headers.getSetCookie()[0]).toMatch(/^daryaft_csrf=/);
  });

  it("development still lists its dev routes", async () => {
    const doc = (await (await call({ APP_ENV: "development", ...SECRETS }, "/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain("/dev/outbox.json");
  });
});
