/**
 * Issue 15 items 5, 6 and 8: login and SMS limits reserved atomically before the work, limits per
 * account and (account, address) instead of per address alone, and a bound on parallel hashes.
 * Requests go through `app.fetch` in this isolate, so the hash counter sees the app's hashes.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { hashSlots } from "../../worker/features/auth/password";
import { LOGIN_ACCOUNT } from "../../worker/features/auth/service";
import { makeUser, outbox, PASSWORD, registration, uniqueIp } from "./auth-helpers";
import { Client } from "./helpers";

/** A Client whose requests run in this isolate (same module instances as the test). */
class LocalClient extends Client {
  override async fetch(path: string, init: RequestInit & { now?: number } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(this.headers)) if (!headers.has(k)) headers.set(k, v);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (init.now) headers.set("x-test-now", String(init.now));
    const res = await app.fetch(new Request(`https://daryaft.test${path}`, { ...init, headers, redirect: "manual" }), env);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, i).trim(), pair!.slice(i + 1).trim());
    }
    return res;
  }
}
const from = (ip = uniqueIp()) => new LocalClient({ "cf-connecting-ip": ip });

/** Counts argon2id runs (and the most at once) while `fn` runs. */
async function countHashes<T>(fn: () => Promise<T>): Promise<{ result: T; hashes: number; maxActive: number }> {
  let hashes = 0;
  let maxActive = 0;
  hashSlots.onStart = (active) => {
    hashes += 1;
    maxActive = Math.max(maxActive, active);
  };
  try {
    return { result: await fn(), hashes, maxActive };
  } finally {
    hashSlots.onStart = null;
  }
}

afterEach(() => {
  hashSlots.onStart = null;
});

describe("login limits are reserved before the hash (item 5)", () => {
  it("20 parallel wrong passwords: at most 5 hashes and 5 answers other than 429", async () => {
    const u = await makeUser();
    const c = from();
    await c.token();
    const { result, hashes } = await countHashes(() =>
      Promise.all(Array.from({ length: 20 }, () => c.post("/login", { email: u.email, password: "wrong-password-1" }))),
    );
    const statuses = result.map((r) => r.status);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    expect(hashes).toBeLessThanOrEqual(5);
    expect(statuses.every((s) => s < 500)).toBe(true);
  });

  it("2 parallel SMS reset requests for one mobile: one code is sent", async () => {
    const u = await makeUser({ mobileVerified: true });
    const [a, b] = [from(), from()];
    await Promise.all([a.token(), b.token()]);
    const answers = await Promise.all([
      a.post("/password/reset/request", { identifier: u.mobile }),
      b.post("/password/reset/request", { identifier: u.mobile }),
    ]);
    expect(answers.every((r) => r.status < 500)).toBe(true);
    expect((await outbox(u.mobile)).length).toBe(1);
  });

  it("2 parallel mobile-code requests: one code is sent, the other waits", async () => {
    const u = await makeUser({ mobileVerified: false });
    const c = from();
    const { clientFor } = await import("./auth-helpers");
    const signedIn = await clientFor(u.id);
    c.cookies = signedIn.cookies;
    await c.token();
    const answers = await Promise.all([c.post("/profile/send/mobile/code", { mobile: u.mobile }), c.post("/profile/send/mobile/code", { mobile: u.mobile })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 429]);
    expect((await outbox(u.mobile)).length).toBe(1);
  });
});

