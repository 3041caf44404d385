import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { authMessages as m, CODE_STILL_VALID } from "../../contract/auth";
import { BusinessErrorBody, ValidationErrorBody } from "../../contract/common";
import { ProfileDetails } from "../../contract/profile";
import type { Client } from "./helpers";
import { PASSWORD, latestCode, makeUser, newClient, outbox, register, uniqueMobile, userByEmail } from "./auth-helpers";

/** A fresh user signed in with "remember me" (30 days), so the clock can move a day without losing the session. */
async function signedInUnverified(now: number): Promise<{ c: Client; email: string; mobile: string }> {
  const c = newClient();
  const data = await register(c, {}, now);
  await c.post("/login", { email: data.email, password: PASSWORD, remember: true }, { now });
  return { c, email: data.email, mobile: data.mobile };
}

async function mobileVerified(c: Client, now?: number) {
  const res = await c.get("/profile/ajax/details", { now });
  return ProfileDetails.parse(await res.json()).user.mobile_verifed;
}

const errorOf = async (res: Response) => BusinessErrorBody.parse(await res.json()).error;

describe("mobile dialog calls", () => {
  it("step 0 → 1 → 2: saves, sends a 6-digit code through the outbox, verifies", async () => {
    const t0 = Date.now();
    const { c, email } = await signedInUnverified(t0);
    const mobile = uniqueMobile();
    expect(await (await c.post("/profile/ajax/mobile_update", { mobile }, { now: t0 })).json()).toEqual({ status: "ok" });
    expect((await userByEmail(email))!.mobile).toBe(mobile);

    expect(await (await c.post("/profile/send/mobile/code", { mobile }, { now: t0 })).json()).toEqual({ status: "ok" });
    const [sms] = await outbox(mobile);
    expect(sms).toMatchObject({ channel: "sms", recipient: mobile });
    const code = await latestCode(mobile);
    expect(code).toMatch(/^\d{6}$/);

    // Stored hashed: the row does not contain the code.
    const row = await env.DB.prepare("select code_hash, expires_at, created_at from verification_codes where target = ? order by created_at desc")
      .bind(mobile)
      .first<{ code_hash: string; expires_at: number; created_at: number }>();
    expect(row!.code_hash).not.toContain(code);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expires_at - row!.created_at).toBe(4 * 60_000);

    expect(await mobileVerified(c, t0)).toBe(0);
    const persianCode = code.replace(/[0-9]/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!);
    expect(await (await c.post("/profile/mobile/verify", { code: persianCode }, { now: t0 + 60_000 })).json()).toEqual({ status: "ok" });
    expect(await mobileVerified(c, t0 + 60_000)).toBe(1);

    // A verified number needs no further code.
    expect(await errorOf(await c.post("/profile/send/mobile/code", { mobile }, { now: t0 + 300_000 }))).toBe(m.mobileAlreadyVerified);
  });

  it("saving a new number makes the account unverified again", async () => {
    const u = await makeUser();
    const c = newClient();
    await c.post("/login", { email: u.email, password: PASSWORD });
    expect(await mobileVerified(c)).toBe(1);
    await c.post("/profile/ajax/mobile_update", { mobile: uniqueMobile(), current_password: PASSWORD });
    expect(await mobileVerified(c)).toBe(0);
  });

  it("saving the same number keeps it verified", async () => {
    const u = await makeUser();
    const c = newClient();
    await c.post("/login", { email: u.email, password: PASSWORD });
    await c.post("/profile/ajax/mobile_update", { mobile: u.mobile });
    expect(await mobileVerified(c)).toBe(1);
  });

  it("refuses a number that belongs to another account", async () => {
    const other = await makeUser();
    const t0 = Date.now();
    const { c, email, mobile } = await signedInUnverified(t0);
    const res = await c.post("/profile/ajax/mobile_update", { mobile: other.mobile }, { now: t0 });
    expect(await errorOf(res)).toBe(m.mobileTaken);
    expect((await userByEmail(email))!.mobile).toBe(mobile);
    expect(await errorOf(await c.post("/profile/send/mobile/code", { mobile: other.mobile }, { now: t0 }))).toBe(m.mobileTaken);
    expect(await outbox(other.mobile)).toEqual([]);
  });

  it("probing whose number is held: at most five 'taken' answers an hour per account, even sent at once", async () => {
    const others = await Promise.all(Array.from({ length: 8 }, () => makeUser()));
    const t0 = Date.now();
    const { c, email, mobile } = await signedInUnverified(t0);
    await c.token();
    const answers = await Promise.all(
      others.map(async (o) => {
        const res = await c.post("/profile/ajax/mobile_update", { mobile: o.mobile }, { now: t0 });
        return res.status === 429 ? "limited" : await errorOf(res);
      }),
    );
    // Every probe is reserved before the check: parallel ones cannot pass the limit.
    expect(answers.filter((a) => a === m.mobileTaken).length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a === "limited").length).toBeGreaterThanOrEqual(3);
    expect((await userByEmail(email))!.mobile).toBe(mobile);
    // An hour later the account may try again (past its first hour, with its password).
    expect(await errorOf(await c.post("/profile/ajax/mobile_update", { mobile: others[0]!.mobile, current_password: PASSWORD }, { now: t0 + 3_600_001 }))).toBe(
      m.mobileTaken,
    );
  });

  it.each([
    [{}, { mobile: [m.mobileRequired] }],
    [{ mobile: "0912" }, { mobile: [m.mobileLength] }],
    [{ mobile: "12345678901" }, { mobile: [m.mobileInvalid] }],
  ])("answers 422 for mobile %j and changes nothing", async (body, errors) => {
    const t0 = Date.now();
    const { c, email, mobile } = await signedInUnverified(t0);
    for (const path of ["/profile/ajax/mobile_update", "/profile/send/mobile/code"]) {
      const res = await c.post(path, body, { now: t0 });
      expect(res.status).toBe(422);
      expect(ValidationErrorBody.parse(await res.json()).errors).toEqual(errors);
    }
    expect((await userByEmail(email))!.mobile).toBe(mobile);
    expect(await outbox(mobile)).toEqual([]);
  });

  it.each([
    [{}, { code: [m.codeRequired] }],
    [{ code: "12345" }, { code: [m.codeFormat] }],
    [{ code: "12a456" }, { code: [m.codeFormat] }],
  ])("answers 422 for code %j", async (body, errors) => {
    const t0 = Date.now();
    const { c } = await signedInUnverified(t0);
    const res = await c.post("/profile/mobile/verify", body, { now: t0 });
    expect(res.status).toBe(422);
    expect(ValidationErrorBody.parse(await res.json()).errors).toEqual(errors);
  });

  it("sends the code to a changed number given in step 1 (saving it first)", async () => {
    const t0 = Date.now();
    const { c, email } = await signedInUnverified(t0);
    const changed = uniqueMobile();
    expect((await c.post("/profile/send/mobile/code", { mobile: changed }, { now: t0 })).status).toBe(200);
    expect((await userByEmail(email))!.mobile).toBe(changed);
    expect(await latestCode(changed)).toMatch(/^\d{6}$/);
  });
});

