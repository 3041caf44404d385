/**
 * Fake ZarinPal v4 gateway (payment.zarinpal.com, api.zarinpal.com,
 * sandbox.zarinpal.com, www.zarinpal.com). Stateful per server instance;
 * authorities are random, so parallel tests never collide.
 *
 *   POST /pg/v4/payment/request.json  -> authority "A" + 35 chars; remembers amount and merchant.
 *        merchant not UUID-shaped -> -10; missing/invalid amount, description or callback_url -> -9;
 *        description with fake:500 | fake:slow | fake:malformed | fake:429 (-12) fails accordingly.
 *   GET  /pg/StartPay/{authority}     -> a Persian HTML "bank" page with pay and cancel links
 *   GET  /pg/StartPay/{authority}/pay | /cancel -> 302 to callback_url?Authority=...&Status=OK|NOK
 *   POST /pg/v4/payment/verify.json   -> 100 the first time after pay, 101 afterwards,
 *        -50 amount mismatch, -51 cancelled or not paid, -53 other merchant, -54 unknown authority.
 *   POST /pg/v4/payment/unVerified.json -> {data: {code: 100, message, authorities: [{authority,
 *        amount, callback_url, referer, date}]}}: the merchant's paid, not yet verified payments
 *        (newest first, at most 100, as ZarinPal documents); merchant not UUID-shaped -> -10.
 *
 * Error bodies follow the fixtures ({data: [], errors: {code, message, validations}}).
 * The real HTTP status of an error was never captured: this fake answers request errors
 * with 400 and verify errors with 200, so a client must read the body either way.
 */
import type { FakeProvider, FakeRequest, FakeResponse } from "../types";
import { HANG_MS, escapeHtml, failModeOfText, fixtureJson, html, json, randomAlnum } from "./_shared";

interface Payment {
  authority: string;
  merchant: string;
  amount: number;
  currency: string;
  description: string;
  callbackUrl: string;
  status: "pending" | "paid" | "cancelled" | "verified";
  refId: number | null;
  /** When the buyer paid (unVerified.json's date). */
  paidAt: number | null;
}

const UUID = /^[0-9a-z]{8}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{12}$/i;
const MESSAGES = fixtureJson("zarinpal/error_codes.json").codes as Record<string, string>;

function failure(status: number, code: number, validations: unknown[] = []): FakeResponse {
  return json(status, { data: [], errors: { message: MESSAGES[String(code)] ?? "Error", code, validations } });
}

