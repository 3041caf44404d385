/**
 * One declaration per endpoint: every endpoint the Worker answers (worker/endpoints.ts) has its path
 * written once, in its contract entry, and nowhere else in the product's code (Worker, consumer, SPA,
 * extension, contract, lib, db, clients). The Worker binds its handler to the entry, the SPA and the
 * extension call through it, and links the Worker builds name it (`pathOf`).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isPagePath } from "../contract/pages";
import { endpoints } from "../worker/endpoints";
import { DECLARATIONS, PAGES_ON_ENDPOINT_PATHS, pathOccurrences, productLiterals, strayPaths, stringLiterals } from "./endpoint-paths";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const literals = productLiterals(root);

describe("each endpoint declared once", () => {
  it("lists every endpoint once (method and path)", () => {
    const keys = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(keys.length).toBeGreaterThanOrEqual(158);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("writes each endpoint's path in its declaration, once per endpoint on that path", () => {
    const wrong: string[] = [];
    for (const [p, found] of pathOccurrences(endpoints, literals)) {
      const declared = found.filter((l) => l.file.startsWith(DECLARATIONS)).length;
      const methods = endpoints.filter((e) => e.path === p).length;
      if (declared !== methods) wrong.push(`${p}: declared ${declared} times for ${methods} endpoint(s)`);
    }
    expect(wrong).toEqual([]);
  });

  it("writes no endpoint's path anywhere else in product code", () => {
    const stray = strayPaths(endpoints, literals).map((s) => `${s.path} (${s.why}): ${s.literal.file}:${s.literal.line}`);
    expect(stray).toEqual([]);
  });

  it("exempts only SPA pages that share an endpoint's path, and only in web/", () => {
    for (const p of PAGES_ON_ENDPOINT_PATHS) {
      expect(isPagePath(p), p).toBe(true);
      expect(
        endpoints.some((e) => e.path === p),
        p,
      ).toBe(true);
    }
  });
});

describe("the path scanner", () => {
  const eps = [
    { method: "get", path: "/batch/:id/zip" },
    { method: "get", path: "/batch/:id" },
    { method: "get", path: "/batch/list" },
    { method: "get", path: "/gateway/:gateway/callback" },
    { method: "get", path: "/files/*" },
    { method: "get", path: "/profile/downloads" },
  ];
  const found = (source: string, file = "web/x.tsx") => {
    const occ = pathOccurrences(eps, stringLiterals(file, source));
    return Object.fromEntries([...occ].filter(([, l]) => l.length).map(([p, l]) => [p, l.length]));
  };

  it("finds strings, templates with params, an origin before and a query after, and + chains", () => {
    expect(found('const a = "/batch/list";')).toEqual({ "/batch/list": 1 });
    expect(found("const a = `/batch/${id}/zip`;")).toEqual({ "/batch/:id/zip": 1 });
    expect(found("const a = `${origin}/gateway/${g}/callback?x=1`;")).toEqual({ "/gateway/:gateway/callback": 1 });
    expect(found('const a = "/batch/" + id + "/zip";')).toEqual({ "/batch/:id/zip": 1 });
    expect(found('const a = "/files/" + key;')).toEqual({ "/files/*": 1 });
    expect(found('<a href="/profile/downloads?page=2" />')).toEqual({ "/profile/downloads": 1 });
    expect(found("const base = `/batch/${id}`; const zip = `${base}/zip`;")).toEqual({ "/batch/:id": 1 });
  });

  it("finds a regular expression that stands for a path, not a page pattern or another site's", () => {
    expect(found("const r = /^\\/gateway\\/[^/]+\\/callback$/;")).toEqual({ "/gateway/:gateway/callback": 1 });
    expect(found("const r = /^\\/profile(\\/[A-Za-z]+)?\\/?$/;")).toEqual({});
    expect(found("const r = /^\\/(?:ebooks|files)\\/(\\d+)$/;")).toEqual({});
  });

  it("leaves out imports, types and other strings", () => {
    expect(found('import x from "/batch/list"; type T = "/batch/list"; const a = "/batches";')).toEqual({});
  });
});
