/**
 * Card payment for the shortfall (accounts §4): a pending payment with the cart, the bank, and the
 * callback that verifies with the amount from OUR record, credits the wallet and completes the
 * pending order. A payment credits the wallet at most once, ever: its ledger row id is derived
 * from the payment id (`led_pay_<id>`), so a replayed or concurrent callback aborts on that key.
 */
import { and, eq, inArray, isNotNull, lt } from "drizzle-orm";
import { Cart, type GatewayForm, type PaymentResult } from "../../../contract/wallet";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import type { Bindings } from "../../env";
import { DomainError, NotFoundError, ValidationError } from "../../lib/errors";
import type { Logger } from "../../../lib/logger";
import type { UserRow } from "../../lib/roles";
import { fieldErrors } from "../../lib/endpoint";
import { withGatewayFields } from "./cart";
import { enabledGateways, GatewayRefusal, GatewayUnavailable, gatewayDriver, type GatewayDriver } from "./gateways";
import { classifyBatchError, creditWallet, d1Of, debitWallet, InsufficientFundsError, runMoneyBatch, type MoneyBatchItem } from "./ledger";
import { walletMessages } from "./messages";
import type { FulfilmentContext, OrderItem } from "./fulfilment";
import { findOrder, placeOrder, planOrder, priceCart, redirectAfter } from "./orders";
import { orderKeyOf } from "./order-key";

/** Zarinpal's minimum is 100 toman; we ask at least this much (any surplus stays in the wallet). */
export const MIN_PAYMENT = 1_000;

/**
 * While a payment of an invoice is pending and younger than this, another start for the same
 * invoice is refused. Older ones no longer block: a bank page abandoned in a tab must not lock the
 * invoice (its authority has expired; reconciliation settles or fails it).
 */
export const INVOICE_PAYMENT_WINDOW_MS = 30 * 60_000;

export type PaymentDeps = {
  db: Db;
  env: Bindings;
  now: number;
  origin: string;
  log?: Logger;
  /** After a payment completed its order: the fulfillers' receipts (wallet/orders.ts sendReceipts). */
  receipts?: (items: OrderItem[], ctx: FulfilmentContext) => Promise<void>;
};

/** What a pending payment remembers about the purchase it pays for. */
type PaymentCart = { cart: Cart | null; idempotency_key: string | null };

function parseCartJson(text: string): Cart {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ValidationError({ cart: [walletMessages.badCart] });
  }
  const parsed = Cart.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new ValidationError(Object.fromEntries(Object.entries(errors).map(([k, v]) => [`cart.${k}`, v])));
  }
  return parsed.data;
}

export type StartResult = { kind: "redirect"; location: string };

/**
 * Form POST /gateway/{gateway}: records a pending payment for the shortfall (or a top-up, or an
 * invoice), asks the gateway for a payment and answers where to send the browser.
 */
