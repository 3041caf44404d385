/**
 * The wallet's own products (listed in worker/products.ts): article credits (unlimited),
 * limited article packs (a lot of N credits valid one month), offline request credits, standard
 * credits and the price packages 1–4 (unlimited credits at a package price).
 */
import { ValidationError } from "../../lib/errors";
import type { Fulfiller, OrderItem } from "./fulfilment";
import { grantLimitedCredits, ledgerChange, type CachedAccount } from "./ledger";
import { walletMessages } from "./messages";
import { DAY_MS, LIMITED_LOT_DAYS, loadPriceTable, packSizeFrom, pricePackage, unitPrice } from "./prices";

function countCredit(priceKey: string, account: CachedAccount, redirect: string): Fulfiller {
  return {
    async price(db, item) {
      return (await unitPrice(db, priceKey)) * item.quantity;
    },
    async statements(db, item, ctx) {
      return ledgerChange(db, {
        userId: ctx.userId,
        account,
        delta: item.quantity,
        reason: "order",
        refType: "order",
        refId: ctx.orderId,
        now: ctx.now,
        onShortfall: "abort",
      });
    },
    redirect,
  };
}

const limitedArticle: Fulfiller = {
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
};

async function packageOf(db: Parameters<typeof pricePackage>[0], item: OrderItem) {
  const pkg = await pricePackage(db, Number(item.ref));
  if (!pkg) throw new ValidationError({ cart: [walletMessages.unknownProduct] });
  return pkg;
}

const pricePackageProduct: Fulfiller = {
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
};

/** Credits bought by count, and the price packages 1–4 (`package_N` carts). */
export const creditProducts = {
  article: countCredit("article", "unlimited_article_credit", "/profile/booksAndArticles/"),
  offline_article: countCredit("offline_article", "offline_article_credit", "/profile/offilneArticles/"),
  standard: countCredit("standard", "standard_credit", "/profile/standards/"),
  limited_article: limitedArticle,
  package: pricePackageProduct,
} satisfies Record<string, Fulfiller>;
