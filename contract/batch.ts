import { z } from "zod";
import { toPersianDigits } from "../lib/digits";
import { FileProvenance, WaitField } from "./getpdf";

/** Reading lists resolved at once: POST /batch, GET /batch/{id}, export, ZIP. */

export const BATCH_LIMIT_GUEST = 20;
export const BATCH_LIMIT_USER = 500;
/** Pasted text or an uploaded file: 2 MB is ~10,000 BibTeX entries, far above 500. */
export const BATCH_MAX_BYTES = 2 * 1024 * 1024;

export const batchTexts = {
  nothing: "فهرست منابع را بچسبانید یا فایلی انتخاب کنید.",
  tooLarge: "حجم فهرست منابع نباید بیشتر از ۲ مگابایت باشد.",
  noEntries: "هیچ مرجعی در این فهرست پیدا نشد. قالب فایل (BibTeX، RIS، PubMed، CSL-JSON یا متن، هر مرجع در یک خط) را بررسی کنید.",
  unreadable: "این فایل خوانده نشد. قالب آن را بررسی کنید.",
  overBudget:
    "این فهرست بیش از حدی است که خوانده می‌شود (تعریف‌های ‎@string‎ تودرتو، فیلدهای بسیار بلند، تودرتویی بیش از اندازه یا بیش از ۱۰۰٬۰۰۰ خط) و پذیرفته نشد. فهرست را کوتاه‌تر کنید یا خروجی تازه‌ای از نرم‌افزار مدیریت منابع بگیرید.",
  tooManyGuest: (n: string, max: string) =>
    `این فهرست بیش از ${n} مرجع دارد؛ بدون ورود به حساب کاربری حداکثر ${max} مرجع (فقط دسترسی آزاد) بررسی می‌شود. وارد شوید تا تا ۵۰۰ مرجع را یک‌جا دریافت کنید.`,
  tooMany: (n: string, max: string) => `این فهرست بیش از ${n} مرجع دارد؛ حداکثر ${max} مرجع در هر فهرست پذیرفته می‌شود.`,
  notFound: "این فهرست پیدا نشد.",
  badFormat: "قالب خروجی باید bibtex، ris یا csljson باشد.",
  nothingToZip: "هنوز هیچ فایل آماده‌ای در این فهرست نیست.",
  /** An entry not started yet: its turn comes when the start allowance has room (or on the next read). */
  waitingStep: (seconds: number | null) =>
    seconds === null
      ? "در نوبت شروع…"
      : `در انتظار نوبت: سقف شروع دریافت پر است؛ حدود ${toPersianDigits(Math.max(1, Math.ceil(seconds / 60)))} دقیقهٔ دیگر شروع می‌شود.`,
  createLimited: (seconds: number) =>
    `در این ساعت فهرست‌های زیادی ساخته‌اید. لطفاً ${toPersianDigits(Math.max(1, Math.ceil(seconds / 60)))} دقیقهٔ دیگر دوباره تلاش کنید.`,
  readLimited: (seconds: number) => `این فهرست بیش از حد پشت سر هم خوانده شد. لطفاً ${toPersianDigits(seconds)} ثانیهٔ دیگر دوباره تلاش کنید.`,
} as const;

const isFile = (v: unknown): v is File => typeof File !== "undefined" && v instanceof File;

/** POST /batch: multipart `file` or `text` (form or JSON). */
export const BatchCreateInput = z
  .object({
    text: z.preprocess((v) => (v === "" ? undefined : v), z.string().max(BATCH_MAX_BYTES, batchTexts.tooLarge).optional()),
    file: z.preprocess(
      (v) => (v == null || v === "" || (isFile(v) && v.size === 0 && v.name === "") ? undefined : v),
      z.custom<File>((v) => isFile(v), { message: batchTexts.unreadable }).optional(),
    ),
  })
  .refine((v) => (v.text && v.text.trim()) || v.file, { message: batchTexts.nothing, path: ["text"] });
export type BatchCreateInput = z.infer<typeof BatchCreateInput>;

export const BatchCreated = z.object({ id: z.string(), count: z.number().int(), format: z.string() });
export type BatchCreated = z.infer<typeof BatchCreated>;

export const BatchStatus = z.enum(["processing", "ok", "buy", "offline", "error"]);
export type BatchStatus = z.infer<typeof BatchStatus>;

export const BatchCitation = z.object({
  type: z.string(),
  title: z.string().nullable(),
  authors: z.array(z.string()),
  year: z.string().nullable(),
  container: z.string().nullable(),
  doi: z.string().nullable(),
  text: z.string().nullable(),
});

export const BatchEntry = z.object({
  position: z.number().int(),
  /** What was read from the list. */
  input: BatchCitation,
  /** identifier: resolved by its DOI/arXiv/PMID/PMCID/ISBN; reference: by the title/reference matcher. */
  lookup_kind: z.enum(["identifier", "reference"]),
  lookup: z.string(),
  status: BatchStatus,
  /** While processing: the pipeline's current step, as the link box shows it. */
  step: z.string().nullable(),
  msg: z.string().nullable(),
  work: z.object({ doi: z.string().nullable(), title: z.string().nullable(), year: z.string().nullable() }),
  download_link: z.string().nullable(),
  /** Where the served copy came from and how it was found to be the right one (as the link box shows it); nulls until one is served. */
  provenance: FileProvenance.extend({ source: z.string().nullable() }),
  notices: z.array(z.string()),
});
export type BatchEntry = z.infer<typeof BatchEntry>;

