import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { baseUrl } from "./harness";

/** The served /openapi.json validated against the OpenAPI 3 schema by a real validator. */
describe("GET /openapi.json", () => {
  it("is a valid OpenAPI 3 document with x-roles on every operation", async () => {
    const res = await fetch(`${baseUrl()}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, { "x-roles"?: string[] }>> };
    const validated = await SwaggerParser.validate(structuredClone(doc) as never);
    expect((validated as { openapi: string }).openapi).toMatch(/^3\.0\./);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op["x-roles"], `${method} ${path}`).toBeInstanceOf(Array);
      }
    }
  });
});
