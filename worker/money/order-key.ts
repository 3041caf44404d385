/**
 * The idempotency key of an order sent without one (the spec's payload is only `{_token, cart}`).
 * A double click or a retry sends the same cart again within seconds; both must count once, so the
 * key is derived from the user, the cart (the client's display price left out: the server prices
 * every cart) and a short time window. A deliberate second identical purchase after the window is a
 * new order.
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { IdempotencyKey, walletTexts, type Cart } from "../../contract/wallet";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";
import { sha256Hex } from "../lib/crypto";
import { ValidationError } from "../lib/errors";
import { findOrder } from "./orders";

/** Identical orders closer together than this count once. */
const DERIVED_KEY_WINDOW_MS = 15_000;

/** JSON with sorted keys, so `{a, b}` and `{b, a}` are the same cart. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

async function keyFor(userId: string, cart: Cart, bucket: number) {
  const { price: _ignored, ...priced } = cart;
  return `auto:${(await sha256Hex(`${userId}\n${canonical(priced)}\n${bucket}`)).slice(0, 48)}`;
}

/**
 * The key for this window, and the previous window's key: an identical order placed in the
 * previous window less than DERIVED_KEY_WINDOW_MS ago is the same order (the caller checks its time),
 * so a retry straddling a window boundary still counts once.
 */
async function derivedOrderKeys(userId: string, cart: Cart, now: number) {
  const bucket = Math.floor(now / DERIVED_KEY_WINDOW_MS);
  return { current: await keyFor(userId, cart, bucket), previous: await keyFor(userId, cart, bucket - 1) };
}

/**
 * The key an order is placed under: the client's (header or field) when it sends one, validated;
 * otherwise the derived key, or the previous window's when that order is younger than the window.
 */
export async function orderKeyOf(db: Db, input: { sent: string | undefined; userId: string; cart: Cart; now: number }): Promise<string> {
  if (input.sent !== undefined) {
    const key = IdempotencyKey.safeParse(input.sent);
    if (!key.success) throw new ValidationError({ idempotency_key: [walletTexts.idempotencyFormat] });
    return key.data;
  }
  const { current, previous } = await derivedOrderKeys(input.userId, input.cart, input.now);
  const earlier = (await findOrder(db, input.userId, previous)) ?? (await paymentUnderKey(db, input.userId, previous, input.now));
  return earlier && input.now - earlier.createdAt.getTime() < DERIVED_KEY_WINDOW_MS ? previous : current;
}

/**
 * A card payment started for an order under this key in the last window: the gateway form stores
 * the key with the pending payment and places the order only when the bank pays, so a second tab's
 * start just across a window boundary finds the first one here, not among the orders.
 */
async function paymentUnderKey(db: Db, userId: string, key: string, now: number): Promise<{ createdAt: Date } | null> {
  const [row] = await db
    .select({ createdAt: schema.payments.createdAt })
    .from(schema.payments)
    .where(
      and(
        eq(schema.payments.userId, userId),
        gt(schema.payments.createdAt, new Date(now - DERIVED_KEY_WINDOW_MS)),
        sql`json_extract(${schema.payments.cart}, '$.idempotency_key') = ${key}`,
      ),
    )
    .orderBy(desc(schema.payments.createdAt))
    .limit(1);
  return row ?? null;
}
