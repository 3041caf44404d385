import { describe, expect, it } from "vitest";
import { DirectAccessList } from "../../../contract/direct-access";
import { ValidationErrorBody } from "../../../contract/common";
import { Client, seedDemoData } from "../helpers/helpers";

const PERSIAN = /[\u0600-\u06FF]/;

describe("error model and CSRF", () => {
  it("refuses a state-changing request without a token with 419 and a Persian message", async () => {
    const c = new Client();
    const res = await c.fetch("/logout", { method: "POST" });
    expect(res.status).toBe(419);
    const body = (await res.json()) as { message: string };
    expect(body.message).toMatch(PERSIAN);
  });

  it("refuses a wrong token with 419", async () => {
    const c = new Client();
    await c.token();
    const res = await c.fetch("/logout", { method: "POST", headers: { "x-csrf-token": "x".repeat(43) } });
    expect(res.status).toBe(419);
  });

  it("answers a POST to an unknown path with a Persian 404, not HTML", async () => {
    const c = new Client();
    const res = await c.post("/no/such/endpoint", {});
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toMatch(PERSIAN);
  });

  it("sets security headers", async () => {
    const res = await new Client().get("/health");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("GET /direct_access", () => {
  it("returns the seeded sites in the spec's shape", async () => {
    await seedDemoData();
    const res = await new Client().get("/direct_access");
    expect(res.status).toBe(200);
    const sites = DirectAccessList.parse(await res.json());
    expect(sites.length).toBeGreaterThan(10);
    for (const s of sites) for (const key of Object.keys(s.prices)) expect(key.slice(0, 6)).toBe("price_");
  });
});

describe("GET /openapi.json", () => {
  it("is OpenAPI 3 and every operation declares x-roles", async () => {
    const res = await new Client().get("/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { "x-roles"?: string[]; responses: object }>> };
    expect(doc.openapi).toMatch(/^3\./);
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(ops.length).toBeGreaterThan(2);
    for (const op of ops) {
      expect(Array.isArray(op["x-roles"])).toBe(true);
      expect(op["x-roles"]!.length).toBeGreaterThan(0);
      expect(op.responses).toBeTruthy();
    }
  });
});

describe("validation", () => {
  it("answers a bad query with 422 and a Persian field message", async () => {
    const res = await new Client().get(`/identify?input=${"x".repeat(3000)}`);
    expect(res.status).toBe(422);
    const body = ValidationErrorBody.parse(await res.json());
    expect(body.errors.input?.[0]).toMatch(PERSIAN);
  });

  it("identifies a DOI without network access", async () => {
    const res = await new Client().get(`/identify?input=${encodeURIComponent("see doi:10.1000/XYZ123.")}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ kind: "doi", doi: "10.1000/xyz123" });
  });
});
