import { Hono, type Context } from "hono";
import { z } from "zod";
import { OrderResponse } from "../../../contract/wallet";
import type { AppEnv } from "../../lib/context";
import { pickServices, services } from "../../services";
import { bindEndpoint } from "../../lib/endpoint";
import { adjustCredits, createInvoice, invoiceFor, listInvoices, priceTable, updatePrice } from "./admin";
import { announceStandardRequest } from "../offline/standard-request";
import { handleCallback, paymentResult, startPayment, type PaymentDeps } from "./payments";
import { findUserId, ledgerPage, parseDay, transactions } from "./queries";
import { orderKeyOf } from "../../money/order-key";
import { balanceOf, freshUserInfo, quote } from "./service";
import { placeOrder, sendReceipts } from "../../money/orders";
import type { AfterPaymentDeps } from "../../money/fulfilment";
import { myStandards, standardStatus } from "./standards";
import { walletApi } from "../../../contract/endpoints/wallet";

export const walletRoutes = new Hono<AppEnv>();

const afterPaymentDeps = (c: Context<AppEnv>): AfterPaymentDeps => pickServices(c, "db", "notifier", "log", "origin", "defer");

const paymentDeps = (c: Context<AppEnv>): PaymentDeps => {
  const s = pickServices(c, "db", "bindings", "now", "origin", "log", "products");
  return { ...s, receipts: (items, ctx) => sendReceipts(afterPaymentDeps(c), s.products, items, ctx) };
};

bindEndpoint(walletRoutes, walletApi.price, async (c, { body }) => c.json(await quote(c.var.db, body)));

bindEndpoint(walletRoutes, walletApi.balance, async (c, { user }) => c.json(await balanceOf(c.var.db, user, c.var.now())));

bindEndpoint(walletRoutes, walletApi.order, async (c, { body, user }) => {
  const now = c.var.now();
  const sent = c.req.header("idempotency-key") ?? body.idempotency_key;
  const idempotencyKey = await orderKeyOf(c.var.db, { sent, userId: user.id, cart: body.cart, now });
  const { products } = services(c);
  const placed = await placeOrder(c.var.db, products, { userId: user.id, cart: body.cart, idempotencyKey, now });
  await sendReceipts(afterPaymentDeps(c), products, placed.items, { userId: user.id, orderId: placed.orderId, now });
  const info = await freshUserInfo(c.var.db, user.id, now);
  return c.json({ ...info, redirect: placed.redirect, order_id: placed.orderId } satisfies OrderResponse);
});

const GatewayParam = z.object({ gateway: z.string().regex(/^[a-z]{2,20}$/) });

bindEndpoint(walletRoutes, walletApi.gateway, async (c, { body, user }) => {
  const { gateway } = GatewayParam.parse({ gateway: c.req.param("gateway") ?? "" });
  const r = await startPayment(paymentDeps(c), user, gateway, body);
  return c.redirect(r.location, 303);
});

bindEndpoint(walletRoutes, walletApi.callback, async (c, { query }) => {
  const gateway = c.req.param("gateway") ?? "";
  return c.redirect(await handleCallback(paymentDeps(c), gateway, query), 302);
});

bindEndpoint(walletRoutes, walletApi.payment, async (c, { user }) => c.json(await paymentResult(c.var.db, user, c.req.param("id") ?? "")));

bindEndpoint(walletRoutes, walletApi.standardStatus, async (c, { body }) => {
  const s = services(c);
  const ordered = (_requestId: string, title: string) => announceStandardRequest(s, { userId: c.var.user!.id, title });
  return c.json(await standardStatus(c.var.db, c.var.user, { id: body.id, useCredit: body.use_credit }, s.now, { ordered }));
});

bindEndpoint(walletRoutes, walletApi.myStandards, async (c, { user }) => c.json({ data: await myStandards(c.var.db, user.id) }));

bindEndpoint(walletRoutes, walletApi.ledger, async (c, { query, user }) => c.json(await ledgerPage(c.var.db, user.id, query.page, query.per_page)));

bindEndpoint(walletRoutes, walletApi.transactions, async (c, { query }) => {
  let userId: string | null = null;
  if (query.user) {
    userId = await findUserId(c.var.db, query.user);
    if (!userId) userId = "__none__";
  }
  const filters = { userId, account: query.account, reason: query.reason, from: parseDay(query.from, false), to: parseDay(query.to, true) };
  return c.json(await transactions(c.var.db, filters, query.page, query.per_page));
});

bindEndpoint(walletRoutes, walletApi.adjust, async (c, { body, user }) =>
  c.json({ status: "ok" as const, balances: await adjustCredits(c.var.db, user, c.req.param("id") ?? "", body, c.var.now()) }),
);

bindEndpoint(walletRoutes, walletApi.createInvoice, async (c, { body, user }) => c.json(await createInvoice(c.var.db, user, body, c.var.now())));

bindEndpoint(walletRoutes, walletApi.invoices, async (c) => c.json({ data: await listInvoices(c.var.db) }));

bindEndpoint(walletRoutes, walletApi.invoice, async (c, { user }) => c.json(await invoiceFor(c.var.db, user, c.req.param("id") ?? "")));

bindEndpoint(walletRoutes, walletApi.adminPrices, async (c) => c.json(await priceTable(c.var.db)));

bindEndpoint(walletRoutes, walletApi.saveAdminPrices, async (c, { body }) => c.json(await updatePrice(c.var.db, body, c.var.now())));
