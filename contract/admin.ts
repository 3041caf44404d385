import { z } from "zod";
import { toLatinDigits } from "../lib/digits";
import { wholeNumber } from "./numbers";
import { universityAccessKeys } from "./university-access";
import { LedgerAccount } from "./wallet";

/**
 * The admin console (/admin/ and its menu; accounts-and-purchases.md §2 "Admin menu"):
 * dashboard, users, contracts (institutions), solvers, direct books, news and blog posts. Shared by the
 * Worker's validators and the SPA's forms, so both show the same Persian words.
 */
export const adminTexts = {
  pageInvalid: "شمارهٔ صفحه نامعتبر است.",
  queryTooLong: "عبارت جست‌وجو نباید بیشتر از ۲۰۰ نویسه باشد.",
  roleFilterInvalid: "فیلتر نقش نامعتبر است.",
  flagInvalid: "مقدار باید «بله» یا «خیر» باشد.",
  reasonRequired: "دلیل را بنویسید (دست‌کم ۳ نویسه).",
  reasonTooLong: "دلیل نباید بیشتر از ۵۰۰ نویسه باشد.",
  userRequired: "کاربر را با شناسه، ایمیل، موبایل یا نام کاربری مشخص کنید.",
  nameRequired: "نام را وارد کنید.",
  nameTooLong: "نام نباید بیشتر از ۲۰۰ نویسه باشد.",
  logoInvalid: "نشانی لوگو باید با https:// یا / شروع شود.",
  domainsRequired: "دست‌کم یک دامنهٔ ایمیل وارد کنید.",
  domainInvalid: "دامنهٔ ایمیل نامعتبر است (مانند ut.ac.ir).",
  domainsDuplicate: "هر دامنه را فقط یک بار وارد کنید.",
  accessInvalid: "کلید دسترسی نامعتبر است.",
  accessDuplicate: "هر کلید دسترسی را فقط یک بار انتخاب کنید.",
  newAccessKeyInvalid: "کلید دسترسی جدید باید با حروف انگلیسی کوچک، رقم و _ باشد (۲ تا ۴۰ نویسه).",
  newAccessDescriptionRequired: "توضیح دسترسی را بنویسید.",
  quotaInvalid: "سهمیه باید عددی صحیح بین ۰ تا ۱۰ میلیون باشد.",
  quotaKeyInvalid: "سهمیه فقط برای کلیدهای دسترسی انتخاب‌شده تعریف می‌شود.",
  titleRequired: "عنوان را وارد کنید.",
  titleTooLong: "عنوان نباید بیشتر از ۵۰۰ نویسه باشد.",
  postNameInvalid: "نامک نوشته باید با حروف، رقم و خط تیره باشد (مانند how-to-search).",
  bookTypeInvalid: "نوع را «کتاب» یا «حل‌المسائل» انتخاب کنید.",
  yearInvalid: "سال انتشار نامعتبر است.",
  pagesInvalid: "تعداد صفحه نامعتبر است.",
  isbnInvalid: "شابک نامعتبر است (۱۰ یا ۱۳ رقم).",
  priceInvalid: "قیمت باید عددی صحیح بین ۱٬۰۰۰ تا ۱۰۰ میلیون تومان باشد.",
  coverInvalid: "نشانی تصویر جلد باید با https:// شروع شود.",
  textTooLong: "متن وارد‌شده بیش از حد طولانی است.",
} as const;

/** Whole numbers that may arrive as Persian digits from a form. */
const digits = (v: unknown) => (typeof v === "string" ? toLatinDigits(v).trim() : v);
const intIn = (min: number, max: number, message: string) => wholeNumber({ message, min, max });
const flag = z.boolean({ error: adminTexts.flagInvalid });
const reason = z.preprocess((v) => (v == null ? "" : v), z.string().trim().min(3, adminTexts.reasonRequired).max(500, adminTexts.reasonTooLong));
const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), z.string().trim().max(max, adminTexts.textTooLong).nullable().optional());
const userIdentifier = z.preprocess((v) => (v == null ? "" : digits(v)), z.string().trim().min(1, adminTexts.userRequired).max(200, adminTexts.userRequired));

