import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  AdjustInput,
  AdjustResponse,
  BalanceResponse,
  GatewayCallbackQuery,
  GatewayForm,
  Invoice,
  InvoiceInput,
  InvoiceList,
  LedgerPage,
  LedgerQuery,
  MyStandards,
  OrderInput,
  OrderResponse,
  PaymentResult,
  PriceInput,
  PriceResponse,
  PriceTable,
  PriceUpdateInput,
  StandardStatusInput,
  StandardStatusResponse,
  TransactionsQuery,
  TransactionsResponse,
} from "../../../contract/wallet";
import type { AppEnv } from "../../lib/context";
import { services } from "../../services";
import { defineEndpoint } from "../../lib/endpoint";
import { adminOnly, anyone, signedIn } from "../../lib/roles";
import { adjustCredits, createInvoice, invoiceFor, listInvoices, priceTable, updatePrice } from "./admin";
import { sendOfflineNotice } from "../offline/notifications";
import { deliveryHours, deskHours } from "../offline/deadlines";
import { handleCallback, paymentResult, startPayment, type PaymentDeps } from "./payments";
import { findUserId, ledgerPage, parseDay, transactions } from "./queries";
import { orderKeyOf } from "./order-key";
import { balanceOf, freshUserInfo, placeOrder, quote } from "./service";
import { sendReceipts } from "./orders";
import type { AfterPaymentDeps } from "./fulfilment";
import { myStandards, standardStatus } from "./standards";

export const walletRoutes = new Hono<AppEnv>();

const afterPaymentDeps = (c: Context<AppEnv>): AfterPaymentDeps => {
  const s = services(c);
  return { db: s.db, notifier: s.notifier, log: s.log, origin: s.origin, defer: s.defer };
};

const paymentDeps = (c: Context<AppEnv>): PaymentDeps => {
  const s = services(c);
  return { db: s.db, env: s.bindings, now: s.now, origin: s.origin, log: s.log, receipts: (items, ctx) => sendReceipts(afterPaymentDeps(c), items, ctx) };
};

defineEndpoint(
  walletRoutes,
  {
    method: "post",
    path: "/price",
    summary:
      "Unit prices and sum_total for article, offline_article, limited_article (packs) and standard counts (0–50, digits only); a limited pack resets an article count of 1 to 0",
    roles: anyone,
    body: PriceInput,
    response: PriceResponse,
    tag: "wallet",
  },
  async (c, { body }) => c.json(await quote(c.var.db, body)),
);

defineEndpoint(
  walletRoutes,
  {
    method: "get",
    path: "/show/balance",
    summary: "The signed-in user's balance and every credit kind (limited credits: unexpired count and soonest expiry)",
    roles: signedIn,
    response: BalanceResponse,
    tag: "wallet",
  },
  async (c, { user }) => c.json(await balanceOf(c.var.db, user, c.var.now())),
);

defineEndpoint(
  walletRoutes,
  {
    method: "post",
    path: "/order",
    verifiedMobile: true,
    summary:
      "Buy a cart from the wallet, priced by the server. The spec's payload is `{_token, cart}`; an `Idempotency-Key` header or `idempotency_key` field is optional: the same key twice is one order, and without one the same cart from the same user within 15 s is one order. Answers the updated userInfo (+ redirect, order_id) or {status:'error'} (insufficient balance: with shortfall)",
    roles: signedIn,
    body: OrderInput,
    response: OrderResponse,
    tag: "wallet",
  },
  async (c, { body, user }) => {
    const now = c.var.now();
    const sent = c.req.header("idempotency-key") ?? body.idempotency_key;
    const idempotencyKey = await orderKeyOf(c.var.db, { sent, userId: user.id, cart: body.cart, now });
    const placed = await placeOrder(c.var.db, { userId: user.id, cart: body.cart, idempotencyKey, now });
    await sendReceipts(afterPaymentDeps(c), placed.items, { userId: user.id, orderId: placed.orderId, now });
    const info = await freshUserInfo(c.var.db, user.id, now);
    return c.json({ ...info, redirect: placed.redirect, order_id: placed.orderId } satisfies OrderResponse);
  },
);

const GatewayParam = z.object({ gateway: z.string().regex(/^[a-z]{2,20}$/) });

defineEndpoint(
  walletRoutes,
  {
    method: "post",
    path: "/gateway/:gateway",
    verifiedMobile: true,
    summary:
      "Form post: a pending payment for the cart's shortfall (or a top-up `amount`, or `invoice_id`), then a redirect to the bank (Zarinpal StartPay, or /gateway/devbank/pay/{id} in development)",
    roles: signedIn,
    body: GatewayForm,
    html: true,
    tag: "wallet",
  },
  async (c, { body, user }) => {
    const { gateway } = GatewayParam.parse({ gateway: c.req.param("gateway") ?? "" });
    const r = await startPayment(paymentDeps(c), user, gateway, body);
    return c.redirect(r.location, 303);
  },
);

defineEndpoint(
  walletRoutes,
  {
    method: "get",
    path: "/gateway/:gateway/callback",
    summary:
      "The bank's return (?Authority=&Status=OK|NOK): verifies with the amount of our own record, credits the wallet once and completes the pending order; then /payment?id=",
    roles: anyone,
    query: GatewayCallbackQuery,
    html: true,
    tag: "wallet",
  },
  async (c, { query }) => {
    const gateway = c.req.param("gateway") ?? "";
    return c.redirect(await handleCallback(paymentDeps(c), gateway, query), 302);
  },
);

