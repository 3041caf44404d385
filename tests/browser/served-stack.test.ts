/**
 * Issue 15 item 14: the role matrix and hostile inputs through the served stack (`vite preview`,
 * as `npm start` serves it), over keep-alive connections. A request the Worker refused before
 * reading its body (401, 403, 419) used to leave the body on the connection, and the next request
 * on it failed in the preview's proxy with `TypeError: fetch failed` (a 500 the Worker never saw).
 */
import { Agent, request } from "undici";
import { afterAll, describe, expect, inject, it } from "vitest";

const base = inject("baseUrl");
// One connection, so every request follows the previous one on the same socket.
const agent = new Agent({ connections: 1, pipelining: 1, keepAliveTimeout: 60_000 });
afterAll(() => agent.close());

type Op = { method: string; path: string; roles: string[] };
type Sent = { status: number; text: string };

async function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Sent> {
  const res = await request(`${base}${path}`, { method: method as "GET", dispatcher: agent, headers, body });
  return { status: res.statusCode, text: await res.body.text() };
}

async function guestSession() {
  const res = await request(`${base}/csrf-token`, { dispatcher: agent });
  const setCookie = res.headers["set-cookie"];
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ""]).map((c) => c.split(";")[0]).join("; ");
  const { token } = (await res.body.json()) as { token: string };
  return { cookie, token };
}

async function operations(): Promise<Op[]> {
  const doc = (await (await request(`${base}/openapi.json`, { dispatcher: agent })).body.json()) as {
    paths: Record<string, Record<string, { "x-roles": string[] }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, "1"), roles: op["x-roles"] })),
  );
}

const big = "x".repeat(200_000);
const HOSTILE_BODIES = [
  JSON.stringify({ email: big, password: big, mobile: big, name: big, id: big }),
  '{"email": [1, {"$gt": ""}], "id": -1, "amount": 1e309}',
  '{"broken": ',
  JSON.stringify({ _token: "wrong", text: "<script>alert(1)</script>", path: "../../etc/passwd" }),
];

describe("served stack, keep-alive (npm start)", () => {
  it("role matrix as a guest: every operation answers without a 5xx, and guest-forbidden writes answer 401", async () => {
    const { cookie, token } = await guestSession();
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(40);
    const fives: string[] = [];
    for (const op of ops) {
      const write = op.method !== "GET";
      const res = await send(
        op.method,
        op.path,
        { cookie, "x-csrf-token": token, "content-type": "application/json" },
        write ? JSON.stringify({ filler: big }) : undefined,
      );
      if (res.status >= 500) fives.push(`${op.method} ${op.path} ${res.status} ${res.text.slice(0, 120)}`);
      if (write && !op.roles.includes("guest")) expect(res.status, `${op.method} ${op.path}`).toBe(401);
    }
    expect(fives).toEqual([]);
  });

  it("hostile bodies, with and without the CSRF token, on every write: 0 5xx", async () => {
    const { cookie, token } = await guestSession();
    const writes = (await operations()).filter((op) => op.method !== "GET" && !/\/callback$/.test(op.path));
    const fives: string[] = [];
    let sent = 0;
    for (const op of writes) {
      for (const [i, body] of HOSTILE_BODIES.entries()) {
        // Alternate: refused by CSRF before the body is read (419), then with the token.
        const headers: Record<string, string> = { cookie, "content-type": i % 2 ? "application/x-www-form-urlencoded" : "application/json" };
        if (i >= 2) headers["x-csrf-token"] = token;
        const res = await send(op.method, op.path, headers, body);
        sent += 1;
        if (res.status >= 500) fives.push(`${op.method} ${op.path} #${i} ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(sent).toBeGreaterThan(150);
    expect(fives).toEqual([]);
  });
});
