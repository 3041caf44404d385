/** Persian texts of direct access (catalogue, basket purchase, access page, admin). */
export const directAccessMessages = {
  siteNotFound: "این سایت در فهرست دسترسی مستقیم نیست.",
  periodUnavailable: (name: string) => `دورهٔ انتخاب‌شده برای «${name}» قیمت ندارد؛ دورهٔ دیگری انتخاب کنید.`,
  poolEmpty: (name: string) => `فعلاً اکانت آزادی برای «${name}» نداریم؛ کمی بعد دوباره تلاش کنید یا با پشتیبانی تماس بگیرید.`,
  credentialNotFound: "این اکانت پیدا نشد.",
  credentialHeld: "این اکانت اکنون در اختیار یک خریدار است و تا پایان دورهٔ او حذف نمی‌شود.",
  passwordUnchanged: "رمز تازه باید با رمز فعلی فرق داشته باشد؛ اول رمز اکانت را در خود سایت عوض کنید.",
  grantNotFound: "این دسترسی پیدا نشد.",
} as const;
