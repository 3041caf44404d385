/** Persian texts of the Worker's shared error model (feature texts live in each feature's messages.ts). */
export const coreMessages = {
  invalidInput: "اطلاعات وارد شده معتبر نیست.",
  malformedBody: "بدنهٔ درخواست قابل خواندن نیست.",
  csrf: "نشست شما منقضی شده است. لطفاً صفحه را دوباره بارگذاری کنید.",
  loginRequired: "برای این کار ابتدا وارد حساب کاربری خود شوید.",
  forbidden: "شما اجازهٔ دسترسی به این بخش را ندارید.",
  notFound: "صفحه یا موردی که به دنبال آن بودید یافت نشد.",
  tooMany: (seconds: number) => `تعداد درخواست‌ها بیش از حد مجاز است. لطفاً ${seconds.toLocaleString("fa-IR")} ثانیهٔ دیگر دوباره تلاش کنید.`,
  internal: (requestId: string) => `خطایی رخ داد. لطفاً دوباره تلاش کنید. (شناسهٔ پیگیری: ${requestId})`,
  tooLarge: "حجم درخواست بیش از حد مجاز است.",
  tooDeep: "ساختار داده‌های فرستاده‌شده بیش از حد تودرتو است.",
  tooManyFields: "تعداد فیلدهای فرستاده‌شده بیش از حد مجاز است.",
  tooManyValues: "تعداد مقدارهای داده‌های فرستاده‌شده بیش از حد مجاز است.",
  methodNotAllowed: "این روش درخواست پشتیبانی نمی‌شود.",
  notConfiguredTitle: "سرویس موقتاً در دسترس نیست",
  notConfigured: "پیکربندی سرور کامل نیست و سرویس تا تکمیل آن پاسخ نمی‌دهد. لطفاً کمی بعد دوباره سر بزنید.",
  busy: "سرور در این لحظه درخواست‌های زیادی دارد. لطفاً چند ثانیهٔ دیگر دوباره تلاش کنید.",
} as const;
