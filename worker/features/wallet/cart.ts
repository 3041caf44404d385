/** The spec's cart forms (accounts §3) turned into order items for the fulfilment registry. */
import { applyPackageRules, Count, type Cart } from "../../../contract/wallet";
import { ValidationError } from "../../lib/errors";
import type { OrderItem } from "./fulfilment";
import { walletMessages } from "./messages";

const CREDIT_KEYS = ["article", "offline_article", "limited_article", "standard"] as const;

function bad(message: string = walletMessages.badCart): never {
  throw new ValidationError({ cart: [message] });
}

/** Digits the schema took as text (a standard cart's `name`): the same 0–50 count rule, or a 422 on cart.name. */
function countIn(digits: string): number {
  const parsed = Count.safeParse(digits);
  if (!parsed.success) throw new ValidationError({ "cart.name": [walletMessages.countRange] });
  return parsed.data;
}

/** The cart fields other than `name`, handed to fulfillers as `data`. */
function extras(cart: Cart): Record<string, unknown> {
  const { name: _name, price: _price, ...rest } = cart;
  return rest;
}

/**
 * - `{article, offline_article, limited_article, standard}` counts → one item per non-zero count
 *   (package rules applied; all zero → 422);
 * - `{directaccess: {siteId: days}}` → one `directaccess` item with `data.sites`;
 * - `"package_N"` → a price package; `"article"`, `"offline_article"`, `"limited_article"`,
 *   `"standard"` with `count` (default 1; a url cart buys one credit for that document);
 * - any other key string → that product kind, quantity 1, `ref` = cart.id, `data` = the cart.
 */
export function cartToItems(cart: Cart): OrderItem[] {
  const name = cart.name;
  if (typeof name === "string") {
    const pkg = /^package_?([0-9]{1,3})$/.exec(name);
    if (pkg) return [{ kind: "package", quantity: 1, ref: pkg[1]! }];
    // The standard dialog's cart may carry its count as `name` ("3", "۳"): a count like any other, 0–50.
    const standardCount = cart.type === "standard" && /^[0-9\u06F0-\u06F9\u0660-\u0669]+$/.test(name) ? countIn(name) : null;
    const key = standardCount === null ? name : "standard";
    if ((CREDIT_KEYS as readonly string[]).includes(key)) {
      const quantity = cart.url ? 1 : (cart.count ?? standardCount ?? 1);
      if (quantity <= 0) bad(walletMessages.emptyPackage);
      const kind = key === "article" && cart.url && cart.isArticleOffline ? "offline_article" : key;
      return [{ kind, quantity, data: extras(cart) }];
    }
    return [{ kind: name, quantity: 1, ref: cart.id === undefined ? null : String(cart.id), data: extras(cart) }];
  }
  if ("directaccess" in name) {
    if (!Object.keys(name.directaccess).length) bad(walletMessages.emptyCart);
    return [{ kind: "directaccess", quantity: Object.keys(name.directaccess).length, data: { ...extras(cart), sites: name.directaccess } }];
  }
  const counts = applyPackageRules({
    article: name.article ?? 0,
    offline_article: name.offline_article ?? 0,
    limited_article: name.limited_article ?? 0,
    standard: name.standard ?? 0,
  });
  const items: OrderItem[] = [];
  for (const key of CREDIT_KEYS) if (counts[key] > 0) items.push({ kind: key, quantity: counts[key] });
  if (!items.length) bad(walletMessages.emptyPackage);
  return items;
}

/** Folds the gateway form's extra fields (articleUrl, offlineUrl, doi, desc) into a url cart. */
export function withGatewayFields(
  cart: Cart,
  form: { articleUrl?: string | undefined; offlineUrl?: string | undefined; doi?: string | undefined; desc?: string | undefined },
): Cart {
  if (cart.url) return cart;
  if (form.offlineUrl) return { ...cart, url: form.offlineUrl, isArticleOffline: true, doi: form.doi ?? cart.doi, desc: form.desc ?? cart.desc };
  if (form.articleUrl) return { ...cart, url: form.articleUrl };
  return cart;
}
