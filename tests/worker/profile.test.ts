import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { authMessages } from "../../contract/auth";
import { BusinessErrorBody, ValidationErrorBody } from "../../contract/common";
import { ProfileDetails, ProfileSession, profileMessages as m } from "../../contract/profile";
import { z } from "zod";
import { PASSWORD, latestLink, makeUser, newClient, outbox, uniqueEmail, userRow } from "./auth-helpers";

async function signIn(u: { email: string }, remember = false) {
  const c = newClient();
  const res = await c.post("/login", { email: u.email, password: PASSWORD, remember });
  expect(res.status).toBe(200);
  return c;
}

async function details(c: ReturnType<typeof newClient>) {
  const res = await c.get("/profile/ajax/details");
  expect(res.status).toBe(200);
  return ProfileDetails.parse(await res.json());
}

describe("GET /profile/ajax/details", () => {
  it("answers the user's details, credits and this session", async () => {
    const u = await makeUser();
    const c = await signIn(u, true);
    const d = await details(c);
    expect(d.user).toMatchObject({ id: u.id, email: u.email, mobile: u.mobile, balance: 0, limited_vip_credits: { count: 0, expiration: null } });
    expect(d.username).toBe(u.username);
    expect(d.pending_email).toBeNull();
    expect(d.sessions).toHaveLength(1);
    expect(d.sessions[0]).toMatchObject({ current: true, remember: true });
    // Only a handle: not the cookie and not the stored hash.
    expect(d.sessions[0]!.id).toHaveLength(16);
    expect(c.cookies.get("__Host-daryaft_session")).not.toContain(d.sessions[0]!.id);
  });

  it("asks a guest to log in", async () => {
    const res = await newClient().get("/profile/ajax/details");
    expect(res.status).toBe(401);
  });
});

describe("POST /profile/ajax/details", () => {
  it("saves the name", async () => {
    const u = await makeUser();
    const c = await signIn(u);
    const res = await c.post("/profile/ajax/details", { name: "  نام تازه  " });
    expect(await res.json()).toEqual({ status: "ok", message: m.detailsSaved });
    expect((await userRow(u.id))!.name).toBe("نام تازه");
  });

  it.each([
    [{}, { name: [authMessages.nameRequired] }],
    [{ name: "  " }, { name: [authMessages.nameRequired] }],
    [{ name: "ن".repeat(101) }, { name: [authMessages.nameTooLong] }],
  ])("refuses %j with 422 and keeps the name", async (body, errors) => {
    const u = await makeUser();
    const c = await signIn(u);
    const res = await c.post("/profile/ajax/details", body);
    expect(res.status).toBe(422);
    expect(ValidationErrorBody.parse(await res.json()).errors).toEqual(errors);
    expect((await userRow(u.id))!.name).toBe("کاربر ساخته‌شده");
  });
});

