import { z } from "zod";
import { normalizeMobile, toLatinDigits } from "../lib/digits";
import { OkBody } from "./common";
import { UserInfo } from "./user-info";

/**
 * Accounts: the spec's login, registration, mobile and password-reset calls (accounts-and-purchases.md
 * §3, §5, §7), shared by the Worker's validators and the SPA's forms, with every Persian text of the feature.
 */
/** A code request refused because the code sent before is still valid (429, with `retry_after` seconds). */
export const CODE_STILL_VALID = "code_still_valid";

export const authMessages = {
  /** MOBILE_SMS_CONFIRMATION on: ordering and spending wait for a verified mobile. */
  mobileVerificationRequired: "برای ثبت سفارش یا پرداخت، ابتدا شمارهٔ موبایل خود را تأیید کنید.",
  // §5 login
  loginNameRequired: "نام کاربری را وارد نکرده‌اید",
  loginPasswordRequired: "رمز عبور را وارد نکرده‌اید",
  // §5 registration
  nameRequired: "وارد کردن نام الزامی است.",
  nameTooLong: "نام نباید بیشتر از ۱۰۰ نویسه باشد.",
  emailRequired: "وارد کردن ایمیل الزامی است.",
  emailInvalid: "ایمیل وارد شده معتبر نیست.",
  emailTaken: "این ایمیل قبلاً ثبت شده است.",
  mobileRequired: "وارد کردن شماره موبایل الزامی است.",
  mobileLength: "شماره موبایل باید ۱۱ رقم باشد",
  mobileInvalid: "شماره موبایل معتبر نیست؛ شماره باید با ۰۹ شروع شود.",
  mobileTaken: "این شماره موبایل قبلاً ثبت شده است.",
  passwordRequired: "وارد کردن رمز عبور الزامی است.",
  passwordTooShort: "رمز عبور باید حداقل ۸ نویسه باشد.",
  passwordTooLong: "رمز عبور نباید بیشتر از ۱۲۸ نویسه باشد.",
  confirmationRequired: "تکرار رمز عبور الزامی است.",
  confirmationMismatch: "تکرار رمز عبور با رمز عبور یکسان نیست.",
  // §5 mobile
  codeRequired: "کد تأیید را وارد کنید.",
  codeFormat: "کد تأیید باید ۶ رقم باشد.",
  // login results
  loginFailed: "نام کاربری یا رمز عبور اشتباه است.",
  accountBlocked: "حساب کاربری شما مسدود شده است. لطفاً با پشتیبانی تماس بگیرید.",
  tooManyLogins: (seconds: number) => `تلاش‌های ناموفق ورود بیش از حد مجاز بوده است. لطفاً ${seconds.toLocaleString("fa-IR")} ثانیهٔ دیگر دوباره تلاش کنید.`,
  /** Same text under both fields whichever is held, so the form does not confirm someone else's address. */
  alreadyRegistered:
    "با این ایمیل یا شمارهٔ موبایل قبلاً حساب ساخته شده است. اگر حساب شماست، وارد شوید یا از «فراموشی رمز عبور» استفاده کنید؛ به صاحب حساب هم خبر دادیم.",
  tooManyRegistrations: (seconds: number) =>
    `ثبت‌نام‌های این نشانی اینترنتی بیش از حد مجاز بوده است. لطفاً ${seconds.toLocaleString("fa-IR")} ثانیهٔ دیگر دوباره تلاش کنید.`,
  tooManyMobileChecks: (seconds: number) =>
    `شماره‌های موبایل امتحان‌شده بیش از حد مجاز بوده است. لطفاً ${seconds.toLocaleString("fa-IR")} ثانیهٔ دیگر دوباره تلاش کنید.`,
  // §8 success texts
  loginSuccess: "کاربر گرامی، شما با موفقیت وارد شدید",
  registerSuccess: "ثبت‌نام شما با موفقیت انجام شد",
  mobileSuccess: "با موفقیت انجام شد",
  // mobile verification results
  mobileAlreadyVerified: "شماره موبایل شما قبلاً تأیید شده است.",
  noMobile: "ابتدا شماره موبایل خود را ثبت کنید.",
  resendTooSoon: (seconds: number) => `کد قبلی هنوز معتبر است. ارسال دوباره تا ${seconds.toLocaleString("fa-IR")} ثانیهٔ دیگر ممکن می‌شود.`,
  dailyCodeLimit: (seconds: number) => `سقف ارسال کد به این شماره برای امروز پر شده است. لطفاً ${seconds.toLocaleString("fa-IR")} ثانیهٔ دیگر دوباره تلاش کنید.`,
  codeWrong: "کد تأیید نادرست است.",
  codeExpired: "کد تأیید منقضی شده یا وجود ندارد. لطفاً کد جدید بگیرید.",
  codeLocked: "تعداد تلاش‌های نادرست برای این کد بیش از حد مجاز است. لطفاً کد جدید بگیرید.",
  smsFailed: "ارسال پیامک ممکن نشد. لطفاً کمی بعد دوباره تلاش کنید.",
  emailFailed: "ارسال ایمیل ممکن نشد. لطفاً کمی بعد دوباره تلاش کنید.",
  // password reset
  identifierRequired: "شماره موبایل، ایمیل یا نام کاربری را وارد کنید.",
  resetCodeOrToken: "کد پیامک‌شده یا لینک بازیابی لازم است.",
  resetLinkInvalid: "لینک بازیابی نامعتبر است، منقضی شده یا قبلاً استفاده شده است.",
  resetSentSms: "اگر حسابی با این شماره وجود داشته باشد، کد بازیابی به آن پیامک شد.",
  resetSentEmail: "اگر حسابی با این مشخصات وجود داشته باشد، لینک بازیابی به ایمیل آن فرستاده شد.",
  resetDone: "رمز عبور شما تغییر کرد. اکنون با رمز جدید وارد شوید.",
  tooManyResets: (seconds: number) => `درخواست بازیابی بیش از حد مجاز بوده است. لطفاً ${seconds.toLocaleString("fa-IR")} ثانیهٔ دیگر دوباره تلاش کنید.`,
} as const;

