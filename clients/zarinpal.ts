/**
 * ZarinPal payment gateway v4: request a payment, send the buyer to StartPay,
 * verify with the amount on return, and list paid-but-unverified payments
 * (unVerified.json, for reconciliation).
 * Wire format: tests/fixtures/zarinpal (SOURCES.md §6). `data` and `errors`
 * flip between object and empty array on success and failure, and the HTTP
 * status of an error is not reliable, so the body decides.
 */
import { z } from "zod";
import { asInt, asRecord, asString, validateOutput } from "./decode";
import { clientTransport, readJsonObject } from "./base";
import { PROVIDER_LIMITS, UpstreamError, upstreamUrl, type ClientBaseOptions } from "./http";

const PROVIDER = "zarinpal";
const HOST = "https://payment.zarinpal.com";
const SANDBOX_HOST = "https://sandbox.zarinpal.com";

/** Persian, user-facing text for each ZarinPal error code. */
export const ZARINPAL_MESSAGES_FA: Readonly<Record<number, string>> = {
  [-9]: "اطلاعات ارسال‌شده به درگاه پرداخت کامل یا معتبر نیست.",
  [-10]: "شناسه پذیرنده یا نشانی IP فروشگاه در درگاه پرداخت معتبر نیست.",
  [-11]: "درگاه پرداخت فروشگاه فعال نیست. لطفاً با پشتیبانی تماس بگیرید.",
  [-12]: "تعداد تلاش‌ها بیش از حد مجاز است. لطفاً کمی بعد دوباره تلاش کنید.",
  [-13]: "سقف تراکنش‌های درگاه پرداخت پر شده است.",
  [-14]: "نشانی بازگشت با دامنه ثبت‌شده برای درگاه پرداخت یکسان نیست.",
  [-15]: "درگاه پرداخت فروشگاه به حالت تعلیق درآمده است. لطفاً با پشتیبانی تماس بگیرید.",
  [-16]: "سطح حساب پذیرنده برای این پرداخت کافی نیست. لطفاً با پشتیبانی تماس بگیرید.",
  [-17]: "سطح حساب پذیرنده اجازه این نوع پرداخت را نمی‌دهد. لطفاً با پشتیبانی تماس بگیرید.",
  [-30]: "این درگاه اجازه تسهیم شناور مبلغ را ندارد.",
  [-31]: "برای تسهیم مبلغ، حساب بانکی پیش‌فرض در پنل پذیرنده ثبت نشده است.",
  [-32]: "مجموع مبالغ تسهیم شناور از سقف مجاز بیشتر است.",
  [-33]: "مبالغ تسهیم شناور معتبر نیست.",
  [-34]: "مجموع مبالغ تسهیم ثابت از سقف مجاز بیشتر است.",
  [-35]: "تعداد بخش‌های تسهیم شناور از حد مجاز بیشتر است.",
  [-40]: "پارامترهای اضافی پرداخت (مانند زمان انقضا) معتبر نیست.",
  [-50]: "مبلغ پرداخت‌شده با مبلغ سفارش یکسان نیست.",
  [-51]: "پرداخت انجام نشد یا از سوی شما لغو شد.",
  [-52]: "خطای پیش‌بینی‌نشده‌ای در درگاه پرداخت رخ داد. لطفاً با پشتیبانی تماس بگیرید.",
  [-53]: "این پرداخت متعلق به این فروشگاه نیست.",
  [-54]: "شناسه پرداخت معتبر نیست.",
};

export function zarinpalPersianMessage(code: number): string {
  return ZARINPAL_MESSAGES_FA[code] ?? `خطای ناشناخته در درگاه پرداخت (کد ${code}).`;
}

/** The gateway refused: `code` is ZarinPal's negative code (or an unexpected positive one). */
export class ZarinpalError extends Error {
  readonly code: number;
  readonly persianMessage: string;
  /** ZarinPal's own English text. */
  readonly providerMessage: string | undefined;
  /** Field errors that come with -9. */
  readonly validations: unknown;

  constructor(code: number, providerMessage?: string, validations?: unknown) {
    super(`zarinpal: code ${code}${providerMessage ? `: ${providerMessage}` : ""}`);
    this.name = "ZarinpalError";
    this.code = code;
    this.persianMessage = zarinpalPersianMessage(code);
    this.providerMessage = providerMessage;
    this.validations = validations;
  }
}

export const ZarinpalPaymentRequestSchema = z.object({
  /** Toman (sent with currency "IRT"). */
  amount: z.number().int().positive(),
  description: z.string().trim().min(1).max(500),
  callbackUrl: z.url(),
  mobile: z.string().optional(),
  email: z.string().optional(),
  orderId: z.string().optional(),
});
export type ZarinpalPaymentRequest = z.input<typeof ZarinpalPaymentRequestSchema>;

export const ZarinpalRequestResultSchema = z.object({
  authority: z.string().min(1),
  fee: z.number().int().nullable(),
  feeType: z.string().nullable(),
});
export type ZarinpalRequestResult = z.infer<typeof ZarinpalRequestResultSchema>;

export const ZarinpalVerifyResultSchema = z.object({
  /** 100 verified now; 101 verified earlier (a replay: treat as paid, change nothing). */
  code: z.union([z.literal(100), z.literal(101)]),
  refId: z.number().int().nullable(),
  cardPan: z.string().nullable(),
  cardHash: z.string().nullable(),
  fee: z.number().int().nullable(),
});
export type ZarinpalVerifyResult = z.infer<typeof ZarinpalVerifyResultSchema>;

