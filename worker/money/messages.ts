/** Persian texts of the money kernel: a cart that cannot be read, an order that cannot be placed, a balance that does not cover it. */
export const moneyMessages = {
  insufficientBalance: "موجودی کیف پول شما برای این خرید کافی نیست.",
  insufficientCredit: "اعتبار کافی برای این کار ندارید.",
  countRange: "تعداد باید بین ۰ تا ۵۰ باشد.",
  emptyPackage: "تعداد مقاله‌ها را بیشتر از صفر وارد کنید یا بستهٔ اعتبار محدود را انتخاب کنید.",
  emptyCart: "سبد خرید خالی است.",
  unknownProduct: "این محصول قابل خرید نیست.",
  alreadyBought: "این محصول هم‌زمان در خرید دیگری از حساب شما ثبت شد؛ مبلغی دوباره کسر نشد.",
  changedMeanwhile: "وضعیت این خرید هم‌زمان تغییر کرد (لغو، رد یا تغییر قیمت) و مبلغی کسر نشد. صفحه را دوباره بارگذاری کنید.",
  badCart: "اطلاعات سبد خرید معتبر نیست.",
} as const;
