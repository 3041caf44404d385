/**
 * CSRF on every state-changing operation in /openapi.json: without the token, or with a wrong one,
 * each answers 419 with the Persian message, for a guest and for a signed-in admin (who passes
 * every role check, so nothing but the token stands in the way). Only the bank's callback, which
 * carries its own proof, is exempt.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { coreMessages } from "../../../worker/lib/messages";
import { clientFor, makeUser, newClient } from "../helpers/auth-helpers";
import { Client } from "../helpers/helpers";

type OpenApi = { paths: Record<string, Record<string, unknown>> };
const doc = (await (await new Client().get("/openapi.json")).json()) as OpenApi;
const EXEMPT = /^\/gateway\/\{[^}]+\}\/callback$/;
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.keys(item)
    .filter((method) => ["post", "put", "patch", "delete"].includes(method) && !EXEMPT.test(path))
    .map((method) => ({ name: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, "1") })),
);

let adminId = "";
beforeAll(async () => {
  adminId = (await makeUser({ admin: true })).id;
});

it("finds the state-changing operations", () => {
  expect(operations.length).toBeGreaterThan(40);
});

describe.each(operations)("$name", ({ method, path }) => {
  it.each(["guest", "admin"] as const)("answers 419 without the token or with a wrong one (%s)", async (who) => {
    const c = who === "guest" ? newClient() : await clientFor(adminId);
    await c.token(); // the cookie half of the pair exists; only the echoed half is missing or wrong
    const variants: { headers: Record<string, string>; body: Record<string, unknown> }[] = [
      { headers: {}, body: {} }, // no token at all
      { headers: { "x-csrf-token": "x".repeat(43) }, body: {} }, // a wrong header
      { headers: {}, body: { _token: "wrong-token-value" } }, // a wrong _token field
    ];
    for (const v of variants) {
      const res = await c.fetch(path, { method, headers: { "content-type": "application/json", ...v.headers }, body: JSON.stringify(v.body) });
      expect(res.status).toBe(419);
      expect(await res.json()).toEqual({ message: coreMessages.csrf, status: "error", error: coreMessages.csrf });
    }
  });
});
