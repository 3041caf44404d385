import { z } from "zod";
import { toLatinDigits } from "../lib/digits";
import { optionalWholeNumber, wholeNumber } from "./numbers";
import { UserInfo } from "./user-info";

/**
 * Wallet, credits, purchases and card payment (accounts-and-purchases.md §3, §4, §5, §7;
 * search-and-download.md §3 standard status, §5 standard credit count, §7 /price), shared by the
 * Worker's validators and the SPA, with the feature's Persian texts.
 */
export const walletTexts = {
  countRange: "تعداد باید بین ۰ تا ۵۰ باشد.",
  countDigits: "فقط عدد وارد کنید.",
  emptyPackage: "تعداد مقاله‌ها را بیشتر از صفر وارد کنید یا بستهٔ اعتبار محدود را انتخاب کنید.",
  idempotencyRequired: "شناسهٔ یکتای سفارش (Idempotency-Key) ارسال نشده است.",
  idempotencyFormat: "شناسهٔ یکتای سفارش معتبر نیست.",
  badCart: "اطلاعات سبد خرید معتبر نیست.",
  badPeriod: "مدت اشتراک معتبر نیست.",
  reasonRequired: "دلیل تغییر اعتبار را وارد کنید.",
  deltaInvalid: "مقدار تغییر باید عدد صحیح غیر صفر باشد.",
  amountInvalid: "مبلغ باید عدد صحیح مثبت (تومان) باشد.",
  titleRequired: "عنوان صورت‌حساب را وارد کنید.",
  purchaseSuccess: "خرید شما با موفقیت انجام شد",
  basketSuccess: "با موفقیت ارسال شد",
  wrongPage: "صفحهٔ اشتباه",
} as const;

/** Article/standard counts: digits only (any digit script), 0 to 50 (§5). */
export const Count = z.preprocess(
  (v) => (typeof v === "string" ? toLatinDigits(v).trim() : v),
  z
    .custom<number | string>((v) => (typeof v === "number" ? Number.isInteger(v) : typeof v === "string" && /^[0-9]{1,6}$/.test(v)), walletTexts.countDigits)
    .transform((v) => Number(v))
    .pipe(z.number().min(0, walletTexts.countRange).max(50, walletTexts.countRange)),
);

/** POST /price: any of the counts (missing = 0). */
export const PriceInput = z.object({
  article: Count.optional(),
  offline_article: Count.optional(),
  limited_article: Count.optional(),
  standard: Count.optional(),
});
export type PriceInput = z.infer<typeof PriceInput>;

const UnitPrice = z.object({ unit_price: z.number().int() });
export const PriceResponse = z.object({
  article: UnitPrice,
  offline_article: UnitPrice,
  limited_article: UnitPrice,
  standard: UnitPrice,
  /** The counts priced, after the package rules (a limited pack resets a plain article count of 1 to 0). */
  counts: z.object({ article: z.number().int(), offline_article: z.number().int(), limited_article: z.number().int(), standard: z.number().int() }),
  /** Credits in one limited pack. */
  limited_article_pack_size: z.number().int(),
  sum_total: z.number().int(),
  status: z.enum(["ok", "error"]),
  error: z.string().nullable(),
});
export type PriceResponse = z.infer<typeof PriceResponse>;

export type PackageCounts = { article: number; offline_article: number; limited_article: number };

/** §5 package rules: a limited pack excludes a plain count of 1 (reset to 0). */
export function applyPackageRules<T extends PackageCounts>(c: T): T {
  return c.limited_article > 0 && c.article === 1 ? { ...c, article: 0 } : c;
}

/** §5: a package purchase needs a total count above 0 or a limited pack. */
export function packageIsEmpty(c: PackageCounts): boolean {
  return c.article + c.offline_article <= 0 && c.limited_article <= 0;
}

const flagish = z.preprocess((v) => v === true || v === 1 || v === "1" || v === "true" || v === "on", z.boolean());

