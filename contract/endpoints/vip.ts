import { endpoints } from "../endpoint";
import { anyone, signedIn, adminOnly } from "../roles";

const api = endpoints({ tag: "direct-access", schemas: () => Promise.all([import("../direct-access"), import("../vip")]) });

/** Direct access (worker/features/direct-access/routes.ts) and the VIP services (worker/features/vip/routes.ts). */
export const vipApi = {
  catalogue: api.get("/direct_access", { summary: "Direct-access catalogue (type 6)", roles: anyone, response: (s) => s.DirectAccessList }),
  access: api.get("/direct_access/:id", {
    summary:
      "The access page of one site (/directaccess/{id}/{d?}): the site for everyone; for its buyer while a grant runs, the time left and the lent account; past grants offer renewal",
    roles: anyone,
    response: (s) => s.DirectAccessPageData,
  }),
  grants: api.get("/profile/directaccess", {
    summary: "The signed-in user's direct-access grants (running and past)",
    roles: signedIn,
    response: (s) => s.MyGrants,
  }),
  adminSites: api.get("/admin/ajax/directaccess/sites", {
    summary: "Every site (active or not) with period prices, pool sizes and running grants",
    roles: adminOnly,
    response: (s) => s.AdminSiteList,
  }),
  createSite: api.post("/admin/ajax/directaccess/sites", {
    summary: "Add a site with its period prices",
    roles: adminOnly,
    body: (s) => s.AdminSiteInput,
    response: (s) => s.AdminOk,
  }),
  updateSite: api.post("/admin/ajax/directaccess/sites/:id", {
    summary: "Change a site and replace its period prices",
    roles: adminOnly,
    body: (s) => s.AdminSiteInput,
    response: (s) => s.AdminOk,
  }),
  adminPool: api.get("/admin/ajax/directaccess/sites/:id/credentials", {
    summary: "A site's account pool and who holds each account now",
    roles: adminOnly,
    response: (s) => s.AdminCredentialList,
  }),
  addCredentials: api.post("/admin/ajax/directaccess/sites/:id/credentials", {
    summary: "Add accounts to a site's pool (`lines`: username:password per line); running grants without an account get one",
    roles: adminOnly,
    body: (s) => s.AddCredentialsInput,
    response: (s) => s.AdminOk,
  }),
  deleteCredential: api.post("/admin/ajax/directaccess/credentials/:id/delete", {
    summary: "Remove an account from its pool (refused while a running grant holds it)",
    roles: adminOnly,
    response: (s) => s.AdminOk,
  }),
  rotateCredential: api.post("/admin/ajax/directaccess/credentials/:id/rotate", {
    summary:
      "Record the account's new password (changed at the provider) and return it to the pool; an ended grant's account is not lent again until this (audited)",
    roles: adminOnly,
    body: (s) => s.RotateCredentialInput,
    response: (s) => s.AdminOk,
  }),
  adminGrants: api.get("/admin/ajax/directaccess/grants", {
    summary: "Bought grants (filter by site, running or ended)",
    roles: adminOnly,
    query: (s) => s.AdminGrantsQuery,
    response: (s) => s.AdminGrantList,
  }),
  revokeGrant: api.post("/admin/ajax/directaccess/grants/:id/revoke", {
    summary: "End a grant now (its account awaits rotation before it is lent again)",
    roles: adminOnly,
    response: (s) => s.AdminOk,
  }),
  assignGrant: api.post("/admin/ajax/directaccess/grants/:id/assign", {
    summary: "Lend a free account to a running grant that has none",
    roles: adminOnly,
    response: (s) => s.AdminOk,
  }),
  services: api.get("/vip/services", {
    summary:
      "Type-7 cards: plagiarism, grammar, AI check and SciFinder account with current prices; for the signed-in user, contract coverage and paid orders waiting for a file",
    roles: anyone,
    response: (s) => s.VipServicesResponse,
    tag: "vip",
  }),
  upload: api.post("/upload/ithenticate_grammarly_contract", {
    summary:
      "Multipart `_token`, `file`, `type` (ithenticate, grammarly or ai): a Word (.doc/.docx) or, for plagiarism and AI checks, PDF file up to 20 MB, checked by content. Goes to the user's paid order waiting for a file, or is counted against a university contract that covers it",
    roles: signedIn,
    verifiedMobile: true,
    body: (s) => s.UploadInput,
    response: (s) => s.UploadOk,
    tag: "vip",
  }),
  orders: api.get("/profile/vip/orders", {
    summary: "The user's plagiarism, grammar and AI check orders with status and, when done, the report link",
    roles: signedIn,
    response: (s) => s.MyServiceOrders,
    tag: "vip",
  }),
  scifinders: api.get("/profile/vip/scifinders", {
    summary: "The user's SciFinder account orders: the issued account and its one-month guarantee",
    roles: signedIn,
    response: (s) => s.MyScifinders,
    tag: "vip",
  }),
  adminServices: api.get("/admin/ajax/services", {
    summary: "Service orders for the desk (filter by status and kind), with links to the user's file and the report",
    roles: adminOnly,
    query: (s) => s.AdminServiceQuery,
    response: (s) => s.AdminServiceList,
    tag: "vip",
  }),
  takeService: api.post("/admin/ajax/services/:id/take", {
    summary: "Take a submitted service order into work",
    roles: adminOnly,
    response: (s) => s.ServiceActionOk,
    tag: "vip",
  }),
  reportService: api.post("/admin/ajax/services/:id/report", {
    summary: "Upload the finished report (multipart `file`: PDF or Word, checked by content; optional `note`); the order is done and the user notified",
    roles: adminOnly,
    body: (s) => s.ReportInput,
    response: (s) => s.ServiceActionOk,
    tag: "vip",
  }),
  serviceAccount: api.post("/admin/ajax/services/:id/account", {
    summary: "Issue the SciFinder account (username, password); the one-month guarantee starts; the user is notified",
    roles: adminOnly,
    body: (s) => s.AccountInput,
    response: (s) => s.ServiceActionOk,
    tag: "vip",
  }),
  rejectService: api.post("/admin/ajax/services/:id/reject", {
    summary: "Reject a service order with a reason; a paid order is refunded to the wallet; the user is notified",
    roles: adminOnly,
    body: (s) => s.RejectInput,
    response: (s) => s.ServiceActionOk,
    tag: "vip",
  }),
};
