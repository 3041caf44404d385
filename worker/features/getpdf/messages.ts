import type { GetPdfAd } from "../../../contract/getpdf";
import type { StepName } from "../../../contract/jobs/job-state";

/** Persian texts of the link/DOI download (GLOSSARY terms). */
export const getpdfMessages = {
  processing: "در حال پردازش…",
  ok: "عملیات با موفقیت انجام شد. برای دریافت فایل PDF روی «دانلود» بزنید.",
  okEpub: "عملیات با موفقیت انجام شد. برای دریافت کتاب (فایل EPUB) روی «دانلود» بزنید.",
  buyGuest: "این مقاله از منابع دارای مجوز در دسترس است. برای دریافت آن ابتدا وارد حساب کاربری خود شوید.",
  buyNoCredit: "این مقاله از منابع دارای مجوز در دسترس است و دریافت آن به یک اعتبار ویژه نیاز دارد. با خرید بسته، آن را فوری دریافت کنید.",
  confirmSpend: "این مقاله از منابع دارای مجوز در دسترس است و دریافت آن یک اعتبار ویژه (یک مقاله) از حساب شما کم می‌کند. تا شما تأیید نکنید، چیزی کم نمی‌شود.",
  offline: "نسخهٔ قانونی این مدرک به صورت آنی در دسترس نیست. می‌توانید به رایگان درخواست آفلاین ثبت کنید تا کارشناسان آن را برایتان تهیه کنند.",
  titleOnly:
    "برای دانلود آنی، لینک صفحهٔ مقاله در سایت ناشر یا DOI آن را وارد کنید؛ با عنوان مقاله نمی‌توان آن را فوری پیدا کرد. می‌توانید برای همین عنوان درخواست آفلاین ثبت کنید.",
  noMatch:
    "اثری که با اطمینان با این عنوان یا مرجع یکی باشد پیدا نشد. برای دانلود آنی، لینک صفحهٔ مقاله در سایت ناشر یا DOI آن را وارد کنید، یا برای همین عنوان درخواست آفلاین ثبت کنید.",
  matchUnavailable:
    "جستجوی این عنوان در فهرست مقاله‌ها اکنون ممکن نشد. کمی بعد دوباره امتحان کنید، لینک یا DOI مقاله را وارد کنید، یا برای همین عنوان درخواست آفلاین ثبت کنید.",
  chooseWork: "این عنوان یا مرجع با چند اثر جور درمی‌آید. اثر مورد نظرتان را انتخاب کنید تا دریافت آن آغاز شود.",
  unknownTicket: "این درخواست یافت نشد یا منقضی شده است. لطفاً دوباره جستجو کنید.",
  bookOffline: "نسخهٔ آزاد و قانونی این کتاب در دسترس نیست. درخواست کتاب را با مشخصات زیر ثبت کنید؛ کتاب‌ها حداکثر تا ۱۲ ساعت پاسخ داده می‌شوند.",
  bookUnknown: "مشخصات کتابی با این شابک (ISBN) یافت نشد. درخواست کتاب با همین شابک ثبت می‌شود؛ کتاب‌ها حداکثر تا ۱۲ ساعت پاسخ داده می‌شوند.",
  bookLinkOnly: "کتاب این لینک شناسایی نشد. درخواست کتاب با همین لینک ثبت می‌شود؛ کتاب‌ها حداکثر تا ۱۲ ساعت پاسخ داده می‌شوند.",
  bookInCatalog: "این ویرایش کتاب در کاتالوگ دریافت موجود است و پس از خرید، حداکثر تا ۱۲ ساعت تحویل داده می‌شود.",
  bookLookupUnavailable: "دریافت مشخصات کتاب از فهرست‌های کتاب اکنون ممکن نشد؛ درخواست کتاب با همین ورودی ثبت می‌شود.",
  badTicket: "شناسهٔ درخواست نامعتبر است.",
  unsafeUrl: "این لینک قابل دریافت نیست. فقط لینک‌های http و https سایت‌های عمومی پذیرفته می‌شوند.",
  shadowLibrary:
    "دریافت از این سایت امکان‌پذیر نیست؛ دریافت فقط از منابع دسترسی آزاد و منابع دارای مجوز انجام می‌شود. لینک صفحهٔ مقاله در سایت ناشر یا DOI آن را وارد کنید.",
  persianPublisher: "سفارش مدارک فارسی‌زبان امکان‌پذیر نیست؛ این لینک از یک ناشر یا پایگاه داخلی است.",
  source: (source: string, license: string) => `منبع: ${source} — مجوز: ${license}`,
  licenseUnknown: "اعلام نشده",
  licensedLicense: "مجوز سازمانی",
  startLimited: (seconds: number) =>
    `در چند دقیقهٔ اخیر درخواست‌های دریافت زیادی از شما رسیده است. لطفاً ${Math.ceil(seconds / 60).toLocaleString("fa-IR")} دقیقهٔ دیگر دوباره تلاش کنید.`,
} as const;

