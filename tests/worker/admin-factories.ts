/** Admin console test helpers: an admin browser, D1 snapshots for "nothing changed", and bad-input tables. */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { ValidationErrorBody } from "../../contract/common";
import { schema } from "../../db/client";
import { randomToken, sha256Hex } from "../../worker/lib/crypto";
import { clientFor, db, makeUser, newClient } from "./auth-helpers";
import type { Client } from "./helpers";

/** A signed-in browser whose session lasts ten years (tests move the clock far ahead with x-test-now). */
export async function longSessionClient(userId: string): Promise<Client> {
  const token = randomToken(32);
  const now = Date.now();
  await db()
    .insert(schema.sessions)
    .values({
      id: await sha256Hex(token),
      userId,
      remember: true,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + 3650 * 86_400_000),
    });
  const c = newClient();
  c.cookies.set("__Host-daryaft_session", token);
  await c.token();
  return c;
}

export async function adminClient() {
  const admin = await makeUser({ admin: true });
  return { admin, client: await longSessionClient(admin.id) };
}

/** Every row of the given tables, in a stable order: equal snapshots mean nothing was written. */
export async function snapshot(tables: string[]): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of tables) out[t] = (await env.DB.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()).results;
  return out;
}

/** Runs `act` and asserts that none of `tables` changed. */
export async function expectNothingChanged<T>(tables: string[], act: () => Promise<T>): Promise<T> {
  const before = await snapshot(tables);
  const result = await act();
  expect(await snapshot(tables)).toEqual(before);
  return result;
}

/** A 422 whose errors name exactly `field`, with `message` first when given. */
export async function expect422(res: Response, field: string, message?: string) {
  expect(res.status).toBe(422);
  const body = ValidationErrorBody.parse(await res.json());
  expect(Object.keys(body.errors)).toEqual([field]);
  if (message) expect(body.errors[field]![0]).toBe(message);
  return body;
}

/**
 * A user, a solver, a partner and a guest: each refused by an admin-only endpoint (403, 401 for the
 * guest). With `tables`, none of them may change (the callers are made before the snapshot).
 */
export async function expectAdminOnly(call: (c: Client) => Promise<Response>, tables: string[] = []) {
  const callers: { label: string; client: Client; status: number }[] = [];
  for (const opts of [{}, { solver: true }, { partner: true, university: true }]) {
    const u = await makeUser(opts);
    callers.push({ label: JSON.stringify(opts), client: await clientFor(u.id), status: 403 });
  }
  callers.push({ label: "guest", client: newClient(), status: 401 });
  const before = await snapshot(tables);
  for (const c of callers) expect((await call(c.client)).status, c.label).toBe(c.status);
  expect(await snapshot(tables)).toEqual(before);
}