/** The counts object of a package cart (and standard credits). */
export const CountsName = z.strictObject({
  article: Count.optional(),
  offline_article: Count.optional(),
  limited_article: Count.optional(),
  standard: Count.optional(),
});

/** `directaccess` as a map of site id to period in days. */
export const DirectAccessName = z.object({
  directaccess: z.record(z.string().min(1).max(64), wholeNumber({ message: walletTexts.badPeriod, min: 1, max: 3650 })),
});

/**
 * The spec's cart (§3): `name` is a product key string, an object of counts, or `{directaccess}`;
 * `price` is the client's display number and is ignored (the server prices every cart).
 */
export const Cart = z.object({
  name: z.union([z.string().trim().min(1, walletTexts.badCart).max(64, walletTexts.badCart), DirectAccessName, CountsName]),
  title: z.string().max(500).optional(),
  price: z.unknown().optional(),
  /** search-and-download.md §3: the standard dialog's cart carries `type`. */
  type: z.string().max(32).optional(),
  /** Standard credits or other per-unit products when `name` is a key string. */
  count: Count.optional(),
  /** A product's id: a direct book, a priced offline request... */
  id: z.union([z.string().max(64), z.number().int()]).optional(),
  period: optionalWholeNumber({ message: walletTexts.badPeriod, min: 1, max: 3650 }),
  url: z.string().trim().max(2000).optional(),
  isArticleOffline: flagish.optional(),
  doi: z.string().trim().max(300).optional(),
  desc: z.string().trim().max(2000).optional(),
  /**
   * A page of this site to return to once paid (a reading list whose rows wait for the credits): a
   * path on the same site only (`/…`, never `//host` or a backslash), so a cart cannot send anyone away.
   */
  return_to: z
    .string()
    .trim()
    .max(300, walletTexts.badCart)
    .regex(/^\/(?![/\\])[^\s\\]*$/, walletTexts.badCart)
    .optional(),
});
export type Cart = z.infer<typeof Cart>;
export type CartInput = z.input<typeof Cart>;

export const IdempotencyKey = z
  .string({ error: walletTexts.idempotencyRequired })
  .trim()
  .min(8, walletTexts.idempotencyFormat)
  .max(100, walletTexts.idempotencyFormat)
  .regex(/^[A-Za-z0-9_.:-]+$/, walletTexts.idempotencyFormat);

/** POST /order: the cart, and the idempotency key (or the `Idempotency-Key` header). */
export const OrderInput = z.object({ cart: Cart, idempotency_key: IdempotencyKey.optional() });
export type OrderInput = z.input<typeof OrderInput>;

/** The updated userInfo, plus where the SPA goes next (§4 redirects) and the order id. */
export const OrderResponse = UserInfo.extend({ redirect: z.string(), order_id: z.string() });
export type OrderResponse = z.infer<typeof OrderResponse>;

/** GET /show/balance. */
export const BalanceResponse = z.object({
  balance: z.number().int(),
  standard_credit: z.number().int(),
  offline_article_credit: z.number().int(),
  unlimited_vip_credits: z.number().int(),
  limited_vip_credits: z.object({ count: z.number().int(), expiration: z.string().nullable() }),
});
export type BalanceResponse = z.infer<typeof BalanceResponse>;

/** Form POST /gateway/{gateway}: `cart` is a JSON string (or absent for a plain top-up of `amount`). */
export const GatewayForm = z.object({
  amount: optionalWholeNumber({ message: walletTexts.amountInvalid, min: 0, max: 500_000_000 }),
  cart: z.string().max(20_000).optional(),
  offlineUrl: z.string().max(2000).optional(),
  doi: z.string().max(300).optional(),
  desc: z.string().max(2000).optional(),
  articleUrl: z.string().max(2000).optional(),
  idempotency_key: IdempotencyKey.optional(),
  invoice_id: z.string().max(64).optional(),
});
export type GatewayForm = z.infer<typeof GatewayForm>;

