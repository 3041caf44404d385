import { z } from "zod";
import { toLatinDigits } from "../lib/digits";
import { wholeNumber } from "./numbers";
import { httpUrl } from "../lib/link-url";

/**
 * Offline requests (search-and-download.md §3 "Offline request", §7; accounts-and-purchases.md §4, §7)
 * and the staff's delivery desk, which the specs leave to us. Shared by the Worker's validators and the
 * SPA's forms; the validation texts live here so both sides show the same words.
 */
export const offlineMessages = {
  // accounts-and-purchases.md §5: "link or title required ('link not entered')"
  urlRequired: "لینک یا عنوان وارد نشده است",
  urlTooLong: "لینک یا عنوان نباید بیشتر از ۲۰۰۰ نویسه باشد.",
  doiTooLong: "DOI نباید بیشتر از ۳۰۰ نویسه باشد.",
  moreTooLong: "توضیحات نباید بیشتر از ۲۰۰۰ نویسه باشد.",
  typeInvalid: "نوع درخواست را «کتاب» یا «استاندارد» انتخاب کنید.",
  groupInvalid: "گروه درخواست‌ها نامعتبر است.",
  priceRequired: "قیمت را به تومان وارد کنید.",
  priceInvalid: "قیمت باید عددی صحیح بین ۱ تا ۱۰۰ میلیون تومان باشد.",
  reasonRequired: "دلیل رد درخواست را انتخاب کنید یا بنویسید.",
  reasonTooLong: "دلیل رد نباید بیشتر از ۵۰۰ نویسه باشد.",
  deliveryRequired: "فایل PDF را بارگذاری کنید یا لینک مدرک را وارد کنید.",
  deliveryBoth: "فقط یکی از فایل یا لینک را بفرستید.",
  linkInvalid: "لینک باید با http:// یا https:// شروع شود.",
  fileTooLarge: "حجم فایل نباید بیشتر از ۱۰۰ مگابایت باشد.",
  fileEmpty: "فایل خالی است.",
  fileNotPdf: "فایل باید PDF باشد.",
  solverRequired: "حل‌کننده را انتخاب کنید.",
  filterInvalid: "فیلتر نامعتبر است.",
  attachOne: "فقط یکی از فایل، لینک یا فایل گروه را بفرستید.",
  noteTooLong: "یادداشت نباید بیشتر از ۲۰۰۰ نویسه باشد.",
  targetRequired: "درخواستی را که این همان است انتخاب کنید.",
} as const;

/** Delivered files: PDF only, up to 100 MB (DESIGN: R2 under random keys). */
export const MAX_OFFLINE_FILE_BYTES = 100 * 1024 * 1024;
/** Books are answered within at most 12 hours (search-and-download.md §1). */
export const BOOK_PROMISE_MS = 12 * 60 * 60 * 1000;
/**
 * The desk's hours, set by the operator on the desk: a standard's first answer, and the delivery
 * deadline after payment per kind (an article's from its registration). Books' first answer is the
 * spec's 12 hours and not a setting.
 */
const HoursField = z.preprocess(
  (v) => (typeof v === "string" ? toLatinDigits(v).trim() : v),
  z.coerce.number({ error: "ساعت را به عدد وارد کنید." }).int("ساعت باید عدد صحیح باشد.").min(1, "دست‌کم ۱ ساعت.").max(720, "حداکثر ۷۲۰ ساعت."),
);
export const DeskHours = z.object({
  answer_standard: HoursField,
  deliver_book: HoursField,
  deliver_standard: HoursField,
  deliver_article: HoursField,
});
export type DeskHours = z.infer<typeof DeskHours>;
export const DEFAULT_DESK_HOURS: DeskHours = { answer_standard: 12, deliver_book: 12, deliver_standard: 12, deliver_article: 12 };

/** Latest rows of the home feeds. */
export const LAST_OFFLINE_LIMIT = 20;

