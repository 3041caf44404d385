import { toPersianDigits } from "../../lib/digits";
import { formatNumber } from "../../lib/format";

/** Shared Persian texts of the SPA; each feature keeps its own messages module too. */
export const messages = {
  network: "ارتباط با سرور برقرار نشد. اتصال اینترنت خود را بررسی کنید.",
  errorCode: (status: number) => `خطایی رخ داد، کد: ${toPersianDigits(status)}`,
  retry: "تلاش دوباره",
  cancel: "انصراف",
  close: "بستن",
  loading: "در حال بارگذاری…",
  success: "عملیات با موفقیت انجام شد",
  pager: {
    previous: "صفحهٔ قبل",
    next: "صفحهٔ بعد",
    page: (n: number) => `صفحهٔ ${formatNumber(n)}`,
    pageOf: (page: number, pages: number) => `صفحهٔ ${formatNumber(page)} از ${formatNumber(pages)}`,
  },
};
