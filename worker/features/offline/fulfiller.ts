/**
 * Paying a priced offline request is a wallet order: cart `{ name: "offline_request", id: <request id> }`.
 * The price is the one staff set (never the client's number); the statements mark the request paid in
 * the order's own batch, once, only from `priced` and only for its owner (see service.paidStatements).
 */
import { and, eq } from "drizzle-orm";
import { schema } from "../../../db/client";
import { formatJalaliDate } from "../../../lib/format";
import type { Fulfiller, OrderItem } from "../wallet/fulfilment";
import { documentName } from "./messages";
import { sendOfflineNotice } from "./notifications";
import { alertStaff } from "./staff-alerts";
import { deskHours } from "./deadlines";
import { paidStatements, payablePrice } from "./service";

/** What price() read for each order item: the batch pays the request only at that price. */
const pricedAt = new WeakMap<OrderItem, number>();

export const offlineRequestProduct: Fulfiller = {
  async price(db, item, ctx) {
    const price = await payablePrice(db, ctx.userId, item.ref);
    pricedAt.set(item, price);
    return price;
  },
  async statements(db, item, ctx) {
    // price() ran first and found the request payable; the batch re-checks it in SQL, at the price charged.
    const price = pricedAt.get(item) ?? (await payablePrice(db, ctx.userId, item.ref));
    return paidStatements(db, ctx.userId, String(item.ref), ctx.orderId, ctx.now, await deskHours(db), price);
  },
  // The receipt: what was paid and the delivery deadline now running; when the file was attached at
  // pricing the payment delivered it, and the user gets the usual "ready" notice too. Staff see the
  // paid request in the desk's default view and in their alerts (e-mail if they asked).
  async paid(deps, item, ctx) {
    const [row] = await deps.db
      .select()
      .from(schema.offlineRequests)
      .where(and(eq(schema.offlineRequests.id, String(item.ref)), eq(schema.offlineRequests.userId, ctx.userId)));
    if (!row || (row.status !== "paid" && row.status !== "delivered") || row.price === null || row.paidAt?.getTime() !== ctx.now) return;
    const delivered = row.status === "delivered";
    const link = `${deps.origin}/profile/offlineBooksStandards`;
    const deliverBy = row.deliverBy && !delivered ? formatJalaliDate(row.deliverBy, { withTime: true }) : null;
    await sendOfflineNotice(deps.notifier, deps.log, {
      userId: ctx.userId,
      template: "offline_paid",
      params: { name: documentName(row), price: row.price, deliver_by: deliverBy, link },
    });
    if (delivered)
      await sendOfflineNotice(deps.notifier, deps.log, { userId: ctx.userId, template: "offline_delivered", params: { name: documentName(row), link } });
    await alertStaff(deps, "paid", { id: row.id, kind: row.kind, name: documentName(row), delivered });
  },
  // Only books and standards are priced.
  redirect: "/profile/offlineBooksStandards",
};
