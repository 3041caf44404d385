/**
 * The wallet's way to pay for a reading list's offline requests: the `batch_offline` product of
 * the fulfilment registry, bought through the ordinary order path (`POST /order`, or the card
 * gateway's paid cart) with the cart `{name: "batch_offline", id: <batch id>}`.
 *
 * Priced on the server: the offline article credits the user lacks for the rows still to request
 * (credits first, the wallet for the rest) at the price table's offline_article unit price. Its
 * statements run in the order's batch, beside the order row and the wallet debit: the credits
 * bought (one ledger entry), then each request with the credit it spends (one ledger entry per
 * request, as a single offline request). So it is all or nothing, and it is charged once:
 * - the same idempotency key again answers the first order (the order row is unique per key);
 * - two orders at once plan the same rows: the second aborts on the open-request unique index
 *   (user + document), the whole batch rolled back, debit included;
 * - once requested, a row is not in the plan any more: a later order finds nothing to buy;
 * - another user's batch id is not found (404), priced at nothing, writes nothing.
 * A rejected request refunds its offline credit, as any article request does.
 */
import { eq } from "drizzle-orm";
import { batchTexts } from "../../../contract/batch";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { DomainError, NotFoundError } from "../../lib/errors";
import { deskHours } from "../offline/deadlines";
import { registrationStatements } from "../offline/service";
import type { Fulfiller, OrderItem } from "../wallet/fulfilment";
import { ledgerChange, type MoneyBatchItem } from "../wallet/ledger";
import { unitPrice } from "../wallet/prices";
import { batchOfflineTexts, creditsToBuy, freshCredits, planOffline, type OfflinePlan } from "./offline";

type Priced = { plan: OfflinePlan; toBuy: number };
/** What price() decided, so statements() writes exactly what was priced (the same order item). */
const priced = new WeakMap<OrderItem, Priced>();

async function priceOf(db: Db, item: OrderItem, userId: string): Promise<Priced> {
  const batchId = item.ref ?? "";
  const [batch] = await db.select({ userId: schema.batches.userId }).from(schema.batches).where(eq(schema.batches.id, batchId));
  if (!batch || batch.userId !== userId) throw new NotFoundError(batchTexts.notFound);
  const plan = await planOffline(db, userId, batchId);
  if (!plan.todo.length) throw new DomainError(batchOfflineTexts.nothing);
  const { offline } = await freshCredits(db, userId);
  return { plan, toBuy: creditsToBuy(plan.todo.length, offline) };
}

/** The offline rest of a reading list (cart `{ name: "batch_offline", id: <batch id> }`), listed in worker/products.ts. */
export const batchOfflineProduct: Fulfiller = {
  async price(db, item, ctx) {
    const p = await priceOf(db, item, ctx.userId);
    priced.set(item, p);
    return p.toBuy * (await unitPrice(db, "offline_article"));
  },
  async statements(db, item, ctx) {
    const { plan, toBuy } = priced.get(item) ?? (await priceOf(db, item, ctx.userId));
    const statements: MoneyBatchItem[] = [];
    if (toBuy > 0) {
      statements.push(
        ...ledgerChange(db, {
          userId: ctx.userId,
          account: "offline_article_credit",
          delta: toBuy,
          reason: "order",
          refType: "order",
          refId: ctx.orderId,
          now: ctx.now,
          onShortfall: "abort",
        }),
      );
    }
    const hours = await deskHours(db);
    for (const row of plan.todo) {
      statements.push(
        ...registrationStatements(db, {
          id: newId("off", ctx.now),
          userId: ctx.userId,
          kind: "article",
          url: row.input.url,
          doi: row.doi,
          code: null,
          more: null,
          docKey: row.docKey,
          title: row.entry.title,
          typedTitle: row.entry.title ? null : row.entry.lookup.slice(0, 300),
          isSolution: false,
          solver: null,
          hours,
          now: ctx.now,
        }),
      );
    }
    return statements;
  },
  redirect: "/profile/offilneArticles/",
};