export const OfflineKind = z.enum(["article", "book", "standard"]);
export type OfflineKind = z.infer<typeof OfflineKind>;
export const OfflineStatus = z.enum(["registered", "priced", "paid", "in_progress", "delivered", "rejected", "cancelled"]);
export type OfflineStatus = z.infer<typeof OfflineStatus>;
/** The two user pages: /profile/offilneArticles and /profile/offlineBooksStandards. */
/** The user's request pages: offline articles, offline books and standards, and direct books bought from the catalogue. */
export const OfflineGroup = z.enum(["articles", "books", "direct_books"]);
export type OfflineGroup = z.infer<typeof OfflineGroup>;

const blankToUndefined = (v: unknown) => (v == null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/** The form's single "link or title" field. */
const UrlOrTitle = z.preprocess(
  (v) => (v == null ? "" : v),
  z.string({ error: offlineMessages.urlRequired }).trim().min(1, offlineMessages.urlRequired).max(2000, offlineMessages.urlTooLong),
);
const OptionalText = (max: number, message: string) => z.preprocess(blankToUndefined, z.string({ error: message }).trim().max(max, message).optional());

export const OfflineArticleInput = z.object({
  url: UrlOrTitle,
  doi: OptionalText(300, offlineMessages.doiTooLong),
  more: OptionalText(2000, offlineMessages.moreTooLong),
});
export type OfflineArticleInput = z.infer<typeof OfflineArticleInput>;

export const OfflineBookType = z.enum(["book", "standard"], { error: offlineMessages.typeInvalid });
export type OfflineBookType = z.infer<typeof OfflineBookType>;

export const OfflineBookInput = OfflineArticleInput.extend({
  /** Book by default: the spec's dialog always sends it, other callers (the download flow) may not. */
  type: z.preprocess(blankToUndefined, OfflineBookType.default("book")),
});
export type OfflineBookInput = z.infer<typeof OfflineBookInput>;

/**
 * Machine-readable `code` next to the Persian `error` of a refused insert, so the dialog can act on it:
 * open the package offer when credit is short, or offer the request type that fits (`use`).
 */
export const OfflineRefusal = z.object({
  status: z.literal("error"),
  error: z.string(),
  code: z.enum(["offline_credit_insufficient", "persian_document", "wrong_type"]).optional(),
  use: z.enum(["article", "book", "standard"]).optional(),
});
export type OfflineRefusal = z.infer<typeof OfflineRefusal>;

/** `{status:"ok"}` answer of both insert calls; `duplicate` when the user already had this request open. */
export const OfflineInsertOk = z.object({
  status: z.literal("ok"),
  id: z.string(),
  can_edit: z.boolean(),
  duplicate: z.boolean(),
});
export type OfflineInsertOk = z.infer<typeof OfflineInsertOk>;

/** GET /last_offline_books, /last_offline_articles (search-and-download.md §3 "Offline rows"). */
export const LastOfflineRow = z.object({ created_at: z.string(), url: z.string() });
export const LastOfflineList = z.array(LastOfflineRow);
export type LastOfflineList = z.infer<typeof LastOfflineList>;

// ---------------------------------------------------------------- the user's pages

export const PromiseOutcomeValue = z.enum(["kept", "broken", "running"]).nullable();

export const OfflineEventView = z.object({
  status: OfflineStatus,
  /** registered, priced, paid, claimed, assigned, in_progress, delivered, rejected, cancelled. */
  action: z.string(),
  at: z.string(),
  note: z.string().nullable(),
});
export type OfflineEventView = z.infer<typeof OfflineEventView>;

export const OfflineFileView = z.object({
  name: z.string(),
  size: z.number().int(),
  /** A signed, expiring link bound to the viewer. */
  download_url: z.string(),
  expires_at: z.string(),
});

export const OfflineRequestView = z.object({
  id: z.string(),
  kind: OfflineKind,
  url: z.string(),
  doi: z.string().nullable(),
  /** A standard's number (or another reference) typed in the "DOI or standard number" field: not a DOI. */
  code: z.string().nullable(),
  more: z.string().nullable(),
  title: z.string().nullable(),
  status: OfflineStatus,
  /** Whole toman, once staff set it. */
  price: z.number().int().nullable(),
  reject_reason: z.string().nullable(),
  created_at: z.string(),
  /** Books only: the 12-hour promise. */
  promise_at: z.string().nullable(),
  answered_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  /** Delivery deadline: from the payment (books, standards) or the registration (articles). */
  deliver_by: z.string().nullable(),
  delivered_at: z.string().nullable(),
  can_edit: z.boolean(),
  can_cancel: z.boolean(),
  can_pay: z.boolean(),
  file: OfflineFileView.nullable(),
  delivered_link: z.string().nullable(),
  events: z.array(OfflineEventView),
  /**
   * How each promise went (contract/offline-promise.ts promiseOutcome): kept or broken once met,
   * running while due, null where none was made. A delivered request keeps both.
   */
  on_time: z.object({ answer: PromiseOutcomeValue, delivery: PromiseOutcomeValue }),
});
export type OfflineRequestView = z.infer<typeof OfflineRequestView>;

export const OfflineListQuery = z.object({ group: OfflineGroup.default("books") });
export const OfflineRequestList = z.object({ now: z.string(), requests: z.array(OfflineRequestView) });
export type OfflineRequestList = z.infer<typeof OfflineRequestList>;

export const OfflineCancelOk = z.object({ status: z.literal("ok"), request: OfflineRequestView });
export type OfflineCancelOk = z.infer<typeof OfflineCancelOk>;

/** The wallet's cart for paying a priced request (POST /order). */
export const OFFLINE_PRODUCT = "offline_request" as const;

// ---------------------------------------------------------------- the delivery desk

/** Rejection reasons staff pick from; a written reason may replace them. */
export const rejectTemplates = {
  out_of_scope: "این درخواست در حوزهٔ خدمات دریافت (مقاله، کتاب، استاندارد، گزارش و پایان‌نامهٔ علمی خارجی) نیست.",
  not_found: "این مدرک در منابعی که سامانه از راه قانونی به آن‌ها دسترسی دارد یافت نشد.",
  persian: "سفارش مدارک فارسی‌زبان امکان‌پذیر نیست.",
  wrong_type: "نوع درخواست با مدرک هم‌خوانی ندارد؛ لطفاً آن را با نوع درست دوباره ثبت کنید.",
  unclear: "مشخصات مدرک کافی نیست؛ لطفاً لینک، DOI یا ISBN دقیق آن را وارد کنید.",
  not_published: "این مدرک هنوز منتشر نشده است.",
  open_access: "این مدرک دسترسی آزاد است و از بخش «لینک یا DOI مقاله» به‌صورت آنی دریافت می‌شود.",
} as const;
export type RejectTemplate = keyof typeof rejectTemplates;
export const RejectTemplateKey = z.enum(Object.keys(rejectTemplates) as [RejectTemplate, ...RejectTemplate[]]);

const formBool = z.preprocess((v) => v === true || v === "true" || v === "1" || v === "on" || v === 1, z.boolean());
const digits = (v: unknown) => (typeof v === "string" ? toLatinDigits(v).replace(/[,٬\s]/g, "") : v);

/**
 * `needs_staff` (the default view): registered, paid or in progress — what waits on staff; `open` adds
 * the priced ones that wait on the user.
 */
export const DeskStatusFilter = z.enum(["needs_staff", "open", "all", ...OfflineStatus.options], { error: offlineMessages.filterInvalid });
export const NEEDS_STAFF_STATUSES = ["registered", "paid", "in_progress"] as const;
export const DeskGroup = z.enum(["articles", "books", "solutions"], { error: offlineMessages.groupInvalid });

export const DeskQuery = z.object({
  status: DeskStatusFilter.default("needs_staff"),
  group: z.preprocess(blankToUndefined, DeskGroup.optional()),
  kind: z.preprocess(blankToUndefined, OfflineKind.optional()),
  /** Only requests at least this many hours old. */
  min_age_hours: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: offlineMessages.filterInvalid })
      .int()
      .min(0)
      .max(24 * 365)
      .optional(),
  ),
  /** Name, e-mail, mobile or id of the requesting user. */
  user: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  /** Title, link, ISBN, DOI or standard number of the document, or the requester's name, e-mail or mobile. */
  q: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)),
});
export type DeskQuery = z.infer<typeof DeskQuery>;