describe("e-mail change with re-verification", () => {
  it("keeps the old address until the link sent to the new one is opened, once", async () => {
    const u = await makeUser();
    const c = await signIn(u);
    const next = uniqueEmail();
    const res = await c.post("/profile/ajax/email", { email: next.toUpperCase(), current_password: PASSWORD });
    expect(await res.json()).toEqual({ status: "ok", message: m.emailLinkSent(next) });
    expect((await userRow(u.id))!.email).toBe(u.email);
    expect((await details(c)).pending_email).toBe(next);

    const link = await latestLink(next);
    expect(link.pathname).toBe("/verify/email");
    const token = link.searchParams.get("token")!;
    // The page posts the token, possibly from another browser that is not signed in: the token is the proof.
    const open = await newClient().post("/profile/email/verify", { token });
    expect(await open.json()).toEqual({ status: "ok", message: m.emailChanged });
    const row = await userRow(u.id);
    expect(row!.email).toBe(next);
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect((await details(c)).pending_email).toBeNull();

    const again = await newClient().post("/profile/email/verify", { token });
    expect(BusinessErrorBody.parse(await again.json()).error).toBe(m.emailLinkInvalid);
  });

  it.each([
    ["an address held by another account", async () => (await makeUser()).email, authMessages.emailTaken],
    ["the current address", async (own: string) => own, m.emailUnchanged],
    ["a malformed address", async () => "not-an-email", authMessages.emailInvalid],
  ])("refuses %s with 422 and sends nothing", async (_label, pick, message) => {
    const u = await makeUser();
    const c = await signIn(u);
    const email = await pick(u.email);
    const before = (await outbox(email)).length;
    const res = await c.post("/profile/ajax/email", { email, current_password: PASSWORD });
    expect(res.status).toBe(422);
    expect(ValidationErrorBody.parse(await res.json()).errors).toEqual({ email: [message] });
    expect((await outbox(email)).length).toBe(before);
    expect((await userRow(u.id))!.email).toBe(u.email);
  });

  it("probing whose address is held counts against the five changes an hour", async () => {
    const others = await Promise.all(Array.from({ length: 7 }, () => makeUser()));
    const u = await makeUser();
    const c = await signIn(u);
    // One after another, so the right password's own limit (five a minute, given back when right) is not what stops them.
    const statuses: number[] = [];
    for (const o of others) statuses.push((await c.post("/profile/ajax/email", { email: o.email, current_password: PASSWORD })).status);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429]);
    expect((await userRow(u.id))!.email).toBe(u.email);
  });

  it("does not apply a link when the address was taken meanwhile", async () => {
    const u = await makeUser();
    const c = await signIn(u);
    const next = uniqueEmail();
    await c.post("/profile/ajax/email", { email: next, current_password: PASSWORD });
    const link = await latestLink(next);
    await newClient().post("/register", {
      name: "دیگری",
      email: next,
      mobile: `0935${String(Date.now()).slice(-7)}`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    const open = await newClient().post("/profile/email/verify", { token: link.searchParams.get("token") });
    expect(BusinessErrorBody.parse(await open.json()).error).toBe(m.emailLinkInvalid);
    expect((await userRow(u.id))!.email).toBe(u.email);
  });
});

describe("password change", () => {
  it("needs the current password, then ends the other sessions but not this one", async () => {
    const u = await makeUser();
    const here = await signIn(u);
    const elsewhere = await signIn(u);
    const hashBefore = (await userRow(u.id))!.passwordHash;

    const wrong = await here.post("/profile/ajax/password", {
      current_password: "not-it-at-all",
      password: "new-password-1",
      password_confirmation: "new-password-1",
    });
    expect(wrong.status).toBe(422);
    expect(ValidationErrorBody.parse(await wrong.json()).errors).toEqual({ current_password: [m.currentPasswordWrong] });
    expect((await userRow(u.id))!.passwordHash).toBe(hashBefore);

    const ok = await here.post("/profile/ajax/password", { current_password: PASSWORD, password: "new-password-1", password_confirmation: "new-password-1" });
    expect(await ok.json()).toEqual({ status: "ok", message: m.passwordChanged });
    expect((await here.get("/profile/ajax/details")).status).toBe(200);
    expect((await elsewhere.get("/profile/ajax/details")).status).toBe(401);
    expect((await newClient().post("/login", { email: u.email, password: "new-password-1" })).status).toBe(200);
  });

  it.each([
    [
      {},
      { current_password: [m.currentPasswordRequired], password: [authMessages.passwordRequired], password_confirmation: [authMessages.confirmationRequired] },
    ],
    [{ current_password: PASSWORD, password: "short", password_confirmation: "short" }, { password: [authMessages.passwordTooShort] }],
    [
      { current_password: PASSWORD, password: "long-enough-1", password_confirmation: "long-enough-2" },
      { password_confirmation: [authMessages.confirmationMismatch] },
    ],
  ])("answers 422 for %j and keeps the hash", async (body, errors) => {
    const u = await makeUser();
    const c = await signIn(u);
    const before = (await userRow(u.id))!.passwordHash;
    const res = await c.post("/profile/ajax/password", body);
    expect(res.status).toBe(422);
    expect(ValidationErrorBody.parse(await res.json()).errors).toEqual(errors);
    expect((await userRow(u.id))!.passwordHash).toBe(before);
  });

  it("limits wrong current passwords to five a minute", async () => {
    const u = await makeUser();
    const c = await signIn(u);
    const t0 = Date.now();
    for (let i = 0; i < 5; i++)
      await c.post(
        "/profile/ajax/password",
        { current_password: "wrong-wrong", password: "new-password-1", password_confirmation: "new-password-1" },
        { now: t0 },
      );
    const res = await c.post(
      "/profile/ajax/password",
      { current_password: PASSWORD, password: "new-password-1", password_confirmation: "new-password-1" },
      { now: t0 + 1000 },
    );
    expect(res.status).toBe(429);
  });
});