/** Paging shared by every admin list: page ≥ 1, 1..100 rows a page. */
export const PageQuery = z.object({
  page: intIn(1, 100_000, adminTexts.pageInvalid).default(1),
  per_page: intIn(1, 100, adminTexts.pageInvalid).default(20),
});
const paged = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), total: z.number().int(), page: z.number().int(), per_page: z.number().int(), total_pages: z.number().int() });

export const OkResponse = z.object({ status: z.literal("ok") });

// ---------------------------------------------------------------- dashboard

export const DayDownloads = z.object({
  total: z.number().int(),
  ok: z.number().int(),
  /** ok / total × 100, one decimal; null on a day without downloads. */
  success_percent: z.number().nullable(),
});
export const AdminDashboard = z.object({
  now: z.string(),
  /** Tehran calendar days (UTC+3:30). */
  downloads: z.object({ today: DayDownloads, yesterday: DayDownloads }),
  offline: z.object({
    /** Requests still being worked on (registered, priced, paid, in progress). */
    open: z.number().int(),
    open_by_kind: z.object({ article: z.number().int(), book: z.number().int(), standard: z.number().int() }),
    /** Books whose 12-hour promise was broken: answered after it, or unanswered and past it. */
    promise_breached: z.number().int(),
    /** Of those, still unanswered now. */
    overdue_now: z.number().int(),
  }),
  /** Paid card payments (gateway verifications), whole toman. */
  revenue: z.object({ today: z.number().int(), yesterday: z.number().int(), last_30_days: z.number().int(), payments_30_days: z.number().int() }),
  users: z.object({ today: z.number().int(), yesterday: z.number().int(), last_30_days: z.number().int(), total: z.number().int() }),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;

// ---------------------------------------------------------------- users

export const userRoleFilters = ["all", "admin", "solver", "partner", "university", "blocked"] as const;
export const AdminUsersQuery = PageQuery.extend({
  q: z.preprocess((v) => (typeof v === "string" ? toLatinDigits(v).trim() : v), z.string().max(200, adminTexts.queryTooLong).optional()),
  role: z.enum(userRoleFilters, { error: adminTexts.roleFilterInvalid }).default("all"),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuery>;

export const UserRoles = z.object({ admin: z.boolean(), solver: z.boolean(), partner: z.boolean(), university: z.boolean() });
export const AdminUserRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  username: z.string().nullable(),
  roles: UserRoles,
  blocked_at: z.string().nullable(),
  balance: z.number().int(),
  university_id: z.string().nullable(),
  university_name: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;
export const AdminUsersPage = paged(AdminUserRow);
export type AdminUsersPage = z.infer<typeof AdminUsersPage>;

export const AdminUserDetail = z.object({
  user: AdminUserRow.extend({ university_email: z.string().nullable(), active_sessions: z.number().int() }),
  balances: z.record(LedgerAccount, z.number().int()),
  downloads: z.array(
    z.object({
      id: z.string(),
      outcome: z.string(),
      title: z.string().nullable(),
      doi: z.string().nullable(),
      url: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  orders: z.array(z.object({ id: z.string(), total: z.number().int(), status: z.string(), created_at: z.string() })),
  payments: z.array(z.object({ id: z.string(), amount: z.number().int(), status: z.string(), gateway: z.string(), created_at: z.string() })),
  requests: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      status: z.string(),
      title: z.string().nullable(),
      url: z.string(),
      price: z.number().int().nullable(),
      created_at: z.string(),
    }),
  ),
  ledger: z.array(
    z.object({ id: z.string(), account: LedgerAccount, delta: z.number().int(), reason: z.string(), note: z.string().nullable(), created_at: z.string() }),
  ),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

/** POST /admin/ajax/users/:id/roles. A partner belongs to an institution: give one unless the user has it already. */
export const RolesInput = z.object({
  admin: flag,
  solver: flag,
  partner: flag,
  university_id: z.string().trim().max(64).optional(),
});
export type RolesInput = z.input<typeof RolesInput>;

/** POST /admin/ajax/users/:id/block: blocking ends every session; the reason goes to the audit log. */
export const BlockInput = z.object({ blocked: flag, reason });
export type BlockInput = z.input<typeof BlockInput>;

// ---------------------------------------------------------------- contracts (institutions)

export { universityAccessKeys };
export const AccessKey = z.enum(universityAccessKeys, { error: adminTexts.accessInvalid });
export type AccessKey = z.infer<typeof AccessKey>;

const domain = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase().replace(/^@/, "") : v),
  z.string().regex(/^(?=.{3,120}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}$/, adminTexts.domainInvalid),
);
const unique = <T>(list: T[]) => new Set(list).size === list.length;

export const ContractInput = z
  .object({
    name: z.preprocess((v) => (v == null ? "" : v), z.string().trim().min(1, adminTexts.nameRequired).max(200, adminTexts.nameTooLong)),
    logo: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? null : v),
      z
        .string()
        .trim()
        .max(500, adminTexts.logoInvalid)
        .regex(/^(https:\/\/|\/)[^\s]+$/, adminTexts.logoInvalid)
        .nullable()
        .optional(),
    ),
    domains: z.array(domain, { error: adminTexts.domainsRequired }).min(1, adminTexts.domainsRequired).max(20).refine(unique, adminTexts.domainsDuplicate),
    access: z.array(AccessKey, { error: adminTexts.accessInvalid }).max(universityAccessKeys.length).refine(unique, adminTexts.accessDuplicate),
    /** Key/description pairs shown instead of `access` (search-and-download.md §3 "University info"). */
    new_access: z
      .array(
        z.object({
          key: z
            .string()
            .trim()
            .regex(/^[a-z0-9_]{2,40}$/, adminTexts.newAccessKeyInvalid),
          description: z.string().trim().min(1, adminTexts.newAccessDescriptionRequired).max(200, adminTexts.textTooLong),
        }),
      )
      .max(20)
      .nullable()
      .optional(),
    /** Monthly quotas by access key (0 = none this month). */
    quotas: z.record(z.string(), intIn(0, 10_000_000, adminTexts.quotaInvalid)).default({}),
    active: flag.default(true),
  })
  .superRefine((v, ctx) => {
    for (const key of Object.keys(v.quotas)) {
      if (!(v.access as string[]).includes(key)) ctx.addIssue({ code: "custom", path: ["quotas"], message: adminTexts.quotaKeyInvalid });
    }
  });
export type ContractInput = z.input<typeof ContractInput>;

export const Contract = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  domains: z.array(z.string()),
  access: z.array(z.string()),
  new_access: z.array(z.object({ key: z.string(), description: z.string() })).nullable(),
  quotas: z.record(z.string(), z.number().int()),
  active: z.boolean(),
  members: z.number().int(),
  partners: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  created_at: z.string(),
});
export type Contract = z.infer<typeof Contract>;
export const ContractList = z.object({ data: z.array(Contract) });
export type ContractList = z.infer<typeof ContractList>;

