/**
 * The VIP products (listed in worker/products.ts). Buying one writes a service order in the
 * same batch as the order row and the debit: plagiarism, grammar and AI checks wait for the user's
 * file; a SciFinder account goes straight to the service desk.
 */
import { newId } from "../../../db/ids";
import type { Fulfiller, FulfilmentContext } from "../../money/fulfilment";
import { unitPrice } from "../wallet/prices";
import type { VipKind } from "../../../contract/vip";

function serviceProduct(kind: VipKind, redirect: string): Fulfiller {
  return {
    async quote(db, item) {
      const price = (await unitPrice(db, kind)) * item.quantity;
      const status = kind === "scifinder" ? "submitted" : "awaiting_upload";
      // One service order per unit bought.
      const statements = async (ctx: FulfilmentContext) =>
        Array.from({ length: item.quantity }, (_, i) =>
          db.$client
            .prepare(
              "INSERT INTO service_orders (id, user_id, kind, status, order_id, paid_by_contract, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, ?, ?)",
            )
            .bind(newId("svc", ctx.now), ctx.userId, kind, status, ctx.orderId, ctx.now + i, ctx.now + i),
        );
      return { price, statements };
    },
    redirect,
  };
}

export const vipProducts = {
  ithenticate: serviceProduct("ithenticate", "/profile/vipServices"),
  grammarly: serviceProduct("grammarly", "/profile/vipServices"),
  ai: serviceProduct("ai", "/profile/vipServices"),
  scifinder: serviceProduct("scifinder", "/profile/scifinders"),
} satisfies Record<VipKind, Fulfiller>;