export const GatewayCallbackQuery = z.object({ Authority: z.string().trim().max(100).optional(), Status: z.string().max(10).optional() });

export const paymentStatuses = ["pending", "paid", "failed", "cancelled"] as const;

/** GET /payments/{id}: what /payment shows after the bank. */
export const PaymentResult = z.object({
  id: z.string(),
  status: z.enum(paymentStatuses),
  amount: z.number().int(),
  gateway: z.string(),
  ref_id: z.string().nullable(),
  card_pan: z.string().nullable(),
  message: z.string(),
  order_status: z.enum(["completed", "failed", "none"]),
  redirect: z.string().nullable(),
  created_at: z.string(),
});
export type PaymentResult = z.infer<typeof PaymentResult>;

/** POST /show/standard_status. */
export const StandardStatusInput = z.object({ id: z.coerce.number({ error: walletTexts.badCart }).int().positive(), use_credit: flagish.optional() });
export const standardStatuses = ["free", "credit", "buy", "wait", "wait_or_credit"] as const;
export const StandardStatusResponse = z.object({
  standard_status: z.enum(standardStatuses),
  msg: z.string(),
  download_link: z.string().nullable(),
  title: z.string().optional(),
  standard_credit: z.number().int().optional(),
});
export type StandardStatusResponse = z.infer<typeof StandardStatusResponse>;

export const ledgerAccounts = ["balance", "standard_credit", "offline_article_credit", "unlimited_article_credit", "limited_article_credit"] as const;
export const LedgerAccount = z.enum(ledgerAccounts);

export const LedgerRow = z.object({
  id: z.string(),
  created_at: z.string(),
  account: LedgerAccount,
  delta: z.number().int(),
  reason: z.string(),
  reason_title: z.string(),
  note: z.string().nullable(),
  ref_type: z.string().nullable(),
  ref_id: z.string().nullable(),
});
export type LedgerRow = z.infer<typeof LedgerRow>;

export const LedgerQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(5).max(100).default(20),
});
export const LedgerPage = z.object({ data: z.array(LedgerRow), current_page: z.number().int(), total_pages: z.number().int(), total: z.number().int() });
export type LedgerPage = z.infer<typeof LedgerPage>;

/** GET /admin/transactions. `user`: id, e-mail, mobile or username; dates are ISO (YYYY-MM-DD) or epoch ms. */
export const TransactionsQuery = z.object({
  user: z.string().trim().max(200).optional(),
  account: LedgerAccount.optional(),
  reason: z.string().trim().max(40).optional(),
  from: z.string().trim().max(40).optional(),
  to: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(5).max(200).default(50),
});
export type TransactionsQuery = z.input<typeof TransactionsQuery>;

export const AccountTotals = z.object({ credited: z.number().int(), debited: z.number().int(), net: z.number().int() });
export const TransactionsResponse = z.object({
  data: z.array(LedgerRow.extend({ user_id: z.string(), user_name: z.string(), user_email: z.string(), created_by: z.string().nullable() })),
  current_page: z.number().int(),
  total_pages: z.number().int(),
  total: z.number().int(),
  /** Over every row matching the filters (not only this page). */
  totals: z.record(LedgerAccount, AccountTotals),
  /** Current sums of the users' cached balances (for the matched user, or everyone). */
  balances: z.record(LedgerAccount, z.number().int()),
  payments: z.object({ paid_count: z.number().int(), paid_amount: z.number().int() }),
});
export type TransactionsResponse = z.infer<typeof TransactionsResponse>;

