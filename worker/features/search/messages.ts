/** Persian texts of the search feature (validation texts shared with the SPA live in contract/search.ts). */
import { toPersianDigits } from "../../../lib/digits";
import { searchTexts } from "../../../contract/search";

export const searchMessages = {
  ...searchTexts,
  /** §8: the known technical no-results answers of the sources. */
  noResults: "نتیجه‌ای برای مقادیر ورودی یافت نشد.",
  /** §8: any other failure of a source, with its HTTP status. */
  errorCode: (status: number) => `خطایی رخ داد، کد: ${toPersianDigits(status)}`,
  scopusNotConfigured: "جستجو در اسکوپوس (Scopus) روی این سرور پیکربندی نشده است.",
  proquestHint: "پایان‌نامه‌های ProQuest از طریق «دسترسی مستقیم» در دسترس هستند؛ در این بخش فقط پایان‌نامه‌های رایگان جستجو می‌شوند.",
  pageOutOfRange: "این صفحه از نتایج در دسترس نیست؛ جستجو را دقیق‌تر کنید.",
} as const;