/** POST /admin/ajax/contracts/:id/partners: make a user (id, e-mail, mobile or username) the institution's partner. */
export const PartnerInput = z.object({ user: userIdentifier });
export type PartnerInput = z.input<typeof PartnerInput>;

// ---------------------------------------------------------------- solvers

export const SolverRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  open: z.number().int(),
  delivered: z.number().int(),
});
export type SolverRow = z.infer<typeof SolverRow>;
export const SolverList = z.object({ data: z.array(SolverRow) });
export type SolverList = z.infer<typeof SolverList>;
export const SolverInput = z.object({ user: userIdentifier });
export type SolverInput = z.input<typeof SolverInput>;

// ---------------------------------------------------------------- direct books

/** Catalogue types sold as direct books: 0 book, 1 solution manual. */
export const directBookTypes = [0, 1] as const;
export const DirectBooksQuery = PageQuery.extend({
  q: z.preprocess((v) => (typeof v === "string" ? toLatinDigits(v).trim() : v), z.string().max(200, adminTexts.queryTooLong).optional()),
});
export type DirectBooksQuery = z.input<typeof DirectBooksQuery>;

const isbn = z.preprocess(
  (v) => (typeof v === "string" ? (toLatinDigits(v).trim() === "" ? null : toLatinDigits(v).trim().toUpperCase()) : v),
  z
    .string()
    .refine((s) => /^([0-9]{9}[0-9X]|[0-9]{13})$/.test(s.replace(/[-\s]/g, "")), adminTexts.isbnInvalid)
    .nullable()
    .optional(),
);
const optionalInt = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === "" || v == null ? null : digits(v)),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).nullable().optional(),
  );