/** POST /admin/users/:id/adjust: a ledger row with a required reason. */
export const AdjustInput = z.object({
  account: LedgerAccount,
  delta: wholeNumber({ message: walletTexts.deltaInvalid, min: -1_000_000_000, max: 1_000_000_000, signed: true }).refine(
    (n) => n !== 0,
    walletTexts.deltaInvalid,
  ),
  reason: z.preprocess((v) => (v == null ? "" : v), z.string().trim().min(3, walletTexts.reasonRequired).max(500)),
  /** Limited credits only: days until the granted lot expires (default 30). */
  days: z.coerce.number().int().min(1).max(366).optional(),
});
export type AdjustInput = z.input<typeof AdjustInput>;
export const AdjustResponse = z.object({ status: z.literal("ok"), balances: z.record(LedgerAccount, z.number().int()) });

/** POST /admin/createInvoice: for a user (id, e-mail, mobile or username) or an institution. */
export const InvoiceInput = z
  .object({
    user: z.string().trim().max(200).optional(),
    university_id: z.string().trim().max(64).optional(),
    title: z.preprocess((v) => (v == null ? "" : v), z.string().trim().min(1, walletTexts.titleRequired).max(300)),
    amount: wholeNumber({ message: walletTexts.amountInvalid, min: 1000, max: 500_000_000 }),
  })
  .refine((v) => !!v.user || !!v.university_id, { message: "کاربر یا سازمان صورت‌حساب را مشخص کنید.", path: ["user"] });
export type InvoiceInput = z.input<typeof InvoiceInput>;

export const Invoice = z.object({
  id: z.string(),
  title: z.string(),
  amount: z.number().int(),
  status: z.enum(["open", "paid", "cancelled"]),
  user_id: z.string().nullable(),
  university_id: z.string().nullable(),
  payee: z.string(),
  pay_url: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof Invoice>;
export const InvoiceList = z.object({ data: z.array(Invoice) });

export const PriceTableRow = z.object({ key: z.string(), title: z.string(), price: z.number().int() });
export const PriceTable = z.object({
  prices: z.array(PriceTableRow),
  packages: z.array(z.object({ id: z.number().int(), title: z.string(), articles: z.number().int(), price: z.number().int(), description: z.string() })),
});
export const PriceUpdateInput = z.object({
  key: z.string().trim().min(1).max(64),
  price: wholeNumber({ message: walletTexts.amountInvalid, min: 0, max: 500_000_000 }),
});

/** Where the SPA goes after a successful wallet purchase (§4), when the server did not say. */
export function redirectForCart(cart: Cart): string {
  if (cart.return_to) return cart.return_to;
  const name = cart.name;
  if (cart.url) {
    const p = new URLSearchParams();
    if (cart.isArticleOffline) {
      p.set("getOfflineUrl", cart.url);
      if (cart.doi) p.set("doi", cart.doi);
      if (cart.desc) p.set("desc", cart.desc);
    } else p.set("getUrl", cart.url);
    return `/?${p.toString()}`;
  }
  if (typeof name === "string") {
    if (name === "scifinder") return "/profile/scifinders";
    if (name === "direct_book" || name === "book") return "/profile/directBooks";
    if (name === "standard" || cart.type === "standard") return "/profile/standards/";
    if (name === "article" || name === "limited_article" || name.startsWith("package")) return "/profile/booksAndArticles/";
    if (name === "offline_article") return "/profile/offilneArticles/";
    return "/profile/vipServices";
  }
  if ("directaccess" in name) return "/profile/vipServices";
  if ((name.standard ?? 0) > 0 && !(name.article || name.offline_article || name.limited_article)) return "/profile/standards/";
  if ((name.offline_article ?? 0) > 0 && !(name.article || name.limited_article)) return "/profile/offilneArticles/";
  return "/profile/booksAndArticles/";
}

/** GET /wallet/standards: the standards the user paid for (/profile/standards). */
export const MyStandard = z.object({
  id: z.number().int(),
  title: z.string(),
  standard_number: z.string().nullable(),
  organization: z.string().nullable(),
  download_link: z.string().nullable(),
  created_at: z.string(),
});
export const MyStandards = z.object({ data: z.array(MyStandard) });
export type MyStandards = z.infer<typeof MyStandards>;
