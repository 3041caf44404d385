import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { endpoints } from "../../contract/endpoint";
import { anyone } from "../../contract/roles";
import { ApiError, call, setCsrfToken } from "./api";
import { messages } from "./messages";

type Sent = { url: string; method: string; headers: Record<string, string>; body: BodyInit | null | undefined };
let sent: Sent[] = [];
let answer: () => Response;

beforeEach(() => {
  sent = [];
  setCsrfToken("csrf-1");
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(input), method: init.method ?? "GET", headers: init.headers as Record<string, string>, body: init.body });
    return answer();
  });
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const things = endpoints({ tag: "test" });
const read = things.get("/things/:id/parts/:partId", { summary: "read", roles: anyone });
const write = things.post("/things/:id/rename", { summary: "write", roles: anyone });

describe("call", () => {
  it("fills the path's params (encoded) and sends the rest as the query of a GET, without empty values or a CSRF header", async () => {
    answer = () => json({ ok: 1 });
    const out = await call(read, { id: "a/b", partId: 7, q: "x y", empty: "", none: undefined } as never);
    expect(out).toEqual({ ok: 1 });
    expect(sent[0]!.url).toBe("/things/a%2Fb/parts/7?q=x%20y");
    expect(sent[0]!.method).toBe("GET");
    expect(sent[0]!.headers["X-CSRF-TOKEN"]).toBeUndefined();
  });

  it("sends a POST's remaining input as JSON with the CSRF header", async () => {
    answer = () => json({ status: "ok" });
    await call(write, { id: 3, name: "n" } as never);
    expect(sent[0]!.url).toBe("/things/3/rename");
    expect(sent[0]!.method).toBe("POST");
    expect(sent[0]!.headers["X-CSRF-TOKEN"]).toBe("csrf-1");
    expect(sent[0]!.headers["Content-Type"]).toBe("application/json");
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ name: "n" });
  });

  it("sends a form as multipart (no JSON content type) with the CSRF header", async () => {
    answer = () => json({ status: "ok" });
    const form = new FormData();
    form.set("text", "t");
    await call(write, { id: 1 }, { form });
    expect(sent[0]!.body).toBe(form);
    expect(sent[0]!.headers["Content-Type"]).toBeUndefined();
    expect(sent[0]!.headers["X-CSRF-TOKEN"]).toBe("csrf-1");
  });

  it("words a 422 as the joined field messages, keeping the map", async () => {
    answer = () => json({ message: "invalid", errors: { a: ["یک"], b: ["دو", "سه"] } }, 422);
    const err = await call(write, { id: 1 } as never).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe("یک دو سه");
    expect((err as ApiError).status).toBe(422);
    expect((err as ApiError).fieldErrors).toEqual({ a: ["یک"], b: ["دو", "سه"] });
  });

  it("words status:error by its error text, even with HTTP 200, and keeps the body", async () => {
    answer = () => json({ status: "error", error: "موجودی کافی نیست", shortfall: 5 }, 200);
    const err = (await call(write, { id: 1 } as never).catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe("موجودی کافی نیست");
    expect(err.status).toBe(200);
    expect(err.body).toEqual({ status: "error", error: "موجودی کافی نیست", shortfall: 5 });
  });

  it("words 419 and 401 by their codes", async () => {
    for (const status of [419, 401]) {
      answer = () => new Response("", { status });
      const err = (await call(read, { id: 1, partId: 2 }).catch((e: unknown) => e)) as ApiError;
      expect(err.status).toBe(status);
      expect(err.message).toBe(messages.errorCode(status));
    }
  });
});