export const DeskPerson = z.object({ id: z.string(), name: z.string() });

/** What registration resolved about the requested document (worker/features/offline/request-metadata.ts). */
export const RequestMeta = z.object({
  title: z.string().nullable(),
  authors: z.array(z.string()),
  edition: z.number().int().nullable(),
  year: z.number().int().nullable(),
  publisher: z.string().nullable(),
  /** An https image of the cover, when a source gave one. */
  cover: z.string().nullable(),
  /** Every ISBN found (as ISBN-13). */
  isbns: z.array(z.string()),
  doi: z.string().nullable(),
  /** A standard's number as typed. */
  standard: z.string().nullable(),
  /** Where title and authors came from: Crossref (a DOI), the catalogue or the book resolver (an ISBN), or the user's own text. */
  source: z.enum(["crossref", "catalogue", "book_resolver", "typed"]).nullable(),
});
export type RequestMeta = z.infer<typeof RequestMeta>;

/** Why a request is in its group (worker/features/offline/same-edition.ts). */
export const GroupBasis = z.enum(["isbn", "doi", "standard", "title", "standard_no_year", "title_no_edition", "staff"]);
export type GroupBasis = z.infer<typeof GroupBasis>;

/** A file (or link) staff attached at pricing, delivered by the payment: only ever in the desk's views. */
export const PreparedDelivery = z.object({
  file: OfflineFileView.nullable(),
  link: z.string().nullable(),
});