export const BatchView = z.object({
  id: z.string(),
  created_at: z.string(),
  format: z.string(),
  filename: z.string().nullable(),
  counts: z.object({ processing: z.number(), ok: z.number(), buy: z.number(), offline: z.number(), error: z.number() }),
  /** A rough estimate while entries are processing (the providers' polite limits), seconds. */
  eta_seconds: z.number().int().nullable(),
  /**
   * Entries not started yet: each start counts against the same allowance as the link box (60
   * documents in 10 minutes per user), so a long list waits; starts_in_seconds is when the next
   * ones may start (null: on the next read).
   */
  waiting: z.object({ count: z.number().int(), starts_in_seconds: z.number().int().nullable() }),
  entries: z.array(BatchEntry),
});
export type BatchView = z.infer<typeof BatchView>;

/**
 * GET /batch/{id}?wait=: while entries are processing, the answer may wait up to `wait` ms
 * (GETPDF_WAIT_MS at most) for the next of them to finish, and comes the moment one does.
 * Without it the list answers at once, as before.
 */
export const BatchViewQuery = z.object({ wait: WaitField });

export const BatchIdParam = z.object({ id: z.string().trim().min(1).max(64) });

export const BatchExportQuery = z.object({
  format: z.enum(["bibtex", "ris", "csljson"], { error: batchTexts.badFormat }).default("bibtex"),
});

export const BatchList = z.array(z.object({ id: z.string(), created_at: z.string(), filename: z.string().nullable(), count: z.number().int() }));

/** GET /batch/{id}/offline: the price of offline requests for every `offline` row, before confirming. */
export const BatchOfflineQuote = z.object({
  /** Rows that would get a request (offline, not yet requested by this user). */
  count: z.number().int(),
  /** One offline article credit per request (one ledger entry each). */
  credits_needed: z.number().int(),
  credits_available: z.number().int(),
  /** Credits the user lacks: bought from the wallet with the order (or a package first); 0 otherwise. */
  shortfall: z.number().int(),
  /** Offline rows left out: the desk would refuse them as article requests (Persian, a book or standard). */
  refused: z.number().int(),
  /** Offline rows this user has already requested (not charged again). */
  already: z.number().int(),
  /** Price of one offline article credit, toman (null: no price set, the wallet cannot pay). */
  unit_price: z.number().int().nullable(),
  /** What paying the shortfall from the wallet costs (`POST /order` with the cart `{name: "batch_offline", id}`), toman. */
  wallet_total: z.number().int().nullable(),
  /** The wallet's balance, toman. */
  balance: z.number().int(),
});
export type BatchOfflineQuote = z.infer<typeof BatchOfflineQuote>;

export const BatchOfflineResult = z.object({
  status: z.literal("ok"),
  requested: z.number().int(),
  already: z.number().int(),
  refused: z.number().int(),
  ids: z.array(z.string()),
});
/** The wallet's product of a batch's offline rest: `POST /order` with `{cart: {name: BATCH_OFFLINE_PRODUCT, id: <batch id>}}`. */
export const BATCH_OFFLINE_PRODUCT = "batch_offline";
export type BatchOfflineResult = z.infer<typeof BatchOfflineResult>;

/** GET /batch/{id}/licensed: the rows found in a licensed source, before paying for them with article credits. */
export const BatchLicensedQuote = z.object({
  /** Documents to pay for (each once, however often the list names it). */
  count: z.number().int(),
  /** The user's usable article credits (unlimited, and limited ones not expired). */
  credits_available: z.number().int(),
  /** Credits to buy first (the package offer); an institution's article quota may cover them instead. */
  shortfall: z.number().int(),
});
export type BatchLicensedQuote = z.infer<typeof BatchLicensedQuote>;

/** POST /batch/{id}/licensed: rows paid for (now downloadable) and rows still waiting for a credit. */
export const BatchLicensedResult = z.object({ status: z.literal("ok"), paid: z.number().int(), left: z.number().int() });
export type BatchLicensedResult = z.infer<typeof BatchLicensedResult>;

/** GET /library/notices: retraction/correction notices about papers the user received (in the app). */
export const LibraryNotices = z.object({
  enabled: z.boolean(),
  notices: z.array(
    z.object({ doi: z.string(), notice_doi: z.string(), kind: z.string(), text: z.string(), title: z.string().nullable(), created_at: z.string() }),
  ),
});
export type LibraryNotices = z.infer<typeof LibraryNotices>;

/** POST /library/notices/settings: switch the e-mail/SMS and in-app notices on or off. */
export const LibraryNoticeSettings = z.object({
  enabled: z.preprocess((v) => v === true || v === "true" || v === "1" || v === 1, z.boolean()),
});
