import { toPersianDigits } from "../../../lib/digits";

/** Persian labels of the account dialogs (the validation and result texts live in contract/auth.ts). */
export const authUi = {
  login: {
    title: "ورود به حساب کاربری",
    name: "موبایل، ایمیل یا نام کاربری",
    password: "رمز عبور",
    remember: "مرا به خاطر بسپار",
    submit: "ورود",
    forgot: "رمز عبور را فراموش کرده‌اید؟",
    noAccount: "حساب کاربری ندارید؟",
    toRegister: "ثبت‌نام کنید",
  },
  register: {
    title: "ثبت‌نام",
    name: "نام و نام خانوادگی",
    email: "ایمیل",
    mobile: "شماره موبایل",
    mobileHint: "مانند ۰۹۱۲۱۲۳۴۵۶۷",
    password: "رمز عبور",
    passwordHint: "دست‌کم ۸ نویسه",
    confirmation: "تکرار رمز عبور",
    submit: "ثبت‌نام",
    haveAccount: "حساب کاربری دارید؟",
    toLogin: "وارد شوید",
  },
  mobile: {
    title: "شماره موبایل و تأیید آن",
    enterNumber: "شماره موبایل خود را وارد کنید تا پیامک‌های سفارش‌ها و بازیابی رمز عبور به آن فرستاده شود.",
    mobile: "شماره موبایل",
    save: "ثبت شماره",
    sendIntro: "برای تأیید شماره، کد ۶ رقمی به آن پیامک می‌شود.",
    send: "ارسال کد تأیید",
    codeIntro: (mobile: string) => `کد ۶ رقمی پیامک‌شده به ${toPersianDigits(mobile)} را وارد کنید.`,
    code: "کد تأیید",
    verify: "تأیید",
    resend: "ارسال دوبارهٔ کد",
    changeNumber: "تغییر شماره",
    timeLeft: "زمان باقی‌مانده",
    expired: "زمان این کد تمام شد. کد دوباره بگیرید.",
    stillValid: "کدی که پیش‌تر برایتان پیامک شد هنوز معتبر است؛ همان را وارد کنید.",
    later: "بعداً",
    currentPassword: "رمز عبور فعلی",
    currentPasswordWhy: "شماره‌ای که کد بازیابی رمز به آن فرستاده می‌شود فقط با رمز عبور فعلی حساب تغییر می‌کند.",
  },
  working: "لطفاً صبر کنید…",
};

/** 240 → "۰۴:۰۰" (the spec's countdown, 04:00 to 00:00). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const mm = String(Math.floor(s / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return toPersianDigits(`${mm}:${ss}`);
}
