import { endpoints } from "../endpoint";
import { anyone, signedIn } from "../roles";

const api = endpoints({ tag: "batch", schemas: () => Promise.all([import("../batch")]) });

/** Batch (reference list) downloads (worker/features/batch/routes.ts). */
export const batchApi = {
  create: api.post("/batch", {
    summary:
      "Resolve a reading list at once: multipart `file` (.bib, .ris, .nbib, CSL-JSON, .txt) or `text` (guests: 20 entries, open access only; signed in: 500)",
    roles: anyone,
    body: (s) => s.BatchCreateInput,
    response: (s) => s.BatchCreated,
  }),
  view: api.get("/batch/:id", {
    summary:
      "A reading list's entries: parsed input, matched work, status, step, download link, provenance and notices (owner only; poll while processing; with wait=ms, 2,500 at most, answered the moment the next entry finishes)",
    roles: anyone,
    query: (s) => s.BatchViewQuery,
    response: (s) => s.BatchView,
  }),
  offlineQuote: api.get("/batch/:id/offline", {
    summary:
      'Price of offline requests for every offline row of a reading list before confirming: one offline article credit each, credits first and the wallet for the rest (POST /order with the cart {name: "batch_offline", id})',
    roles: signedIn,
    response: (s) => s.BatchOfflineQuote,
  }),
  requestOffline: api.post("/batch/:id/offline", {
    summary:
      "Register offline requests for every offline row at once (one credit and one ledger entry per request; a document already requested is not charged again)",
    roles: signedIn,
    verifiedMobile: true,
    response: (s) => s.BatchOfflineResult,
  }),
  licensedQuote: api.get("/batch/:id/licensed", {
    summary: "The reading list's rows found in a licensed source (shown buy), and the article credits to pay for them",
    roles: signedIn,
    response: (s) => s.BatchLicensedQuote,
  }),
  payLicensed: api.post("/batch/:id/licensed", {
    summary:
      "Pay for the reading list's licensed rows with article credits (the institution's quota first; each document once) and make them downloadable; stops at the first row no credit pays for",
    roles: signedIn,
    response: (s) => s.BatchLicensedResult,
  }),
  libraryNotices: api.get("/library/notices", {
    summary: "Retraction, withdrawal, correction and concern notices about papers the user received, and whether they are on",
    roles: signedIn,
    response: (s) => s.LibraryNotices,
  }),
  libraryNoticeSettings: api.post("/library/notices/settings", {
    summary: "Switch the library's retraction notices (e-mail/SMS and in the app) on or off",
    roles: signedIn,
    body: (s) => s.LibraryNoticeSettings,
    response: (s) => s.LibraryNotices,
  }),
  lists: api.get("/batch/list", { summary: "The signed-in user's reading lists, newest first", roles: signedIn, response: (s) => s.BatchList }),
  export: api.get("/batch/:id/export", {
    summary: "Export a reading list with the DOIs and metadata found filled in (bibtex, ris, csljson)",
    roles: anyone,
    html: true,
    query: (s) => s.BatchExportQuery,
  }),
  zip: api.get("/batch/:id/zip", { summary: "Every available PDF of a reading list as one ZIP, streamed from storage", roles: anyone, html: true }),
};