describe("one address's failures do not lock others out (item 6)", () => {
  it("7 failed logins on other accounts from an address, then another user's right password from it succeeds", async () => {
    const ip = uniqueIp();
    const victims = await Promise.all(Array.from({ length: 7 }, () => makeUser()));
    const attacker = from(ip);
    for (const v of victims) expect((await attacker.post("/login", { email: v.email, password: "wrong-password-1" })).status).toBe(200);
    const owner = await makeUser();
    const res = await from(ip).post("/login", { email: owner.email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(((await res.json()) as [{ id: string }])[0].id).toBe(owner.id);
  });

  it("six wrong passwords for one account from one address: the sixth is refused (5 a minute per account and address)", async () => {
    const u = await makeUser();
    const c = from();
    for (let i = 0; i < 5; i++) expect((await c.post("/login", { email: u.email, password: "wrong-password-1" })).status).toBe(200);
    expect((await c.post("/login", { email: u.email, password: PASSWORD })).status).toBe(429);
    // The same account from another address is still open.
    expect((await from().post("/login", { email: u.email, password: PASSWORD })).status).toBe(200);
  });

  it("an attacker hammering one account from many addresses: the owner's device still gets in, a new device after the short window", async () => {
    const u = await makeUser();
    const t0 = Date.now();
    const ownerDevice = from();
    expect((await ownerDevice.post("/login", { email: u.email, password: PASSWORD }, { now: t0 })).status).toBe(200);
    await ownerDevice.post("/logout", {}, { now: t0 });

    // Thirty addresses, a guess each, spread over the attack; the account-wide limit trips.
    const answers: number[] = [];
    for (let i = 0; i < 30; i++)
      answers.push((await from().post("/login", { email: u.email, password: `guess-${i}-password` }, { now: t0 + i * 1000 })).status);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    const during = t0 + 30_000;

    // The owner's own browser (it signed in before) is not locked by strangers.
    expect((await ownerDevice.post("/login", { email: u.email, password: PASSWORD }, { now: during })).status).toBe(200);
    // A device never used for this account waits, but only for the account window.
    const newDevice = from();
    expect((await newDevice.post("/login", { email: u.email, password: PASSWORD }, { now: during })).status).toBe(429);
    expect((await newDevice.post("/login", { email: u.email, password: PASSWORD }, { now: t0 + 29_000 + LOGIN_ACCOUNT.windowMs + 1000 })).status).toBe(200);
    expect(LOGIN_ACCOUNT.windowMs).toBeLessThanOrEqual(15 * 60_000);
  });
});

describe("parallel hashes are bounded per isolate (item 8)", () => {
  it("30 parallel logins: at most 2 hashes at once, none answers 5xx other than the Persian 503", async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => makeUser()));
    const clients = Array.from({ length: 30 }, () => from());
    await Promise.all(clients.map((c) => c.token()));
    const { result, maxActive, hashes } = await countHashes(() =>
      Promise.all(clients.map((c, i) => c.post("/login", { email: users[i % users.length]!.email, password: i % 3 ? PASSWORD : "wrong-password-1" }))),
    );
    expect(maxActive).toBeLessThanOrEqual(hashSlots.slots);
    expect(hashes).toBeGreaterThan(0);
    for (const res of result) {
      expect([200, 429, 503]).toContain(res.status);
      if (res.status === 503) expect(((await res.json()) as { error: string }).error).toMatch(/سرور/);
    }
  });
});

describe("the argon2 queue's 503 stores nothing", () => {
  it("30 parallel registrations: each answers 200, 429 or the Persian 503; a 503 leaves no account, a 200 exactly one", async () => {
    const clients = Array.from({ length: 30 }, () => from());
    await Promise.all(clients.map((c) => c.token()));
    const forms = clients.map(() => registration());
    const { result, maxActive } = await countHashes(() => Promise.all(clients.map((c, i) => c.post("/register", forms[i]!))));
    expect(maxActive).toBeLessThanOrEqual(hashSlots.slots);
    for (const [i, res] of result.entries()) {
      expect([200, 429, 503], await res.clone().text()).toContain(res.status);
      const stored = await env.DB.prepare("select count(*) as n from users where email = ?").bind(forms[i]!.email).first<{ n: number }>();
      if (res.status === 503) expect(((await res.json()) as { error: string }).error).toMatch(/سرور/);
      expect(stored!.n, `${res.status}`).toBe(res.status === 200 ? 1 : 0);
    }
  });
});
