import { z } from "zod";
import { EmailField, NameField, NewPasswordField, authMessages } from "./auth";
import { Flag } from "./common";
import { UserInfo } from "./user-info";

/** /profile: details, e-mail change with re-verification, password change and active sessions. */
export const profileMessages = {
  title: "حساب کاربری",
  detailsSaved: "مشخصات شما ذخیره شد.",
  emailUnchanged: "این ایمیل همین حالا ایمیل حساب شماست.",
  emailLinkSent: (email: string) => `لینک تأیید به ${email} فرستاده شد. ایمیل شما پس از باز کردن آن لینک تغییر می‌کند.`,
  emailChanged: "ایمیل شما تغییر کرد و تأیید شد.",
  emailLinkInvalid: "لینک تأیید ایمیل نامعتبر است، منقضی شده یا قبلاً استفاده شده است.",
  currentPasswordRequired: "رمز عبور فعلی را وارد کنید.",
  currentPasswordWrong: "رمز عبور فعلی نادرست است.",
  passwordChanged: "رمز عبور شما تغییر کرد. نشست‌های دیگر شما پایان یافت.",
  sessionEnded: "نشست پایان یافت.",
  otherSessionsEnded: "همهٔ نشست‌های دیگر پایان یافت.",
  sessionNotFound: "این نشست یافت نشد یا قبلاً پایان یافته است.",
  sessionIdRequired: "شناسهٔ نشست لازم است.",
  cannotEndCurrent: "برای پایان نشست فعلی از گزینهٔ خروج استفاده کنید.",
  tooManyEmailChanges: (seconds: number) => `درخواست تغییر ایمیل بیش از حد مجاز بوده است. لطفاً ${seconds.toLocaleString("fa-IR")} ثانیهٔ دیگر دوباره تلاش کنید.`,
} as const;

export const ProfileSession = z.object({
  /** A public handle of the session (not the cookie, not the stored hash). */
  id: z.string(),
  current: z.boolean(),
  remember: z.boolean(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
});
export type ProfileSession = z.infer<typeof ProfileSession>;

export const ProfileDetails = z.object({
  user: UserInfo,
  username: z.string().nullable(),
  email_verified: Flag,
  /** An e-mail waiting for its verification link to be opened. */
  pending_email: z.string().nullable(),
  created_at: z.string(),
  sessions: z.array(ProfileSession),
});
export type ProfileDetails = z.infer<typeof ProfileDetails>;

export const UpdateDetailsInput = z.object({ name: NameField });
export type UpdateDetailsInput = z.infer<typeof UpdateDetailsInput>;

/** The current password, asked again before the account's e-mail, verified mobile or password changes. */
export const CurrentPasswordField = z.preprocess(
  (v) => (v == null ? "" : v),
  z.string({ error: profileMessages.currentPasswordRequired }).min(1, profileMessages.currentPasswordRequired).max(256),
);

export const EmailChangeInput = z.object({ email: EmailField, current_password: CurrentPasswordField });
export type EmailChangeInput = z.infer<typeof EmailChangeInput>;

/** Posted by the /verify/email page (a page, not a GET that acts, so mail scanners opening links change nothing). */
export const EmailVerifyInput = z.object({
  token: z.preprocess(
    (v) => (v == null ? "" : v),
    z.string({ error: profileMessages.emailLinkInvalid }).min(10, profileMessages.emailLinkInvalid).max(200, profileMessages.emailLinkInvalid),
  ),
});

export const PasswordChangeInput = z
  .object({
    current_password: CurrentPasswordField,
    password: NewPasswordField,
    password_confirmation: z.preprocess(
      (v) => (v == null ? "" : v),
      z.string({ error: authMessages.confirmationRequired }).min(1, { error: authMessages.confirmationRequired, abort: true }),
    ),
  })
  .refine((d) => d.password === d.password_confirmation, {
    path: ["password_confirmation"],
    error: authMessages.confirmationMismatch,
    when: (payload) => {
      const v = payload.value as { password?: unknown; password_confirmation?: unknown } | undefined;
      return typeof v?.password === "string" && v.password.length > 0 && typeof v.password_confirmation === "string" && v.password_confirmation.length > 0;
    },
  });
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>;

export const EndSessionInput = z.object({
  id: z.preprocess(
    (v) => (v == null ? "" : v),
    z.string({ error: profileMessages.sessionIdRequired }).trim().min(1, profileMessages.sessionIdRequired).max(64),
  ),
});
export type EndSessionInput = z.infer<typeof EndSessionInput>;

export const ProfileOk = z.object({ status: z.literal("ok"), message: z.string() });
