/** Deadlines and sizes of the fetch pipeline (its rate limiters are in clients/limiters.ts). */

/** Deadlines (ms). An API answer is small; a step may try several documents. */
export const DEADLINES = {
  /** One API request (Crossref, Unpaywall, OpenAlex, arXiv, NCBI, Europe PMC). */
  apiRequest: 5_000,
  /** One landing page or document download (headers and body). */
  document: 10_000,
  /** A whole step: its API call and every location it tries. */
  step: 20_000,
  /** A licensed resolver (publisher APIs stream the PDF themselves). */
  licensed: 25_000,
  /** Work on one delivery stops here, before the job's own 60 s alarm. */
  job: 55_000,
} as const;

/** Largest document accepted. */
export const MAX_PDF_BYTES = 50 * 1024 * 1024;
/** Largest landing page read for its meta tags. */
export const MAX_LANDING_BYTES = 3 * 1024 * 1024;
