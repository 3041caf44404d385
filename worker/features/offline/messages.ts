import { offlineStatusLabel } from "../../../contract/labels";
import { formatNumber, formatToman } from "../../../lib/format";

/** Persian texts of offline requests and the delivery desk (GLOSSARY terms). */
export const offlineText = {
  // search-and-download.md §8 "Notice: Persian documents are prohibited for offline ordering"
  persianRefused: "سفارش مدارک فارسی‌زبان امکان‌پذیر نیست",
  persianRefusedPublisher: "سفارش مدارک فارسی‌زبان امکان‌پذیر نیست؛ این لینک از یک ناشر یا پایگاه داخلی است.",
  // accounts-and-purchases.md §8 "offline request credit is insufficient"
  creditInsufficient: "اعتبار درخواست آفلاین شما کافی نیست",
  // content type does not fit: the user is told what to use instead
  articleSentAsBook: "این لینک یا DOI مربوط به یک مقاله است؛ لطفاً آن را از «درخواست آفلاین مقاله» ثبت کنید.",
  standardSentAsBook: "این مدرک یک استاندارد است؛ لطفاً در فرم درخواست، نوع «استاندارد» را انتخاب کنید.",
  bookSentAsStandard: "این مدرک یک کتاب است؛ لطفاً در فرم درخواست، نوع «کتاب» را انتخاب کنید.",
  bookSentAsArticle: "این شناسه یا لینک مربوط به یک کتاب است؛ لطفاً آن را از «درخواست آفلاین کتاب و استاندارد» ثبت کنید.",
  standardSentAsArticle: "این مدرک یک استاندارد است؛ لطفاً آن را از «درخواست آفلاین کتاب و استاندارد» با نوع «استاندارد» ثبت کنید.",
  duplicate: "این درخواست پیش‌تر ثبت شده و در حال پیگیری است.",
  // user actions
  notFound: "درخواست یافت نشد.",
  cannotCancel: "این درخواست دیگر قابل لغو نیست؛ فقط درخواست‌های پرداخت‌نشده لغو می‌شوند.",
  notPayable: "این درخواست در انتظار پرداخت نیست.",
  // direct books
  directBookNotFound: "این کتاب برای خرید مستقیم عرضه نشده است.",
  directBookOpen: "این کتاب را پیش‌تر خریده‌اید و در حال آماده‌سازی است؛ آن را در صفحهٔ «کتاب‌های خریداری‌شده» دنبال کنید.",
  // the desk
  notYours: "این درخواست به شما سپرده نشده است.",
  wrongStatus: (status: string) => `این کار در وضعیت فعلی درخواست («${offlineStatusLabel(status)}») ممکن نیست.`,
  changedMeanwhile: "وضعیت این درخواست هم‌زمان تغییر کرد؛ صفحه را دوباره بارگذاری کنید.",
  articleNotPriced: "درخواست آفلاین مقاله با اعتبار درخواست آفلاین پرداخت شده است و قیمت‌گذاری نمی‌شود.",
  notSolver: "کاربر انتخاب‌شده حل‌کننده نیست.",
  notPdf: "فایل باید یک PDF سالم و کامل باشد.",
  noGroupFile: "درخواست انتخاب‌شده از همین گروه نیست یا فایل و لینکی ندارد.",
  notInGroup: "این درخواست در این گروه نیست.",
  sameAsSelf: "یک درخواست را نمی‌توان همان خودش دانست.",
  kindsDiffer: "درخواست‌های یک گروه باید از یک نوع باشند (کتاب، استاندارد یا مقاله).",
  heldBy: (name: string) => `این درخواست را «${name}» در دست دارد. برای برداشتن آن، کار را با «برداشتن از ${name}» تأیید کنید؛ به او خبر داده می‌شود.`,
} as const;

const kindLabels = { article: "مقاله", book: "کتاب", standard: "استاندارد" } as const;

/** Short name of the document for messages: the metadata title, else the link or title the user typed. */
export function documentName(r: { title: string | null; url: string }): string {
  const name = r.title ?? r.url;
  return name.length > 80 ? `${name.slice(0, 77)}…` : name;
}

/** What the user is told by SMS and e-mail at each step (the notifier's offline templates render these). */
export const offlineNotice = {
  // Every kind states its promise: a book or standard is answered (priced) within its hours, an
  // article (paid with its credit already) is delivered within them.
  registered: (kind: keyof typeof kindLabels, name: string, hours: number, paid = false) =>
    `درخواست آفلاین ${kindLabels[kind]} شما ثبت شد: ${name}\n` +
    (kind === "article" || paid
      ? `${kindLabels[kind]} حداکثر تا ${hoursText(hours)} تحویل داده می‌شود.`
      : `پاسخ درخواست ${kindLabels[kind]} حداکثر تا ${hoursText(hours)} داده می‌شود.`),
  priced: (name: string, price: number, delivery: number | "at_payment") =>
    `قیمت درخواست آفلاین شما تعیین شد: ${formatToman(price)}\n${name}\n` +
    (delivery === "at_payment"
      ? "فایل آماده است و بی‌درنگ پس از پرداخت تحویل داده می‌شود."
      : `پس از پرداخت، حداکثر تا ${hoursText(delivery)} تحویل داده می‌شود.`) +
    "\nبرای پرداخت به صفحهٔ درخواست‌های خود بروید.",
  paid: (name: string, price: number, deliverBy: string | null) =>
    `پرداخت درخواست آفلاین شما به مبلغ ${formatToman(price)} دریافت شد: ${name}` + (deliverBy ? `\nتحویل حداکثر تا ${deliverBy}` : ""),
  delivered: (name: string) => `درخواست آفلاین شما آماده است و از صفحهٔ درخواست‌های شما دانلود می‌شود: ${name}`,
  rejected: (name: string, reason: string) => `درخواست آفلاین شما رد شد: ${name}\nدلیل: ${reason}`,
} as const;

/** What staff are told: a solution manual given to a solver, a request taken over from its holder. */
/** "۱۲ ساعت", "۲ روز" for whole days. */
function hoursText(hours: number): string {
  return hours >= 48 && hours % 24 === 0 ? `${formatNumber(hours / 24)} روز` : `${formatNumber(hours)} ساعت`;
}

export const staffNotice = {
  newRequest: (kind: keyof typeof kindLabels, name: string) => `درخواست آفلاین ${kindLabels[kind]} تازه‌ای ثبت شد: ${name}`,
  paid: (name: string, delivered: boolean) => `درخواست «${name}» پرداخت شد.` + (delivered ? " فایل پیوست‌شده همراه پرداخت تحویل شد." : " اکنون نوبت تحویل است."),
  solverAssigned: (name: string) => `یک حل‌المسائل به شما سپرده شد: ${name}\nآن را در داشبورد حل‌کننده ببینید.`,
  takenOver: (name: string, by: string) => `درخواست «${name}» که در دست شما بود را ${by} برداشت.`,
} as const;
