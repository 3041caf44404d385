import { z } from "zod";
import { BookCard, CatalogOffer } from "./books";
import { FileReportState } from "./file-reports";
import { GETPDF_WAIT_MS } from "./getpdf-wait";

export { GETPDF_STREAM_MS, GETPDF_WAIT_MS } from "./getpdf-wait";

/**
 * Link/DOI download (search-and-download.md §3 "Download result", §7 /getpdf/start and
 * /getpdf/check). Field names are the spec's; the response has exactly these keys.
 */

/** `choose`: a pasted title or reference may name several works; the user picks one (candidates). */
export const GetPdfStatus = z.enum(["ok", "error", "offline", "buy", "processing", "choose"]);
export type GetPdfStatus = z.infer<typeof GetPdfStatus>;

/** A small banner under the result (spec: "ads1 and ads2 (each link, img, text)"). */
export const GetPdfAd = z.object({
  link: z.string(),
  img: z.string().nullable(),
  text: z.string(),
});
export type GetPdfAd = z.infer<typeof GetPdfAd>;

/** A work a pasted title or reference was matched to (Crossref metadata, as Crossref spells it). */
export const MatchedWork = z.object({
  doi: z.string(),
  title: z.string(),
  year: z.number().int().nullable(),
  /** Up to three author names. */
  authors: z.array(z.string()).optional(),
  /** Journal, proceedings or book. */
  container: z.string().optional(),
});
export type MatchedWork = z.infer<typeof MatchedWork>;
/**
 * A retraction, withdrawal, expression of concern or correction (Crossref `updated-by`), or, with
 * relation `update_to`, the fact that the pasted document is itself such a notice about `doi`.
 */
export const DocumentNotice = z.object({
  type: z.enum(["retraction", "withdrawal", "expression_of_concern", "correction"]),
  /** Crossref's own update type when it says more than `type`: partial_retraction, removal, erratum, corrigendum, … */
  crossref_type: z.string().optional(),
  /** The notice's DOI (updated_by) or the DOI of the work it is about (update_to). */
  doi: z.string(),
  /** ISO date (YYYY-MM-DD) when Crossref gives one. */
  date: z.string().nullable(),
  /** Where it was read: "crossref/publisher", "crossref/retraction-watch", ... */
  source: z.string(),
  relation: z.enum(["updated_by", "update_to"]),
});
export type DocumentNotice = z.infer<typeof DocumentNotice>;

/** Where a served file came from and how it was found to be the right one. */
export const FileProvenance = z.object({
  /** doi_on_page: the DOI (or arXiv id / PMCID) on its first pages; title: most title words there;
   * trusted_source: an exact source, nothing on the page to compare; unverified: a scan from an exact source. */
  verified: z.enum(["doi_on_page", "title", "trusted_source", "unverified"]).nullable(),
  version: z.enum(["publishedVersion", "acceptedVersion", "submittedVersion"]).nullable(),
  license: z.string().nullable(),
  host: z.string().nullable(),
  /** The file's format when it is not a PDF (a Project Gutenberg EPUB). */
  format: z.enum(["pdf", "epub"]).optional(),
});
export type FileProvenance = z.infer<typeof FileProvenance>;

/** Another version the sources name (a manuscript beside the served published copy). */
export const OtherVersion = z.object({
  version: z.enum(["publishedVersion", "acceptedVersion", "submittedVersion"]),
  url: z.string(),
  host: z.string(),
});
export type OtherVersion = z.infer<typeof OtherVersion>;

export const GetPdfResult = z
  .object({
    /** Opaque ticket to poll with (POST|GET /getpdf/check). */
    id: z.string(),
    status: GetPdfStatus,
    /** Our own signed /files/… link (valid 24 h); only with status ok. */
    download_link: z.string().nullable(),
    ads1: GetPdfAd.nullable(),
    ads2: GetPdfAd.nullable(),
    /** The main Persian message for the status (reason, notice, advice). */
    msg: z.string(),
    /** While processing: the current step. With ok: where the copy came from and its licence. */
    msg2: z.string().nullable(),
    /** For the offline request dialog: the link (or title) the user gave, or the DOI's link. */
    url: z.string().nullable(),
    doi: z.string().nullable(),
    /** For the offline request dialog: a description (the title when known). */
    desc: z.string().nullable(),
    /** Whether the offline request dialog opens with editable fields. */
    can_edit: z.boolean(),
    /**
     * Only on the start answer for a pasted title or reference that was matched: the work the
     * DOI was taken from, so the user can see it and say "not this one". Absent otherwise.
     */
    match: MatchedWork.optional(),
    /** Only with status `choose`: up to three works the text may name; starting one's DOI continues. */
    candidates: z.array(MatchedWork).max(3).optional(),
    /**
     * Beyond the spec's keys, present on every result of a job (answers given without
     * a job, such as a refused link, may leave them out): retraction and correction notices…
     */
    notices: z.array(DocumentNotice).optional(),
    /** …the served file's provenance (ok and buy), else null… */
    provenance: FileProvenance.nullable().optional(),
    /** …and another version of the work the sources name (ok), offered as a link, else null. */
    other_version: OtherVersion.nullable().optional(),
    /** A book, chapter, report or standard: the edition's card (metadata and cover); absent otherwise. */
    book: BookCard.nullable().optional(),
    /** Only on the start answer for a book: the catalogue's item (this edition, or another one). */
    catalog: CatalogOffer.nullable().optional(),
  })
  .strict();
export type GetPdfResult = z.infer<typeof GetPdfResult>;

