import { toPersianDigits } from "../../../lib/digits";

/** Persian texts of a book's card and its book request in the result dialog (GLOSSARY terms). */
export const bookUi = {
  label: { book: "کتاب", chapter: "فصل کتاب", report: "گزارش فنی", standard: "استاندارد" },
  cover: (title: string) => `جلد کتاب ${title}`,
  authors: "پدیدآورندگان",
  editors: "(ویراستار)",
  container: "در کتاب",
  edition: "ویرایش",
  publisher: "ناشر",
  year: "سال",
  isbn: "شابک (ISBN)",
  number: "شماره",
  pages: "تعداد صفحات",
  source: (source: string) => `مشخصات از ${source}`,
  inCatalog: (price: string | null) => (price ? `همین ویرایش در کاتالوگ دریافت موجود است: ${price}.` : "همین ویرایش در کاتالوگ دریافت موجود است."),
  otherEdition: (title: string, edition: string | null) =>
    `ویرایش دیگری از این کتاب در کاتالوگ هست (${title}${edition ? `، ${edition}` : ""})؛ ویرایش خواسته‌شده همین است که بالا آمده.`,
  promise: "کتاب‌ها حداکثر تا ۱۲ ساعت پاسخ داده می‌شوند.",
  request: "ثبت درخواست کتاب",
  loginToRequest: "ورود و ثبت درخواست کتاب",
  edit: "ویرایش درخواست",
  sending: "در حال ثبت…",
  sent: "درخواست کتاب ثبت شد؛ پاسخ حداکثر تا ۱۲ ساعت.",
  duplicate: "این درخواست را پیش‌تر ثبت کرده بودید.",
  failed: "ثبت درخواست انجام نشد؛ دوباره تلاش کنید.",
  buy: (price: string) => `خرید از کاتالوگ (${price})`,
  pagesOf: (n: number) => `${toPersianDigits(n)} صفحه`,
} as const;
