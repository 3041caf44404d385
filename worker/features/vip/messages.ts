/** Persian texts of the VIP services (cards, uploads, service orders, the service desk). */
export const vipMessages = {
  titles: {
    ithenticate: "همانندجویی (بررسی سرقت علمی)",
    grammarly: "ویرایش و بررسی گرامر",
    scifinder: "اکانت SciFinder",
    ai: "تشخیص متن تولیدشده با هوش مصنوعی",
  },
  buyFirst: (title: string) => `برای «${title}» سفارش پرداخت‌شده‌ای در انتظار فایل ندارید؛ ابتدا سرویس را خریداری کنید.`,
  orderNotFound: "این سفارش پیدا نشد.",
  changedMeanwhile: "وضعیت این سفارش همین حالا تغییر کرد؛ صفحه را تازه کنید.",
  notAnAccount: "این سفارش اکانت SciFinder نیست.",
  notAFileService: "این سفارش فایل گزارش ندارد؛ برای SciFinder اکانت صادر کنید.",
  notAwaitingWork: "این سفارش در انتظار کار نیست.",
  uploadFailed: "ذخیرهٔ فایل ممکن نشد؛ لطفاً دوباره تلاش کنید.",
  notice: {
    reportReady: (title: string) => `گزارش سفارش «${title}» شما آماده است. برای دریافت، به بخش همانندجویی و ویرایش گرامر در حساب کاربری خود بروید.`,
    accountIssued: "اکانت SciFinder شما صادر شد و تا یک ماه ضمانت دارد. نام کاربری و رمز را در بخش اکانت‌های SciFinder حساب کاربری خود ببینید.",
    rejected: (title: string, reason: string) => `سفارش «${title}» شما انجام نشد: ${reason}. مبلغ پرداختی به کیف پول شما برگشت.`,
  },
} as const;
