/**
 * Issue 15 item 7: a session alone cannot take the account. Changing the e-mail or a verified
 * mobile (any mobile, past the account's first hour) needs the current password and tells the old e-mail; reset codes go only to verified
 * numbers (auth-reset.test.ts); MOBILE_SMS_CONFIRMATION is enforced by the server on ordering.
 */
import { describe, expect, it } from "vitest";
import { authMessages } from "../../contract/auth";
import { profileMessages } from "../../contract/profile";
import { clientFor, makeUser, outbox, PASSWORD, uniqueEmail, uniqueMobile, userRow } from "./auth-helpers";

describe("changing the e-mail needs the current password", () => {
  it("without it or with a wrong one: 422, no link, the e-mail stays", async () => {
    const u = await makeUser();
    const c = await clientFor(u.id);
    const next = uniqueEmail();
    const missing = await c.post("/profile/ajax/email", { email: next });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { errors: Record<string, string[]> }).errors.current_password).toEqual([profileMessages.currentPasswordRequired]);
    const wrong = await c.post("/profile/ajax/email", { email: next, current_password: "not-the-password" });
    expect(((await wrong.json()) as { errors: Record<string, string[]> }).errors.current_password).toEqual([profileMessages.currentPasswordWrong]);
    expect(await outbox(next)).toEqual([]);
    expect((await userRow(u.id))!.email).toBe(u.email);
  });

  it("with it: the link goes to the new address and the old address is told", async () => {
    const u = await makeUser();
    const c = await clientFor(u.id);
    const next = uniqueEmail();
    expect((await c.post("/profile/ajax/email", { email: next, current_password: PASSWORD })).status).toBe(200);
    expect((await outbox(next)).length).toBe(1);
    const [notice] = await outbox(u.email);
    expect(notice!.text).toContain(next.replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!));
  });

  it("parallel wrong guesses at the current password stop at five", async () => {
    const u = await makeUser();
    const c = await clientFor(u.id);
    await c.token();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => c.post("/profile/ajax/email", { email: uniqueEmail(), current_password: `guess-${i}-pw` })),
    );
    expect(answers.filter((r) => r.status === 422).length).toBeLessThanOrEqual(5);
    expect(answers.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(7);
  });
});

describe("replacing a verified mobile needs the current password", () => {
  it("without it: refused, the number stays verified; with it: saved, unverified, and the e-mail is told", async () => {
    const u = await makeUser({ mobileVerified: true });
    const c = await clientFor(u.id);
    const next = uniqueMobile();
    expect((await c.post("/profile/ajax/mobile_update", { mobile: next })).status).toBe(422);
    expect((await c.post("/profile/send/mobile/code", { mobile: next })).status).toBe(422);
    expect(await outbox(next)).toEqual([]);
    const row = (await userRow(u.id))!;
    expect([row.mobile, row.mobileVerifiedAt !== null]).toEqual([u.mobile, true]);

    expect(await (await c.post("/profile/ajax/mobile_update", { mobile: next, current_password: PASSWORD })).json()).toEqual({ status: "ok" });
    const after = (await userRow(u.id))!;
    expect([after.mobile, after.mobileVerifiedAt]).toEqual([next, null]);
    expect((await outbox(u.email))[0]!.subject).toContain("موبایل");
  });

  it("past the account's first hour, an unverified number too: else a stolen session sets its own, verifies it and resets the password by SMS", async () => {
    const u = await makeUser({ mobileVerified: false });
    const thief = await clientFor(u.id);
    const later = Date.now() + 2 * 3_600_000;
    const own = uniqueMobile();
    for (const path of ["/profile/ajax/mobile_update", "/profile/send/mobile/code"]) {
      const res = await thief.post(path, { mobile: own }, { now: later });
      expect(res.status, path).toBe(422);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors, path).toEqual({
        current_password: [profileMessages.currentPasswordRequired],
      });
    }
    expect(await outbox(own)).toEqual([]);
    expect((await userRow(u.id))!.mobile).toBe(u.mobile);
    // The owner, with the password, may; and the e-mail is told.
    expect(await (await thief.post("/profile/ajax/mobile_update", { mobile: own, current_password: PASSWORD }, { now: later })).json()).toEqual({
      status: "ok",
    });
    expect((await outbox(u.email))[0]!.subject).toContain("موبایل");
  });

  it("an unverified number can still be replaced without it (the registration flow)", async () => {
    const u = await makeUser({ mobileVerified: false });
    const c = await clientFor(u.id);
    expect(await (await c.post("/profile/ajax/mobile_update", { mobile: uniqueMobile() })).json()).toEqual({ status: "ok" });
  });
});

describe("MOBILE_SMS_CONFIRMATION is enforced by the server", () => {
  it("an unverified user cannot order or start a payment through the API; a verified one can try", async () => {
    const unverified = await clientFor((await makeUser({ mobileVerified: false })).id);
    for (const [path, body] of [
      ["/order", { items: [] }],
      ["/gateway/zarinpal", { amount: 10000 }],
      ["/show/standard_status", { id: 1, use_credit: 1 }],
      ["/insert/offline_article", { title: "x" }],
      // A reading list's offline rest spends offline credits: ordering like the others.
      ["/batch/bat_any/offline", {}],
    ] as const) {
      const res = await unverified.post(path, body);
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { error: string }).error, path).toBe(authMessages.mobileVerificationRequired);
    }
    const verified = await clientFor((await makeUser({ mobileVerified: true })).id);
    const res = await verified.post("/order", { items: [] });
    expect(res.status).not.toBe(403);
  });
});