export async function startPayment(deps: PaymentDeps, user: UserRow, gateway: string, form: GatewayForm): Promise<StartResult> {
  const { db, now } = deps;
  const driver = gatewayDriver(deps.env, gateway);
  if (!driver) throw new NotFoundError(walletMessages.unknownGateway);

  let cart: Cart | null = null;
  let amount: number;
  let invoiceId: string | null = null;
  let returnTo: string | null = null;
  let orderKey: string | null = null;
  if (form.invoice_id) {
    const invoice = await payableInvoice(db, user, form.invoice_id);
    amount = invoice.amount;
    invoiceId = invoice.id;
  } else if (form.cart) {
    cart = withGatewayFields(parseCartJson(form.cart), form);
    // The order's key is the form's, or derived as POST /order derives it, so a form posted twice
    // (a double press, two tabs, a retry) is one purchase, however it is paid.
    orderKey = await orderKeyOf(db, { sent: form.idempotency_key, userId: user.id, cart, now });
    // This key's order is placed already (a paid order started again): answered again, nothing charged.
    const existing = await findOrder(db, user.id, orderKey);
    const priced = existing ? null : await priceCart(db, cart, { userId: user.id, now });
    const [fresh] = await db.select({ balance: schema.users.balance }).from(schema.users).where(eq(schema.users.id, user.id));
    const shortfall = priced ? priced.total - (fresh?.balance ?? 0) : 0;
    if (!priced || shortfall <= 0) {
      // The wallet covers it now (e.g. topped up in another tab): buy from the wallet directly.
      const placed = await placeOrder(db, { userId: user.id, cart, idempotencyKey: orderKey, now });
      await deps.receipts?.(placed.items, { userId: user.id, orderId: placed.orderId, now });
      return { kind: "redirect", location: placed.redirect };
    }
    amount = Math.max(shortfall, MIN_PAYMENT);
    returnTo = redirectAfter(cart, priced.items);
  } else {
    if (!form.amount || form.amount < MIN_PAYMENT) throw new ValidationError({ amount: [walletMessages.amountTooSmall] });
    amount = form.amount;
  }

  const paymentId = newId("pay", now);
  const stored: PaymentCart = { cart, idempotency_key: orderKey };
  if (invoiceId) {
    // One payment of an invoice at a time (two tabs, or two members of a university): the check and
    // the insert are one statement, so two concurrent starts cannot both pass it.
    const res = await d1Of(db)
      .prepare(
        `INSERT INTO payments (id, user_id, gateway, amount, status, cart, invoice_id, return_to, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, 'pending', ?5, ?6, NULL, ?7, ?7
         WHERE NOT EXISTS (SELECT 1 FROM payments WHERE invoice_id = ?6 AND status = 'pending' AND created_at > ?8)`,
      )
      .bind(paymentId, user.id, gateway, amount, JSON.stringify(stored), invoiceId, now, now - INVOICE_PAYMENT_WINDOW_MS)
      .run();
    if (!res.meta.changes) throw new DomainError(walletMessages.invoicePaymentPending);
  } else {
    await db.insert(schema.payments).values({
      id: paymentId,
      userId: user.id,
      gateway,
      amount,
      status: "pending",
      cart: stored,
      invoiceId,
      returnTo,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
  }
  try {
    const r = await driver.request({
      paymentId,
      amount,
      description: invoiceId ? `${walletMessages.paymentDescription} (صورت‌حساب)` : walletMessages.paymentDescription,
      callbackUrl: `${deps.origin}/gateway/${gateway}/callback`,
      mobile: user.mobile,
      email: user.email,
    });
    await db
      .update(schema.payments)
      .set({ authority: r.authority, updatedAt: new Date(now) })
      .where(eq(schema.payments.id, paymentId));
    return { kind: "redirect", location: r.redirectUrl };
  } catch (err) {
    const reason = err instanceof GatewayRefusal ? err.persianMessage : walletMessages.gatewayFailed;
    if (!(err instanceof GatewayRefusal) && !(err instanceof GatewayUnavailable)) deps.log?.error("gateway request failed", { paymentId, error: String(err) });
    await db
      .update(schema.payments)
      .set({ status: "failed", failureReason: reason, updatedAt: new Date(now) })
      .where(eq(schema.payments.id, paymentId));
    return { kind: "redirect", location: `/payment?id=${paymentId}` };
  }
}

async function payableInvoice(db: Db, user: UserRow, id: string) {
  const [invoice] = await db.select().from(schema.invoices).where(eq(schema.invoices.id, id));
  const mine = !!invoice && (invoice.userId ? invoice.userId === user.id : !!invoice.universityId && invoice.universityId === user.universityId);
  // Someone else's invoice answers like one that does not exist (as GET /invoices/:id does): neither its existence nor its state shows.
  if (!invoice || !mine) throw new NotFoundError(walletMessages.invoiceNotFound);
  if (invoice.status !== "open") throw new DomainError(walletMessages.invoiceNotOpen);
  return invoice;
}

/** The statements that settle a verified payment: mark it paid, credit the wallet (once, ever). */
function settlementStatements(
  db: Db,
  p: typeof schema.payments.$inferSelect,
  v: { refId: string | null; cardPan: string | null },
  now: number,
): MoneyBatchItem[] {
  const d1 = d1Of(db);
  const out: MoneyBatchItem[] = [
    d1
      // 'cancelled' too: the bank's verify outranks a Status=NOK anyone could have sent (handleCallback).
      .prepare(
        "UPDATE payments SET status = 'paid', ref_id = ?, card_pan = ?, verified_at = ?, failure_reason = NULL, updated_at = ? WHERE id = ? AND status IN ('pending', 'cancelled')",
      )
      .bind(v.refId, v.cardPan, now, now, p.id),
    // A plain INSERT with a derived id: a second settlement of this payment fails here and rolls back.
    ...creditWallet(db, {
      userId: p.userId,
      amount: p.amount,
      reason: "topup",
      refType: "payment",
      refId: p.id,
      note: v.refId ? `ref ${v.refId}` : null,
      now,
      entryId: `led_pay_${p.id}`,
    }),
  ];
  if (p.invoiceId) {
    out.push(
      d1.prepare("UPDATE invoices SET status = 'paid', payment_id = ?, paid_at = ? WHERE id = ? AND status = 'open'").bind(p.id, now, p.invoiceId),
      // The debit happens only if THIS payment closed the invoice (the UPDATE above, same batch). A
      // payment arriving for an invoice already settled (a second tab, another member, a late bank
      // return) stays in the payer's wallet as credit instead of paying the invoice twice.
      ...debitWallet(db, {
        userId: p.userId,
        amount: p.amount,
        reason: "invoice",
        refType: "invoice",
        refId: p.invoiceId,
        now,
        entryId: `led_inv_${p.id}`,
        onShortfall: "skip",
        extraGuard: "EXISTS (SELECT 1 FROM invoices WHERE id = ? AND payment_id = ? AND status = 'paid')",
        extraParams: [p.invoiceId, p.id],
      }),
    );
  }
  return out;
}

type Settled = "settled" | "already" | "settled_order_failed";

/** Credits the wallet and completes the pending order in one batch; if the order cannot complete, credits alone. */
async function settle(
  deps: Omit<PaymentDeps, "origin">,
  p: typeof schema.payments.$inferSelect,
  v: { refId: string | null; cardPan: string | null },
): Promise<Settled> {
  const { db, now } = deps;
  const base = settlementStatements(db, p, v, now);
  const stored = (p.cart ?? null) as PaymentCart | null;
  const cart = stored?.cart ? Cart.safeParse(stored.cart) : null;
  let orderError: string | null = null;
  if (cart?.success && stored?.idempotency_key) {
    try {
      const existing = await findOrder(db, p.userId, stored.idempotency_key);
      if (!existing) {
        const plan = await planOrder(db, { userId: p.userId, cart: cart.data, idempotencyKey: stored.idempotency_key, now, paymentId: p.id });
        await runMoneyBatch(db, [...base, ...plan.statements]);
        await deps.receipts?.(plan.items, { userId: p.userId, orderId: plan.orderId, now });
        return "settled";
      }
    } catch (err) {
      const kind = classifyBatchError(err);
      if (kind?.kind === "unique" && kind.table === "ledger_entries") return "already";
      orderError = err instanceof DomainError || err instanceof InsufficientFundsError ? err.message : walletMessages.paymentPaidOrderFailed;
      if (!(err instanceof DomainError)) deps.log?.warn("order after payment failed", { paymentId: p.id, error: String(err) });
    }
  }
  try {
    await runMoneyBatch(db, base);
  } catch (err) {
    const kind = classifyBatchError(err);
    if (kind?.kind === "unique" && kind.table === "ledger_entries") return "already";
    throw err;
  }
  if (orderError) {
    await db.update(schema.payments).set({ failureReason: orderError }).where(eq(schema.payments.id, p.id));
    return "settled_order_failed";
  }
  return "settled";
}

/**
 * GET /gateway/{gateway}/callback?Authority=&Status=. Always answers where to send the browser
 * (/payment?id=...). Unknown authority: nothing happens. NOK: cancelled. Refused verify (amount
 * mismatch -50, foreign -53/-54...): failed. Verified (100, or 101 = already): settled.
 * A gateway that cannot be reached leaves the payment pending; replaying the callback retries.
 *
 * The query is not signed: anyone who saw the authority can send it, before the buyer has paid.
 * So it decides nothing the bank has not said: a NOK cancels only provisionally (an OK afterwards,
 * or the reconciliation finding it paid at the bank, still settles it), and a "not paid" from
 * verify leaves a payment pending while its bank page may still be open.
 */
export async function handleCallback(deps: PaymentDeps, gateway: string, q: { Authority?: string | undefined; Status?: string | undefined }): Promise<string> {
  const { db, now } = deps;
  const authority = q.Authority ?? "";
  if (!authority) return "/payment";
  const [p] = await db
    .select()
    .from(schema.payments)
    .where(and(eq(schema.payments.authority, authority), eq(schema.payments.gateway, gateway)));
  if (!p) return "/payment?error=not_found";
  const back = `/payment?id=${p.id}`;
  const driver = gatewayDriver(deps.env, gateway);
  if (!driver) return back;
  const revivable = p.status === "cancelled" && q.Status === "OK" && driver.recordsPayments;
  if (p.status !== "pending" && !revivable) return back;
  if (q.Status !== "OK") {
    const pendingOnly = and(eq(schema.payments.id, p.id), eq(schema.payments.status, "pending"));
    await db
      .update(schema.payments)
      .set({ status: "cancelled", failureReason: walletMessages.paymentCancelled, updatedAt: new Date(now) })
      .where(pendingOnly);
    return back;
  }
  await verifyAndSettle(deps, driver, p);
  return back;
}

type Outcome = Settled | "failed" | "unavailable";

/**
 * Verify with OUR amount, then settle (credit once, ever: see settlementStatements). A refusal is
 * final: the payment fails. An unreachable gateway leaves it pending for the next try. Shared by
 * the bank's return and the reconciliation job, so either may run first, or both at once.
 */
async function verifyAndSettle(deps: Omit<PaymentDeps, "origin">, driver: GatewayDriver, p: typeof schema.payments.$inferSelect): Promise<Outcome> {
  const { db, now } = deps;
  let verified;
  try {
    verified = await driver.verify({ authority: p.authority!, amount: p.amount, alreadyPaid: false });
  } catch (err) {
    // Not paid (yet) while the bank page may still be open: the buyer may pay in a moment, so a
    // callback sent early (by anyone) must not close the payment. The reconciliation decides later.
    if (err instanceof GatewayRefusal && err.notPaid && now - p.createdAt.getTime() < PENDING_EXPIRY_MS) return "unavailable";
    if (err instanceof GatewayRefusal) {
      await db
        .update(schema.payments)
        .set({ status: "failed", failureReason: err.persianMessage, updatedAt: new Date(now) })
        .where(and(eq(schema.payments.id, p.id), eq(schema.payments.status, "pending")));
      return "failed";
    }
    if (err instanceof GatewayUnavailable) return "unavailable";
    throw err;
  }
  return settle(deps, p, verified);
}

/**
 * A pending payment older than this is past its bank page: ZarinPal's authority has expired, so a
 * "not paid" from verify is final. Younger ones may still be paid in an open tab and are left alone
 * unless the bank lists them as paid.
 */
export const PENDING_EXPIRY_MS = 30 * 60_000;

type ReconcileReport = { checked: number; settled: number; already: number; failed: number; unavailable: number };

/**
 * The scheduled reconciliation (Cron Trigger): asks each gateway that can tell for the payments it
 * holds as paid but unverified (ZarinPal unVerified.json) and verifies and settles those of ours
 * still pending; and verifies every expired pending payment (the bank may have verified it while
 * our write failed: verify answers 101 and we settle; or it was never paid: it fails).
 * Idempotent: settling goes through the same once-ever ledger key as the user's callback.
 */
export async function reconcilePayments(deps: Omit<PaymentDeps, "origin">, batchSize = 50): Promise<ReconcileReport> {
  const { db, now } = deps;
  const report: ReconcileReport = { checked: 0, settled: 0, already: 0, failed: 0, unavailable: 0 };
  for (const gateway of enabledGateways(deps.env)) {
    const driver = gatewayDriver(deps.env, gateway, "background");
    if (!driver?.unverified) continue;
    let listed: string[] = [];
    try {
      listed = await driver.unverified();
    } catch (err) {
      if (!(err instanceof GatewayUnavailable || err instanceof GatewayRefusal)) throw err;
      deps.log?.warn("reconcile: unverified list unavailable", { gateway, error: String(err) });
    }
    const pendingOf = eq(schema.payments.status, "pending");
    // A payment the bank holds as paid is settled even if a Status=NOK cancelled it here (handleCallback).
    const settleable = inArray(schema.payments.status, ["pending", "cancelled"]);
    const rows = new Map<string, typeof schema.payments.$inferSelect>();
    for (let i = 0; i < listed.length; i += batchSize) {
      const chunk = listed.slice(i, i + batchSize);
      for (const r of await db
        .select()
        .from(schema.payments)
        .where(and(eq(schema.payments.gateway, gateway), settleable, inArray(schema.payments.authority, chunk))))
        rows.set(r.id, r);
    }
    const expired = await db
      .select()
      .from(schema.payments)
      .where(
        and(
          eq(schema.payments.gateway, gateway),
          pendingOf,
          isNotNull(schema.payments.authority),
          lt(schema.payments.createdAt, new Date(now - PENDING_EXPIRY_MS)),
        ),
      )
      .orderBy(schema.payments.createdAt)
      .limit(batchSize);
    for (const r of expired) rows.set(r.id, r);
    for (const p of rows.values()) {
      report.checked++;
      const outcome = await verifyAndSettle(deps, driver, p);
      if (outcome === "settled" || outcome === "settled_order_failed") report.settled++;
      else report[outcome]++;
    }
  }
  if (report.checked) deps.log?.info("reconcile: payments", report);
  return report;
}

/** GET /payments/{id}: the owner's view of a payment for /payment. */
export async function paymentResult(db: Db, user: UserRow, id: string): Promise<PaymentResult> {
  const [p] = await db.select().from(schema.payments).where(eq(schema.payments.id, id));
  if (!p || (p.userId !== user.id && !user.isAdmin)) throw new NotFoundError(walletMessages.paymentNotFound);
  const stored = (p.cart ?? null) as PaymentCart | null;
  const order = stored?.idempotency_key ? await findOrder(db, p.userId, stored.idempotency_key) : null;
  const orderStatus: PaymentResult["order_status"] = !stored?.cart ? "none" : order ? "completed" : p.status === "paid" ? "failed" : "none";
  let message: string;
  if (p.status === "paid")
    message =
      orderStatus === "completed"
        ? walletMessages.paymentPaidOrderDone
        : orderStatus === "failed"
          ? (p.failureReason ?? walletMessages.paymentPaidOrderFailed)
          : walletMessages.paymentPaid;
  else if (p.status === "pending") message = walletMessages.paymentPending;
  else if (p.status === "cancelled") message = walletMessages.paymentCancelled;
  else message = p.failureReason ?? walletMessages.paymentVerifyFailed;
  return {
    id: p.id,
    status: p.status,
    amount: p.amount,
    gateway: p.gateway,
    ref_id: p.refId,
    card_pan: p.cardPan,
    message,
    order_status: orderStatus,
    redirect: p.status === "paid" ? (orderStatus === "completed" ? (p.returnTo ?? "/profile/financial") : "/profile/financial") : null,
    created_at: p.createdAt.toISOString(),
  };
}

/** The development bank's page data: the payment it plays the bank for. */
export async function devbankPayment(db: Db, id: string) {
  const [p] = await db
    .select()
    .from(schema.payments)
    .where(and(eq(schema.payments.id, id), eq(schema.payments.gateway, "devbank")));
  return p ?? null;
}