export const DeskItem = OfflineRequestView.extend({
  user: DeskPerson.extend({ email: z.string(), mobile: z.string().nullable() }),
  assigned_to: DeskPerson.nullable(),
  is_solution: z.boolean(),
  doc_key: z.string(),
  /** Other open requests for the same document (grouped for staff). */
  same_document_open: z.number().int(),
  /** The deadline now running: the first answer while registered, the delivery once paid; null while it waits on the user. */
  due_at: z.string().nullable(),
  meta: RequestMeta.nullable(),
  staff_note: z.string().nullable(),
  /** Attached at pricing, delivered by the payment (staff's link, signed for the viewer). */
  prepared: PreparedDelivery.nullable(),
  group_key: z.string(),
  group_basis: GroupBasis.nullable(),
});
export type DeskItem = z.infer<typeof DeskItem>;

export const DeskList = z.object({
  now: z.string(),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  items: z.array(DeskItem),
  /** Paid (or in progress) and not yet delivered, over the desk's groups this actor sees: the live "a user has paid" signal. */
  paid_waiting: z.number().int(),
});
export type DeskList = z.infer<typeof DeskList>;

export const DeskEvent = OfflineEventView.extend({ actor: DeskPerson.nullable(), from_status: z.string().nullable() });
export const DeskAudit = z.object({ action: z.string(), actor: DeskPerson.nullable(), at: z.string(), details: z.record(z.string(), z.unknown()).nullable() });
export const DeskGroupMember = z.object({
  id: z.string(),
  status: OfflineStatus,
  user_name: z.string(),
  created_at: z.string(),
  price: z.number().int().nullable(),
  url: z.string(),
  title: z.string().nullable(),
  basis: GroupBasis.nullable(),
  /** It carries a file or link (attached or delivered) that can be used for this request. */
  has_file: z.boolean(),
});
/** A request that may be the same document but was not grouped: staff press "same as" to join it. */
export const DeskSuggestion = DeskGroupMember.extend({ group_key: z.string() });

/** What the price field starts with: the group's own price, the catalogue's, or the operator's list price for the kind. */
export const SuggestedPrice = z.object({ amount: z.number().int(), source: z.enum(["group", "catalogue", "list"]) });

