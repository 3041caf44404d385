/**
 * Each endpoint is declared once, in contract/endpoints/, and worker/endpoints.ts lists them all for
 * /openapi.json (and so for the role, CSRF and hostile-input matrices). The Worker must bind exactly
 * that list: an entry left unbound, or a route bound outside it, fails here.
 */
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { endpointGroups, endpoints } from "../../../worker/endpoints";
import { Client } from "../helpers/helpers";

/** The method and path of every route the app answers, shared middleware (`use`, `all`) left out. */
const routed = new Map<string, number>();
for (const r of app.routes) {
  if (r.method === "ALL") continue;
  const key = `${r.method} ${r.path}`;
  routed.set(key, (routed.get(key) ?? 0) + 1);
}
const key = (e: { method: string; path: string }) => `${e.method.toUpperCase()} ${e.path}`;
const listed = new Set(endpoints.map(key));
/** Routes outside the endpoint list on purpose: the document itself and the SPA's pages. */
const UNLISTED = new Set(["GET /openapi.json", "GET /*"]);

describe("the endpoint list", () => {
  it("holds every contract group, each endpoint once", () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(158);
    expect(listed.size).toBe(endpoints.length);
    expect(Object.keys(endpointGroups).length).toBeGreaterThanOrEqual(17);
  });

  it.each(endpoints.map((e) => ({ name: key(e), e })))("$name is bound by the Worker", ({ e }) => {
    expect(routed.has(key(e)), key(e)).toBe(true);
  });

  it("is all the Worker binds", () => {
    const extra = [...routed.keys()].filter((k) => !listed.has(k) && !UNLISTED.has(k));
    expect(extra).toEqual([]);
  });

  it("is what /openapi.json describes (development and test: with the development routes)", async () => {
    const doc = (await (await new Client().get("/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    const described = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(described.sort()).toEqual(endpoints.map((e) => `${e.method.toUpperCase()} ${e.path.replace(/:([A-Za-z_]+)/g, "{$1}")}`).sort());
  });

  it.each(endpoints.filter((e) => !e.html).map((e) => ({ name: key(e), e })))("$name answers JSON with a response schema", async ({ e }) => {
    const schemas = await e.schemas();
    // The bench's bare answer is text on purpose: the floor the measured routes are compared with.
    if (e.path === "/dev/bench/bare") return;
    expect(schemas.response, "a JSON answer with a response schema").toBeDefined();
  });
});
