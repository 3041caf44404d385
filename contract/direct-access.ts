import { z } from "zod";
import { toPersianDigits } from "../lib/digits";
import { wholeNumber } from "./numbers";
import { httpUrl } from "../lib/link-url";

/**
 * Direct access to external databases (search-and-download.md §2 "Type 6", §3 "Direct-access site",
 * "Basket item"; accounts-and-purchases.md §2 `/directaccess/{id}/{d?}`, `/admin/directAccess`).
 * Shared by the Worker's validators and the SPA.
 */
export const directAccessTexts = {
  nameRequired: "نام سایت را وارد کنید.",
  descriptionRequired: "توضیح سایت را وارد کنید.",
  typeInvalid: "نوع سایت باید ۱، ۲ یا ۳ باشد.",
  urlInvalid: "نشانی باید با http:// یا https:// شروع شود.",
  pricesRequired: "دست‌کم یک دوره با قیمت وارد کنید.",
  daysInvalid: "تعداد روزهای دوره باید عددی صحیح بین ۱ تا ۳۶۵۰ باشد.",
  priceInvalid: "قیمت باید عددی صحیح بین ۰ تا ۵۰۰ میلیون تومان باشد.",
  daysRepeated: "هر دوره فقط یک بار می‌تواند قیمت داشته باشد.",
  credentialsRequired: "دست‌کم یک اکانت به شکل «نام کاربری:رمز عبور» در هر خط وارد کنید.",
  newPasswordRequired: "رمز تازهٔ اکانت را وارد کنید.",
  credentialLineInvalid: (n: number) => `خط ${toPersianDigits(n)} باید به شکل «نام کاربری:رمز عبور» باشد.`,
} as const;

/** §3: prices are keyed "price_" (the six-character prefix) + days. */
export const priceKey = (days: number) => `price_${days}`;
export const daysOfPriceKey = (key: string) => Number(key.slice(6));

/** search-and-download.md §3 "Direct-access site". `prices` keys are "price_" + days. */
export const DirectAccessSite = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  type: z.number().int(),
  link: z.string().nullable(),
  link2: z.string().nullable(),
  expire: z.string(),
  prices: z.record(z.string().regex(/^price_\d+$/), z.number().int()),
});
export type DirectAccessSite = z.infer<typeof DirectAccessSite>;

export const DirectAccessList = z.array(DirectAccessSite);

/** §3 "Basket item" (client side): a site with the chosen period. */
export const BasketItem = z.object({ id: z.number().int(), name: z.string(), period: z.number().int().positive(), price: z.number().int() });
export type BasketItem = z.infer<typeof BasketItem>;

/** A username and password lent from a site's pool; shown only to the grant's buyer. */
export const Credential = z.object({ username: z.string(), password: z.string() });
export type Credential = z.infer<typeof Credential>;

/** One bought period of one site. Dates are ISO strings. */
export const DirectAccessGrant = z.object({
  id: z.string(),
  site_id: z.number().int(),
  site_name: z.string(),
  days: z.number().int(),
  starts_at: z.string(),
  expires_at: z.string(),
  active: z.boolean(),
});
export type DirectAccessGrant = z.infer<typeof DirectAccessGrant>;

/**
 * GET /direct_access/{id}: the access page's data. `status` none = never bought (or a guest),
 * active = a grant covers now (links + credential shown), expired = only past grants (renewal).
 */
export const DirectAccessPageData = z.object({
  site: DirectAccessSite,
  status: z.enum(["none", "active", "expired"]),
  /** Seconds until the latest grant ends (0 unless active). */
  seconds_left: z.number().int(),
  expires_at: z.string().nullable(),
  credential: Credential.nullable(),
  grants: z.array(DirectAccessGrant),
});
export type DirectAccessPageData = z.infer<typeof DirectAccessPageData>;

export const MyGrants = z.object({ grants: z.array(DirectAccessGrant) });
export type MyGrants = z.infer<typeof MyGrants>;

// ---- /admin/directAccess ------------------------------------------------------------------

const blank = (v: unknown) => (v == null || (typeof v === "string" && v.trim() === "") ? undefined : v);
const HttpUrl = z
  .string()
  .trim()
  .max(2000, directAccessTexts.urlInvalid)
  .refine((v) => httpUrl(v) !== null, directAccessTexts.urlInvalid);

export const PeriodPrice = z.object({
  days: wholeNumber({ message: directAccessTexts.daysInvalid, min: 1, max: 3650 }),
  price: wholeNumber({ message: directAccessTexts.priceInvalid, min: 0, max: 500_000_000 }),
});
export type PeriodPrice = z.infer<typeof PeriodPrice>;

