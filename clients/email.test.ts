import { describe, expect, it } from "vitest";
import { startFakeUpstream } from "../tests/fakes/upstream-server";
import { createEmailClient } from "./email";
import type { RateLimiter } from "./http";
import { caught, recorder, useFakeUpstream } from "./test-support";

const fake = useFakeUpstream(() => startFakeUpstream({ port: 0 }));
const { seen, fetch: recordingFetch } = recorder<{ url: string; headers: Headers; body: unknown }>((input, init) => ({
  url: String(input),
  headers: new Headers(init?.headers),
  body: JSON.parse(String(init?.body)),
}));

function client(apiKey = "re_test_123", extra: { timeoutMs?: number; rateLimiter?: RateLimiter | null } = {}) {
  return createEmailClient({
    fetch: recordingFetch,
    upstreamBase: fake.url,
    apiKey,
    defaultFrom: "دریافت <no-reply@daryaft.test>",
    rateLimiter: null,
    ...extra,
  });
}

describe("email (Resend)", () => {
  it("posts JSON with the bearer key and returns the id; the fake's outbox has the message", async () => {
    seen.length = 0;
    const r = await client().send({ to: "reader-701@daryaft.test", subject: "بازیابی گذرواژه", text: "کد: 1234", html: "<p>کد: 1234</p>" });
    expect(new URL(seen[0]!.url).pathname).toBe("/api.resend.com/emails");
    expect(seen[0]!.headers.get("authorization")).toBe("Bearer re_test_123");
    expect(seen[0]!.body).toEqual({
      from: "دریافت <no-reply@daryaft.test>",
      to: "reader-701@daryaft.test",
      subject: "بازیابی گذرواژه",
      text: "کد: 1234",
      html: "<p>کد: 1234</p>",
    });
    expect(r.id).toMatch(/^[0-9a-f-]{36}$/);
    const box = (await (await fetch(`${fake.url}/__resend/emails?to=reader-701@daryaft.test`)).json()) as { id: string; subject: string }[];
    expect(box).toEqual([expect.objectContaining({ id: r.id, subject: "بازیابی گذرواژه" })]);
  });

  it("maps missing and invalid keys to auth", async () => {
    seen.length = 0;
    expect((await caught(client("").send({ to: "a@b.org", subject: "s", text: "t" }))).kind).toBe("auth");
    expect(seen).toHaveLength(0);
    const invalid = await caught(client("re_invalid").send({ to: "a@b.org", subject: "s", text: "t" }));
    expect([invalid.kind, invalid.status, invalid.providerMessage]).toEqual(["auth", 403, "API key is invalid"]);
  });

  it("maps 429 (and tells the limiter), 500, malformed and a hang", async () => {
    const pauses: number[] = [];
    const limiter: RateLimiter = { acquire: async () => {}, pause: (ms) => pauses.push(ms) };
    const limited = await caught(client("re_x", { rateLimiter: limiter }).send({ to: "a@b.org", subject: "fake:429", text: "t" }));
    expect([limited.kind, limited.retryAfterSeconds]).toEqual(["rate_limited", 1]);
    expect(pauses).toEqual([1000]);
    expect((await caught(client().send({ to: "a@b.org", subject: "fake:500", text: "t" }))).status).toBe(500);
    expect((await caught(client().send({ to: "a@b.org", subject: "fake:malformed", text: "t" }))).kind).toBe("parse");
    expect((await caught(client("re_x", { timeoutMs: 200 }).send({ to: "a@b.org", subject: "fake:slow", text: "t" }))).kind).toBe("timeout");
  });

  it("validates the message locally", async () => {
    await expect(client().send({ to: "not-an-address", subject: "s", text: "t" })).rejects.toThrow();
    await expect(client().send({ to: "a@b.org", subject: " ", text: "t" })).rejects.toThrow();
    const noFrom = createEmailClient({ fetch, upstreamBase: fake.url, apiKey: "re_x", rateLimiter: null });
    await expect(noFrom.send({ to: "a@b.org", subject: "s", text: "t" })).rejects.toThrow(RangeError);
  });
});
