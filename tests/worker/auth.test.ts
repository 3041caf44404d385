import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { authMessages as m, LoginResponse } from "../../contract/auth";
import { BusinessErrorBody, ValidationErrorBody } from "../../contract/common";
import { UserInfo } from "../../contract/user-info";
import { sha256Hex } from "../../worker/lib/crypto";
import { count } from "./helpers";
import { LOGIN_ACCOUNT, LOGIN_ADDRESS } from "../../worker/features/auth/service";
import {
  PASSWORD,
  clientFor,
  makeUser,
  newClient,
  outbox,
  register,
  registration,
  setCookieLine,
  uniqueEmail,
  uniqueMobile,
  userByEmail,
  userRow,
} from "./auth-helpers";

const USER_INFO_KEYS = [
  "id",
  "name",
  "email",
  "mobile",
  "mobile_verifed",
  "balance",
  "standard_credit",
  "offline_article_credit",
  "unlimited_vip_credits",
  "limited_vip_credits",
  "admin",
  "solver",
  "contract",
].sort();

async function sessionRow(token: string) {
  return env.DB.prepare("select * from sessions where id = ?")
    .bind(await sha256Hex(token))
    .first<{ revoked_at: number | null; remember: number; expires_at: number }>();
}

describe("POST /register", () => {
  it("creates the account, signs in and answers [userInfo] with exactly the spec's fields", async () => {
    const c = newClient();
    const data = registration({ email: `  Mixed.${uniqueEmail()}  ` });
    const before = await count("users");
    const res = await c.post("/register", data);
    expect(res.status).toBe(200);
    const body = LoginResponse.parse(await res.json());
    expect(Object.keys(body[0]).sort()).toEqual(USER_INFO_KEYS);
    expect(body[0]).toMatchObject({
      name: data.name,
      email: data.email.trim().toLowerCase(),
      mobile: data.mobile,
      mobile_verifed: 0,
      balance: 0,
      admin: 0,
      solver: 0,
      contract: 0,
    });
    expect(await count("users")).toBe(before + 1);
    const cookie = setCookieLine(res, "__Host-daryaft_session")!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Secure/i);
    // Not "remember me": a browser session, no Expires.
    expect(cookie).not.toMatch(/Expires|Max-Age/i);
    // Signed in: the profile answers.
    expect((await c.get("/profile/ajax/details")).status).toBe(200);
  });

  it("stores the password as argon2id with its parameters, never in clear", async () => {
    const c = newClient();
    const data = await register(c);
    const row = await userByEmail(data.email);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
  });

  it.each([
    ["Persian digits", "۰۹۱۲۳۴۵۶۷۸۹", "09123456789"],
    ["Arabic digits", "٠٩١٢٣٤٥٦٧٨٨", "09123456788"],
    ["+98", "+989123456787", "09123456787"],
    ["0098", "00989123456786", "09123456786"],
    ["spaces and dashes", "0912 345-6785", "09123456785"],
  ])("normalises a mobile written with %s", async (_label, typed, stored) => {
    await env.DB.prepare("delete from users where mobile = ?").bind(stored).run();
    const c = newClient();
    const res = await c.post("/register", registration({ mobile: typed }));
    expect(res.status).toBe(200);
    expect(LoginResponse.parse(await res.json())[0].mobile).toBe(stored);
  });

  const bad: [string, Record<string, unknown>, Record<string, string[]>][] = [
    [
      "an empty form",
      { name: "", email: "", mobile: "", password: "", password_confirmation: "" },
      {
        name: [m.nameRequired],
        email: [m.emailRequired],
        mobile: [m.mobileRequired],
        password: [m.passwordRequired],
        password_confirmation: [m.confirmationRequired],
      },
    ],
    [
      "missing fields",
      { name: undefined, email: undefined, mobile: undefined, password: undefined, password_confirmation: undefined },
      {
        name: [m.nameRequired],
        email: [m.emailRequired],
        mobile: [m.mobileRequired],
        password: [m.passwordRequired],
        password_confirmation: [m.confirmationRequired],
      },
    ],
    ["null fields", { name: null, email: null, mobile: null }, { name: [m.nameRequired], email: [m.emailRequired], mobile: [m.mobileRequired] }],
    ["non-text fields", { name: 5, email: ["a@b.c"], mobile: { n: 1 } }, { name: [m.nameRequired], email: [m.emailRequired], mobile: [m.mobileRequired] }],
    ["a blank name", { name: "   " }, { name: [m.nameRequired] }],
    ["an e-mail without a dot after @", { email: "someone@host" }, { email: [m.emailInvalid] }],
    ["an e-mail without @", { email: "someone.example.org" }, { email: [m.emailInvalid] }],
    ["a 10-digit mobile", { mobile: "0912345678" }, { mobile: [m.mobileLength] }],
    ["a 12-digit mobile", { mobile: "091234567890" }, { mobile: [m.mobileLength] }],
    ["11 digits that are no mobile", { mobile: "12345678901" }, { mobile: [m.mobileInvalid] }],
    ["a 7-character password", { password: "1234567", password_confirmation: "1234567" }, { password: [m.passwordTooShort] }],
    ["a different confirmation", { password_confirmation: "another-password" }, { password_confirmation: [m.confirmationMismatch] }],
    [
      "a short password and a different confirmation",
      { password: "short", password_confirmation: "other" },
      { password: [m.passwordTooShort], password_confirmation: [m.confirmationMismatch] },
    ],
  ];

  it.each(bad)("refuses %s with 422, the first Persian message per field, and changes nothing", async (_label, over, errors) => {
    const c = newClient();
    const before = await count("users");
    const res = await c.post("/register", { ...registration(), ...over });
    expect(res.status).toBe(422);
    const body = ValidationErrorBody.parse(await res.json());
    expect(body.errors).toEqual(errors);
    expect(body.message).toBe(Object.values(errors)[0]![0]);
    expect(await count("users")).toBe(before);
    expect(setCookieLine(res, "__Host-daryaft_session")).toBeUndefined();
  });

  it("refuses a taken e-mail (any case) and a taken mobile (any digits) with one message for both fields", async () => {
    const first = await register(newClient());
    const before = await count("users");
    const persianMobile = first.mobile.replace(/[0-9]/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!);
    const res = await newClient().post("/register", registration({ email: first.email.toUpperCase(), mobile: persianMobile }));
    expect(res.status).toBe(422);
    expect(ValidationErrorBody.parse(await res.json()).errors).toEqual({ email: [m.alreadyRegistered], mobile: [m.alreadyRegistered] });
    expect(await count("users")).toBe(before);
  });

  it("does not tell which of the e-mail and the mobile is held, and tells the owner (issue 15 item 9)", async () => {
    const owner = await register(newClient());
    const byEmail = await newClient().post("/register", registration({ email: owner.email }));
    const byMobile = await newClient().post("/register", registration({ mobile: owner.mobile }));
    expect([byEmail.status, byMobile.status]).toEqual([422, 422]);
    expect(await byEmail.json()).toEqual(await byMobile.json());
    const notices = (await outbox(owner.email)).filter((n) => n.subject?.includes("ثبت‌نام"));
    expect(notices.length).toBe(2);
  });

  it("limits sign-ups that hit held addresses to five an hour per address; a real sign-up is not counted as one", async () => {
    const owner = await register(newClient());
    const c = newClient();
    const t0 = Date.now();
    await register(c, {}, t0);
    await c.post("/logout", {}, { now: t0 });
    const probes = await Promise.all(Array.from({ length: 8 }, () => c.post("/register", registration({ email: owner.email }), { now: t0 })));
    const statuses = probes.map((r) => r.status);
    expect(statuses.filter((s) => s === 422).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(3);
    // A fresh address is not affected.
    expect((await newClient().post("/register", registration(), { now: t0 })).status).toBe(200);
  });

  it("accepts the spec's urlencoded form with _token", async () => {
    const c = newClient();
    const data = registration();
    const res = await c.postForm("/register", data);
    expect(res.status).toBe(200);
    expect(LoginResponse.parse(await res.json())[0].email).toBe(data.email);
  });

  it("refuses a post without the CSRF token (419) and creates nothing", async () => {
    const c = newClient();
    const before = await count("users");
    const res = await c.fetch("/register", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(registration()) });
    expect(res.status).toBe(419);
    expect(await count("users")).toBe(before);
  });
});

