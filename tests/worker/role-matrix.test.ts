/**
 * The role matrix, derived from /openapi.json: every operation (this feature's and every other's) is
 * called as a guest, a user, a university user, a solver, a partner and an admin. Each must answer
 * 401 / 403 exactly where its x-roles says, and never where it allows the caller.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { coreMessages } from "../../worker/lib/messages";
import { roles as knownRoles, rolesOf, type Role } from "../../worker/lib/roles";
import { clientFor, makeUser, newClient, userRow } from "./auth-helpers";
import { Client } from "./helpers";

type Operation = { "x-roles"?: unknown; summary?: string };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const doc = (await (await new Client().get("/openapi.json")).json()) as OpenApi;
const METHODS = new Set(["get", "post", "put", "patch", "delete"]);
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.has(method))
    .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, method, path, op })),
);

const callers = ["guest", "user", "university", "solver", "partner", "admin"] as const;
type Caller = (typeof callers)[number];
const callerUsers: Partial<Record<Caller, string>> = {};
const callerRoles: Partial<Record<Caller, Role[]>> = {};

beforeAll(async () => {
  const made = {
    user: await makeUser(),
    university: await makeUser({ university: true }),
    solver: await makeUser({ solver: true }),
    partner: await makeUser({ partner: true }),
    admin: await makeUser({ admin: true }),
  };
  callerRoles.guest = ["guest"];
  for (const [caller, u] of Object.entries(made) as [Exclude<Caller, "guest">, { id: string }][]) {
    callerUsers[caller] = u.id;
    callerRoles[caller] = rolesOf((await userRow(u.id))!);
  }
});

/** `{id}` → `1`; a trailing wildcard too. */
const concretePath = (path: string) => path.replace(/\{[^}]+\}/g, "1").replace(/\*$/, "1");

/** A fresh session per call: some operations (logout, password change, reset) end sessions. */
async function callerClient(caller: Caller): Promise<Client> {
  return caller === "guest" ? newClient() : clientFor(callerUsers[caller]!);
}

/**
 * The status, or "denied-login" / "denied-role" when the answer is the role check's own refusal
 * (a feature may answer 403 for its own reasons, e.g. a signed link bound to another user).
 */
async function call(caller: Caller, method: string, path: string): Promise<number | "denied-login" | "denied-role"> {
  const c = await callerClient(caller);
  const url = concretePath(path);
  const token = method === "get" ? "" : await c.token();
  const res =
    method === "get"
      ? await c.get(url)
      : await c.fetch(url, { method: method.toUpperCase(), headers: { "content-type": "application/json", "x-csrf-token": token }, body: "{}" });
  const text = await res.text();
  if (res.status === 401 && text.includes(coreMessages.loginRequired)) return "denied-login";
  if (res.status === 403 && text.includes(coreMessages.forbidden)) return "denied-role";
  return res.status;
}

describe("openapi.json", () => {
  it("lists this feature's operations", () => {
    const names = operations.map((o) => o.name);
    for (const n of [
      "POST /login",
      "POST /logout",
      "POST /register",
      "POST /profile/ajax/mobile_update",
      "POST /profile/send/mobile/code",
      "POST /profile/mobile/verify",
    ]) {
      expect(names).toContain(n);
    }
  });
});

describe.each(operations)("$name", ({ method, path, op }) => {
  it("declares x-roles with known roles", () => {
    expect(Array.isArray(op["x-roles"]), "x-roles missing").toBe(true);
    const declared = op["x-roles"] as string[];
    expect(declared.length).toBeGreaterThan(0);
    for (const r of declared) expect(knownRoles as readonly string[]).toContain(r);
  });

  it("answers 401 / 403 exactly where x-roles says", async () => {
    const allowed = (Array.isArray(op["x-roles"]) ? op["x-roles"] : []) as Role[];
    expect(allowed.length, "x-roles missing").toBeGreaterThan(0);
    const results = await Promise.all(callers.map(async (caller) => ({ caller, status: await call(caller, method, path) })));
    for (const { caller, status } of results) {
      const mine = callerRoles[caller]!;
      const permitted = mine.some((r) => allowed.includes(r));
      const label = `${caller} (${mine.join("+")}) → ${status}; x-roles ${allowed.join(",")}`;
      if (permitted) expect(["denied-login", "denied-role"], label).not.toContain(status);
      else expect(status, label).toBe(caller === "guest" ? "denied-login" : "denied-role");
    }
  });
});