export const DeskDetail = z.object({
  now: z.string(),
  request: DeskItem,
  history: z.array(DeskEvent),
  audit: z.array(DeskAudit),
  group: z.array(DeskGroupMember),
  suggestions: z.array(DeskSuggestion),
  suggested_price: SuggestedPrice.nullable(),
  /** A file or link of the group (attached at pricing or delivered) this request can be priced or delivered with. */
  group_file: z.object({ from: z.string(), name: z.string().nullable(), link: z.string().nullable() }).nullable(),
});
export type DeskDetail = z.infer<typeof DeskDetail>;

export const DeskActionOk = z.object({ status: z.literal("ok"), request: DeskItem, affected: z.array(z.string()) });

/**
 * Every desk action claims the request for whoever acts (claim is implicit). A request another staff
 * member holds is taken over only with `take_over` (the refusal names the holder, who is told).
 */
const TakeOver = { take_over: formBool.optional() };
export const DeskClaimInput = z.object(TakeOver);
export type DeskClaimInput = z.infer<typeof DeskClaimInput>;
export type DeskActionOk = z.infer<typeof DeskActionOk>;

const HttpLink = z
  .string()
  .trim()
  .max(2000, offlineMessages.linkInvalid)
  .refine((v) => httpUrl(v) !== null, offlineMessages.linkInvalid);
const PdfUpload = z.preprocess(
  (v) => (v == null || v === "" || (typeof File !== "undefined" && v instanceof File && v.size === 0 && v.name === "") ? undefined : v),
  z
    .custom<File>((v) => typeof File !== "undefined" && v instanceof File, { message: offlineMessages.deliveryRequired })
    .refine((f) => f.size > 0, offlineMessages.fileEmpty)
    .refine((f) => f.size <= MAX_OFFLINE_FILE_BYTES, offlineMessages.fileTooLarge)
    .optional(),
);
const RequestId = z
  .string()
  .trim()
  .regex(/^[a-z]{2,8}_[0-9a-z_]{1,60}$/, offlineMessages.targetRequired);

/**
 * Pricing, optionally with what the payment will deliver: a PDF (multipart `file`), a `link`, or the
 * file or link of another request of the same group (`file_from`). At most one of them.
 */
export const DeskPriceInput = z
  .object({
    // Staff type "50,000" or "۵۰٬۰۰۰": separators go, then digits only.
    price: z.preprocess(
      (v) => (v == null ? undefined : digits(v)),
      wholeNumber({ message: offlineMessages.priceInvalid, required: offlineMessages.priceRequired, min: 1, max: 100_000_000 }),
    ),
    /** Also price the other open requests for the same document (and deliver the attachment to those already paid). */
    apply_to_group: formBool.optional(),
    file: PdfUpload,
    link: z.preprocess(blankToUndefined, HttpLink.optional()),
    file_from: z.preprocess(blankToUndefined, RequestId.optional()),
    ...TakeOver,
  })
  .superRefine((v, ctx) => {
    if ([v.file, v.link, v.file_from].filter((x) => x !== undefined).length > 1)
      ctx.addIssue({ code: "custom", message: offlineMessages.attachOne, path: ["link"] });
  });
export type DeskPriceInput = z.infer<typeof DeskPriceInput>;

/** "Same as": join this request to another request's group. */
export const DeskSameAsInput = z.object({ target: z.preprocess((v) => (v == null ? "" : v), RequestId), ...TakeOver });
/** Keep it in its group, confirmed by staff; or split it off on its own. */
export const DeskGroupInput = z.object(TakeOver);
export const DeskNoteInput = z.object({ note: z.preprocess((v) => (v == null ? "" : v), z.string().trim().max(2000, offlineMessages.noteTooLong)) });

/** Staff's alerts in the app: what arrived since `since` (new requests, payments), newest first. */
export const DeskAlertsQuery = z.object({ since: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).optional()) });
export const DeskAlert = z.object({ id: z.string(), what: z.enum(["registered", "paid"]), kind: OfflineKind, name: z.string(), at: z.string() });
export const DeskAlerts = z.object({ now: z.string(), new_requests: z.number().int(), payments: z.number().int(), latest: z.array(DeskAlert) });
export type DeskAlerts = z.infer<typeof DeskAlerts>;
/** What a staff member is e-mailed about (in the app they are always told). */
export const DeskAlertPrefs = z.object({ email_new_requests: formBool, email_payments: formBool });
export type DeskAlertPrefs = z.infer<typeof DeskAlertPrefs>;

