import { describe, expect, it } from "vitest";
import { startFakeUpstream } from "../tests/fakes/upstream-server";
import { UpstreamError } from "./http";
import { ZARINPAL_MESSAGES_FA, ZarinpalError, createZarinpalClient, zarinpalPersianMessage } from "./zarinpal";
import { recorder, useFakeUpstream } from "./test-support";

const MERCHANT = "1344b5d4-0048-11e8-94db-005056a205be";
const fake = useFakeUpstream(() => startFakeUpstream({ port: 0 }));
const { seen, fetch: recordingFetch } = recorder<{ url: string; body: unknown }>((input, init) => ({
  url: String(input),
  body: typeof init?.body === "string" ? JSON.parse(init.body) : null,
}));

function client(extra: { merchantId?: string; sandbox?: boolean; timeoutMs?: number } = {}) {
  return createZarinpalClient({ fetch: recordingFetch, upstreamBase: fake.url, merchantId: MERCHANT, ...extra });
}

const order = { amount: 25_000, description: "خرید بسته اعتبار", callbackUrl: "https://daryaft.test/payment/callback?order=9" };

/** Play the buyer: open the StartPay page and click pay or cancel; returns the callback URL reached. */
async function buyer(startPayUrl: string, action: "pay" | "cancel"): Promise<URL> {
  const page = await fetch(startPayUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const href = new RegExp(`id="${action}" href="([^"]+)"`).exec(html)![1]!;
  const res = await fetch(new URL(href, startPayUrl), { redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}

async function zarinpalError(p: Promise<unknown>): Promise<ZarinpalError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ZarinpalError) return err;
    throw err;
  }
  throw new Error("expected a ZarinpalError");
}