/** `wait`: at most this many milliseconds (default and maximum GETPDF_WAIT_MS; 0 answers at once). */
export const WaitField = z.preprocess(
  (v) => (v === "" || v == null ? undefined : v),
  z.coerce
    .number({ error: "زمان انتظار باید عدد باشد." })
    .int("زمان انتظار باید عدد صحیح باشد.")
    .min(0, "زمان انتظار نمی‌تواند منفی باشد.")
    .max(GETPDF_WAIT_MS, `زمان انتظار حداکثر ${GETPDF_WAIT_MS.toLocaleString("fa-IR")} میلی‌ثانیه است.`)
    .optional(),
);

/**
 * A step of a running job as the dialog and the extension show it (the progress stream's
 * `progress` events). `text` is the Persian line (the same as a processing result's msg2).
 */
export const GetPdfStage = z.enum(["queued", "identifying", "metadata", "searching", "located", "downloading", "verifying", "retrying"]);
export type GetPdfStage = z.infer<typeof GetPdfStage>;
export const GetPdfProgress = z.object({
  /** The ticket (the result's id), so a client whose stream breaks can go on with check. */
  id: z.string(),
  stage: GetPdfStage,
  text: z.string(),
  /** The source being asked, or the one that listed the copies (Unpaywall, OpenAlex, arXiv, …). */
  source: z.string().nullable(),
  /** located: how many copies the source listed. */
  count: z.number().int().nullable(),
  /** downloading, verifying: the file's size in bytes when known, and its host. */
  bytes: z.number().int().nullable(),
  host: z.string().nullable(),
});
export type GetPdfProgress = z.infer<typeof GetPdfProgress>;

/** What a user pasted: a link, a DOI, an arXiv/PubMed id… (form field or JSON key `url`). */
export const GetPdfStartInput = z.object({
  url: z.preprocess(
    (v) => (v == null ? "" : v),
    z.string({ error: "لینک یا DOI مقاله را وارد کنید." }).trim().min(1, "عبارتی برای جستجو وارد نشده است.").max(2000, "لینک وارد شده بیش از حد طولانی است."),
  ),
  wait: WaitField,
});
export type GetPdfStartInput = z.infer<typeof GetPdfStartInput>;

export const GetPdfCheckInput = z.object({
  id: z.preprocess(
    (v) => (v == null ? "" : v),
    z.string({ error: "شناسهٔ درخواست لازم است." }).trim().min(1, "شناسهٔ درخواست لازم است.").max(600, "شناسهٔ درخواست نامعتبر است."),
  ),
  wait: WaitField,
});
export type GetPdfCheckInput = z.infer<typeof GetPdfCheckInput>;

/** GET /last_articles: the home tab of latest downloaded articles (no user identity). */
export const LastArticle = z.object({
  created_at: z.string(),
  url: z.string(),
  download_link: z.string().nullable(),
});
export type LastArticle = z.infer<typeof LastArticle>;
export const LastArticles = z.array(LastArticle);

/** GET /profile/downloads: the signed-in user's own link/DOI downloads (/profile/booksAndArticles). */
export const ProfileDownload = z.object({
  id: z.string(),
  created_at: z.string(),
  status: z.enum(["ok", "buy", "offline", "error"]),
  url: z.string().nullable(),
  doi: z.string().nullable(),
  title: z.string().nullable(),
  source: z.string().nullable(),
  license: z.string().nullable(),
  /** Retraction and correction notices known when the result was shown. */
  notices: z.array(DocumentNotice),
  /** A fresh signed link while the stored copy may be served to this user, else null. */
  download_link: z.string().nullable(),
  /**
   * For a row that delivered a file: whether this user may still report it as wrong, has reported
   * it, or it was withdrawn for everyone (contract/file-reports.ts); null for a row without a file.
   */
  file_report: FileReportState.nullable(),
});
export type ProfileDownload = z.infer<typeof ProfileDownload>;

/** What narrows the library: words of the title, DOI or link; one status; only papers with notices. */
export const LibraryFilter = z.object({
  q: z.string().trim().max(200, { error: "متن جستجو حداکثر ۲۰۰ نویسه است." }).optional(),
  status: z.enum(ProfileDownload.shape.status.options, { error: "وضعیت نامعتبر است." }).optional(),
  notices: z.preprocess((v) => v === true || v === "1" || v === "true", z.boolean()).optional(),
});
export type LibraryFilter = z.infer<typeof LibraryFilter>;

export const ProfileDownloadsQuery = LibraryFilter.extend({
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

/** GET /profile/downloads/export: the whole (filtered) library as a citation file. */
export const LibraryExportQuery = LibraryFilter.extend({
  format: z.enum(["bibtex", "ris", "csljson"], { error: "قالب خروجی نامعتبر است." }).default("bibtex"),
});
export const ProfileDownloads = z.object({
  current_page: z.number().int(),
  total_results: z.number().int(),
  total_pages: z.number().int(),
  data: z.array(ProfileDownload),
});
export type ProfileDownloads = z.infer<typeof ProfileDownloads>;

/** The shape saved as userInfo.last_download after a signed-in `ok` (§4 "Link download"). */
export const LastDownload = GetPdfResult.pick({ id: true, status: true, download_link: true, ads1: true, ads2: true });
export type LastDownload = z.infer<typeof LastDownload>;

/** GET /dev/getpdf/job?id= (development and tests only): when a job started and ended, and its steps. */
export const DevJobTiming = z.object({
  key: z.string(),
  phase: z.enum(["idle", "processing", "found", "not_found", "error"]),
  runs: z.number().int(),
  started_at: z.number().nullable(),
  finished_at: z.number().nullable(),
  steps: z.array(z.object({ step: z.string(), outcome: z.string(), ms: z.number(), detail: z.string().optional() })),
  /** Callers waiting on the job right now (its Durable Object's watchers). */
  watchers: z.number().int(),
});
export type DevJobTiming = z.infer<typeof DevJobTiming>;
