/**
 * Direct books (accounts spec §1 products, §4 "book to /profile/directBooks"): a catalogue book or
 * solution manual with a toman price, bought from the book search with the cart
 * `{ name: "book", id: <catalogue id> }`. The catalogue holds metadata, not files, so a purchase is
 * a book request that is already paid: it enters the delivery desk with the 12-hour promise, staff
 * upload the file, and a rejection refunds the price (refundFor). Priced by the server from the
 * catalogue row, never from the cart; free (one unit of the monthly quota) for a member whose
 * contract lists book_download.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { BOOK_PROMISE_MS } from "../../../contract/offline";
import { deliveryDeadline, deskHours } from "./deadlines";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { DomainError, NotFoundError } from "../../lib/errors";
import { consumeQuotaStatements, universityCover } from "../institutions/access";
import type { Fulfiller, OrderItem } from "../wallet/fulfilment";
import { offlineText } from "./messages";
import * as q from "./queries";

export const DIRECT_BOOK_PRODUCT = "book";

const c = schema.catalogItems;

/** A catalogue item is for sale when it is a book or solution manual, not free, with a price. */
async function directBookOf(db: Db, ref: OrderItem["ref"]) {
  const id = typeof ref === "string" && /^[0-9]{1,12}$/.test(ref) ? Number(ref) : null;
  if (id === null) throw new NotFoundError(offlineText.directBookNotFound);
  const [book] = await db
    .select({ id: c.id, type: c.type, title: c.title, isbn: c.isbn, price: c.tomanPrice })
    .from(c)
    .where(and(eq(c.id, id), inArray(c.type, [0, 1]), eq(c.free, false), isNotNull(c.tomanPrice)));
  if (!book || !book.price || book.price <= 0) throw new NotFoundError(offlineText.directBookNotFound);
  return book as typeof book & { price: number };
}

/** Each order item's book and the amount it was priced at, so the request records what the wallet was charged. */
const pricedAt = new WeakMap<OrderItem, { book: Awaited<ReturnType<typeof directBookOf>>; price: number }>();
/** Items a member's institution covers (contract access `book_download`): one unit of its monthly quota. */
const coveredBy = new WeakMap<OrderItem, string>();

export const directBookProduct: Fulfiller = {
  async price(db, item, ctx) {
    const book = await directBookOf(db, item.ref);
    // Bought and not yet delivered: a second purchase would only pay twice for one file. The
    // unique index on open requests refuses it in SQL too, when two purchases race.
    if (await q.findOpenDuplicate(db, ctx.userId, q.directBookKey(book.id))) throw new DomainError(offlineText.directBookOpen);
    const cover = await universityCover(db, ctx.userId, "book_download", 1, ctx.now);
    if (cover) coveredBy.set(item, cover.universityId);
    const price = cover ? 0 : book.price;
    pricedAt.set(item, { book, price });
    return price;
  },
  async statements(db, item, ctx) {
    // price() ran first for this item (planOrder); read the book again only if it did not.
    const cached = pricedAt.get(item);
    const book = cached?.book ?? (await directBookOf(db, item.ref));
    const price = cached?.price ?? book.price;
    const id = newId("off", ctx.now);
    const eventId = newId("ore", ctx.now);
    const at = new Date(ctx.now);
    const universityId = coveredBy.get(item);
    const hours = await deskHours(db);
    return [
      ...(universityId ? consumeQuotaStatements(db, { universityId, key: "book_download", now: ctx.now }) : []),
      q.insertRequest(db, {
        id,
        userId: ctx.userId,
        kind: "book",
        url: book.isbn ? `ISBN ${book.isbn}` : book.title,
        docKey: q.directBookKey(book.id),
        title: book.title,
        isSolution: book.type === 1,
        status: "paid",
        // What the order charged (a refund on rejection gives back exactly this).
        price,
        // Covered by the institution: a rejection gives the unit back instead (service.quotaReturnFor).
        paidWith: universityId ? "university_quota" : null,
        promiseAt: new Date(ctx.now + BOOK_PROMISE_MS),
        paidAt: at,
        deliverBy: deliveryDeadline(hours, "book", ctx.now),
        canEdit: false,
        lastEventId: eventId,
        createdAt: at,
        updatedAt: at,
      }),
      q.insertEvent(db, { id: eventId, requestId: id, actorId: ctx.userId, action: "paid", fromStatus: null, toStatus: "paid", note: null, at: ctx.now }),
      q.insertAudit(db, {
        actorId: ctx.userId,
        action: "offline.direct_book",
        requestId: id,
        at: ctx.now,
        details: { catalog_id: book.id, price, university: universityId ?? null, order: ctx.orderId },
      }),
    ];
  },
  redirect: "/profile/directBooks",
};
