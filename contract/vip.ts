import { z } from "zod";

/**
 * VIP services (search-and-download.md §2 "Type 7", §4 "Upload dialog", §5 "File upload", §7
 * `/upload/ithenticate_grammarly_contract`; accounts-and-purchases.md §1 scifinder, ithenticate,
 * grammarly, ai): the cards, the upload, the user's service orders and the staff's service desk.
 */
export const vipTexts = {
  typeRequired: "نوع سرویس (همانندجویی یا ویرایش گرامر) را انتخاب کنید.",
  fileRequired: "فایلی انتخاب نشده است.",
  fileEmpty: "فایل خالی است.",
  fileTooLarge: "حجم فایل نباید بیشتر از ۲۰ مگابایت باشد.",
  grammarFormats: "برای ویرایش گرامر فقط فایل Word (doc یا docx) پذیرفته می‌شود.",
  plagiarismFormats: "برای همانندجویی فقط فایل Word (doc یا docx) یا PDF پذیرفته می‌شود.",
  contentMismatch: "محتوای فایل با پسوند آن یکسان نیست؛ فایل سالم Word یا PDF بفرستید.",
  notDocument: "این فایل یک سند Word یا PDF سالم نیست.",
  damagedDocument:
    "ساختار این فایل آسیب‌دیده یا ناامن است (مثلاً فایل فشردهٔ بیش از حد بزرگ یا PDF ناقص)؛ فایل را دوباره از Word یا نرم‌افزار PDF ذخیره کنید و بفرستید.",
  reportRequired: "فایل گزارش را انتخاب کنید.",
  reportFormats: "گزارش باید فایل PDF یا Word باشد.",
  usernameRequired: "نام کاربری اکانت را وارد کنید.",
  passwordRequired: "رمز عبور اکانت را وارد کنید.",
  reasonRequired: "دلیل رد سفارش را بنویسید.",
  noteTooLong: "یادداشت نباید بیشتر از ۵۰۰ نویسه باشد.",
} as const;

/** §5: at most 20 MB per upload. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export const VipKind = z.enum(["ithenticate", "grammarly", "scifinder", "ai"]);
export type VipKind = z.infer<typeof VipKind>;
/** Services that need a file from the user. */
export const UploadKind = z.enum(["ithenticate", "grammarly", "ai"]);
export type UploadKind = z.infer<typeof UploadKind>;

export type DocumentKind = "pdf" | "doc" | "docx";
/** §5: grammar check takes .doc and .docx; plagiarism (and AI detection) also .pdf. */
export const ACCEPTED: Record<UploadKind, readonly DocumentKind[]> = {
  grammarly: ["doc", "docx"],
  ithenticate: ["doc", "docx", "pdf"],
  ai: ["doc", "docx", "pdf"],
};
export const acceptAttribute = (kind: UploadKind) => ACCEPTED[kind].map((e) => `.${e}`).join(",");

export const ServiceStatus = z.enum(["awaiting_upload", "submitted", "in_progress", "done", "rejected"]);
export type ServiceStatus = z.infer<typeof ServiceStatus>;

const isFile = (v: unknown): v is File => typeof File !== "undefined" && v instanceof File;
const noFile = (v: unknown) => v == null || v === "" || (isFile(v) && v.size === 0 && v.name === "");

/** A multipart file field: present and a File (content checks happen in the Worker, on the bytes). */
export const FileField = (required: string) =>
  z.preprocess(
    (v) => (noFile(v) ? undefined : v),
    z.custom<File>((v) => isFile(v), { message: required }),
  );

/** POST /upload/ithenticate_grammarly_contract (multipart `_token`, `file`, `type`). */
export const UploadInput = z.object({
  type: z.enum(UploadKind.options, { error: vipTexts.typeRequired }),
  file: FileField(vipTexts.fileRequired),
});
export type UploadInput = z.infer<typeof UploadInput>;

export const UploadOk = z.object({ status: z.literal("ok"), id: z.string(), redirect: z.string() });
export type UploadOk = z.infer<typeof UploadOk>;

