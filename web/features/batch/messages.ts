import type { BatchStatus } from "../../../contract/batch";

/** Every word of the /batch page (Persian). */
export const batchUi = {
  title: "دریافت یک‌جای فهرست منابع",
  intro:
    "فهرست منابع یک فصل یا مقاله را بچسبانید (هر مرجع در یک خط، شماره‌دار یا بی‌شماره) یا فایل BibTeX، RIS، PubMed (.nbib)، CSL-JSON یا متنی بارگذاری کنید. هر مرجع با شناسه‌اش (DOI، arXiv، PubMed) یا با جستجوی عنوان پیدا می‌شود.",
  limits: "بدون ورود به حساب: حداکثر ۲۰ مرجع و فقط مقاله‌های دسترسی آزاد. با حساب کاربری: تا ۵۰۰ مرجع.",
  pasteLabel: "فهرست منابع",
  pastePlaceholder: "1. Smith J, Doe A. Title of the paper. J Example. 2020;12:1-9.\n2. 10.1038/nature12373",
  chooseFile: "انتخاب فایل",
  fileChosen: (name: string) => `فایل انتخاب‌شده: ${name}`,
  clearFile: "حذف فایل",
  submit: "شروع دریافت",
  submitting: "در حال خواندن فهرست…",
  caption: "مراجع این فهرست و وضعیت دریافت هر یک",
  position: "ردیف",
  document: "مرجع",
  status: "وضعیت",
  detail: "توضیح",
  action: "دریافت",
  download: "دانلود",
  filterLabel: "نمایش",
  all: "همه",
  statuses: { processing: "در حال پردازش", ok: "آماده", buy: "نیاز به خرید", offline: "درخواست آفلاین", error: "ناموفق" } satisfies Record<BatchStatus, string>,
  progress: (done: string, total: string) => `${done} از ${total} مرجع بررسی شد`,
  /** How long the list's remaining entries will wait: lists take the sources' shared allowance after single requests. */
  eta: (remaining: string, wait: string) =>
    `${remaining} مرجع در نوبت است. مراجعِ فهرست‌ها پس از درخواست‌های تکیِ کاربران از سهمیهٔ مشترک منابع (مانند Crossref) نوبت می‌گیرند؛ بررسی بقیه ${wait} طول می‌کشد. می‌توانید این صفحه را باز بگذارید یا بعداً برگردید.`,
  etaSeconds: (seconds: string) => `حدود ${seconds} ثانیه`,
  etaMinutes: (minutes: string) => `حدود ${minutes} دقیقه`,
  /** Entries not started: the link box's allowance (60 documents in 10 minutes) holds for lists too. */
  waiting: (count: string, minutes: string | null) =>
    minutes === null
      ? `${count} مرجع هنوز شروع نشده و به‌نوبت شروع می‌شود.`
      : `${count} مرجع در انتظار نوبت است: هر کاربر در هر ۱۰ دقیقه حداکثر ۶۰ سند را شروع می‌کند (با فهرست یا با جعبهٔ لینک). بقیه حدود ${minutes} دقیقهٔ دیگر خودکار شروع می‌شوند؛ این صفحه را باز بگذارید یا بعداً برگردید.`,
  zip: "دانلود همه فایل‌های آماده (ZIP)",
  exportLabel: "خروجی فهرست با DOIهای یافته‌شده",
  exportBibtex: "BibTeX",
  exportRis: "RIS",
  exportCsl: "CSL-JSON",
  newList: "فهرست جدید",
  failed: "فهرست دریافت نشد.",
  retry: "تلاش دوباره",
  notices: "هشدار",
  byReference: "یافته‌شده با جستجوی عنوان",
  noneInFilter: "مرجعی با این وضعیت نیست.",
} as const;
