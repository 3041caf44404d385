import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import { pathOf } from "../../../contract/endpoint";
import { walletApi } from "../../../contract/endpoints/wallet";
import type { UserInfo } from "../../../contract/user-info";
import type { CartInput, OrderResponse } from "../../../contract/wallet";
import { formatNumber } from "../../../lib/format";
import { toast } from "../../components/ui/toast";
import { ApiError } from "../../lib/api";
import { readCsrfToken } from "../../lib/page-data";
import { usePageData } from "../../lib/page-data-context";
import { savePendingIntent } from "../../lib/pending-intent";
import { useUiState } from "../../lib/ui-state";
import { walletUi as t } from "./messages";
import { placeOrder, walletKeys } from "./queries";

/** Accounts spec §4: the card gateway opens after 3 s (1 s for the basket). */
const GATEWAY_DELAY_S = 3;
const BASKET_GATEWAY_DELAY_S = 1;

function newIdempotencyKey(): string {
  return `spa-${crypto.randomUUID()}`;
}

/** Posts the spec's gateway form (a full navigation to the bank): _token, amount, cart and extras. */
export function submitGatewayForm(gateway: string, fields: Record<string, string | undefined>) {
  const form = document.createElement("form");
  form.method = "post";
  form.action = pathOf(walletApi.gateway, { gateway });
  form.hidden = true;
  const all: Record<string, string | undefined> = { _token: readCsrfToken(), ...fields };
  for (const [name, value] of Object.entries(all)) {
    if (value === undefined) continue;
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

function userInfoOf(r: OrderResponse): UserInfo {
  const { redirect: _r, order_id: _o, ...info } = r;
  return info;
}

export type CheckoutPhase = { kind: "idle" } | { kind: "ordering" } | { kind: "redirecting"; seconds: number } | { kind: "error"; message: string };

/** An order is being placed or the bank is about to open: the buy button waits. */
export const isCheckoutBusy = (phase: CheckoutPhase) => phase.kind === "ordering" || phase.kind === "redirecting";

export type CheckoutOptions = { cart: CartInput; price: number; basket?: boolean };

/**
 * Buying a cart (accounts spec §4): from the wallet when the balance covers the price (POST /order
 * with an idempotency key kept for this checkout, so a double press is one order); otherwise the
 * card gateway for the difference after 3 s (1 s for the basket). Guests are sent to log in.
 */
export function useCheckout() {
  const { userInfo, isGuest, gateways, setUserInfo } = usePageData();
  const { openDialog } = useUiState();
  const queryClient = useQueryClient();
  const router = useRouter();
  const key = useRef(newIdempotencyKey());
  const [phase, setPhase] = useState<CheckoutPhase>({ kind: "idle" });
  const pending = useRef<{ opts: CheckoutOptions; amount: number } | null>(null);

  // The countdown to the bank; the form posts when it reaches zero.
  useEffect(() => {
    if (phase.kind !== "redirecting") return;
    if (phase.seconds <= 0) {
      const p = pending.current;
      if (p) {
        submitGatewayForm(gateways[0] ?? "devbank", {
          amount: String(p.amount),
          cart: JSON.stringify(p.opts.cart),
          idempotency_key: key.current,
          articleUrl: p.opts.cart.url && !p.opts.cart.isArticleOffline ? p.opts.cart.url : undefined,
        });
      }
      return;
    }
    const timer = setTimeout(() => setPhase({ kind: "redirecting", seconds: phase.seconds - 1 }), 1000);
    return () => clearTimeout(timer);
  }, [phase, gateways]);

  const toGateway = useCallback((opts: CheckoutOptions, shortfall: number) => {
    pending.current = { opts, amount: Math.max(shortfall, 0) };
    setPhase({ kind: "redirecting", seconds: opts.basket ? BASKET_GATEWAY_DELAY_S : GATEWAY_DELAY_S });
  }, []);

  const checkout = useCallback(
    async (opts: CheckoutOptions): Promise<boolean> => {
      if (isGuest || !userInfo) {
        savePendingIntent({ run: "buy", url: opts.cart.url, doi: opts.cart.doi, desc: opts.cart.desc });
        openDialog("login");
        return false;
      }
      if (userInfo.balance < opts.price) {
        toGateway(opts, opts.price - userInfo.balance);
        return false;
      }
      setPhase({ kind: "ordering" });
      try {
        const r = await placeOrder({ cart: opts.cart, idempotency_key: key.current });
        setUserInfo(userInfoOf(r));
        void queryClient.invalidateQueries({ queryKey: walletKeys.all });
        toast.success(opts.basket ? t.basketSuccess : t.purchaseSuccess);
        setPhase({ kind: "idle" });
        key.current = newIdempotencyKey();
        void router.navigate({ href: r.redirect });
        return true;
      } catch (e) {
        const body = e instanceof ApiError ? (e.body as { shortfall?: unknown } | null) : null;
        if (body && typeof body.shortfall === "number" && body.shortfall > 0) {
          // The server priced more than the wallet holds: pay the difference by card.
          toGateway(opts, body.shortfall);
          return false;
        }
        const message = e instanceof Error ? e.message : String(e);
        setPhase({ kind: "error", message });
        toast.error(message);
        return false;
      }
    },
    [isGuest, userInfo, openDialog, toGateway, setUserInfo, queryClient, router],
  );

  const cancel = useCallback(() => {
    pending.current = null;
    setPhase({ kind: "idle" });
  }, []);

  return { checkout, phase, cancel, balance: userInfo?.balance ?? 0, gateway: gateways[0] ?? "devbank" };
}

export const redirectingText = (seconds: number) => (seconds > 0 ? t.redirecting(formatNumber(seconds)) : t.redirectingNow);

/** The direct-access basket as the spec's cart: `{ name: { directaccess: { [siteId]: days } } }` (check out with `basket: true`). */
export function basketCart(items: { id: string | number; period: number; name?: string }[], title: string): CartInput {
  return { name: { directaccess: Object.fromEntries(items.map((i) => [String(i.id), i.period])) }, title };
}