describe("zarinpal", () => {
  it("requests a payment in toman (IRT) with metadata and returns the authority", async () => {
    seen.length = 0;
    const r = await client().requestPayment({ ...order, mobile: "09121234567", email: "a@b.org", orderId: "ord-9" });
    expect(new URL(seen[0]!.url).pathname).toBe("/payment.zarinpal.com/pg/v4/payment/request.json");
    expect(seen[0]!.body).toEqual({
      merchant_id: MERCHANT,
      amount: 25_000,
      currency: "IRT",
      description: "خرید بسته اعتبار",
      callback_url: "https://daryaft.test/payment/callback?order=9",
      metadata: { mobile: "09121234567", email: "a@b.org", order_id: "ord-9" },
    });
    expect(r.authority).toMatch(/^A[A-Za-z0-9]{35}$/);
    expect(r.fee).toBe(250);
    expect(r.feeType).toBe("Merchant");
  });

  it("runs a full purchase: StartPay, pay, callback with Status=OK, verify 100, then 101 on replay", async () => {
    const c = client();
    const { authority } = await c.requestPayment(order);
    const startPay = c.startPayUrl(authority);
    expect(startPay).toBe(`${fake.url}/payment.zarinpal.com/pg/StartPay/${authority}`);

    const callback = await buyer(startPay, "pay");
    expect(callback.origin + callback.pathname).toBe("https://daryaft.test/payment/callback");
    expect(callback.searchParams.get("order")).toBe("9");
    expect(callback.searchParams.get("Authority")).toBe(authority);
    expect(callback.searchParams.get("Status")).toBe("OK");

    const first = await c.verifyPayment({ amount: order.amount, authority });
    expect(first).toMatchObject({ code: 100, cardPan: "502229******5995", fee: 250 });
    expect(first.refId).toBeGreaterThan(0);
    expect(first.cardHash).toMatch(/^[0-9A-F]{64}$/);
    const replay = await c.verifyPayment({ amount: order.amount, authority });
    expect(replay).toEqual({ ...first, code: 101 });
  });

  it("verify: -50 on a different amount, -51 when cancelled or unpaid, -53 for another merchant, -54 for an unknown authority", async () => {
    const c = client();
    const paid = await c.requestPayment(order);
    await buyer(c.startPayUrl(paid.authority), "pay");
    const mismatch = await zarinpalError(c.verifyPayment({ amount: order.amount + 1, authority: paid.authority }));
    expect(mismatch.code).toBe(-50);
    expect(mismatch.persianMessage).toBe(ZARINPAL_MESSAGES_FA[-50]);

    const other = await zarinpalError(
      client({ merchantId: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee" }).verifyPayment({ amount: order.amount, authority: paid.authority }),
    );
    expect(other.code).toBe(-53);

    const cancelled = await c.requestPayment(order);
    const back = await buyer(c.startPayUrl(cancelled.authority), "cancel");
    expect(back.searchParams.get("Status")).toBe("NOK");
    expect((await zarinpalError(c.verifyPayment({ amount: order.amount, authority: cancelled.authority }))).code).toBe(-51);

    const unpaid = await c.requestPayment(order);
    expect((await zarinpalError(c.verifyPayment({ amount: order.amount, authority: unpaid.authority }))).code).toBe(-51);

    const unknown = await zarinpalError(c.verifyPayment({ amount: order.amount, authority: "A00000000000000000000000000000000000" }));
    expect(unknown.code).toBe(-54);
    expect(unknown.persianMessage).toBe("شناسه پرداخت معتبر نیست.");
  });

  it("request errors: -10 bad merchant, -9 validation with field list, -12 throttled; data/errors type flip decoded", async () => {
    const bad = await zarinpalError(client({ merchantId: "xxxx" }).requestPayment(order));
    expect(bad.code).toBe(-10);
    expect(bad.providerMessage).toBe("Terminal is not valid, please check merchant_id or ip address.");
    const invalid = await zarinpalError(client().requestPayment({ ...order, amount: 50 }));
    expect(invalid.code).toBe(-9);
    expect(invalid.validations).toEqual([{ amount: "The amount must be at least 100." }]);
    expect((await zarinpalError(client().requestPayment({ ...order, description: "fake:429" }))).code).toBe(-12);
  });

  it("unVerified: lists paid, unverified payments (authority, amount, callback, date); verified ones leave the list; -10 for a bad merchant", async () => {
    const c = client();
    const paid = await c.requestPayment(order);
    const unpaid = await c.requestPayment(order);
    await buyer(c.startPayUrl(paid.authority), "pay");
    const list = await c.unverifiedPayments();
    expect(seen.at(-1)).toEqual({ url: `${fake.url}/payment.zarinpal.com/pg/v4/payment/unVerified.json`, body: { merchant_id: MERCHANT } });
    const entry = list.find((u) => u.authority === paid.authority);
    expect(entry).toMatchObject({ amount: 25_000, callbackUrl: order.callbackUrl });
    expect(entry!.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(list.some((u) => u.authority === unpaid.authority)).toBe(false);
    await c.verifyPayment({ amount: 25_000, authority: paid.authority });
    expect((await c.unverifiedPayments()).some((u) => u.authority === paid.authority)).toBe(false);
    expect((await zarinpalError(client({ merchantId: "nope" }).unverifiedPayments())).code).toBe(-10);
  });

  it("uses the sandbox host when asked", async () => {
    seen.length = 0;
    const c = client({ sandbox: true });
    const { authority } = await c.requestPayment(order);
    expect(new URL(seen[0]!.url).pathname).toBe("/sandbox.zarinpal.com/pg/v4/payment/request.json");
    expect(c.startPayUrl(authority)).toBe(`${fake.url}/sandbox.zarinpal.com/pg/StartPay/${authority}`);
    expect(createZarinpalClient({ fetch, merchantId: MERCHANT }).startPayUrl(authority)).toBe(`https://payment.zarinpal.com/pg/StartPay/${authority}`);
  });

  it("maps transport failures to UpstreamError and refuses bad input locally", async () => {
    const boom = await client()
      .requestPayment({ ...order, description: "fake:500" })
      .catch((e: unknown) => e);
    expect(boom).toBeInstanceOf(UpstreamError);
    expect((boom as UpstreamError).status).toBe(500);
    const garbage = await client()
      .requestPayment({ ...order, description: "fake:malformed" })
      .catch((e: unknown) => e);
    expect((garbage as UpstreamError).kind).toBe("parse");
    const slow = await client({ timeoutMs: 200 })
      .requestPayment({ ...order, description: "fake:slow" })
      .catch((e: unknown) => e);
    expect((slow as UpstreamError).kind).toBe("timeout");
    await expect(client().requestPayment({ ...order, amount: 10.5 })).rejects.toThrow();
    await expect(client().verifyPayment({ amount: 0, authority: "A1" })).rejects.toThrow(RangeError);
    expect(() => client().startPayUrl("../../evil")).toThrow(RangeError);
  });

  it("has a Persian message for every documented error code", () => {
    for (const code of [-9, -10, -11, -12, -15, -16, -17, -30, -31, -32, -33, -34, -35, -40, -50, -51, -52, -53, -54]) {
      expect(ZARINPAL_MESSAGES_FA[code], String(code)).toMatch(/[\u0600-\u06FF]/);
    }
    expect(zarinpalPersianMessage(-99)).toContain("-99");
  });
});