/** One type-7 card: price from the admin price table; `by_contract` when the user's contract covers it. */
export const VipServiceCard = z.object({
  key: VipKind,
  title: z.string(),
  description: z.string(),
  price: z.number().int(),
  /** Needs a file (ithenticate, grammarly, ai); the accepted extensions. */
  accepts: z.array(z.enum(["pdf", "doc", "docx"])),
  by_contract: z.boolean(),
  /** Paid orders of this kind still waiting for the user's file. */
  awaiting_upload: z.number().int(),
});
export type VipServiceCard = z.infer<typeof VipServiceCard>;
export const VipServicesResponse = z.object({ services: z.array(VipServiceCard) });
export type VipServicesResponse = z.infer<typeof VipServicesResponse>;

export const ServiceOrderView = z.object({
  id: z.string(),
  kind: VipKind,
  title: z.string(),
  status: ServiceStatus,
  created_at: z.string(),
  updated_at: z.string(),
  file_name: z.string().nullable(),
  /** A signed link to the finished report (done only). */
  report_link: z.string().nullable(),
  paid_by_contract: z.boolean(),
  note: z.string().nullable(),
});
export type ServiceOrderView = z.infer<typeof ServiceOrderView>;
export const MyServiceOrders = z.object({ orders: z.array(ServiceOrderView) });
export type MyServiceOrders = z.infer<typeof MyServiceOrders>;

/** /profile/scifinders: an account order; the account once issued, guaranteed until `guarantee_until`. */
export const ScifinderAccount = z.object({
  id: z.string(),
  status: ServiceStatus,
  created_at: z.string(),
  username: z.string().nullable(),
  password: z.string().nullable(),
  guarantee_until: z.string().nullable(),
  guaranteed: z.boolean(),
  note: z.string().nullable(),
});
export type ScifinderAccount = z.infer<typeof ScifinderAccount>;
export const MyScifinders = z.object({ accounts: z.array(ScifinderAccount) });
export type MyScifinders = z.infer<typeof MyScifinders>;

// ---- service desk (admin) ---------------------------------------------------------------

export const AdminServiceQuery = z.object({
  status: z.preprocess((v) => (v === "" || v === "all" ? undefined : v), ServiceStatus.optional()),
  kind: z.preprocess((v) => (v === "" || v === "all" ? undefined : v), VipKind.optional()),
});

export const AdminServiceOrder = ServiceOrderView.extend({
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), mobile: z.string().nullable() }),
  /** The user's file through a link signed for the viewing admin. */
  file_link: z.string().nullable(),
  handled_by: z.string().nullable(),
  account_username: z.string().nullable(),
  guarantee_until: z.string().nullable(),
});
export type AdminServiceOrder = z.infer<typeof AdminServiceOrder>;
export const AdminServiceList = z.object({ orders: z.array(AdminServiceOrder) });
export type AdminServiceList = z.infer<typeof AdminServiceList>;

const noteField = z.preprocess((v) => (v == null || v === "" ? undefined : v), z.string().trim().max(500, vipTexts.noteTooLong).optional());

export const ReportInput = z.object({ file: FileField(vipTexts.reportRequired), note: noteField });
export const AccountInput = z.object({
  username: z.preprocess((v) => v ?? "", z.string().trim().min(1, vipTexts.usernameRequired).max(200, vipTexts.usernameRequired)),
  password: z.preprocess((v) => v ?? "", z.string().trim().min(1, vipTexts.passwordRequired).max(200, vipTexts.passwordRequired)),
  note: noteField,
});
export const RejectInput = z.object({ reason: z.preprocess((v) => v ?? "", z.string().trim().min(1, vipTexts.reasonRequired).max(500, vipTexts.noteTooLong)) });

export const ServiceActionOk = z.object({ status: z.literal("ok"), order: AdminServiceOrder });
export type ServiceActionOk = z.infer<typeof ServiceActionOk>;