/** One entry of unVerified.json: paid at the bank, never verified by the merchant (yet). */
export const ZarinpalUnverifiedSchema = z.object({
  authority: z.string().min(1),
  amount: z.number().int(),
  callbackUrl: z.string().nullable(),
  /** "YYYY-MM-DD HH:MM:SS", Tehran time. */
  date: z.string().nullable(),
});
export type ZarinpalUnverified = z.infer<typeof ZarinpalUnverifiedSchema>;

export interface ZarinpalClientOptions extends ClientBaseOptions {
  merchantId: string;
  sandbox?: boolean | undefined;
}

export interface ZarinpalClient {
  requestPayment(req: ZarinpalPaymentRequest): Promise<ZarinpalRequestResult>;
  /** Where to send the buyer (rewritten onto upstreamBase in local development). */
  startPayUrl(authority: string): string;
  verifyPayment(req: { amount: number; authority: string }): Promise<ZarinpalVerifyResult>;
  /** POST unVerified.json: the merchant's payments that were paid but not verified (ZarinPal lists the latest 100). */
  unverifiedPayments(): Promise<ZarinpalUnverified[]>;
}

export function createZarinpalClient(opts: ZarinpalClientOptions): ZarinpalClient {
  // The deployment's ZarinPal budget when the caller passes it; none otherwise (no per-isolate default).
  const upstream = clientTransport(
    { ...opts, rateLimiter: opts.rateLimiter ?? null },
    { provider: PROVIDER, defaultTimeoutMs: 15_000, limits: PROVIDER_LIMITS.zarinpal },
  );
  const host = opts.sandbox ? SANDBOX_HOST : HOST;

  async function post(path: string, payload: Record<string, unknown>): Promise<{ data: Record<string, unknown> }> {
    const res = await upstream.send(
      `${host}${path}`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ merchant_id: opts.merchantId, ...payload }),
      },
      // Error bodies come with 4xx statuses; read them. 5xx and others still throw.
      { acceptStatuses: [400, 401, 403, 404, 406, 409, 410, 422, 429] },
    );
    const body = await readJsonObject(res, PROVIDER);
    if (!body) throw new UpstreamError({ provider: PROVIDER, kind: "parse", status: res.status, message: "zarinpal: body is not an object" });
    const errors = asRecord(body["errors"]);
    const errorCode = asInt(errors?.["code"]);
    if (errorCode !== null && errorCode !== 100 && errorCode !== 101) {
      throw new ZarinpalError(errorCode, asString(errors?.["message"]) ?? undefined, errors?.["validations"]);
    }
    const data = asRecord(body["data"]);
    const code = asInt(data?.["code"]);
    if (!data || code === null) {
      if (res.status === 429) {
        throw new UpstreamError({ provider: PROVIDER, kind: "rate_limited", status: 429, message: "zarinpal: HTTP 429" });
      }
      throw new UpstreamError({ provider: PROVIDER, kind: "parse", status: res.status, message: "zarinpal: neither data.code nor errors.code in body" });
    }
    if (code !== 100 && code !== 101) throw new ZarinpalError(code, asString(data["message"]) ?? undefined);
    return { data };
  }

  return {
    async requestPayment(input) {
      const r = ZarinpalPaymentRequestSchema.parse(input);
      const metadata: Record<string, string> = {};
      if (r.mobile) metadata["mobile"] = r.mobile;
      if (r.email) metadata["email"] = r.email;
      if (r.orderId) metadata["order_id"] = r.orderId;
      const { data } = await post("/pg/v4/payment/request.json", {
        amount: r.amount,
        currency: "IRT",
        description: r.description,
        callback_url: r.callbackUrl,
        ...(Object.keys(metadata).length ? { metadata } : {}),
      });
      return validateOutput(
        ZarinpalRequestResultSchema,
        { authority: asString(data["authority"]), fee: asInt(data["fee"]), feeType: asString(data["fee_type"]) },
        PROVIDER,
        "payment request result",
      );
    },

    startPayUrl(authority) {
      if (!/^[A-Za-z0-9]{10,64}$/.test(authority)) throw new RangeError("not a ZarinPal authority");
      return upstreamUrl(`${host}/pg/StartPay/${authority}`, opts.upstreamBase);
    },

    async verifyPayment(input) {
      if (!Number.isInteger(input.amount) || input.amount <= 0) throw new RangeError("amount must be a positive integer (toman)");
      // Verify takes the same number as the request (toman); the documented body has no currency.
      const { data } = await post("/pg/v4/payment/verify.json", { amount: input.amount, authority: input.authority });
      return validateOutput(
        ZarinpalVerifyResultSchema,
        {
          code: asInt(data["code"]),
          refId: asInt(data["ref_id"]),
          cardPan: asString(data["card_pan"]),
          cardHash: asString(data["card_hash"]),
          fee: asInt(data["fee"]),
        },
        PROVIDER,
        "verify result",
      );
    },

    async unverifiedPayments() {
      const { data } = await post("/pg/v4/payment/unVerified.json", {});
      // An empty list may come as [] or be missing; anything else that is not a list is malformed.
      const raw = data["authorities"] ?? [];
      if (!Array.isArray(raw)) throw new UpstreamError({ provider: PROVIDER, kind: "parse", status: 200, message: "zarinpal: authorities is not a list" });
      return raw.map((item) => {
        const r = asRecord(item);
        return validateOutput(
          ZarinpalUnverifiedSchema,
          { authority: asString(r?.["authority"]), amount: asInt(r?.["amount"]), callbackUrl: asString(r?.["callback_url"]), date: asString(r?.["date"]) },
          PROVIDER,
          "unverified entry",
        );
      });
    },
  };
}
