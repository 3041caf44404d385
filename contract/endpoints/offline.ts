import { endpoints } from "../endpoint";
import { adminOnly, anyone, signedIn, staff } from "../roles";

const api = endpoints({ tag: "offline-desk", schemas: () => Promise.all([import("../offline")]) });

/** Offline requests: the user's side and the delivery desk (worker/features/offline/routes.ts). */
export const offlineApi = {
  insertArticle: api.post("/insert/offline_article", {
    summary: "Register an offline request for an article (spends one offline request credit)",
    roles: signedIn,
    verifiedMobile: true,
    body: (s) => s.OfflineArticleInput,
    response: (s) => s.OfflineInsertOk,
    tag: "offline",
  }),
  insertBook: api.post("/insert/offline_book", {
    summary: "Register an offline request for a book or a standard (free; staff price it; books answered within 12 hours)",
    roles: signedIn,
    verifiedMobile: true,
    body: (s) => s.OfflineBookInput,
    response: (s) => s.OfflineInsertOk,
    tag: "offline",
  }),
  lastBooks: api.get("/last_offline_books", {
    summary: "Latest offline books requests for the home tabs (no user identity)",
    roles: anyone,
    response: (s) => s.LastOfflineList,
    tag: "offline",
  }),
  lastArticles: api.get("/last_offline_articles", {
    summary: "Latest offline articles requests for the home tabs (no user identity)",
    roles: anyone,
    response: (s) => s.LastOfflineList,
    tag: "offline",
  }),
  mine: api.get("/profile/offline/requests", {
    summary: "The signed-in user's offline requests of one group, with status history and download links",
    roles: signedIn,
    query: (s) => s.OfflineListQuery,
    response: (s) => s.OfflineRequestList,
    tag: "offline",
  }),
  cancel: api.post("/profile/offline/requests/:id/cancel", {
    summary: "Cancel one's own offline request while it is not yet paid",
    roles: signedIn,
    response: (s) => s.OfflineCancelOk,
    tag: "offline",
  }),
  deskList: api.get("/admin/offline/requests", {
    summary:
      "Desk queue: least time left to the running deadline first; default view what needs staff (registered, paid, in progress); filters status, group, kind, age, user, and a search over title, link, ISBN, DOI and standard number (solvers: their solution manuals)",
    roles: staff,
    query: (s) => s.DeskQuery,
    response: (s) => s.DeskList,
  }),
  deskDetail: api.get("/admin/offline/requests/:id", {
    summary: "One request on the desk: history, audit trail and the same document's other requests",
    roles: staff,
    response: (s) => s.DeskDetail,
  }),
  dashboard: api.get("/admin/offline/dashboard", {
    summary: "Desk numbers: open requests, median times, 12-hour promise kept and broken",
    roles: adminOnly,
    query: (s) => s.DeskDashboardQuery,
    response: (s) => s.DeskDashboard,
  }),
  hours: api.get("/admin/offline/hours", {
    summary: "The desk's hours: a standard's first answer and the delivery deadline after payment per kind",
    roles: adminOnly,
    response: (s) => s.DeskHours,
  }),
  saveHours: api.post("/admin/offline/hours", {
    summary: "Set the desk's hours (applies to requests registered or paid from now on)",
    roles: adminOnly,
    body: (s) => s.DeskHours,
    response: (s) => s.DeskHours,
  }),
  solvers: api.get("/admin/offline/solvers", { summary: "Solvers a solution manual can be assigned to", roles: adminOnly, response: (s) => s.DeskSolverList }),
  claim: api.post("/admin/offline/requests/:id/claim", {
    summary:
      "Claim a request (a paid one, or an article, is now in progress); one another staff member holds needs `take_over` (409 names the holder, who is told)",
    roles: staff,
    body: (s) => s.DeskClaimInput,
    response: (s) => s.DeskActionOk,
  }),
  price: api.post("/admin/offline/requests/:id/price", {
    summary:
      "Set the price of a book or standard request (optionally of its whole group), optionally with the PDF (multipart `file`), a `link` or the group's file (`file_from`) that the payment delivers",
    roles: staff,
    body: (s) => s.DeskPriceInput,
    response: (s) => s.DeskActionOk,
  }),
  reject: api.post("/admin/offline/requests/:id/reject", {
    summary: "Reject a request with a reason (template or written); a payment or credit is refunded",
    roles: staff,
    body: (s) => s.DeskRejectInput,
    response: (s) => s.DeskActionOk,
  }),
  deliver: api.post("/admin/offline/requests/:id/deliver", {
    summary: "Deliver: upload the PDF (multipart `file`, up to 100 MB), give a `link`, or use the group's file (`file_from`)",
    roles: staff,
    body: (s) => s.DeskDeliverInput,
    response: (s) => s.DeskActionOk,
  }),
  assign: api.post("/admin/offline/requests/:id/assign", {
    summary: "Assign a solution manual to a solver",
    roles: adminOnly,
    body: (s) => s.DeskAssignInput,
    response: (s) => s.DeskActionOk,
  }),
  same_as: api.post("/admin/offline/requests/:id/same_as", {
    summary: '"Same as": join the request to another request\'s group (one piece of work: price and file apply to both)',
    roles: staff,
    body: (s) => s.DeskSameAsInput,
    response: (s) => s.DeskActionOk,
  }),
  confirm_group: api.post("/admin/offline/requests/:id/confirm_group", {
    summary: "Confirm the request's automatic grouping",
    roles: staff,
    body: (s) => s.DeskGroupInput,
    response: (s) => s.DeskActionOk,
  }),
  split: api.post("/admin/offline/requests/:id/split", {
    summary: "Split the request off its group: not the same document",
    roles: staff,
    body: (s) => s.DeskGroupInput,
    response: (s) => s.DeskActionOk,
  }),
  note: api.post("/admin/offline/requests/:id/note", {
    summary: "Keep a staff note on the request (never shown to the user)",
    roles: staff,
    body: (s) => s.DeskNoteInput,
    response: (s) => s.DeskActionOk,
  }),
  alerts: api.get("/admin/offline/alerts", {
    summary: "Staff alerts in the app: new requests and payments since `since` (epoch ms; at most 7 days back) that this staff member may act on",
    roles: staff,
    query: (s) => s.DeskAlertsQuery,
    response: (s) => s.DeskAlerts,
  }),
  alertPrefs: api.get("/admin/offline/alert_prefs", {
    summary: "What this staff member is e-mailed about (new requests, payments)",
    roles: staff,
    response: (s) => s.DeskAlertPrefs,
  }),
  saveAlertPrefs: api.post("/admin/offline/alert_prefs", {
    summary: "Choose to be e-mailed about new requests and payments",
    roles: staff,
    body: (s) => s.DeskAlertPrefs,
    response: (s) => s.DeskAlertPrefs,
  }),
  prices: api.get("/admin/offline/prices", {
    summary: "The desk's list prices per kind (what the price field starts with)",
    roles: staff,
    response: (s) => s.DeskPrices,
  }),
  savePrices: api.post("/admin/offline/prices", {
    summary: "Set the desk's list prices per kind (blank: none)",
    roles: adminOnly,
    body: (s) => s.DeskPrices,
    response: (s) => s.DeskPrices,
  }),
};
