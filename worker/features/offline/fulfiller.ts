/**
 * Paying a priced offline request is a wallet order: cart `{ name: "offline_request", id: <request id> }`.
 * The price is the one staff set (never the client's number); the statements mark the request paid in
 * the order's own batch, once, only from `priced` and only for its owner (see service.paidStatements).
 */
import type { Fulfiller } from "../wallet/fulfilment";
import { deskHours } from "./deadlines";
import { paidStatements, payablePrice } from "./service";

export const offlineRequestProduct: Fulfiller = {
  async price(db, item, ctx) {
    return payablePrice(db, ctx.userId, item.ref);
  },
  async statements(db, item, ctx) {
    // price() ran first and found the request payable; the batch re-checks it in SQL.
    return paidStatements(db, ctx.userId, String(item.ref), ctx.orderId, ctx.now, await deskHours(db));
  },
  // Only books and standards are priced.
  redirect: "/profile/offlineBooksStandards",
};
