/**
 * Bodies within a budget before anything parses them (worker/middleware/body-budget.ts), found by
 * the memory fuzz: a 5.5 MB JSON body of nested arrays (JSON.parse builds ~2.7 M arrays, ~150 MB)
 * and a 4 MB form of a million fields (~150 MB in the form parser) are refused with a Persian 422,
 * before the CSRF check reads `_token` from them, for guests too; a text body past 6 MB is a 413.
 * Then found by attacking it: a body the CSRF check read as JSON under a type the budget did not
 * measure as JSON (`application/jsonp`: 20 MB of nesting, 928 MB in workerd), 6 MB of flat
 * `[{},{},…]` (two million objects, 196 MB) and 450,000 empty multipart parts (134 MB, 11 s).
 */
import { describe, expect, it } from "vitest";
import { clientFor, makeUser, newClient } from "./auth-helpers";

function multipart(fields: [string, string][]) {
  const boundary = "----budget-test-boundary";
  const body =
    fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("") + `--${boundary}--\r\n`;
  return { headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, body };
}

const MB = 1024 * 1024;

describe("request bodies within a budget", () => {
  it("deeply nested JSON: 422 in Persian, for a guest without a CSRF header too", async () => {
    const body = `${"[".repeat(2.5 * MB)}${"]".repeat(2.5 * MB)}`;
    const variants: Record<string, string>[] = [
      { "content-type": "application/json" },
      { "content-type": "application/json; charset=utf-8", "x-csrf-token": "x".repeat(43) },
    ];
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
    const res = await newClient().fetch("/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `_token=x&${"a=1&".repeat(1_000_000)}`,
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: { body: string[] } }).errors.body[0]).toMatch(/فیلد/);
  });

  it("a JSON body past 6 MB is refused as too large (413), not read", async () => {
    const res = await newClient().fetch("/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "x".repeat(7 * MB) }),
    });
    expect(res.status).toBe(413);
  });

  it("a body whose type no reader takes as JSON or a form is capped like text (413 past 6 MB), whatever its type names", async () => {
    const nested = `${"[".repeat(4 * MB)}${"]".repeat(4 * MB)}`;
    for (const type of ["application/jsonp", "application/json5", "text/plain; x=application/json", "application/octet-stream"]) {
      const res = await newClient().fetch("/login", { method: "POST", headers: { "content-type": type }, body: nested });
      expect(res.status, type).toBe(413);
    }
  });

  it("the CSRF check reads `_token` only from a body the budget measured as JSON or a form (the same rule, lib/body-type.ts)", async () => {
    const c = newClient();
    await c.token();
    const body = JSON.stringify({ _token: c.csrf, email: "nobody@example.org", password: "a-long-secret-1" });
    const unread = await c.fetch("/login", { method: "POST", headers: { "content-type": "application/jsonp" }, body });
    expect(unread.status).toBe(419);
    const read = await c.fetch("/login", { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(read.status).not.toBe(419);
  });

  it("flat JSON of two million empty objects (6 MB, two levels): 422 in Persian before JSON.parse, for a guest without a CSRF header", async () => {
    const body = `[${"{},".repeat(1.9 * MB)}{}]`;
    const res = await newClient().fetch("/getpdf/start", { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: { body: string[] } }).errors.body[0]).toMatch(/مقدار/);
  });

  it("JSON with the values an endpoint could take still passes (thousands)", async () => {
    const res = await newClient().post("/login", {
      email: "nobody@example.org",
      password: "a-long-secret-1",
      extra: Array.from({ length: 5_000 }, (_, i) => i),
    });
    expect(res.status).not.toBe(422);
  });

  it("a multipart body of 2,000 parts: 422 in Persian before the runtime splits it, for a guest too; a few parts pass", async () => {
    const many = multipart(Array.from({ length: 2_000 }, (_, i) => [`p${i}`, ""]));
    const res = await newClient().fetch("/getpdf/start", { method: "POST", ...many });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: { body: string[] } }).errors.body[0]).toMatch(/فیلد/);
    const c = newClient();
    const few = multipart([
      ["_token", await c.token()],
      ["url", "10.5555/none-1"],
      ...Array.from({ length: 50 }, (_, i) => [`p${i}`, "v"] as [string, string]),
    ]);
    expect((await c.fetch("/getpdf/start", { method: "POST", ...few })).status).toBe(200);
  });

  it("a file body past a text body's 6 MB only on an upload route, for its roles: a guest's 8 MB multipart is a 413 everywhere, before the CSRF check reads it", async () => {
    const file = (mb: number) => multipart([["file", "x".repeat(mb * MB)]]);
    for (const path of ["/getpdf/start", "/upload/ithenticate_grammarly_contract", "/admin/ajax/services/1/report", "/admin/offline/requests/1/deliver"]) {
      const res = await newClient().fetch(path, { method: "POST", ...file(8) });
      expect(res.status, path).toBe(413);
      expect(((await res.json()) as { error: string }).error).toMatch(/[\u0600-\u06ff]/);
    }
    // A signed-in user may send a VIP upload's size there (then the CSRF check and the form's rules answer), not to the desk.
    const user = await clientFor((await makeUser()).id);
    expect((await user.fetch("/upload/ithenticate_grammarly_contract", { method: "POST", ...file(8) })).status).toBe(419);
    expect((await user.fetch("/admin/offline/requests/1/deliver", { method: "POST", ...file(8) })).status).toBe(413);
  });
});