describe("code limits (controllable clock)", () => {
  it("refuses a resend before 240 s with 429 and the seconds left; allows it at 240 s and the old code dies", async () => {
    const t0 = Date.now();
    const { c, mobile } = await signedInUnverified(t0);
    await c.post("/profile/send/mobile/code", { mobile }, { now: t0 });
    const first = await latestCode(mobile);

    const early = await c.post("/profile/send/mobile/code", { mobile }, { now: t0 + 100_000 });
    expect(early.status).toBe(429);
    expect(early.headers.get("retry-after")).toBe("140");
    expect(await errorOf(early)).toBe(m.resendTooSoon(140));
    expect((await outbox(mobile)).length).toBe(1);

    const onTime = await c.post("/profile/send/mobile/code", { mobile }, { now: t0 + 240_000 });
    expect(onTime.status).toBe(200);
    const second = await latestCode(mobile);
    expect((await outbox(mobile)).length).toBe(2);
    if (second !== first) {
      expect(await errorOf(await c.post("/profile/mobile/verify", { code: first }, { now: t0 + 241_000 }))).toBe(m.codeWrong);
    }
    expect(await (await c.post("/profile/mobile/verify", { code: second }, { now: t0 + 242_000 })).json()).toEqual({ status: "ok" });
  });

  it("a resend refused mid-countdown says the code sent before is still valid (code_still_valid, seconds left), and that code still verifies", async () => {
    const t0 = Date.now();
    const { c, mobile } = await signedInUnverified(t0);
    await c.post("/profile/send/mobile/code", { mobile }, { now: t0 });
    const code = await latestCode(mobile);
    // The dialog reopened after a reload, 100 s in: "send" is refused, with what the dialog needs to move on.
    const early = await c.post("/profile/send/mobile/code", { mobile }, { now: t0 + 100_000 });
    expect(early.status).toBe(429);
    expect(await early.json()).toMatchObject({ status: "error", code: CODE_STILL_VALID, retry_after: 140 });
    expect(await (await c.post("/profile/mobile/verify", { code }, { now: t0 + 101_000 })).json()).toEqual({ status: "ok" });
    expect(await mobileVerified(c, t0 + 101_000)).toBe(1);
  });

  it("the daily cap's refusal is not mistaken for a live code", async () => {
    const t0 = Date.now();
    const { c, mobile } = await signedInUnverified(t0);
    for (let i = 0; i < 5; i++) expect((await c.post("/profile/send/mobile/code", { mobile }, { now: t0 + i * 240_000 })).status).toBe(200);
    const capped = await c.post("/profile/send/mobile/code", { mobile }, { now: t0 + 5 * 240_000 });
    expect(capped.status).toBe(429);
    expect(((await capped.json()) as { code?: string }).code).toBeUndefined();
  });

  it("expires a code after 4 minutes", async () => {
    const t0 = Date.now();
    const { c, mobile } = await signedInUnverified(t0);
    await c.post("/profile/send/mobile/code", { mobile }, { now: t0 });
    const code = await latestCode(mobile);
    const late = await c.post("/profile/mobile/verify", { code }, { now: t0 + 4 * 60_000 + 1 });
    expect(await errorOf(late)).toBe(m.codeExpired);
    expect(await mobileVerified(c, t0 + 4 * 60_000 + 1)).toBe(0);
  });

  it("accepts a code just inside 4 minutes", async () => {
    const t0 = Date.now();
    const { c, mobile } = await signedInUnverified(t0);
    await c.post("/profile/send/mobile/code", { mobile }, { now: t0 });
    const code = await latestCode(mobile);
    expect(await (await c.post("/profile/mobile/verify", { code }, { now: t0 + 4 * 60_000 - 1 })).json()).toEqual({ status: "ok" });
  });

  it("ends a code after 5 wrong tries: the right code is then refused", async () => {
    const t0 = Date.now();
    const { c, mobile } = await signedInUnverified(t0);
    await c.post("/profile/send/mobile/code", { mobile }, { now: t0 });
    const code = await latestCode(mobile);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) {
      expect(await errorOf(await c.post("/profile/mobile/verify", { code: wrong }, { now: t0 + 1000 }))).toBe(m.codeWrong);
    }
    expect(await errorOf(await c.post("/profile/mobile/verify", { code }, { now: t0 + 2000 }))).toBe(m.codeLocked);
    expect(await mobileVerified(c, t0 + 2000)).toBe(0);
  });

  it("accepts the right code on the fifth try", async () => {
    const t0 = Date.now();
    const { c, mobile } = await signedInUnverified(t0);
    await c.post("/profile/send/mobile/code", { mobile }, { now: t0 });
    const code = await latestCode(mobile);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 4; i++) await c.post("/profile/mobile/verify", { code: wrong }, { now: t0 + 1000 });
    expect(await (await c.post("/profile/mobile/verify", { code }, { now: t0 + 2000 })).json()).toEqual({ status: "ok" });
  });

  it("sends at most 5 codes to a mobile in a day", async () => {
    const t0 = Date.now();
    const { c, mobile } = await signedInUnverified(t0);
    for (let i = 0; i < 5; i++) {
      const res = await c.post("/profile/send/mobile/code", { mobile }, { now: t0 + i * 240_000 });
      expect(res.status, `code ${i + 1}`).toBe(200);
    }
    const sixthAt = t0 + 5 * 240_000;
    const sixth = await c.post("/profile/send/mobile/code", { mobile }, { now: sixthAt });
    expect(sixth.status).toBe(429);
    const wait = Math.ceil((t0 + 86_400_000 - sixthAt) / 1000);
    expect(await errorOf(sixth)).toBe(m.dailyCodeLimit(wait));
    expect((await outbox(mobile)).length).toBe(5);
    // A day after the first, one slot is free again.
    expect((await c.post("/profile/send/mobile/code", { mobile }, { now: t0 + 86_400_000 + 1000 })).status).toBe(200);
  });

  it("the daily cap holds for the number even from another account", async () => {
    const t0 = Date.now();
    const first = await signedInUnverified(t0);
    for (let i = 0; i < 5; i++) await first.c.post("/profile/send/mobile/code", { mobile: first.mobile }, { now: t0 + i * 240_000 });
    // The first account moves to another number, freeing this one for a second account.
    await first.c.post("/profile/ajax/mobile_update", { mobile: uniqueMobile() }, { now: t0 + 1_300_000 });
    const second = await signedInUnverified(t0 + 1_300_000);
    await second.c.post("/profile/ajax/mobile_update", { mobile: first.mobile }, { now: t0 + 1_300_000 });
    const res = await second.c.post("/profile/send/mobile/code", { mobile: first.mobile }, { now: t0 + 1_300_000 });
    expect(res.status).toBe(429);
  });
});
