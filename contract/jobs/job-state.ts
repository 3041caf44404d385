/**
 * The state of one fetch job (one normalised document identifier), shared by the FetchJob
 * Durable Object, the queue consumer and the getpdf routes. Pure: no bindings, no clock.
 *
 * The job holds the shared outcome only (found / not found / error). Per-user rules — guest or
 * not, credits, `buy` — are applied when the result is shown (DESIGN.md "Shape of the system").
 */
import type { BookCard } from "../books";
import type { IdentifyResult } from "../identify";

/** Resolver steps in their fixed order, plus the pipeline's own states. */
export const STEP_NAMES = ["queued", "open", "landing", "ids", "crossref", "books", "unpaywall", "openalex", "arxiv", "pmc", "licensed", "retry"] as const;
export type StepName = (typeof STEP_NAMES)[number];

/** mismatch: a location served a PDF of another work (queue-consumer/verify.ts). */
export type StepOutcome = "found" | "none" | "failed" | "skipped" | "rejected" | "mismatch";

/** What one resolver step did, kept with the job for diagnosis. */
export type StepRecord = { step: StepName; outcome: StepOutcome; ms: number; detail?: string | undefined };

export type JobPhase = "idle" | "processing" | "found" | "not_found" | "error";

/**
 * persian: a Persian-language document (refused); invalid: input the pipeline cannot use;
 * upstream: sources kept failing after every retry; timeout: the 60 s deadline passed.
 */
export type JobErrorReason = "persian" | "invalid" | "upstream" | "timeout" | "internal";

export type FileAccess = "open" | "licensed";

export type FoundFile = {
  /** R2 key of the stored PDF. */
  fileKey: string;
  size: number;
  access: FileAccess;
  /** Where the copy came from, for the dialog ("Unpaywall — repository (…)"). */
  source: string;
  license: string | null;
  /** How the file was found to be the right one (older stored results lack these three). */
  verification?: Verification | undefined;
  /** publishedVersion, acceptedVersion, submittedVersion (Unpaywall/OpenAlex), or null. */
  version?: string | null | undefined;
  /** Host the copy was downloaded from ("licensed:<resolver>" for a publisher API). */
  host?: string | undefined;
  /** pdf unless said (a Project Gutenberg book is an EPUB). */
  format?: "pdf" | "epub" | undefined;
};

/** queue-consumer/verify.ts: the identifier or title on the first pages, an exact source, or a scan from one. */
export type Verification = "doi_on_page" | "title" | "trusted_source" | "unverified";

export type NoticeType = "retraction" | "withdrawal" | "expression_of_concern" | "correction";

/**
 * Crossref's update types (`updated-by` / `update-to` `type`, any case, "-" or " " for "_") as the
 * four kinds a reader is warned of; null for an update that warns of nothing (new_version,
 * new_edition, reinstatement) or one not known yet: never guessed into a warning.
 */
export function noticeTypeOf(crossrefType: string): NoticeType | null {
  switch (
    crossrefType
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, "_")
  ) {
    case "retraction":
    case "partial_retraction":
      return "retraction";
    case "withdrawal":
    case "removal":
      return "withdrawal";
    case "expression_of_concern":
      return "expression_of_concern";
    case "correction":
    case "erratum":
    case "corrigendum":
    case "addendum":
    case "clarification":
      return "correction";
    default:
      return null;
  }
}

/** A Crossref update record: `updated_by` is about this work, `update_to` means this document is the notice. */
export type UpdateNotice = {
  type: NoticeType;
  /** Crossref's own update type (partial_retraction, removal, erratum, …), lower case. */
  crossrefType?: string | undefined;
  /** The notice's DOI (updated_by) or the updated work's DOI (update_to). */
  doi: string;
  date: string | null;
  /** "crossref/<Crossref's source>", e.g. crossref/publisher, crossref/retraction-watch. */
  source: string;
  relation: "updated_by" | "update_to";
};

/** The other version a source named when a published copy was served (offered, not served). */
export type OtherVersion = { version: string; url: string; host: string };

export type JobMeta = {
  title: string | null;
  /** Crossref's subtitle, when it keeps one apart from the title (the PDF prints both, often on one line). */
  subtitle?: string | null | undefined;
  doi: string | null;
  /** Crossref/OpenAlex type, e.g. journal-article. */
  type: string | null;
  language: string | null;
  /** Persian notes about the input (unreachable page, no identifier), shown in msg. */
  notices: string[];
  /** Retractions, withdrawals, concerns and corrections (Crossref), shown as banners. */
  updates?: UpdateNotice[] | undefined;
  otherVersion?: OtherVersion | null | undefined;
  /** A book, chapter, report or standard: the edition's metadata (card and book request). */
  book?: BookCard | null | undefined;
  /** The work's bibliographic record (Crossref), for exports and readable file names. */
  biblio?: WorkBiblio | null | undefined;
};

/** Authors as "Family, Given" (an organisation as its name), in order; the rest as the record gives it. */
export type WorkBiblio = {
  authors: string[];
  container: string | null;
  year: string | null;
  volume: string | null;
  issue: string | null;
  pages: string | null;
  publisher: string | null;
};

