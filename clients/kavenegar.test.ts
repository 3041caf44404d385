import { describe, expect, it } from "vitest";
import { startFakeUpstream } from "../tests/fakes/upstream-server";
import { KavenegarResultSchema, createKavenegarClient } from "./kavenegar";
import { caught, recorder, useFakeUpstream } from "./test-support";

const fake = useFakeUpstream(() => startFakeUpstream({ port: 0 }));
const { seen, fetch: recordingFetch } = recorder<{ url: string; body: string; contentType: string | null }>((input, init) => ({
  url: String(input),
  body: String(init?.body ?? ""),
  contentType: new Headers(init?.headers).get("content-type"),
}));

function client(apiKey = "test-key-123", timeoutMs?: number) {
  return createKavenegarClient({ fetch: recordingFetch, upstreamBase: fake.url, apiKey, timeoutMs, defaultSender: "10004346" });
}

async function outbox(receptor: string): Promise<{ template: string | null; token: string | null; message: string; kind: string }[]> {
  return (await (await fetch(`${fake.url}/__kavenegar/messages?receptor=${receptor}`)).json()) as never;
}

describe("kavenegar verifyLookup", () => {
  it("posts a form to the key-in-path URL and reads the entries list", async () => {
    seen.length = 0;
    const r = await client().verifyLookup({ receptor: "09120000601", token: "852596", template: "daryaft-verify" });
    expect(new URL(seen[0]!.url).pathname).toBe("/api.kavenegar.com/v1/test-key-123/verify/lookup.json");
    expect(seen[0]!.contentType).toContain("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toEqual({ receptor: "09120000601", token: "852596", template: "daryaft-verify" });
    expect(KavenegarResultSchema.parse(r)).toEqual(r);
    expect(r.entries).toHaveLength(1);
    expect(r.entries[0]).toMatchObject({ receptor: "09120000601", status: 5, statusText: "ارسال به مخابرات", cost: 120 });
    expect(r.entries[0]!.messageId).toBeGreaterThan(0);
    const box = await outbox("09120000601");
    expect(box).toEqual([expect.objectContaining({ kind: "lookup", template: "daryaft-verify", token: "852596" })]);
  });

  it("accepts entries as a single object (the SDK README form)", async () => {
    const r = await client().verifyLookup({ receptor: "09120000602", token: "1234", template: "object-otp", token2: "x", token3: "y" });
    expect(r.entries).toHaveLength(1);
    expect(r.entries[0]!.receptor).toBe("09120000602");
  });

  it("keeps the Persian return.message on every non-200 status", async () => {
    const badKey = await caught(client("invalid-key").verifyLookup({ receptor: "09120000603", token: "1", template: "t" }));
    expect([badKey.kind, badKey.status, badKey.providerMessage]).toEqual(["auth", 403, "کد شناسایی (API-Key) معتبر نیست"]);
    const receptor = await caught(client().verifyLookup({ receptor: "12345", token: "1", template: "t" }));
    expect([receptor.kind, receptor.status, receptor.providerMessage]).toEqual(["http", 411, "شماره گیرنده پیام معتبر نمی باشد"]);
    const template = await caught(client().verifyLookup({ receptor: "09120000603", token: "1", template: "missing-template" }));
    expect(template.status).toBe(424);
    expect(template.providerMessage).toMatch(/^الگوی مورد نظر پیدا نشد/);
    const token = await caught(client().verifyLookup({ receptor: "09120000603", token: "a_b", template: "t" }));
    expect(token.status).toBe(431);
    const credit = await caught(client("poor-key").verifyLookup({ receptor: "09120000603", token: "1", template: "t" }));
    expect([credit.status, credit.providerMessage]).toEqual([418, "اعتبار حساب شما کافی نیست"]);
    expect(await outbox("09120000603")).toEqual([]);
  });

  it("maps a 500 page, a malformed body and a hang", async () => {
    expect((await caught(client().verifyLookup({ receptor: "09120000604", token: "1", template: "fake:500" }))).status).toBe(500);
    expect((await caught(client().verifyLookup({ receptor: "09120000604", token: "1", template: "fake:malformed" }))).kind).toBe("parse");
    expect((await caught(client("k", 200).verifyLookup({ receptor: "09120000604", token: "1", template: "fake:slow" }))).kind).toBe("timeout");
  });

  it("refuses a missing key and empty fields without calling out", async () => {
    seen.length = 0;
    expect((await caught(client("").verifyLookup({ receptor: "0912", token: "1", template: "t" }))).kind).toBe("auth");
    await expect(client().verifyLookup({ receptor: "09120000605", token: " ", template: "t" })).rejects.toThrow();
    expect(seen).toHaveLength(0);
  });
});

describe("kavenegar send", () => {
  it("sends with the default sender and returns the entries", async () => {
    seen.length = 0;
    const r = await client().send({ receptor: "09120000606", message: "سفارش شما آماده است" });
    expect(new URL(seen[0]!.url).pathname).toBe("/api.kavenegar.com/v1/test-key-123/sms/send.json");
    expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toEqual({ receptor: "09120000606", message: "سفارش شما آماده است", sender: "10004346" });
    expect(r.entries[0]).toMatchObject({ status: 1, statusText: "در صف ارسال", message: "سفارش شما آماده است", sender: "10004346" });
    expect((await outbox("09120000606"))[0]).toMatchObject({ kind: "send", message: "سفارش شما آماده است" });
  });

  it("rejects a too-long message with Kavenegar's 413", async () => {
    const err = await caught(client().send({ receptor: "09120000607", message: "x".repeat(700) }));
    expect(err.status).toBe(413);
  });
});