export const DirectBookInput = z.object({
  type: z.preprocess(digits, z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: adminTexts.bookTypeInvalid }))),
  title: z.preprocess((v) => (v == null ? "" : v), z.string().trim().min(1, adminTexts.titleRequired).max(500, adminTexts.titleTooLong)),
  authors: optionalText(500),
  year: optionalInt(1800, 2100, adminTexts.yearInvalid),
  publisher: optionalText(200),
  isbn,
  edition: optionalText(50),
  pages: optionalInt(1, 100_000, adminTexts.pagesInvalid),
  language: optionalText(50),
  extension: optionalText(10),
  cover_url: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z
      .string()
      .trim()
      .max(500, adminTexts.coverInvalid)
      .regex(/^https:\/\/[^\s]+$/, adminTexts.coverInvalid)
      .nullable()
      .optional(),
  ),
  toman_price: intIn(1000, 100_000_000, adminTexts.priceInvalid),
});
export type DirectBookInput = z.input<typeof DirectBookInput>;
export const DirectBookPriceInput = z.object({ toman_price: intIn(1000, 100_000_000, adminTexts.priceInvalid) });
export type DirectBookPriceInput = z.input<typeof DirectBookPriceInput>;

export const DirectBook = z.object({
  id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  authors: z.string(),
  year: z.number().int().nullable(),
  publisher: z.string().nullable(),
  isbn: z.string().nullable(),
  edition: z.string().nullable(),
  pages: z.number().int().nullable(),
  language: z.string(),
  extension: z.string().nullable(),
  cover_url: z.string().nullable(),
  toman_price: z.number().int(),
  created_at: z.string(),
});
export type DirectBook = z.infer<typeof DirectBook>;
export const DirectBooksPage = paged(DirectBook);
export type DirectBooksPage = z.infer<typeof DirectBooksPage>;

// ---------------------------------------------------------------- news and blog posts

export const NewsInput = z.object({
  title: z.preprocess((v) => (v == null ? "" : v), z.string().trim().min(1, adminTexts.titleRequired).max(500, adminTexts.titleTooLong)),
  published: flag.default(true),
});
export type NewsInput = z.input<typeof NewsInput>;
export const PublishInput = z.object({ published: flag });
export type PublishInput = z.input<typeof PublishInput>;
export const NewsItem = z.object({ id: z.number().int(), title: z.string(), published: z.boolean(), created_at: z.string() });
export type NewsItem = z.infer<typeof NewsItem>;
export const NewsPage = paged(NewsItem);
export type NewsPage = z.infer<typeof NewsPage>;
/** Any admin list page (the paging fields of `paged`) with rows of type Row. */
export type Paged<Row> = Omit<NewsPage, "data"> & { data: Row[] };

export const BlogPostInput = z.object({
  post_title: z.preprocess((v) => (v == null ? "" : v), z.string().trim().min(1, adminTexts.titleRequired).max(500, adminTexts.titleTooLong)),
  /** The blog's slug (the footer links to blog/{post_name}). */
  post_name: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v == null ? "" : v),
    z
      .string({ error: adminTexts.postNameInvalid })
      .regex(/^[\p{L}\p{N}]+(-[\p{L}\p{N}]+)*$/u, adminTexts.postNameInvalid)
      .max(200, adminTexts.postNameInvalid),
  ),
  published: flag.default(true),
});
export type BlogPostInput = z.input<typeof BlogPostInput>;
export const BlogPost = z.object({ id: z.number().int(), post_title: z.string(), post_name: z.string(), published: z.boolean(), created_at: z.string() });
export type BlogPost = z.infer<typeof BlogPost>;
export const BlogPage = paged(BlogPost);
export type BlogPage = z.infer<typeof BlogPage>;
