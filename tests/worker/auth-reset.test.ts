import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { authMessages as m, ResetRequestResponse } from "../../contract/auth";
import { BusinessErrorBody, ValidationErrorBody } from "../../contract/common";
import { count } from "./helpers";
import { PASSWORD, latestCode, latestLink, makeUser, newClient, outbox, uniqueEmail, uniqueMobile, userRow } from "./auth-helpers";

const NEW_PASSWORD = "a-brand-new-secret";

async function request(identifier: string, now?: number, c = newClient()) {
  return c.post("/password/reset/request", { identifier }, { now });
}

async function canLogin(identifier: string, password: string) {
  const res = await newClient().post("/login", { email: identifier, password });
  return res.status === 200 && Array.isArray(await res.json());
}

describe("password reset by mobile (SMS code)", () => {
  it("sends nothing to a number the account never verified, with the same answer (issue 15 item 7)", async () => {
    const u = await makeUser({ mobileVerified: false });
    const res = await request(u.mobile);
    expect(ResetRequestResponse.parse(await res.json())).toEqual({ status: "ok", channel: "sms", message: m.resetSentSms });
    expect(await outbox(u.mobile)).toEqual([]);
  });

  it("sends a code, sets the new password with it, and ends every session", async () => {
    const u = await makeUser({ mobileVerified: true });
    const signedIn = newClient();
    await signedIn.post("/login", { email: u.email, password: PASSWORD, remember: true });
    expect((await signedIn.get("/profile/ajax/details")).status).toBe(200);

    const res = await request(u.mobile);
    expect(ResetRequestResponse.parse(await res.json())).toEqual({ status: "ok", channel: "sms", message: m.resetSentSms });
    const code = await latestCode(u.mobile);

    const done = await newClient().post("/password/reset/confirm", { identifier: u.mobile, code, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(await done.json()).toEqual({ status: "ok", message: m.resetDone });
    expect((await signedIn.get("/profile/ajax/details")).status).toBe(401);
    const live = await env.DB.prepare("select count(*) as n from sessions where user_id = ? and revoked_at is null").bind(u.id).first<{ n: number }>();
    expect(live!.n).toBe(0);
    expect(await canLogin(u.email, PASSWORD)).toBe(false);
    expect(await canLogin(u.email, NEW_PASSWORD)).toBe(true);
    expect((await userRow(u.id))!.mobileVerifiedAt).not.toBeNull();
    // The code is single-use.
    const again = await newClient().post("/password/reset/confirm", { identifier: u.mobile, code, password: PASSWORD, password_confirmation: PASSWORD });
    expect(BusinessErrorBody.parse(await again.json()).error).toBe(m.codeExpired);
  });

  it("locks the code after five wrong tries", async () => {
    const u = await makeUser();
    await request(u.mobile);
    const code = await latestCode(u.mobile);
    const wrong = String((Number(code) + 3) % 1_000_000).padStart(6, "0");
    const body = (c: string) => ({ identifier: u.mobile, code: c, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    for (let i = 0; i < 5; i++)
      expect(BusinessErrorBody.parse(await (await newClient().post("/password/reset/confirm", body(wrong))).json()).error).toBe(m.codeWrong);
    expect(BusinessErrorBody.parse(await (await newClient().post("/password/reset/confirm", body(code))).json()).error).toBe(m.codeLocked);
    expect(await canLogin(u.email, PASSWORD)).toBe(true);
  });

  it("30 wrong codes at once: at most five are judged, the right one after them is locked out, and one code confirms once even when sent twice at once", async () => {
    const u = await makeUser();
    await request(u.mobile);
    const code = await latestCode(u.mobile);
    const body = (c: string) => ({ identifier: u.mobile, code: c, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    const guesses = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    const answers = await Promise.all(
      guesses.map(async (g) => BusinessErrorBody.parse(await (await newClient().post("/password/reset/confirm", body(g))).json()).error),
    );
    expect(answers.filter((e) => e === m.codeWrong).length).toBeLessThanOrEqual(5);
    expect(answers.every((e) => e === m.codeWrong || e === m.codeLocked)).toBe(true);
    expect(BusinessErrorBody.parse(await (await newClient().post("/password/reset/confirm", body(code))).json()).error).toBe(m.codeLocked);
    expect(await canLogin(u.email, PASSWORD)).toBe(true);

    // A fresh code sent twice at the same moment: one password change, the other refused.
    const v = await makeUser();
    await request(v.mobile);
    const fresh = await latestCode(v.mobile);
    const both = await Promise.all(
      [0, 1].map(async () =>
        (
          await newClient().post("/password/reset/confirm", { identifier: v.mobile, code: fresh, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
        ).json(),
      ),
    );
    expect(both.filter((b) => (b as { status: string }).status === "ok")).toHaveLength(1);
  });

  it("a code sent to one account does not reset another's password", async () => {
    const a = await makeUser();
    const b = await makeUser();
    await request(a.mobile);
    const code = await latestCode(a.mobile);
    const res = await newClient().post("/password/reset/confirm", { identifier: b.mobile, code, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(BusinessErrorBody.parse(await res.json()).error).toBe(m.codeExpired);
    expect(await canLogin(b.email, PASSWORD)).toBe(true);
    expect(await canLogin(b.email, NEW_PASSWORD)).toBe(false);
  });

  it("refuses a code after 4 minutes", async () => {
    const u = await makeUser();
    const t0 = Date.now();
    await request(u.mobile, t0);
    const code = await latestCode(u.mobile);
    const res = await newClient().post(
      "/password/reset/confirm",
      { identifier: u.mobile, code, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      { now: t0 + 241_000 },
    );
    expect(BusinessErrorBody.parse(await res.json()).error).toBe(m.codeExpired);
  });
});

describe("password reset by e-mail (one-hour single-use link)", () => {
  it.each([
    ["e-mail", (u: { email: string }) => u.email],
    ["username", (u: { username: string }) => u.username],
  ])("by %s: mails a /password/reset?token= link that works once", async (_label, pick) => {
    const u = await makeUser();
    const signedIn = newClient();
    await signedIn.post("/login", { email: u.email, password: PASSWORD });
    const res = await request(pick(u));
    expect(ResetRequestResponse.parse(await res.json())).toEqual({ status: "ok", channel: "email", message: m.resetSentEmail });
    const [mail] = await outbox(u.email);
    expect(mail).toMatchObject({ channel: "email", recipient: u.email });
    expect(mail!.subject).toMatch(/[\u0600-\u06FF]/);
    const link = await latestLink(u.email);
    expect(link.pathname).toBe("/password/reset");
    const token = link.searchParams.get("token")!;
    expect(token.length).toBeGreaterThanOrEqual(40);
    // Stored hashed.
    const stored = await env.DB.prepare("select count(*) as n from verification_codes where code_hash = ?").bind(token).first<{ n: number }>();
    expect(stored!.n).toBe(0);

    const done = await newClient().post("/password/reset/confirm", { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(await done.json()).toEqual({ status: "ok", message: m.resetDone });
    expect((await signedIn.get("/profile/ajax/details")).status).toBe(401);
    expect(await canLogin(u.email, NEW_PASSWORD)).toBe(true);

    const reuse = await newClient().post("/password/reset/confirm", { token, password: PASSWORD, password_confirmation: PASSWORD });
    expect(BusinessErrorBody.parse(await reuse.json()).error).toBe(m.resetLinkInvalid);
    expect(await canLogin(u.email, NEW_PASSWORD)).toBe(true);
  });

  it("refuses the link after one hour", async () => {
    const u = await makeUser();
    const t0 = Date.now();
    await request(u.email, t0);
    const token = (await latestLink(u.email)).searchParams.get("token")!;
    const res = await newClient().post(
      "/password/reset/confirm",
      { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      { now: t0 + 3_600_001 },
    );
    expect(BusinessErrorBody.parse(await res.json()).error).toBe(m.resetLinkInvalid);
    expect(await canLogin(u.email, PASSWORD)).toBe(true);
  });

  it("a newer link replaces an older one", async () => {
    const u = await makeUser();
    const t0 = Date.now();
    await request(u.email, t0);
    const first = (await latestLink(u.email)).searchParams.get("token")!;
    await request(u.email, t0 + 241_000);
    const res = await newClient().post(
      "/password/reset/confirm",
      { token: first, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      { now: t0 + 242_000 },
    );
    expect(BusinessErrorBody.parse(await res.json()).error).toBe(m.resetLinkInvalid);
  });

  it("refuses a made-up token", async () => {
    const res = await newClient().post("/password/reset/confirm", { token: "x".repeat(43), password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(BusinessErrorBody.parse(await res.json()).error).toBe(m.resetLinkInvalid);
  });
});

describe("password reset does not tell which accounts exist", () => {
  it.each([
    ["mobile", () => uniqueMobile(), (u: { mobile: string }) => u.mobile],
    ["e-mail", () => uniqueEmail(), (u: { email: string }) => u.email],
  ])("answers an unknown %s exactly like a known one, and sends nothing", async (_label, unknown, known) => {
    const u = await makeUser();
    const stranger = unknown();
    const before = await count("dev_outbox");
    const a = await request(known(u));
    const b = await request(stranger);
    expect(a.status).toBe(b.status);
    expect(await b.json()).toEqual(await a.json());
    expect(await count("dev_outbox")).toBe(before + 1);
    expect(await outbox(stranger)).toEqual([]);
  });

  it("throttles known and unknown identifiers alike: one request per 240 s", async () => {
    const u = await makeUser();
    const stranger = uniqueMobile();
    const t0 = Date.now();
    for (const id of [u.mobile, stranger]) {
      expect((await request(id, t0)).status).toBe(200);
      const again = await request(id, t0 + 10_000);
      expect(again.status).toBe(429);
      expect(BusinessErrorBody.parse(await again.json()).error).toBe(m.tooManyResets(230));
      expect((await request(id, t0 + 240_000)).status).toBe(200);
    }
  });
});

describe("password reset input", () => {
  it.each([
    ["no identifier", "/password/reset/request", {}, { identifier: [m.identifierRequired] }],
    [
      "neither code nor token",
      "/password/reset/confirm",
      { identifier: "09120000000", password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      { code: [m.resetCodeOrToken] },
    ],
    [
      "a short password",
      "/password/reset/confirm",
      { token: "t".repeat(43), password: "short", password_confirmation: "short" },
      { password: [m.passwordTooShort] },
    ],
    [
      "a different confirmation",
      "/password/reset/confirm",
      { token: "t".repeat(43), password: NEW_PASSWORD, password_confirmation: "other-password" },
      { password_confirmation: [m.confirmationMismatch] },
    ],
    [
      "a 5-digit code",
      "/password/reset/confirm",
      { identifier: "09120000000", code: "12345", password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      { code: [m.codeFormat] },
    ],
  ])("answers 422 for %s", async (_label, path, body, errors) => {
    const before = await count("verification_codes");
    const res = await newClient().post(path, body);
    expect(res.status).toBe(422);
    expect(ValidationErrorBody.parse(await res.json()).errors).toEqual(errors);
    expect(await count("verification_codes")).toBe(before);
  });
});