/** The operator's list prices per kind, which the price field starts with when the group and the catalogue have none. */
const ListPrice = z.preprocess(
  (v) => (v === "" || v == null ? null : digits(v)),
  wholeNumber({ message: offlineMessages.priceInvalid, required: offlineMessages.priceRequired, min: 1, max: 100_000_000 }).nullable(),
);
export const DeskPrices = z.object({ book: ListPrice, standard: ListPrice, solution: ListPrice });
export type DeskPrices = z.infer<typeof DeskPrices>;
export const DEFAULT_DESK_PRICES: DeskPrices = { book: null, standard: null, solution: null };

export const DeskRejectInput = z
  .object({
    template: z.preprocess(blankToUndefined, RejectTemplateKey.optional()),
    reason: z.preprocess(blankToUndefined, z.string().trim().max(500, offlineMessages.reasonTooLong).optional()),
    ...TakeOver,
  })
  .refine((v) => v.template !== undefined || v.reason !== undefined, { message: offlineMessages.reasonRequired, path: ["reason"] });
export type DeskRejectInput = z.infer<typeof DeskRejectInput>;

/** Multipart with `file` (a PDF), or JSON/form with `link`, or the group's file (`file_from`); exactly one. */
export const DeskDeliverInput = z
  .object({
    file: PdfUpload,
    link: z.preprocess(blankToUndefined, HttpLink.optional()),
    file_from: z.preprocess(blankToUndefined, RequestId.optional()),
    apply_to_group: formBool.optional(),
    ...TakeOver,
  })
  .superRefine((v, ctx) => {
    const given = [v.file, v.link, v.file_from].filter((x) => x !== undefined).length;
    if (given === 0) ctx.addIssue({ code: "custom", message: offlineMessages.deliveryRequired, path: ["file"] });
    if (given > 1) ctx.addIssue({ code: "custom", message: offlineMessages.deliveryBoth, path: ["link"] });
  });
export type DeskDeliverInput = z.infer<typeof DeskDeliverInput>;

export const DeskAssignInput = z.object({
  solver_id: z.preprocess((v) => (v == null ? "" : v), z.string().trim().min(1, offlineMessages.solverRequired).max(64, offlineMessages.solverRequired)),
});
export type DeskAssignInput = z.infer<typeof DeskAssignInput>;

export const DeskSolverList = z.object({ solvers: z.array(DeskPerson) });
export type DeskSolverList = z.infer<typeof DeskSolverList>;

export const DeskDashboardQuery = z.object({
  days: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(365).default(30)),
  /** The desk the numbers are for: articles, or books and standards; all when absent. */
  group: z.preprocess(blankToUndefined, z.enum(["articles", "books"], { error: offlineMessages.groupInvalid }).optional()),
});

/** Numbers for the desk: everything over requests registered in the last `days` days. */
export const DeskDashboard = z.object({
  now: z.string(),
  days: z.number().int(),
  open: z.object({ registered: z.number().int(), priced: z.number().int(), paid: z.number().int(), in_progress: z.number().int() }),
  delivered: z.number().int(),
  rejected: z.number().int(),
  /** Registration to delivery; null without deliveries. */
  median_minutes_to_deliver: z.number().nullable(),
  /** Registration to the first staff answer (price, rejection or delivery). */
  median_minutes_to_answer: z.number().nullable(),
  /** The first-answer promise (books: the spec's 12 hours). */
  promise: z.object({
    met: z.number().int(),
    breached: z.number().int(),
    /** Unanswered and already past the promise. */
    overdue_now: z.number().int(),
  }),
  /** The delivery deadline after payment (articles: after registration). */
  delivery: z.object({
    met: z.number().int(),
    breached: z.number().int(),
    /** Paid or in progress, undelivered and already past the deadline. */
    overdue_now: z.number().int(),
  }),
});
export type DeskDashboard = z.infer<typeof DeskDashboard>;