/** Create or update a site with its period prices (JSON). */
export const AdminSiteInput = z.object({
  name: z.preprocess((v) => v ?? "", z.string().trim().min(1, directAccessTexts.nameRequired).max(200, directAccessTexts.nameRequired)),
  description: z.preprocess((v) => v ?? "", z.string().trim().min(1, directAccessTexts.descriptionRequired).max(2000, directAccessTexts.descriptionRequired)),
  url: z.preprocess(blank, HttpUrl.optional()),
  type: z.coerce
    .number({ error: directAccessTexts.typeInvalid })
    .int(directAccessTexts.typeInvalid)
    .min(1, directAccessTexts.typeInvalid)
    .max(3, directAccessTexts.typeInvalid),
  link: z.preprocess(blank, HttpUrl.optional()),
  link2: z.preprocess(blank, HttpUrl.optional()),
  expire: z.preprocess((v) => v ?? "", z.string().trim().max(300)),
  active: z.boolean().default(true),
  sort_order: z.coerce.number().int().min(0).max(100_000).default(0),
  /** A thesis database: members whose contract lists tez_download get it on the quota. */
  thesis_database: z.boolean().default(false),
  prices: z
    .array(PeriodPrice, { error: directAccessTexts.pricesRequired })
    .min(1, directAccessTexts.pricesRequired)
    .max(20)
    .refine((ps) => new Set(ps.map((p) => p.days)).size === ps.length, directAccessTexts.daysRepeated),
});
export type AdminSiteInput = z.input<typeof AdminSiteInput>;

/** free: may be lent; held: a running grant has it; awaiting_rotation: an ended grant's buyer still knows it. */
export const PoolCounts = z.object({ total: z.number().int(), free: z.number().int(), held: z.number().int(), awaiting_rotation: z.number().int() });

export const AdminSite = DirectAccessSite.extend({
  active: z.boolean(),
  sort_order: z.number().int(),
  thesis_database: z.boolean(),
  periods: z.array(PeriodPrice),
  pool: PoolCounts,
  active_grants: z.number().int(),
});
export type AdminSite = z.infer<typeof AdminSite>;
export const AdminSiteList = z.object({ sites: z.array(AdminSite) });
export type AdminSiteList = z.infer<typeof AdminSiteList>;

/** "username:password" per line (the first colon splits; passwords may contain colons). */
export const AddCredentialsInput = z.object({
  lines: z
    .preprocess((v) => v ?? "", z.string().max(100_000))
    .transform((text, ctx) => {
      const out: Credential[] = [];
      text.split(/\r?\n/).forEach((raw, i) => {
        const line = raw.trim();
        if (!line) return;
        const at = line.indexOf(":");
        const username = at > 0 ? line.slice(0, at).trim() : "";
        const password = at > 0 ? line.slice(at + 1).trim() : "";
        if (!username || !password || username.length > 200 || password.length > 200) {
          ctx.addIssue({ code: "custom", message: directAccessTexts.credentialLineInvalid(i + 1) });
          return;
        }
        out.push({ username, password });
      });
      if (!out.length) ctx.addIssue({ code: "custom", message: directAccessTexts.credentialsRequired });
      return out;
    }),
});

export const AdminCredential = z.object({
  id: z.string(),
  site_id: z.number().int(),
  username: z.string(),
  password: z.string(),
  /** The grant holding it now (an expired holder no longer counts). */
  holder: z.object({ grant_id: z.string(), user_id: z.string(), user_name: z.string(), expires_at: z.string() }).nullable(),
  /** Its last grant ended: it is out of the pool until staff change its password (rotate). */
  needs_rotation: z.boolean(),
});
export type AdminCredential = z.infer<typeof AdminCredential>;
export const AdminCredentialList = z.object({ credentials: z.array(AdminCredential) });
export type AdminCredentialList = z.infer<typeof AdminCredentialList>;

/** Staff changed the account's password at the provider; the account returns to the pool. */
export const RotateCredentialInput = z.object({
  username: z.string().trim().min(1).max(200).optional(),
  password: z.string().trim().min(1, directAccessTexts.newPasswordRequired).max(200),
});

export const AdminGrant = DirectAccessGrant.extend({
  user_id: z.string(),
  user_name: z.string(),
  user_email: z.string(),
  order_id: z.string().nullable(),
  credential_username: z.string().nullable(),
});
export type AdminGrant = z.infer<typeof AdminGrant>;
export const AdminGrantList = z.object({ grants: z.array(AdminGrant) });
export type AdminGrantList = z.infer<typeof AdminGrantList>;

export const AdminGrantsQuery = z.object({
  site: z.preprocess(blank, z.coerce.number().int().positive().optional()),
  active: z.preprocess(blank, z.enum(["1", "0"]).optional()),
});

export const AdminOk = z.object({ status: z.literal("ok"), id: z.union([z.string(), z.number()]).optional(), count: z.number().int().optional() });
export type AdminOk = z.infer<typeof AdminOk>;

/**
 * search-and-download.md §4: for a guest, a type-2 site whose expiry text has neither unlimited nor
 * university wording shows a disabled expiry button instead of its links.
 */
export function hidesLinksFromGuest(site: Pick<DirectAccessSite, "type" | "expire">): boolean {
  return site.type === 2 && !/نامحدود|بدون\s*محدودیت|دانشگاه|unlimited|university/i.test(site.expire);
}
