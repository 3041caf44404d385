/**
 * Card gateways behind one small interface: Zarinpal v4 (production; sandbox by configuration)
 * and the built-in development bank page (development and tests only), so a new developer can
 * finish a purchase with no account anywhere.
 */
import { createZarinpalClient, ZarinpalError } from "../../../clients/zarinpal";
import { providerBudget } from "../../../clients/limiters";
import type { Priority } from "../../../contract/budget";
import { isUpstreamError } from "../../../clients/http";
import { isDevelopment, type Bindings } from "../../env";
import { randomToken } from "../../lib/crypto";

type GatewayRequest = { paymentId: string; amount: number; description: string; callbackUrl: string; mobile?: string | null; email?: string | null };
type GatewayVerify = { code: 100 | 101; refId: string | null; cardPan: string | null };

/**
 * The gateway said no. Final (the payment failed), except `notPaid` while the bank page may still
 * be open: the buyer may pay yet, so the payment stays pending (see payments.verifyAndSettle).
 */
export class GatewayRefusal extends Error {
  constructor(
    readonly code: number,
    readonly persianMessage: string,
    /** "Not paid (yet)": ZarinPal -51. */
    readonly notPaid = false,
  ) {
    super(`gateway refused: ${code}`);
  }
}

/** ZarinPal's "not paid or cancelled by the buyer". */
const ZARINPAL_NOT_PAID = -51;
/** The gateway could not be reached or answered garbage (not final: the payment stays pending). */
export class GatewayUnavailable extends Error {}

export interface GatewayDriver {
  name: string;
  request(req: GatewayRequest): Promise<{ authority: string; redirectUrl: string }>;
  verify(req: { authority: string; amount: number; alreadyPaid: boolean }): Promise<GatewayVerify>;
  /** Authorities the bank holds as paid but never verified (reconciliation); absent when the gateway cannot tell. */
  unverified?(): Promise<string[]>;
  /**
   * Verify answers from the bank's own record of the payment (paid or not), so a callback's Status
   * decides nothing by itself. The development bank has no record: its Status is the answer.
   */
  recordsPayments: boolean;
}

/** Any UUID-shaped merchant id works on the sandbox and the local fake. */
const DEV_MERCHANT = "00000000-0000-4000-8000-000000000000";

function zarinpal(env: Bindings, priority: Priority): GatewayDriver {
  const merchantId = env.ZARINPAL_MERCHANT_ID ?? (isDevelopment(env) ? DEV_MERCHANT : "");
  const client = createZarinpalClient({
    fetch: (...a) => fetch(...a),
    upstreamBase: env.UPSTREAM_BASE,
    merchantId,
    sandbox: env.ZARINPAL_SANDBOX === "true",
    rateLimiter: providerBudget(env, "zarinpal", priority, { timeoutMs: 15_000 }),
  });
  const wrap = async <T>(f: () => Promise<T>): Promise<T> => {
    try {
      return await f();
    } catch (err) {
      if (err instanceof ZarinpalError) throw new GatewayRefusal(err.code, err.persianMessage, err.code === ZARINPAL_NOT_PAID);
      if (isUpstreamError(err) || err instanceof TypeError) throw new GatewayUnavailable(String(err));
      throw err;
    }
  };
  return {
    name: "zarinpal",
    recordsPayments: true,
    async request(req) {
      return wrap(async () => {
        const r = await client.requestPayment({
          amount: req.amount,
          description: req.description,
          callbackUrl: req.callbackUrl,
          mobile: req.mobile ?? undefined,
          email: req.email ?? undefined,
          orderId: req.paymentId,
        });
        return { authority: r.authority, redirectUrl: client.startPayUrl(r.authority) };
      });
    },
    async verify(req) {
      return wrap(async () => {
        const r = await client.verifyPayment({ amount: req.amount, authority: req.authority });
        return { code: r.code, refId: r.refId === null ? null : String(r.refId), cardPan: r.cardPan };
      });
    },
    async unverified() {
      return wrap(async () => (await client.unverifiedPayments()).map((u) => u.authority));
    },
  };
}

/** The development bank: its page is /gateway/devbank/pay/{paymentId}; paying there is a click. */
function devbank(): GatewayDriver {
  return {
    name: "devbank",
    recordsPayments: false,
    async request(req) {
      return {
        authority: `DEV${randomToken(16)
          .replace(/[^A-Za-z0-9]/g, "")
          .slice(0, 24)
          .padEnd(24, "0")}`,
        redirectUrl: `/gateway/devbank/pay/${req.paymentId}`,
      };
    },
    async verify(req) {
      return { code: req.alreadyPaid ? 101 : 100, refId: String(100000 + Math.floor(Math.random() * 900000)), cardPan: "603799******1234" };
    },
  };
}

/** Gateways this deployment accepts: the configured one; development also offers the other. */
export function enabledGateways(env: Bindings): string[] {
  const configured = env.PAYMENT_GATEWAY === "zarinpal" ? "zarinpal" : "devbank";
  if (isDevelopment(env)) return configured === "zarinpal" ? ["zarinpal", "devbank"] : ["devbank", "zarinpal"];
  return configured === "devbank" ? [] : ["zarinpal"];
}

/** `priority`: a buyer waits (the default); the scheduled reconciliation asks in the background. */
export function gatewayDriver(env: Bindings, name: string, priority: Priority = "paste"): GatewayDriver | null {
  if (!enabledGateways(env).includes(name)) return null;
  if (name === "zarinpal") return zarinpal(env, priority);
  if (name === "devbank" && isDevelopment(env)) return devbank();
  return null;
}