const m = authMessages;

/** A required text field: null or missing counts as empty; the first failing check stops the rest. */
const requiredString = (message: string, opts: { trim?: boolean } = {}) => {
  const base = z.string({ error: message });
  return (opts.trim === false ? base : base.trim()).min(1, { error: message, abort: true });
};
const required = <T extends z.ZodType>(inner: T) => z.preprocess((v) => (v == null ? "" : v), inner);

/** Form posts send checkboxes as "on"/"1"/"true"; JSON sends booleans. */
const checkbox = z.preprocess((v) => v === true || v === "true" || v === "1" || v === "on" || v === 1, z.boolean());

/**
 * §5 mobile: required and 11 digits once Persian/Arabic digits and +98 / 0098 forms are normalised
 * (`+98 912 …` becomes `0912…`). The value is the normalised `09…` number.
 */
export const MobileField = required(requiredString(m.mobileRequired)).transform((raw, ctx) => {
  const mobile = normalizeMobile(raw);
  if (mobile) return mobile;
  const digits = toLatinDigits(raw).replace(/[\s\-()]/g, "");
  ctx.issues.push({ code: "custom", message: digits.length === 11 ? m.mobileInvalid : m.mobileLength, input: raw });
  return z.NEVER;
});

/** §5 registration: a loose x@y.z pattern; stored lower-case. */
export const EmailField = required(
  requiredString(m.emailRequired)
    .max(254, { error: m.emailInvalid, abort: true })
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, m.emailInvalid)
    .toLowerCase(),
);

export const NameField = required(requiredString(m.nameRequired).max(100, m.nameTooLong));

/** Passwords are never trimmed: spaces are part of them. */
export const NewPasswordField = required(requiredString(m.passwordRequired, { trim: false }).min(8, m.passwordTooShort).max(128, m.passwordTooLong));
const ConfirmationField = required(requiredString(m.confirmationRequired, { trim: false }));

