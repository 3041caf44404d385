/**
 * Orders: a cart priced on the server, paid from the wallet and fulfilled in ONE batch with the
 * order row, so a purchase is all-or-nothing and a retried order (same idempotency key) is the
 * same order.
 */
import { and, eq } from "drizzle-orm";
import { Cart, redirectForCart } from "../../../contract/wallet";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { DomainError, ValidationError } from "../../lib/errors";
import { isQuotaExceeded, QuotaExhaustedError } from "../institutions/access";
import { cartToItems } from "./cart";
import type { AfterPaymentDeps, FulfilmentContext, OrderItem } from "./fulfilment";
import { fulfillerFor, redirectOf } from "../../products";
import { InsufficientFundsError, classifyBatchError, d1Of, debitWallet, runMoneyBatch, type MoneyBatchItem } from "./ledger";
import { walletMessages } from "./messages";

type PricedLine = { item: OrderItem; amount: number };
type PricedCart = { items: OrderItem[]; lines: PricedLine[]; total: number };

/** Prices every item with its fulfiller (server prices only). Unknown products are a 422. */
export async function priceCart(db: Db, cart: Cart, ctx: { userId: string; now: number }): Promise<PricedCart> {
  const items = cartToItems(cart);
  const lines: PricedLine[] = [];
  for (const item of items) {
    const f = fulfillerFor(item.kind);
    if (!f) throw new ValidationError({ cart: [walletMessages.unknownProduct] });
    const amount = await f.price(db, item, ctx);
    if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`fulfiller ${item.kind} priced ${amount}`);
    lines.push({ item, amount });
  }
  return { items, lines, total: lines.reduce((s, l) => s + l.amount, 0) };
}

/** Where the SPA goes after this cart is bought (§4): url carts go back to the download. */
export function redirectAfter(cart: Cart, items: OrderItem[]): string {
  if (cart.url || cart.return_to) return redirectForCart(cart);
  const first = items[0];
  return (first && redirectOf(first)) ?? redirectForCart(cart);
}

type OrderPlan = { orderId: string; total: number; items: OrderItem[]; statements: MoneyBatchItem[]; redirect: string };

/** The order row, the wallet debit and every fulfiller's statements, ready for one batch. */
export async function planOrder(
  db: Db,
  input: { userId: string; cart: Cart; idempotencyKey: string; now: number; paymentId?: string | null },
): Promise<OrderPlan> {
  const { userId, cart, idempotencyKey, now } = input;
  const priced = await priceCart(db, cart, { userId, now });
  const orderId = newId("ord", now);
  const statements: MoneyBatchItem[] = [
    d1Of(db)
      .prepare(
        "INSERT INTO orders (id, user_id, idempotency_key, cart, total, status, payment_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'completed', ?, ?, ?)",
      )
      .bind(orderId, userId, idempotencyKey, JSON.stringify(cart), priced.total, input.paymentId ?? null, now, now),
  ];
  if (priced.total > 0) {
    statements.push(...debitWallet(db, { userId, amount: priced.total, reason: "order", refType: "order", refId: orderId, note: cart.title ?? null, now }));
  }
  for (const item of priced.items) statements.push(...(await fulfillerFor(item.kind)!.statements(db, item, { userId, orderId, now })));
  return { orderId, total: priced.total, items: priced.items, statements, redirect: redirectAfter(cart, priced.items) };
}

export async function findOrder(db: Db, userId: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(schema.orders)
    .where(and(eq(schema.orders.userId, userId), eq(schema.orders.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

function replayed(row: typeof schema.orders.$inferSelect) {
  const cart = Cart.safeParse(row.cart);
  const redirect = cart.success ? redirectAfter(cart.data, safeItems(cart.data)) : "/profile/vipServices";
  // A replay placed nothing now: no items to send receipts for.
  return { orderId: row.id, total: row.total, redirect, replay: true as const, items: [] };
}

function safeItems(cart: Cart): OrderItem[] {
  try {
    return cartToItems(cart);
  } catch {
    return [];
  }
}

type PlacedOrder = { orderId: string; total: number; redirect: string; replay: boolean; items: OrderItem[] };

/**
 * Places an order paid from the wallet. The same key twice answers the first order and changes
 * nothing; a wallet that does not cover the total answers the Persian insufficient-balance error
 * (with `shortfall`) and writes nothing.
 */
export async function placeOrder(
  db: Db,
  input: { userId: string; cart: Cart; idempotencyKey: string; now: number; paymentId?: string | null },
): Promise<PlacedOrder> {
  const existing = await findOrder(db, input.userId, input.idempotencyKey);
  if (existing) return replayed(existing);
  const plan = await planOrder(db, input);
  try {
    await runMoneyBatch(db, plan.statements);
  } catch (err) {
    const kind = classifyBatchError(err);
    if (kind?.kind === "unique" && kind.table === "orders") {
      const row = await findOrder(db, input.userId, input.idempotencyKey);
      if (row) return replayed(row);
    }
    if (isQuotaExceeded(err)) throw new QuotaExhaustedError();
    // A fulfiller's SQL guard saw its item change after pricing (a request cancelled, rejected,
    // re-priced or paid from another tab): the whole batch, debit included, rolled back.
    if (kind?.kind === "assertion") throw new DomainError(walletMessages.changedMeanwhile);
    if (kind?.kind === "unique") {
      // A fulfiller's own uniqueness (e.g. the same direct book bought twice at once): the other
      // purchase won, this one wrote nothing.
      throw new DomainError(walletMessages.alreadyBought);
    }
    if (err instanceof InsufficientFundsError && err.account === "balance") {
      const [u] = await db.select({ balance: schema.users.balance }).from(schema.users).where(eq(schema.users.id, input.userId));
      throw new DomainError(walletMessages.insufficientBalance, 200, { shortfall: Math.max(0, plan.total - (u?.balance ?? 0)), sum_total: plan.total });
    }
    throw err;
  }
  return { orderId: plan.orderId, total: plan.total, redirect: plan.redirect, replay: false, items: plan.items };
}

/** After an order's batch committed: each item's fulfiller tells whom it must (receipts); never throws. */
export async function sendReceipts(deps: AfterPaymentDeps, items: OrderItem[], ctx: FulfilmentContext): Promise<void> {
  for (const item of items) {
    try {
      await fulfillerFor(item.kind)?.paid?.(deps, item, ctx);
    } catch (err) {
      deps.log.warn("order.receipt_failed", { kind: item.kind, order: ctx.orderId, error: String((err as Error)?.message ?? err) });
    }
  }
}
