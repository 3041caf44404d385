import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { authMessages as m } from "../../contract/auth";
import { BusinessErrorBody } from "../../contract/common";
import { app } from "../../worker/app";
import { createDb } from "../../db/client";
import { createLogger } from "../../lib/logger";
import { createNotifier, NotifyError } from "../../worker/features/notify/notifier";
import { Client } from "./helpers";
import { PASSWORD, makeUser, outbox, uniqueEmail, uniqueIp, uniqueMobile } from "./auth-helpers";

const upstream = () => env.UPSTREAM_BASE!;

type FakeSms = { kind: string; receptor: string; template: string | null; token: string | null };
type FakeEmail = { to: string[]; subject: string; text: string | null; from: string };

async function fakeSms(receptor: string): Promise<FakeSms[]> {
  return (await fetch(`${upstream()}/__kavenegar/messages?receptor=${receptor}`)).json();
}
async function fakeEmails(to: string): Promise<FakeEmail[]> {
  return (await fetch(`${upstream()}/__resend/emails?to=${encodeURIComponent(to)}`)).json();
}

function notifier(over: Partial<Cloudflare.Env>) {
  return createNotifier({ env: { ...env, ...over }, db: createDb(env.DB), log: createLogger("test"), now: () => Date.now() });
}

/** A browser talking to the app with different secrets or environment (the worker's own bindings stay as they are). */
class EnvClient extends Client {
  constructor(readonly bindings: Partial<Cloudflare.Env>) {
    super({ "cf-connecting-ip": uniqueIp() });
  }
  override async fetch(path: string, init: RequestInit & { now?: number } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("cf-connecting-ip", this.headers["cf-connecting-ip"]!);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await app.fetch(new Request(`https://daryaft.test${path}`, { ...init, headers, redirect: "manual" }), { ...env, ...this.bindings });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...rest] = pair!.split("=");
      this.cookies.set(name!.trim(), rest.join("="));
    }
    return res;
  }
}

describe("notifier", () => {
  it("sends a code through Kavenegar's verify/lookup template when the key is set", async () => {
    const mobile = uniqueMobile();
    const out = await notifier({ KAVENEGAR_API_KEY: "test-key", KAVENEGAR_TEMPLATE: "daryaft-verify" }).notify({
      mobile,
      template: "mobile_code",
      params: { code: "123456" },
    });
    expect(out).toEqual([{ channel: "sms", via: "kavenegar" }]);
    const [sms] = await fakeSms(mobile);
    expect(sms).toMatchObject({ kind: "lookup", receptor: mobile, template: "daryaft-verify", token: "123456" });
    expect(await outbox(mobile)).toEqual([]);
  });

  it("sends e-mail through Resend when the key and sender are set", async () => {
    const email = uniqueEmail();
    const out = await notifier({ RESEND_API_KEY: "re_test", EMAIL_FROM: "دریافت <no-reply@daryaft.test>" }).notify({
      email,
      template: "reset_link",
      params: { link: "https://daryaft.test/password/reset?token=abc" },
    });
    expect(out).toEqual([{ channel: "email", via: "resend" }]);
    const [mail] = await fakeEmails(email);
    expect(mail!.text).toContain("https://daryaft.test/password/reset?token=abc");
    expect(mail!.subject).toMatch(/[\u0600-\u06FF]/);
  });

  it("writes to the development outbox without keys", async () => {
    const mobile = uniqueMobile();
    expect(await notifier({}).notify({ mobile, template: "mobile_code", params: { code: "654321" } })).toEqual([{ channel: "sms", via: "outbox" }]);
    const [msg] = await outbox(mobile);
    expect(msg!.text).toContain("654321");
  });

  it("resolves the recipient from a user id", async () => {
    const u = await makeUser();
    await notifier({}).notify({ userId: u.id, template: "reset_code", params: { code: "111222" } });
    expect((await outbox(u.mobile))[0]!.text).toContain("111222");
  });

  it("refuses to fall back to the outbox in production", async () => {
    await expect(
      notifier({ APP_ENV: "production" }).notify({ mobile: uniqueMobile(), template: "mobile_code", params: { code: "123456" } }),
    ).rejects.toBeInstanceOf(NotifyError);
  });

  it("turns a provider refusal into NotifyError", async () => {
    await expect(
      notifier({ KAVENEGAR_API_KEY: "poor-key" }).notify({ mobile: uniqueMobile(), template: "mobile_code", params: { code: "123456" } }),
    ).rejects.toBeInstanceOf(NotifyError);
  });
});

describe("mobile verification through the Kavenegar client (fake provider)", () => {
  it("verifies with the code the provider received", async () => {
    const u = await makeUser({ mobileVerified: false });
    const c = new EnvClient({ KAVENEGAR_API_KEY: "test-key" });
    expect((await c.post("/login", { email: u.email, password: PASSWORD })).status).toBe(200);
    expect(await (await c.post("/profile/send/mobile/code", { mobile: u.mobile })).json()).toEqual({ status: "ok" });
    const [sms] = await fakeSms(u.mobile);
    expect(sms!.token).toMatch(/^\d{6}$/);
    expect(await (await c.post("/profile/mobile/verify", { code: sms!.token })).json()).toEqual({ status: "ok" });
  });

  it("reports a failed SMS in Persian and does not start the resend countdown", async () => {
    const u = await makeUser({ mobileVerified: false });
    const c = new EnvClient({ KAVENEGAR_API_KEY: "poor-key" });
    await c.post("/login", { email: u.email, password: PASSWORD });
    const res = await c.post("/profile/send/mobile/code", { mobile: u.mobile });
    expect(BusinessErrorBody.parse(await res.json()).error).toBe(m.smsFailed);
    const retry = new EnvClient({ KAVENEGAR_API_KEY: "test-key" });
    retry.cookies = c.cookies;
    retry.csrf = c.csrf;
    expect((await retry.post("/profile/send/mobile/code", { mobile: u.mobile })).status).toBe(200);
  });
});

describe("GET /dev/outbox.json", () => {
  it("lists the newest messages first with recipient, text and time", async () => {
    const a = uniqueMobile();
    await notifier({}).notify({ mobile: a, template: "mobile_code", params: { code: "000001" } });
    await notifier({}).notify({ mobile: a, template: "mobile_code", params: { code: "000002" } });
    const list = await outbox(a);
    expect(list.map((x) => x.text.match(/\d{6}/)![0])).toEqual(["000002", "000001"]);
    expect(Number.isNaN(Date.parse(list[0]!.created_at))).toBe(false);
  });

  it("is absent (404) in production", async () => {
    const res = await new EnvClient({ APP_ENV: "production" }).get("/dev/outbox.json");
    expect(res.status).toBe(404);
  });
});
