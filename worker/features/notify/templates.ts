import { toPersianDigits } from "../../../lib/digits";

/**
 * Every message the service sends, by template. A code template can go by SMS (Kavenegar verify/lookup
 * with the code as its token) or e-mail; link templates go by e-mail only (links do not fit a
 * verify template's token).
 */
export type TemplateParams = {
  mobile_code: { code: string };
  reset_code: { code: string };
  reset_link: { link: string };
  email_change_link: { link: string; email: string };
  university_link: { link: string; university: string };
  account_change_notice: { kind: "email" | "mobile"; value: string };
  register_attempt_notice: { link: string };
  library_notice: { kind: string; title: string; doi: string; link: string };
  file_report_outcome: { outcome: "withdrawn" | "dismissed"; title: string; link: string };
};
export type TemplateName = keyof TemplateParams;

export type Rendered = {
  /** Plain SMS text (what the outbox shows; Kavenegar renders its own template from the token). */
  sms?: { text: string; token: string };
  email?: { subject: string; text: string };
};

const SITE = "دریافت";

export const templates: { [K in TemplateName]: (p: TemplateParams[K]) => Rendered } = {
  mobile_code: ({ code }) => ({
    sms: { token: code, text: `${SITE}\nکد تأیید شمارهٔ موبایل: ${code}\nاین کد ۴ دقیقه اعتبار دارد.` },
  }),
  reset_code: ({ code }) => ({
    sms: { token: code, text: `${SITE}\nکد بازیابی رمز عبور: ${code}\nاین کد ۴ دقیقه اعتبار دارد. اگر شما درخواست نکرده‌اید، این پیام را نادیده بگیرید.` },
  }),
  reset_link: ({ link }) => ({
    email: {
      subject: `بازیابی رمز عبور ${SITE}`,
      text: `سلام،\n\nبرای گذاشتن رمز عبور تازه این لینک را باز کنید (تا ${toPersianDigits(1)} ساعت و فقط یک بار معتبر است):\n${link}\n\nاگر شما درخواست نکرده‌اید، این ایمیل را نادیده بگیرید؛ رمز عبور شما تغییری نمی‌کند.\n\n${SITE}`,
    },
  }),
  email_change_link: ({ link, email }) => ({
    email: {
      subject: `تأیید ایمیل تازهٔ حساب ${SITE}`,
      text: `سلام،\n\nبرای این که ${email} ایمیل حساب شما در ${SITE} شود، این لینک را باز کنید (تا ${toPersianDigits(1)} ساعت معتبر است):\n${link}\n\nاگر شما درخواست نکرده‌اید، این ایمیل را نادیده بگیرید.\n\n${SITE}`,
    },
  }),
  // To the account's old e-mail when its e-mail or mobile is being changed.
  account_change_notice: ({ kind, value }) => ({
    email: {
      subject: `تغییر ${kind === "email" ? "ایمیل" : "شمارهٔ موبایل"} حساب ${SITE}`,
      text: `سلام،\n\nدرخواستی برای تغییر ${kind === "email" ? "ایمیل" : "شمارهٔ موبایل"} حساب شما در ${SITE} به «${toPersianDigits(value)}» ثبت شد.\n\nاگر این کار را شما نکرده‌اید، همین حالا رمز عبور خود را با «فراموشی رمز عبور» عوض کنید و با پشتیبانی تماس بگیرید؛ با عوض شدن رمز، همهٔ نشست‌ها پایان می‌یابد.\n\n${SITE}`,
    },
  }),
  // To the owner of an e-mail or mobile someone tried to sign up with.
  register_attempt_notice: ({ link }) => ({
    email: {
      subject: `تلاش برای ثبت‌نام با ایمیل یا شمارهٔ شما در ${SITE}`,
      text: `سلام،\n\nکسی کوشید با ایمیل یا شمارهٔ موبایل حساب شما در ${SITE} حساب تازه‌ای بسازد. حساب شما تغییری نکرده است.\n\nاگر خودتان بودید و رمز عبور را به یاد ندارید، از این صفحه رمز تازه بگذارید:\n${link}\n\nاگر شما نبودید، کاری لازم نیست.\n\n${SITE}`,
    },
  }),
  // Joining a contracted institution (worker/features/institutions).
  university_link: ({ link, university }) => ({
    email: {
      subject: `تأیید ایمیل دانشگاهی در ${SITE}`,
      text: `سلام،\n\nبرای اتصال حساب خود در ${SITE} به «${university}» این لینک را باز کنید (تا ${toPersianDigits(24)} ساعت و فقط یک بار معتبر است):\n${link}\n\nاگر شما درخواست نکرده‌اید، این ایمیل را نادیده بگیرید.\n\n${SITE}`,
    },
  }),
  // The library watcher (worker/features/batch/watch.ts): a paper the user holds was retracted, corrected…
  library_notice: ({ kind, title, doi, link }) => ({
    sms: { token: doi.slice(0, 30), text: `${SITE}\nمقاله‌ای که دریافت کرده‌اید ${kind}: ${title}\nhttps://doi.org/${doi}` },
    email: {
      subject: `${SITE}: مقاله‌ای از کتابخانهٔ شما ${kind}`,
      text: `سلام،\n\nمقالهٔ «${title}» (https://doi.org/${doi}) که در ${SITE} دریافت کرده‌اید ${kind}. پیش از استناد به آن، اطلاعیهٔ ناشر را ببینید.\n\nکتابخانهٔ شما: ${link}\nبرای خاموش کردن این اعلان‌ها به صفحهٔ حساب کاربری بروید.\n\n${SITE}`,
    },
  }),
  // A file the user reported as wrong (worker/features/file-reports): withdrawn, or checked and kept.
  file_report_outcome: ({ outcome, title, link }) => ({
    email:
      outcome === "withdrawn"
        ? {
            subject: `${SITE}: فایل نادرستی که اعلام کردید کنار گذاشته شد`,
            text: `سلام،\n\nفایلی که برای «${title}» دریافت کرده بودید و آن را نادرست اعلام کردید، کنار گذاشته شد و دیگر به کسی ارائه نمی‌شود. جستجوی نسخهٔ درست این مقاله از نو آغاز شد؛ برای دریافت آن، مقاله را دوباره جستجو کنید:\n${link}\n\nاز این که به درستی فایل‌ها کمک کردید سپاسگزاریم.\n\n${SITE}`,
          }
        : {
            subject: `${SITE}: نتیجهٔ بررسی فایلی که اعلام کردید`,
            text: `سلام،\n\nکارشناسان فایلی را که برای «${title}» نادرست اعلام کرده بودید بررسی کردند و آن را همان مقاله و سالم یافتند؛ فایل همچنان ارائه می‌شود.\nاگر هنوز مشکلی می‌بینید، از صفحهٔ تماس با ما بنویسید:\n${link}\n\n${SITE}`,
          },
  }),
};

export function render<K extends TemplateName>(name: K, params: TemplateParams[K]): Rendered {
  return (templates[name] as (p: TemplateParams[K]) => Rendered)(params);
}