/** `book`: the edition the Worker resolved the input to (an ISBN, a book link or reference), for the open-copy search and verification. */
export type JobInput = { raw: string; identified: IdentifyResult; book?: BookCard | undefined };

/**
 * What the running step is doing inside itself, for the live progress line: the copies a source
 * listed, the file being downloaded (its size once the host declares it), the file being checked.
 * Cleared when the next step begins.
 */
export type JobActivity =
  | { kind: "located"; count: number }
  | { kind: "downloading"; host: string; bytes: number | null }
  | { kind: "verifying"; host: string; bytes: number };

/**
 * Which queue a run waits in: `paste` (someone is waiting on the page: daryaft-fetch-jobs) or
 * `list` (a reading-list entry: daryaft-fetch-jobs-bulk, served after pastes for the providers'
 * budgets). A paste that joins a list's run not yet taken up moves it to the paste lane.
 */
export const LANES = ["paste", "list"] as const;
export type Lane = (typeof LANES)[number];

export type JobState = {
  key: string;
  phase: JobPhase;
  /** The current run; a start after a stale result begins a new one. */
  runId: string | null;
  step: StepName | null;
  steps: StepRecord[];
  input: JobInput | null;
  startedAt: number | null;
  finishedAt: number | null;
  /** Delivery attempt of the queue message being worked on. */
  attempt: number;
  /** Messages ever enqueued for this identifier (each one is one resolution). */
  runs: number;
  file: FoundFile | null;
  error: { reason: JobErrorReason; message: string } | null;
  meta: JobMeta;
  /** Inside the current step (absent in states stored before it existed). */
  activity?: JobActivity | null | undefined;
  /** Bumped by every write of the job, so a watcher can ask for "anything after what I saw". */
  rev?: number | undefined;
  /** The run's lane (absent: paste, as before lanes existed). */
  lane?: Lane | undefined;
  /** When a consumer first took the run up: a list run's deadline counts from here. */
  claimedAt?: number | null | undefined;
};

/** A job that no longer changes by itself (a later start may run it again). */
export const isSettled = (state: JobState | null): boolean => !state || state.phase !== "processing";

/** The queue message: everything the consumer needs, nothing per-user. */
export type FetchJobMessage = { key: string; runId: string; startedAt: number; input: JobInput; lane?: Lane | undefined };

export const JOB_DEADLINE_MS = 60_000;
/** How long a reading-list entry may wait in its lane before a consumer takes it up. */
export const LIST_WAIT_MS = 30 * 60_000;

/** When a processing run is given up: 60 s from its start, or for a list run 60 s from its claim (30 min in the lane at most). */
export function runDeadline(state: Pick<JobState, "startedAt" | "lane" | "claimedAt">): number {
  const started = state.startedAt ?? 0;
  if (state.lane !== "list") return started + JOB_DEADLINE_MS;
  return state.claimedAt ? state.claimedAt + JOB_DEADLINE_MS : started + LIST_WAIT_MS;
}
export const FRESH_FOUND_MS = 24 * 3_600_000;
export const FRESH_NOT_FOUND_MS = 3_600_000;
/** Persian or unusable input gives the same answer again; reuse it like a not-found. */
export const FRESH_PERMANENT_ERROR_MS = 3_600_000;
/** max_retries 4 in wrangler.toml: five deliveries in all. */
export const MAX_ATTEMPTS = 5;

export const emptyMeta = (): JobMeta => ({ title: null, doi: null, type: null, language: null, notices: [], updates: [], otherVersion: null });

export function idleState(key: string): JobState {
  return {
    key,
    phase: "idle",
    runId: null,
    step: null,
    steps: [],
    input: null,
    startedAt: null,
    finishedAt: null,
    attempt: 0,
    runs: 0,
    file: null,
    error: null,
    meta: emptyMeta(),
  };
}

export type StartDecision = "join" | "reuse" | "run";

/**
 * A start joins a running job, reuses a fresh terminal result (found 24 h, not found 1 h,
 * a permanent error 1 h), and otherwise runs the job again.
 */
export function decideStart(state: JobState | null, now: number): StartDecision {
  if (!state || state.phase === "idle") return "run";
  if (state.phase === "processing") {
    // A job past its deadline whose alarm has not fired yet is treated as dead.
    return state.startedAt !== null && now < runDeadline(state) ? "join" : "run";
  }
  const age = now - (state.finishedAt ?? 0);
  if (age < 0) return "reuse"; // clock skew between callers: a result from "the future" is fresh
  if (state.phase === "found") return age < FRESH_FOUND_MS ? "reuse" : "run";
  if (state.phase === "not_found") return age < FRESH_NOT_FOUND_MS ? "reuse" : "run";
  if (state.error && (state.error.reason === "persian" || state.error.reason === "invalid")) return age < FRESH_PERMANENT_ERROR_MS ? "reuse" : "run";
  return "run";
}

/** Seconds before the next delivery of a message that failed on delivery `attempts` (1-based). */
export function backoffSeconds(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 30);
}
