/** Card-payment test helpers: the gateway form, the development bank played like a browser, the result page's data. */
import { expect } from "vitest";
import { PaymentResult } from "../../contract/wallet";
import { walletMessages } from "../../worker/features/wallet/messages";
import type { Client } from "./helpers";

/** Posts the gateway form and answers the redirect location. */
export async function startGateway(client: Client, gateway: string, fields: Record<string, string>, init: { now?: number } = {}) {
  const res = await client.postForm(`/gateway/${gateway}`, fields, init);
  expect(res.status).toBe(303);
  return res.headers.get("location")!;
}

/** Plays the development bank: opens its page, presses pay or cancel, follows back to our callback. */
export async function devbank(client: Client, location: string, action: "pay" | "cancel") {
  expect(location).toMatch(/^\/gateway\/devbank\/pay\/pay_/);
  const page = await client.get(location);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('dir="rtl"');
  expect(html).toContain(walletMessages.devbankPay);
  const back = await client.postForm(location, { action });
  expect(back.status).toBe(303);
  const callback = back.headers.get("location")!;
  expect(callback).toMatch(/^\/gateway\/devbank\/callback\?Authority=DEV[A-Za-z0-9]+&Status=(OK|NOK)$/);
  const done = await client.get(callback);
  expect(done.status).toBe(302);
  return { callback, result: done.headers.get("location")! };
}

export async function paymentOf(client: Client, resultLocation: string) {
  const id = new URL(resultLocation, "https://daryaft.test").searchParams.get("id")!;
  const res = await client.get(`/payments/${id}`);
  expect(res.status).toBe(200);
  return PaymentResult.parse(await res.json());
}
