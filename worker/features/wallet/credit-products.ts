/**
 * The wallet's own products, registered in the fulfilment registry: article credits (unlimited),
 * limited article packs (a lot of N credits valid one month), offline request credits, standard
 * credits and the price packages 1–4 (unlimited credits at a package price).
 */
import { ValidationError } from "../../lib/errors";
import { registerFulfiller, type OrderItem } from "./fulfilment";
import { grantLimitedCredits, ledgerChange, type CachedAccount } from "./ledger";
import { walletMessages } from "./messages";
import { DAY_MS, LIMITED_LOT_DAYS, loadPriceTable, packSizeFrom, pricePackage, unitPrice } from "./prices";

function countCredit(priceKey: string, account: CachedAccount, redirect: string) {
  registerFulfiller(priceKey, {
    async price(db, item) {
      return (await unitPrice(db, priceKey)) * item.quantity;
    },
    async statements(db, item, ctx) {
      return ledgerChange(db, { userId: ctx.userId, account, delta: item.quantity, reason: "order", refType: "order", refId: ctx.orderId, now: ctx.now, onShortfall: "abort" });
    },
    redirect,
  });
}

countCredit("article", "unlimited_article_credit", "/profile/booksAndArticles/");
countCredit("offline_article", "offline_article_credit", "/profile/offilneArticles/");
countCredit("standard", "standard_credit", "/profile/standards/");

registerFulfiller("limited_article", {
  async price(db, item) {
    return (await unitPrice(db, "limited_article")) * item.quantity;
  },
  async statements(db, item, ctx) {
    const size = packSizeFrom(await loadPriceTable(db));
    return grantLimitedCredits(db, {
      userId: ctx.userId,
      count: size * item.quantity,
      expiresAt: ctx.now + LIMITED_LOT_DAYS * DAY_MS,
      reason: "order",
      sourceRef: `order:${ctx.orderId}`,
      now: ctx.now,
    });
  },
  redirect: "/profile/booksAndArticles/",
});

async function packageOf(db: Parameters<typeof pricePackage>[0], item: OrderItem) {
  const pkg = await pricePackage(db, Number(item.ref));
  if (!pkg) throw new ValidationError({ cart: [walletMessages.unknownProduct] });
  return pkg;
}

registerFulfiller("package", {
  async price(db, item) {
    return (await packageOf(db, item)).price * item.quantity;
  },
  async statements(db, item, ctx) {
    const pkg = await packageOf(db, item);
    return ledgerChange(db, {
      userId: ctx.userId,
      account: "unlimited_article_credit",
      delta: pkg.articles * item.quantity,
      reason: "order",
      refType: "order",
      refId: ctx.orderId,
      note: pkg.title,
      now: ctx.now,
      onShortfall: "abort",
    });
  },
  redirect: "/profile/booksAndArticles/",
});