defineEndpoint(
  walletRoutes,
  {
    method: "get",
    path: "/payments/:id",
    summary: "A payment's result for /payment (owner or admin)",
    roles: signedIn,
    response: PaymentResult,
    tag: "wallet",
  },
  async (c, { user }) => c.json(await paymentResult(c.var.db, user, c.req.param("id") ?? "")),
);

defineEndpoint(
  walletRoutes,
  {
    method: "post",
    path: "/show/standard_status",
    verifiedMobile: true,
    summary:
      "The standard dialog: free, credit, buy, wait or wait_or_credit with msg and download_link; use_credit=1 spends one standard credit (once per standard)",
    roles: anyone,
    body: StandardStatusInput,
    response: StandardStatusResponse,
    tag: "wallet",
  },
  async (c, { body }) => {
    const { now, notifier, origin } = services(c);
    // A standard ordered with a credit is a desk request: the user gets the usual "registered" notice.
    const ordered = async (_requestId: string, title: string) =>
      sendOfflineNotice(notifier, c.var.log, {
        userId: c.var.user!.id,
        template: "offline_registered",
        params: {
          name: title,
          kind: "standard",
          hours: deliveryHours(await deskHours(c.var.db), "standard"),
          paid: true,
          link: `${origin}/profile/offlineBooksStandards`,
        },
      });
    return c.json(await standardStatus(c.var.db, c.var.user, { id: body.id, useCredit: body.use_credit }, now, { ordered }));
  },
);

defineEndpoint(
  walletRoutes,
  {
    method: "get",
    path: "/wallet/standards",
    summary: "/profile/standards: the standards the user paid for, with their files once ready",
    roles: signedIn,
    response: MyStandards,
    tag: "wallet",
  },
  async (c, { user }) => c.json({ data: await myStandards(c.var.db, user.id) }),
);

defineEndpoint(
  walletRoutes,
  {
    method: "get",
    path: "/wallet/ledger",
    summary: "/profile/financial: the user's ledger rows, newest first",
    roles: signedIn,
    query: LedgerQuery,
    response: LedgerPage,
    tag: "wallet",
  },
  async (c, { query, user }) => c.json(await ledgerPage(c.var.db, user.id, query.page, query.per_page)),
);

defineEndpoint(
  walletRoutes,
  {
    method: "get",
    path: "/admin/ajax/transactions",
    summary:
      "/admin/transactions: ledger rows by user (id, e-mail, mobile, username), account, reason and date range, with totals over all matches and current balances",
    roles: adminOnly,
    query: TransactionsQuery,
    response: TransactionsResponse,
    tag: "admin",
  },
  async (c, { query }) => {
    let userId: string | null = null;
    if (query.user) {
      userId = await findUserId(c.var.db, query.user);
      if (!userId) userId = "__none__";
    }
    const filters = { userId, account: query.account, reason: query.reason, from: parseDay(query.from, false), to: parseDay(query.to, true) };
    return c.json(await transactions(c.var.db, filters, query.page, query.per_page));
  },
);

defineEndpoint(
  walletRoutes,
  {
    method: "post",
    path: "/admin/users/:id/adjust",
    summary: "Admin credit adjustment: one ledger row (admin_adjust) with a required reason; all-or-nothing, never below zero",
    roles: adminOnly,
    body: AdjustInput,
    response: AdjustResponse,
    tag: "admin",
  },
  async (c, { body, user }) => c.json({ status: "ok" as const, balances: await adjustCredits(c.var.db, user, c.req.param("id") ?? "", body, c.var.now()) }),
);

defineEndpoint(
  walletRoutes,
  {
    method: "post",
    path: "/admin/createInvoice",
    summary: "Create an invoice with a payment link for a user or an institution",
    roles: adminOnly,
    body: InvoiceInput,
    response: Invoice,
    tag: "admin",
  },
  async (c, { body, user }) => c.json(await createInvoice(c.var.db, user, body, c.var.now())),
);

defineEndpoint(
  walletRoutes,
  { method: "get", path: "/admin/ajax/invoices", summary: "Latest invoices", roles: adminOnly, response: InvoiceList, tag: "admin" },
  async (c) => c.json({ data: await listInvoices(c.var.db) }),
);

defineEndpoint(
  walletRoutes,
  {
    method: "get",
    path: "/invoices/:id",
    summary: "An invoice as its payer sees it (its user, a member of its institution, or an admin)",
    roles: signedIn,
    response: Invoice,
    tag: "wallet",
  },
  async (c, { user }) => c.json(await invoiceFor(c.var.db, user, c.req.param("id") ?? "")),
);

defineEndpoint(
  walletRoutes,
  { method: "get", path: "/admin/ajax/prices", summary: "The price table and price packages", roles: adminOnly, response: PriceTable, tag: "admin" },
  async (c) => c.json(await priceTable(c.var.db)),
);

defineEndpoint(
  walletRoutes,
  {
    method: "post",
    path: "/admin/ajax/prices",
    summary: "Set one price (a price key, or package_N)",
    roles: adminOnly,
    body: PriceUpdateInput,
    response: PriceTable,
    tag: "admin",
  },
  async (c, { body }) => c.json(await updatePrice(c.var.db, body, c.var.now())),
);
