/**
 * Bodies within a budget before anything parses them (worker/middleware/body-budget.ts), found by
 * the memory fuzz: a 5.5 MB JSON body of nested arrays (JSON.parse builds ~2.7 M arrays, ~150 MB)
 * and a 4 MB form of a million fields (~150 MB in the form parser) are refused with a Persian 422,
 * before the CSRF check reads `_token` from them, for guests too; a text body past 6 MB is a 413.
 */
import { describe, expect, it } from "vitest";
import { newClient } from "./auth-helpers";

const MB = 1024 * 1024;

describe("request bodies within a budget", () => {
  it("deeply nested JSON: 422 in Persian, for a guest without a CSRF header too", async () => {
    const body = `${"[".repeat(2.5 * MB)}${"]".repeat(2.5 * MB)}`;
    const variants: Record<string, string>[] = [{ "content-type": "application/json" }, { "content-type": "application/json; charset=utf-8", "x-csrf-token": "x".repeat(43) }];
    for (const headers of variants) {
      const res = await newClient().fetch("/login", { method: "POST", headers, body });
      expect(res.status).toBe(422);
      const json = (await res.json()) as { errors: { body: string[] } };
      expect(json.errors.body[0]).toMatch(/تودرتو/);
    }
  });

  it("nesting an endpoint can take still passes (a few levels)", async () => {
    const c = newClient();
    const res = await c.post("/login", { email: "nobody@example.org", password: "a-long-secret-1", extra: [[{ a: [1] }]] });
    expect(res.status).not.toBe(422);
  });

  it("a form of a million fields: 422 in Persian before the form is parsed", async () => {
    const res = await newClient().fetch("/login", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `_token=x&${"a=1&".repeat(1_000_000)}` });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: { body: string[] } }).errors.body[0]).toMatch(/فیلد/);
  });

  it("a JSON body past 6 MB is refused as too large (413), not read", async () => {
    const res = await newClient().fetch("/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "x".repeat(7 * MB) }) });
    expect(res.status).toBe(413);
  });
});
