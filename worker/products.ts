/**
 * What a cart can buy: the product kind an order item carries (worker/money/cart.ts turns the spec's
 * cart forms into items) → the fulfiller that prices it on the server and writes what buying it does
 * in the order's own D1 batch (the contract of a fulfiller: worker/money/fulfilment.ts).
 * A kind missing here is an unknown product (422). Adding a product is one entry.
 *
 * The composition root hands this registry to the order path (worker/app.ts through the request's
 * services, worker/scheduled for reconciliation): the money kernel imports no product.
 */
import { BATCH_OFFLINE_PRODUCT } from "../contract/batch";
import { OFFLINE_PRODUCT } from "../contract/offline";
import { batchOfflineProduct } from "./features/batch/offline-order";
import { directAccessProduct } from "./features/direct-access/fulfiller";
import { isQuotaExceeded, QuotaExhaustedError } from "./features/institutions/access";
import { DIRECT_BOOK_PRODUCT, directBookProduct } from "./features/offline/direct-book";
import { offlineRequestProduct } from "./features/offline/fulfiller";
import { vipProducts } from "./features/vip/fulfillers";
import { creditProducts } from "./features/wallet/credit-products";
import type { Fulfiller, ProductRegistry } from "./money/fulfilment";

const fulfillers: Readonly<Record<string, Fulfiller>> = {
  // Credits by count (article, offline_article, standard, limited_article) and the price packages.
  ...creditProducts,
  // A priced offline book or standard request; a catalogue book (a paid desk request).
  [OFFLINE_PRODUCT]: offlineRequestProduct,
  [DIRECT_BOOK_PRODUCT]: directBookProduct,
  // Offline requests for every offline row of a reading list: credits first, the wallet buys the rest.
  [BATCH_OFFLINE_PRODUCT]: batchOfflineProduct,
  // A basket of direct-access sites.
  directaccess: directAccessProduct,
  // Plagiarism, grammar and AI checks; a SciFinder account.
  ...vipProducts,
};

export const products: ProductRegistry = {
  fulfillerFor: (productKind) => (Object.hasOwn(fulfillers, productKind) ? fulfillers[productKind] : undefined),
  // Direct books and direct-access sites take a member's monthly quota (institutions/access.ts) in
  // the order's batch; the quota's CHECK failing there means the institution's month ran out meanwhile.
  batchFailure: (err) => (isQuotaExceeded(err) ? new QuotaExhaustedError() : null),
};