/** msg2 while processing: the step the pipeline is on. */
export const stepTexts: Record<StepName, string> = {
  queued: "در صف پردازش…",
  open: "در حال دریافت نسخهٔ آزاد از مجموعهٔ منبع…",
  landing: "در حال خواندن صفحهٔ مقاله…",
  ids: "در حال یافتن شناسه‌های مقاله…",
  crossref: "در حال دریافت مشخصات مقاله از Crossref…",
  books: "در حال جستجوی نسخهٔ آزاد کتاب (OAPEN، پروژهٔ گوتنبرگ، کاتالوگ)…",
  unpaywall: "در حال جستجوی نسخه‌های دسترسی آزاد (Unpaywall)…",
  openalex: "در حال جستجوی نسخه‌های دسترسی آزاد (OpenAlex)…",
  arxiv: "در حال جستجو در arXiv…",
  pmc: "در حال جستجو در PubMed Central…",
  licensed: "در حال جستجو در منابع دارای مجوز…",
  retry: "یکی از منابع موقتاً پاسخ نداد؛ تا چند لحظهٔ دیگر دوباره تلاش می‌شود…",
};

/** The source a step asks, as the progress line names it. */
export const stepSources: Partial<Record<StepName, string>> = {
  crossref: "Crossref",
  unpaywall: "Unpaywall",
  openalex: "OpenAlex",
  arxiv: "arXiv",
  pmc: "PubMed Central",
  licensed: "منابع دارای مجوز",
};

/** A file size as the progress line shows it: "۱٫۲ مگابایت", "۳۴۰ کیلوبایت". */
export function fileSize(bytes: number): string {
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toLocaleString("fa-IR", { maximumFractionDigits: 1 })} مگابایت`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("fa-IR")} کیلوبایت`;
}

/** The progress line inside a step: copies listed, downloading, checking the file. */
export const activityTexts = {
  located: (count: number, source: string | null) =>
    `${count.toLocaleString("fa-IR")} نسخهٔ دسترسی آزاد${source ? ` در ${source}` : ""} پیدا شد؛ در حال دریافت…`,
  downloading: (host: string, bytes: number | null) => `در حال دریافت فایل${bytes ? ` (${fileSize(bytes)})` : ""} از ${host}…`,
  verifying: (bytes: number) => `در حال بررسی فایل (${fileSize(bytes)}): آیا همان مقالهٔ درخواستی است؟`,
};

/** The two banners under a successful result (spec: ads1, ads2 — link, img, text). */
export const resultAds: { ads1: GetPdfAd; ads2: GetPdfAd } = {
  ads1: { link: "/prices", img: null, text: "با بسته‌های اعتبار ویژه، مقاله‌های منابع دارای مجوز را هم فوری دریافت کنید." },
  ads2: { link: "/extension", img: null, text: "افزونهٔ مرورگر دریافت: مقاله را از صفحهٔ ناشر با یک کلیک دریافت کنید." },
};
