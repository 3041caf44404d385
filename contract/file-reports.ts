import { z } from "zod";
import { toPersianDigits } from "../lib/digits";
import { fileReportReasonLabels, type FileReportReasonKey } from "./labels";

/**
 * Reporting a wrong, broken or other-version file (worker/features/file-reports) and the staff
 * desk's section for it. A report names the reporter's receipt, never a file: the result's ticket
 * (the result dialog), a row of the signed-in user's library, or an entry of their reading list.
 */

/**
 * Distinct signed-in users whose reports withdraw a file without staff (a staff dismissal turns
 * this off for that file). Three: one or two can be a mistake or one person with two accounts; a
 * third independent receipt is unlikely to be wrong about the same file. Guests' reports reach the
 * desk but do not count: a guest can make any number of receipts by starting again.
 */
export const FILE_REPORT_THRESHOLD = 3;
export const FILE_REPORT_NOTE_MAX = 500;

export const fileReportTexts = {
  reasonInvalid: "نوع مشکل را انتخاب کنید.",
  noteTooLong: `توضیح نباید بیشتر از ${toPersianDigits(FILE_REPORT_NOTE_MAX)} نویسه باشد.`,
  receiptRequired: "فایلی که دریافت کرده‌اید مشخص نیست.",
  receiptInvalid: "شناسهٔ فایل دریافت‌شده نامعتبر است.",
  keyInvalid: "شناسهٔ فایل نامعتبر است.",
  statusInvalid: "وضعیت نامعتبر است.",
} as const;

const t = fileReportTexts;

export const FileReportReason = z.enum(Object.keys(fileReportReasonLabels) as [FileReportReasonKey, ...FileReportReasonKey[]], { error: t.reasonInvalid });
export type FileReportReason = z.infer<typeof FileReportReason>;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const receiptId = (max: number) => z.preprocess(blankToUndefined, z.string({ error: t.receiptInvalid }).trim().min(1).max(max, t.receiptInvalid).optional());

/** POST /file-reports: exactly one receipt (ticket, library row, or reading-list entry), the reason and an optional note. */
export const FileReportInput = z
  .object({
    /** The result's `id` (the result dialog): a signed ticket. */
    ticket: receiptId(600),
    /** A row of /profile/downloads (signed in). */
    download: receiptId(64),
    /** A reading list and the entry's position in it (its owner: the user, or the guest's cookie). */
    batch: receiptId(64),
    position: z.preprocess(
      blankToUndefined,
      z.coerce.number({ error: t.receiptInvalid }).int(t.receiptInvalid).min(0, t.receiptInvalid).max(10_000, t.receiptInvalid).optional(),
    ),
    reason: z.preprocess((v) => v ?? "wrong", FileReportReason),
    note: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(FILE_REPORT_NOTE_MAX, t.noteTooLong)
        // Control characters (other than line breaks) have no place in a note read by staff.
        .transform((s) => s.replace(/[\u0000-\u0009\u000B-\u001F\u007F]/g, ""))
        .optional(),
    ),
  })
  .refine((v) => [v.ticket, v.download, v.batch].filter((x) => x !== undefined).length === 1 && (v.batch === undefined) === (v.position === undefined), {
    path: ["ticket"],
    error: t.receiptRequired,
  });
export type FileReportInput = z.infer<typeof FileReportInput>;

export const FileReportResult = z.object({
  status: z.literal("ok"),
  /** withdrawn: this report completed the threshold and the file is withdrawn now. */
  report: z.object({ id: z.string(), state: z.enum(["pending", "withdrawn"]) }),
  message: z.string(),
});
export type FileReportResult = z.infer<typeof FileReportResult>;

/** The reporter's view of a file in their library: none yet, reported by them, or withdrawn for everyone. */
export const FileReportState = z.enum(["reportable", "reported", "withdrawn"]);
export type FileReportState = z.infer<typeof FileReportState>;

// ---------------------------------------------------------------------------------------------
// The staff desk's section (GET /admin/file-reports, POST …/confirm, …/dismiss)

export const FileReportDeskQuery = z.object({
  status: z.preprocess((v) => v ?? "pending", z.enum(["pending", "withdrawn", "dismissed"], { error: t.statusInvalid })),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)),
});
export type FileReportDeskQuery = z.infer<typeof FileReportDeskQuery>;

export const FileReportDecisionInput = z.object({
  file_key: z.string({ error: t.keyInvalid }).trim().min(1, t.keyInvalid).max(600, t.keyInvalid),
});
export type FileReportDecisionInput = z.infer<typeof FileReportDecisionInput>;

export const FileReportDecisionResult = z.object({
  status: z.literal("ok"),
  /** Reports this decision closed (their reporters are told). */
  closed: z.number().int(),
  /** Fetch jobs started again without the file (confirm only). */
  rerun: z.number().int(),
  message: z.string(),
});
export type FileReportDecisionResult = z.infer<typeof FileReportDecisionResult>;

const JobStep = z.object({ step: z.string(), outcome: z.string(), ms: z.number(), detail: z.string().optional() });

export const FileReportDeskItem = z.object({
  file_key: z.string(),
  doi: z.string().nullable(),
  title: z.string().nullable(),
  /** The stored file's provenance (stored_files). */
  file: z.object({
    source: z.string().nullable(),
    license: z.string().nullable(),
    access: z.enum(["open", "licensed"]).nullable(),
    verification: z.string().nullable(),
    version: z.string().nullable(),
    source_host: z.string().nullable(),
    source_url: z.string().nullable(),
    size: z.number().int().nullable(),
    sha256: z.string().nullable(),
    stored_at: z.string().nullable(),
  }),
  /** The fetch job's evidence: its steps (each location tried and how its file was judged), when the job still holds this file. */
  evidence: z.object({ job_key: z.string().nullable(), phase: z.string().nullable(), steps: z.array(JobStep) }),
  /** A staff-bound link to look at the file (null once withdrawn). */
  file_link: z.string().nullable(),
  holders: z.number().int(),
  signed_in_reporters: z.number().int(),
  withdrawn: z.object({ cause: z.enum(["reports", "staff"]), at: z.string() }).nullable(),
  reports: z.array(
    z.object({
      id: z.string(),
      reason: FileReportReason,
      note: z.string().nullable(),
      status: z.enum(["pending", "withdrawn", "dismissed"]),
      created_at: z.string(),
      /** The reporter's name and e-mail, or null for a guest. */
      reporter: z.object({ name: z.string(), email: z.string() }).nullable(),
    }),
  ),
});
export type FileReportDeskItem = z.infer<typeof FileReportDeskItem>;

export const FileReportDesk = z.object({
  data: z.array(FileReportDeskItem),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  total_pages: z.number().int(),
});
export type FileReportDesk = z.infer<typeof FileReportDesk>;
