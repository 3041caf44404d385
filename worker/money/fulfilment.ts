/**
 * Fulfillers: how a feature plugs a product into `POST /order` and the card-payment path. Export
 * one from your feature and add it under its product kind in worker/products.ts (the registry the
 * composition root hands to the order path):
 *
 *   export const scifinderProduct: Fulfiller = {
 *     // Server-side price in whole toman (never the client's number), and what buying the item at
 *     // that price does, decided together from one reading: statements() writes exactly what was
 *     // priced. Throw a DomainError (Persian) or ValidationError when the item cannot be bought
 *     // (unknown id, sold out...).
 *     async quote(db, item, ctx) {
 *       const price = 950_000;
 *       return {
 *         price,
 *         // What buying it does, as batch statements (raw D1 statements or Drizzle insert/update
 *         // queries). They run IN THE SAME D1 BATCH as the order row and the wallet debit: if any
 *         // statement fails, or the wallet does not cover the total, nothing at all is written.
 *         // Use ctx.orderId to reference the order; ctx.now for timestamps (the request clock).
 *         async statements(ctx) { return [db.insert(schema.serviceOrders).values({...})]; },
 *       };
 *     },
 *     // Optional: after the batch committed, once (never on a replayed order): a receipt, an alert.
 *     async paid(deps, item, ctx) { await deps.notifier.notify({...}); },
 *     // Where the SPA goes after a wallet purchase (accounts spec §4); default /profile/vipServices.
 *     redirect: "/profile/scifinders",
 *   };
 *
 * An item is `{ kind, quantity, ref?, data? }`: `kind` is the key in worker/products.ts; `ref` an
 * id from the cart (cart.id: a direct book, an offline request...); `data` the rest of the cart (e.g. `directaccess`'s `{ sites: { [siteId]: days } }`,
 * url, doi, desc, period). Cart → items mapping: worker/money/cart.ts.
 *
 * Idempotency: the order row (unique user + idempotency key) is in the same batch, so a retried
 * order aborts on that key before any of your statements can apply twice. Statements must not
 * depend on reading state outside the batch for safety; put guards in SQL.
 */
import type { Db } from "../../db/client";
import type { Logger } from "../../lib/logger";
import type { Notifier } from "../features/notify/notifier";
import type { MoneyBatchItem } from "./ledger";

export type OrderItem = {
  kind: string;
  /** How many units (counts of credits, 1 for a single product). */
  quantity: number;
  ref?: string | null;
  data?: Record<string, unknown>;
};

type PricingContext = { userId: string; now: number };
export type FulfilmentContext = { userId: string; orderId: string; now: number };

/** What a fulfiller may use after its batch committed (a receipt to the buyer, an alert to staff). */
export type AfterPaymentDeps = {
  db: Db;
  notifier: Notifier;
  log: Logger;
  origin: string;
  /** Work the buyer's answer must not wait for (staff alerts); absent where nobody waits (a Cron Trigger). */
  defer?(task: () => Promise<void>): void;
};

/** An item priced on the server, with what buying it at that price writes. */
export type Quote = {
  /** Whole toman, a safe non-negative integer. */
  price: number;
  statements(ctx: FulfilmentContext): Promise<MoneyBatchItem[]>;
};

export interface Fulfiller {
  quote(db: Db, item: OrderItem, ctx: PricingContext): Promise<Quote>;
  /**
   * After the order's batch committed, once (a replayed order does not run it): best effort, as the
   * purchase stands whatever happens here.
   */
  paid?(deps: AfterPaymentDeps, item: OrderItem, ctx: FulfilmentContext): Promise<void>;
  redirect?: string | ((item: OrderItem) => string);
}

/**
 * What a cart can buy, handed to the order path by the composition root (worker/products.ts): the
 * kernel knows no product, and no product module reaches back for the list of the others.
 */
export type ProductRegistry = {
  fulfillerFor(kind: string): Fulfiller | undefined;
  /**
   * A failed order batch said in a product's own terms (a member's institution whose monthly quota
   * ran out between pricing and the batch), or null when it is none of theirs.
   */
  batchFailure(err: unknown): Error | null;
};
