import { endpoints } from "../endpoint";
import { anyone, signedIn } from "../roles";

const api = endpoints({ tag: "getpdf", schemas: () => Promise.all([import("../getpdf"), import("../identify")]) });

/**
 * Instant download (worker/features/getpdf/routes.ts, identify-route.ts). Start and check come as
 * POST (may spend a credit) and GET (never spends: the link panel's `?method=get` flow).
 */
export const getpdfApi = {
  start: api.post("/getpdf/start", {
    summary:
      "Start (or join) the instant download of a link, DOI, arXiv or PubMed id; answered when the job settles or after `wait` ms (2,500 at most) with processing (Accept: text/event-stream streams each step, then the result)",
    roles: anyone,
    body: (s) => s.GetPdfStartInput,
    response: (s) => s.GetPdfResult,
  }),
  startGet: api.get("/getpdf/start", {
    summary: "Start (or join) the instant download of a link; never spends a credit (a licensed copy not yet paid for answers buy, asking to confirm by POST)",
    roles: anyone,
    query: (s) => s.GetPdfStartInput,
    response: (s) => s.GetPdfResult,
  }),
  check: api.post("/getpdf/check", {
    summary:
      "The current result of a started download, answered when the job settles or after `wait` ms (2,500 at most) while processing (poll every 3 s while processing; Accept: text/event-stream streams each step)",
    roles: anyone,
    body: (s) => s.GetPdfCheckInput,
    response: (s) => s.GetPdfResult,
  }),
  checkGet: api.get("/getpdf/check", {
    summary: "The current result of a started download; never spends a credit (see GET /getpdf/start)",
    roles: anyone,
    query: (s) => s.GetPdfCheckInput,
    response: (s) => s.GetPdfResult,
  }),
  lastArticles: api.get("/last_articles", {
    summary: "The 20 latest downloaded articles (home tab): date, link and download link",
    roles: anyone,
    response: (s) => s.LastArticles,
  }),
  downloads: api.get("/profile/downloads", {
    summary: "The signed-in user's link/DOI downloads (/profile/booksAndArticles)",
    roles: signedIn,
    query: (s) => s.ProfileDownloadsQuery,
    response: (s) => s.ProfileDownloads,
  }),
  identify: api.get("/identify", {
    summary: "What a pasted link, DOI or ISBN is, and whether it names a book (no network access)",
    roles: anyone,
    query: (s) => s.IdentifyQuery,
    response: (s) => s.IdentifyAnswer,
  }),
  exportLibrary: api.get("/profile/downloads/export", {
    summary: "The signed-in user's library (filtered as on /profile/booksAndArticles) as BibTeX, RIS or CSL-JSON",
    roles: signedIn,
    html: true,
    query: (s) => s.LibraryExportQuery,
  }),
};
