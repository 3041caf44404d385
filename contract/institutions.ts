import { z } from "zod";

/** GET /send/verify/email (search-and-download.md §7): sends a single-use link to an institutional address. */
export const SendVerifyEmailQuery = z.object({
  email: z
    .string({ error: "ایمیل دانشگاهی را وارد نکرده‌اید." })
    .trim()
    .toLowerCase()
    .min(1, "ایمیل دانشگاهی را وارد نکرده‌اید.")
    .max(190)
    .pipe(z.email("نشانی ایمیل معتبر نیست.")),
  /** The page's CSRF token: this GET sends mail, so it must come from our own page. */
  _token: z.string().min(1),
});
export type SendVerifyEmailQuery = z.infer<typeof SendVerifyEmailQuery>;

export const SendVerifyEmailResult = z.discriminatedUnion("status", [
  z.object({ status: z.literal("ok"), msg: z.string() }),
  z.object({ status: z.literal("error"), error: z.string() }),
]);
export type SendVerifyEmailResult = z.infer<typeof SendVerifyEmailResult>;

/** Outcomes of following the link; the Worker redirects to `/?university_verify=<outcome>`. */
export const VerifyOutcome = z.enum(["joined", "expired", "used", "invalid", "taken"]);
export type VerifyOutcome = z.infer<typeof VerifyOutcome>;