/** Adds "confirmation equals password" on the confirmation field, also when other fields failed. */
function withConfirmation<T extends z.ZodObject<{ password: z.ZodType; password_confirmation: z.ZodType }>>(schema: T) {
  return schema.refine((d: { password?: unknown; password_confirmation?: unknown }) => d.password === d.password_confirmation, {
    path: ["password_confirmation"],
    error: m.confirmationMismatch,
    when: (payload) => {
      const v = payload.value as { password?: unknown; password_confirmation?: unknown } | undefined;
      return typeof v?.password === "string" && v.password.length > 0 && typeof v.password_confirmation === "string" && v.password_confirmation.length > 0;
    },
  });
}

/** §3 login payload: `email` holds a mobile, e-mail or username; `remember` is sent only when checked. */
export const LoginInput = z.object({
  email: required(requiredString(m.loginNameRequired).max(254, m.loginFailed)),
  password: required(requiredString(m.loginPasswordRequired, { trim: false }).max(256, m.loginFailed)),
  remember: checkbox.optional(),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** §7 /login: "array; first element is user info". */
export const LoginResponse = z.tuple([UserInfo]);
export type LoginResponse = z.infer<typeof LoginResponse>;

/** §3 registration. */
export const RegisterInput = withConfirmation(
  z.object({
    name: NameField,
    email: EmailField,
    mobile: MobileField,
    password: NewPasswordField,
    password_confirmation: ConfirmationField,
  }),
);
export type RegisterInput = z.infer<typeof RegisterInput>;

/** `current_password` is needed only to replace a verified number; a first or unverified number needs none. */
export const MobileInput = z.object({ mobile: MobileField, current_password: z.string().max(256).optional() });
export type MobileInput = z.infer<typeof MobileInput>;

/** Six digits; Persian and Arabic digits are accepted. */
export const CodeField = required(requiredString(m.codeRequired)).transform((raw, ctx) => {
  const code = toLatinDigits(raw).replace(/\s/g, "");
  if (/^[0-9]{6}$/.test(code)) return code;
  ctx.issues.push({ code: "custom", message: m.codeFormat, input: raw });
  return z.NEVER;
});

export const MobileVerifyInput = z.object({ code: CodeField });
export type MobileVerifyInput = z.infer<typeof MobileVerifyInput>;

export const StatusResponse = OkBody;

/** Password reset, step 1: a mobile gets an SMS code, an e-mail or username gets a one-hour link. */
export const ResetRequestInput = z.object({ identifier: required(requiredString(m.identifierRequired).max(254, m.identifierRequired)) });
export type ResetRequestInput = z.infer<typeof ResetRequestInput>;

export const ResetChannel = z.enum(["sms", "email"]);
export type ResetChannel = z.infer<typeof ResetChannel>;

export const ResetRequestResponse = z.object({ status: z.literal("ok"), channel: ResetChannel, message: z.string() });
export type ResetRequestResponse = z.infer<typeof ResetRequestResponse>;

/** Password reset, step 2: the SMS code (with the mobile it went to) or the e-mailed link's token, and the new password. */
export const ResetConfirmInput = withConfirmation(
  z.object({
    identifier: z.string().trim().max(254).optional(),
    code: z.preprocess((v) => (v === "" || v == null ? undefined : v), CodeField.optional()),
    token: z.preprocess((v) => (v === "" || v == null ? undefined : v), z.string().max(200).optional()),
    password: NewPasswordField,
    password_confirmation: ConfirmationField,
  }),
).refine((d) => !!d.token || (!!d.code && !!d.identifier), { path: ["code"], error: m.resetCodeOrToken });
export type ResetConfirmInput = z.infer<typeof ResetConfirmInput>;

export const ResetConfirmResponse = z.object({ status: z.literal("ok"), message: z.string() });

/** What a mobile, e-mail or username typed into one field is. */
export type Identifier = { kind: "mobile" | "email" | "username"; value: string };

export function parseIdentifier(input: string): Identifier {
  const trimmed = input.trim();
  const mobile = normalizeMobile(trimmed);
  if (mobile) return { kind: "mobile", value: mobile };
  if (trimmed.includes("@")) return { kind: "email", value: trimmed.toLowerCase() };
  return { kind: "username", value: trimmed.toLowerCase() };
}

/** Guest intents saved before the login dialog opens (accounts spec §4). */
export const guestIntentKeys = ["run", "run_details_url", "run_details_doi", "run_details_desc"] as const;