function parseJson(body: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(body);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function isUrl(s: unknown): s is string {
  if (typeof s !== "string") return false;
  try {
    return ["http:", "https:"].includes(new URL(s).protocol);
  } catch {
    return false;
  }
}

function redirectBack(p: Payment, ok: boolean): FakeResponse {
  const u = new URL(p.callbackUrl);
  u.searchParams.set("Authority", p.authority);
  u.searchParams.set("Status", ok ? "OK" : "NOK");
  return { status: 302, headers: { location: u.toString(), "content-type": "text/plain" }, body: "" };
}

const toman = (p: Payment) => (p.currency === "IRT" ? p.amount : Math.floor(p.amount / 10));

/** Links are absolute paths on the fake ("/<host>/pg/StartPay/..."): the page is only ever seen through it. */
function startPayPage(p: Payment, host: string): string {
  const base = `/${host}/pg/StartPay/${p.authority}`;
  const amount = new Intl.NumberFormat("fa-IR").format(toman(p));
  return `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8"><title>درگاه پرداخت آزمایشی</title></head>
<body>
  <h1>درگاه پرداخت آزمایشی زرین‌پال</h1>
  <p>مبلغ: <strong data-amount="${toman(p)}">${amount} تومان</strong></p>
  <p>شرح: ${escapeHtml(p.description)}</p>
  <p><a id="pay" href="${base}/pay">پرداخت</a> | <a id="cancel" href="${base}/cancel">انصراف</a></p>
</body></html>`;
}

export function createZarinpalProvider(): FakeProvider {
  const payments = new Map<string, Payment>();
  let nextRefId = 201;

  function request(req: FakeRequest, hit: (k: string) => void): FakeResponse {
    hit("request");
    const b = parseJson(req.body);
    if (!b) return failure(400, -9, [{ body: "The request body must be JSON." }]);
    const merchant = b["merchant_id"];
    if (typeof merchant !== "string" || !UUID.test(merchant)) return failure(400, -10);
    const mode = failModeOfText(typeof b["description"] === "string" ? b["description"] : "");
    if (mode === "500") return html(500, "<!doctype html><title>500</title><h1>Server Error</h1>");
    if (mode === "slow") return { ...html(504, "<title>504</title>"), delayMs: HANG_MS };
    if (mode === "malformed") return { status: 200, headers: { "content-type": "application/json" }, body: '{"data":{"code":100,"authority":"A00' };
    if (mode === "429") return failure(429, -12);

    const currency = b["currency"] === "IRT" ? "IRT" : "IRR";
    const amount = b["amount"];
    const validations: Record<string, string>[] = [];
    const minimum = currency === "IRT" ? 100 : 1000;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount < minimum) {
      validations.push({ amount: `The amount must be at least ${minimum}.` });
    }
    if (typeof b["description"] !== "string" || !b["description"].trim()) validations.push({ description: "The description field is required." });
    if (!isUrl(b["callback_url"])) validations.push({ callback_url: "The callback url field is required." });
    if (validations.length) return failure(400, -9, validations);

    const authority = `A${randomAlnum(35)}`;
    const p: Payment = {
      authority,
      merchant,
      amount: amount as number,
      currency,
      description: b["description"] as string,
      callbackUrl: b["callback_url"] as string,
      status: "pending",
      refId: null,
      paidAt: null,
    };
    payments.set(authority, p);
    return json(200, {
      data: { code: 100, message: "Success", authority, fee_type: "Merchant", fee: Math.max(1, Math.round(p.amount / 100)) },
      errors: [],
    });
  }

  function verify(req: FakeRequest, hit: (k: string) => void): FakeResponse {
    const b = parseJson(req.body);
    const authority = typeof b?.["authority"] === "string" ? b["authority"] : "";
    hit(authority || "verify");
    if (!b) return failure(200, -9, [{ body: "The request body must be JSON." }]);
    const p = payments.get(authority);
    if (!p) return failure(200, -54);
    if (b["merchant_id"] !== p.merchant) return failure(200, -53);
    if (p.status === "pending" || p.status === "cancelled") return failure(200, -51);
    if (b["amount"] !== p.amount) return failure(200, -50);
    const verified = fixtureJson("zarinpal/payment_verify.response_100.json");
    if (p.status === "paid") {
      p.status = "verified";
      p.refId = nextRefId++;
      verified.data.code = 100;
    } else {
      verified.data.code = 101;
    }
    verified.data.message = "Verified";
    verified.data.ref_id = p.refId;
    verified.data.fee = Math.max(1, Math.round(p.amount / 100));
    return json(200, verified);
  }

  /** ZarinPal's date format: "2020-07-01 17:33:21" (Tehran, UTC+03:30). */
  const tehranDate = (ms: number) => new Date(ms + 3.5 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");

  function unverified(req: FakeRequest, hit: (k: string) => void): FakeResponse {
    hit("unverified");
    const b = parseJson(req.body);
    const merchant = b?.["merchant_id"];
    if (typeof merchant !== "string" || !UUID.test(merchant)) return failure(200, -10);
    const authorities = [...payments.values()]
      .filter((p) => p.merchant === merchant && p.status === "paid")
      .sort((a, b) => (b.paidAt ?? 0) - (a.paidAt ?? 0))
      .slice(0, 100)
      .map((p) => ({ authority: p.authority, amount: p.amount, callback_url: p.callbackUrl, referer: "", date: tehranDate(p.paidAt ?? 0) }));
    return json(200, { data: { code: 100, message: "Success", authorities }, errors: [] });
  }

  function startPay(host: string, authority: string, action: string | undefined, hit: (k: string) => void): FakeResponse {
    hit(authority);
    const p = payments.get(authority);
    if (!p) return html(404, `<!doctype html><html lang="fa" dir="rtl"><body><h1>تراکنش یافت نشد</h1></body></html>`);
    if (action === "pay") {
      if (p.status === "pending") {
        p.status = "paid";
        p.paidAt = Date.now();
      }
      return redirectBack(p, p.status === "paid" || p.status === "verified");
    }
    if (action === "cancel") {
      if (p.status === "pending") p.status = "cancelled";
      return redirectBack(p, p.status !== "cancelled");
    }
    return html(200, startPayPage(p, host));
  }

  return {
    name: "zarinpal",
    hosts: ["payment.zarinpal.com", "api.zarinpal.com", "sandbox.zarinpal.com", "www.zarinpal.com"],
    handle(req, state) {
      const hit = (k: string) => state.hit("zarinpal", k);
      if (req.method === "POST" && req.path === "/pg/v4/payment/request.json") return request(req, hit);
      if (req.method === "POST" && req.path === "/pg/v4/payment/verify.json") return verify(req, hit);
      if (req.method === "POST" && req.path === "/pg/v4/payment/unVerified.json") return unverified(req, hit);
      const m = /^\/pg\/StartPay\/([A-Za-z0-9]+)(?:\/ZarinGate)?(?:\/(pay|cancel))?$/.exec(req.path);
      if (req.method === "GET" && m) return startPay(req.host, m[1]!, m[2], hit);
      return null;
    },
  };
}