describe("POST /login", () => {
  it.each([
    ["e-mail", (u: { email: string }) => u.email.toUpperCase()],
    ["mobile", (u: { mobile: string }) => u.mobile],
    ["mobile in Persian digits", (u: { mobile: string }) => u.mobile.replace(/[0-9]/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!)],
    ["username", (u: { username: string }) => u.username],
  ])("signs in by %s and answers an array whose first element is userInfo", async (_label, pick) => {
    const u = await makeUser({ admin: true });
    const c = newClient();
    const res = await c.post("/login", { email: pick(u), password: PASSWORD });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Array.isArray(body)).toBe(true);
    const info = UserInfo.parse((body as unknown[])[0]);
    expect(info).toMatchObject({ id: u.id, email: u.email, admin: 1, solver: 0, contract: 0, mobile_verifed: 1 });
    expect(Object.keys(info).sort()).toEqual(USER_INFO_KEYS);
  });

  it("gives a 30-day cookie with remember, a browser-session cookie without", async () => {
    const u = await makeUser();
    const now = Date.now();
    const remembered = newClient();
    const r1 = await remembered.post("/login", { email: u.email, password: PASSWORD, remember: true }, { now });
    const line = setCookieLine(r1, "__Host-daryaft_session")!;
    const expires = Date.parse(/Expires=([^;]+)/i.exec(line)![1]!);
    expect(Math.abs(expires - (now + 30 * 86_400_000))).toBeLessThan(2000);
    expect((await sessionRow(remembered.cookies.get("__Host-daryaft_session")!))!.remember).toBe(1);

    const browser = newClient();
    const r2 = await browser.postForm("/login", { email: u.email, password: PASSWORD }, { now });
    expect(setCookieLine(r2, "__Host-daryaft_session")).not.toMatch(/Expires|Max-Age/i);
    expect((await sessionRow(browser.cookies.get("__Host-daryaft_session")!))!.remember).toBe(0);

    // The server ends idle browser sessions after 12 hours; remembered ones last 30 days.
    expect((await browser.get("/profile/ajax/details", { now: now + 13 * 3_600_000 })).status).toBe(401);
    expect((await remembered.get("/profile/ajax/details", { now: now + 29 * 86_400_000 })).status).toBe(200);
    expect((await remembered.get("/profile/ajax/details", { now: now + 31 * 86_400_000 })).status).toBe(401);
  });

  it("accepts the form checkbox value 'on' for remember", async () => {
    const u = await makeUser();
    const c = newClient();
    await c.postForm("/login", { email: u.email, password: PASSWORD, remember: "on" });
    expect((await sessionRow(c.cookies.get("__Host-daryaft_session")!))!.remember).toBe(1);
  });

  it("rotates the session id: the old cookie's row is revoked and no longer signs in", async () => {
    const u = await makeUser();
    const c = newClient();
    await c.post("/login", { email: u.email, password: PASSWORD });
    const oldToken = c.cookies.get("__Host-daryaft_session")!;
    await c.post("/login", { email: u.email, password: PASSWORD });
    const newToken = c.cookies.get("__Host-daryaft_session")!;
    expect(newToken).not.toBe(oldToken);
    expect((await sessionRow(oldToken))!.revoked_at).not.toBeNull();
    expect((await sessionRow(newToken))!.revoked_at).toBeNull();
    const stale = newClient();
    stale.cookies.set("__Host-daryaft_session", oldToken);
    expect((await stale.get("/profile/ajax/details")).status).toBe(401);
  });

  it.each([
    ["a wrong password", (u: { email: string }) => ({ email: u.email, password: "wrong-password" })],
    ["an unknown account", () => ({ email: uniqueEmail(), password: PASSWORD })],
    ["an unknown mobile", () => ({ email: uniqueMobile(), password: PASSWORD })],
  ])("refuses %s with the same Persian error and no session", async (_label, body) => {
    const u = await makeUser();
    const c = newClient();
    const res = await c.post("/login", body(u));
    expect(BusinessErrorBody.parse(await res.json()).error).toBe(m.loginFailed);
    expect(setCookieLine(res, "__Host-daryaft_session")).toBeUndefined();
  });

  it.each([
    ["nothing", {}, { email: [m.loginNameRequired], password: [m.loginPasswordRequired] }],
    ["no password", { email: "someone" }, { password: [m.loginPasswordRequired] }],
    ["a blank name", { email: "  ", password: "x" }, { email: [m.loginNameRequired] }],
  ])("answers 422 for %s", async (_label, body, errors) => {
    const res = await newClient().post("/login", body);
    expect(res.status).toBe(422);
    expect(ValidationErrorBody.parse(await res.json()).errors).toEqual(errors);
  });

  it("refuses a blocked account after the right password", async () => {
    const u = await makeUser({ blocked: true });
    const res = await newClient().post("/login", { email: u.email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(BusinessErrorBody.parse(await res.json()).error).toBe(m.accountBlocked);
  });

  it("allows five failures a minute per account and address, then answers 429 in Persian with the wait, even for the right password", async () => {
    const u = await makeUser();
    const t0 = Date.now();
    const c = newClient();
    for (let i = 0; i < 5; i++) {
      const res = await c.post("/login", { email: u.email, password: `wrong-${i}` }, { now: t0 + i * 1000 });
      expect(BusinessErrorBody.parse(await res.json()).error).toBe(m.loginFailed);
    }
    const blocked = await c.post("/login", { email: u.email, password: PASSWORD }, { now: t0 + 10_000 });
    expect(blocked.status).toBe(429);
    // The first failure (t0) leaves the window at t0 + 60 s: 50 seconds from t0 + 10 s.
    expect(blocked.headers.get("retry-after")).toBe("50");
    expect(BusinessErrorBody.parse(await blocked.json()).error).toBe(m.tooManyLogins(50));
    expect(m.tooManyLogins(50)).toContain("۵۰");

    const later = await c.post("/login", { email: u.email, password: PASSWORD }, { now: t0 + 61_000 });
    expect(later.status).toBe(200);
  });

  it("allows ten failures per ten minutes per account from devices that never signed in to it", async () => {
    const u = await makeUser();
    const t0 = Date.now();
    for (let i = 0; i < LOGIN_ACCOUNT.limit; i++) await newClient().post("/login", { email: u.email, password: `wrong-${i}` }, { now: t0 });
    expect((await newClient().post("/login", { email: u.email, password: PASSWORD }, { now: t0 + 1000 })).status).toBe(429);
  });

  it("an address is limited across accounts only at a campus NAT's scale", async () => {
    const c = newClient();
    const ip = c.headers["cf-connecting-ip"]!;
    const t0 = Date.now();
    const u = await makeUser();
    // One short of the address limit, as if many people behind one NAT had mistyped.
    await env.DB.batch(
      Array.from({ length: LOGIN_ADDRESS.limit - 1 }, () => env.DB.prepare("insert into rate_limit_hits (key, at) values (?, ?)").bind(`login:ip:${ip}`, t0)),
    );
    expect((await c.post("/login", { email: u.email, password: PASSWORD }, { now: t0 + 1000 })).status).toBe(200);
    await env.DB.prepare("insert into rate_limit_hits (key, at) values (?, ?)").bind(`login:ip:${ip}`, t0).run();
    expect((await c.post("/login", { email: u.email, password: PASSWORD }, { now: t0 + 1000 })).status).toBe(429);
    // Another address is not affected.
    expect((await newClient().post("/login", { email: u.email, password: PASSWORD }, { now: t0 + 1000 })).status).toBe(200);
  });

  it("clears the identifier's failures after a successful login", async () => {
    const u = await makeUser();
    const t0 = Date.now();
    for (let i = 0; i < 4; i++) await newClient().post("/login", { email: u.email, password: "bad-bad-bad" }, { now: t0 });
    expect((await newClient().post("/login", { email: u.email, password: PASSWORD }, { now: t0 })).status).toBe(200);
    for (let i = 0; i < 4; i++) await newClient().post("/login", { email: u.email, password: "bad-bad-bad" }, { now: t0 });
    expect((await newClient().post("/login", { email: u.email, password: PASSWORD }, { now: t0 })).status).toBe(200);
  });
});

describe("POST /logout", () => {
  it("revokes the session row and clears the cookie", async () => {
    const u = await makeUser();
    const c = newClient();
    await c.post("/login", { email: u.email, password: PASSWORD });
    const token = c.cookies.get("__Host-daryaft_session")!;
    const res = await c.post("/logout", {});
    expect(await res.json()).toEqual({ status: "ok" });
    expect(setCookieLine(res, "__Host-daryaft_session")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await sessionRow(token))!.revoked_at).not.toBeNull();
    const replay = newClient();
    replay.cookies.set("__Host-daryaft_session", token);
    expect((await replay.get("/profile/ajax/details")).status).toBe(401);
  });

  it("answers ok when already logged out", async () => {
    const res = await newClient().post("/logout", {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });
});

describe("roles on the account endpoints", () => {
  it("asks a guest to log in (401) on the mobile and profile calls", async () => {
    const c = newClient();
    for (const path of ["/profile/ajax/mobile_update", "/profile/send/mobile/code", "/profile/mobile/verify", "/profile/ajax/password"]) {
      const res = await c.post(path, {});
      expect(res.status, path).toBe(401);
      expect(BusinessErrorBody.parse(await res.json()).error).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it("reports each role in userInfo for the seeded-style accounts", async () => {
    for (const [roles, flags] of [
      [{ solver: true }, { admin: 0, solver: 1, contract: 0 }],
      [{ partner: true }, { admin: 0, solver: 0, contract: 1 }],
      [{}, { admin: 0, solver: 0, contract: 0 }],
    ] as const) {
      const u = await makeUser(roles);
      const res = await newClient().post("/login", { email: u.email, password: PASSWORD });
      expect(LoginResponse.parse(await res.json())[0]).toMatchObject(flags);
    }
  });

  it("does not let a signed-in user act without a session cookie of their own", async () => {
    const u = await makeUser({ mobileVerified: false });
    const c = await clientFor(u.id);
    expect((await c.post("/profile/ajax/mobile_update", { mobile: uniqueMobile() })).status).toBe(200);
    expect((await userRow(u.id))!.mobileVerifiedAt).toBeNull();
  });
});