describe("active sessions", () => {
  it("lists them and ends another one by its handle", async () => {
    const u = await makeUser();
    const here = await signIn(u);
    const phone = await signIn(u);
    const list = z.array(ProfileSession).parse(await (await here.get("/profile/ajax/sessions")).json());
    expect(list).toHaveLength(2);
    expect(list[0]!.current).toBe(true);
    const other = list.find((s) => !s.current)!;
    const res = await here.post("/profile/ajax/sessions/end", { id: other.id });
    expect(await res.json()).toEqual({ status: "ok", message: m.sessionEnded });
    expect((await phone.get("/profile/ajax/details")).status).toBe(401);
    expect((await here.get("/profile/ajax/details")).status).toBe(200);
  });

  it("will not end the current session (logout does that) nor another user's", async () => {
    const u = await makeUser();
    const here = await signIn(u);
    const [mine] = (await details(here)).sessions;
    expect(BusinessErrorBody.parse(await (await here.post("/profile/ajax/sessions/end", { id: mine!.id })).json()).error).toBe(m.cannotEndCurrent);

    const stranger = await makeUser();
    const theirs = await signIn(stranger);
    const [their] = (await details(theirs)).sessions;
    const res = await here.post("/profile/ajax/sessions/end", { id: their!.id });
    expect(res.status).toBe(404);
    expect(BusinessErrorBody.parse(await res.json()).error).toBe(m.sessionNotFound);
    expect((await theirs.get("/profile/ajax/details")).status).toBe(200);
  });

  it("ends every other session at once", async () => {
    const u = await makeUser();
    const here = await signIn(u);
    const others = [await signIn(u), await signIn(u)];
    expect(await (await here.post("/profile/ajax/sessions/end_others", {})).json()).toEqual({ status: "ok", message: m.otherSessionsEnded });
    for (const o of others) expect((await o.get("/profile/ajax/details")).status).toBe(401);
    expect((await details(here)).sessions).toHaveLength(1);
    const live = await env.DB.prepare("select count(*) as n from sessions where user_id = ? and revoked_at is null").bind(u.id).first<{ n: number }>();
    expect(live!.n).toBe(1);
  });
});

describe("e-mail link expiry", () => {
  it("refuses the e-mail change link after one hour", async () => {
    const u = await makeUser();
    const c = await signIn(u);
    const next = uniqueEmail();
    const t0 = Date.now();
    await c.post("/profile/ajax/email", { email: next, current_password: PASSWORD }, { now: t0 });
    const token = (await latestLink(next)).searchParams.get("token");
    const res = await newClient().post("/profile/email/verify", { token }, { now: t0 + 3_600_001 });
    expect(BusinessErrorBody.parse(await res.json()).error).toBe(m.emailLinkInvalid);
    expect((await userRow(u.id))!.email).toBe(u.email);
  });
});
