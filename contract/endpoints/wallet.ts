import { endpoints } from "../endpoint";
import { anyone, signedIn, adminOnly } from "../roles";

const api = endpoints({ tag: "wallet", schemas: () => Promise.all([import("../wallet")]) });

/** Wallet, orders, payments and invoices (worker/features/wallet/routes.ts). */
export const walletApi = {
  price: api.post("/price", {
    summary:
      "Unit prices and sum_total for article, offline_article, limited_article (packs) and standard counts (0–50, digits only); a limited pack resets an article count of 1 to 0",
    roles: anyone,
    body: (s) => s.PriceInput,
    response: (s) => s.PriceResponse,
  }),
  balance: api.get("/show/balance", {
    summary: "The signed-in user's balance and every credit kind (limited credits: unexpired count and soonest expiry)",
    roles: signedIn,
    response: (s) => s.BalanceResponse,
  }),
  order: api.post("/order", {
    summary:
      "Buy a cart from the wallet, priced by the server. The spec's payload is `{_token, cart}`; an `Idempotency-Key` header or `idempotency_key` field is optional: the same key twice is one order, and without one the same cart from the same user within 15 s is one order. Answers the updated userInfo (+ redirect, order_id) or {status:'error'} (insufficient balance: with shortfall)",
    roles: signedIn,
    verifiedMobile: true,
    body: (s) => s.OrderInput,
    response: (s) => s.OrderResponse,
  }),
  payment: api.get("/payments/:id", { summary: "A payment's result for /payment (owner or admin)", roles: signedIn, response: (s) => s.PaymentResult }),
  standardStatus: api.post("/show/standard_status", {
    summary:
      "The standard dialog: free, credit, buy, wait or wait_or_credit with msg and download_link; use_credit=1 spends one standard credit (once per standard)",
    roles: anyone,
    verifiedMobile: true,
    body: (s) => s.StandardStatusInput,
    response: (s) => s.StandardStatusResponse,
  }),
  myStandards: api.get("/wallet/standards", {
    summary: "/profile/standards: the standards the user paid for, with their files once ready",
    roles: signedIn,
    response: (s) => s.MyStandards,
  }),
  ledger: api.get("/wallet/ledger", {
    summary: "/profile/financial: the user's ledger rows, newest first",
    roles: signedIn,
    query: (s) => s.LedgerQuery,
    response: (s) => s.LedgerPage,
  }),
  transactions: api.get("/admin/ajax/transactions", {
    summary:
      "/admin/transactions: ledger rows by user (id, e-mail, mobile, username), account, reason and date range, with totals over all matches and current balances",
    roles: adminOnly,
    query: (s) => s.TransactionsQuery,
    response: (s) => s.TransactionsResponse,
    tag: "admin",
  }),
  adjust: api.post("/admin/users/:id/adjust", {
    summary: "Admin credit adjustment: one ledger row (admin_adjust) with a required reason; all-or-nothing, never below zero",
    roles: adminOnly,
    body: (s) => s.AdjustInput,
    response: (s) => s.AdjustResponse,
    tag: "admin",
  }),
  createInvoice: api.post("/admin/createInvoice", {
    summary: "Create an invoice with a payment link for a user or an institution",
    roles: adminOnly,
    body: (s) => s.InvoiceInput,
    response: (s) => s.Invoice,
    tag: "admin",
  }),
  invoices: api.get("/admin/ajax/invoices", { summary: "Latest invoices", roles: adminOnly, response: (s) => s.InvoiceList, tag: "admin" }),
  invoice: api.get("/invoices/:id", {
    summary: "An invoice as its payer sees it (its user, a member of its institution, or an admin)",
    roles: signedIn,
    response: (s) => s.Invoice,
  }),
  gateway: api.post("/gateway/:gateway", {
    summary:
      "Form post: a pending payment for the cart's shortfall (or a top-up `amount`, or `invoice_id`), then a redirect to the bank (Zarinpal StartPay, or /gateway/devbank/pay/{id} in development)",
    roles: signedIn,
    html: true,
    verifiedMobile: true,
    body: (s) => s.GatewayForm,
  }),
  callback: api.get("/gateway/:gateway/callback", {
    summary:
      "The bank's return (?Authority=&Status=OK|NOK): verifies with the amount of our own record, credits the wallet once and completes the pending order; then /payment?id=",
    roles: anyone,
    html: true,
    query: (s) => s.GatewayCallbackQuery,
  }),
  adminPrices: api.get("/admin/ajax/prices", { summary: "The price table and price packages", roles: adminOnly, response: (s) => s.PriceTable, tag: "admin" }),
  saveAdminPrices: api.post("/admin/ajax/prices", {
    summary: "Set one price (a price key, or package_N)",
    roles: adminOnly,
    body: (s) => s.PriceUpdateInput,
    response: (s) => s.PriceTable,
    tag: "admin",
  }),
};
