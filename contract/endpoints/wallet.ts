import type * as walletContract from "../wallet";
import { endpoint } from "../endpoint";

/** Wallet, orders, payments and invoices (worker/features/wallet/routes.ts). */
export const walletApi = {
  price: endpoint<{ body: typeof walletContract.PriceInput; response: typeof walletContract.PriceResponse }>()("post", "/price"),
  balance: endpoint<{ response: typeof walletContract.BalanceResponse }>()("get", "/show/balance"),
  order: endpoint<{ body: typeof walletContract.OrderInput; response: typeof walletContract.OrderResponse }>()("post", "/order"),
  payment: endpoint<{ response: typeof walletContract.PaymentResult }>()("get", "/payments/:id"),
  standardStatus: endpoint<{ body: typeof walletContract.StandardStatusInput; response: typeof walletContract.StandardStatusResponse }>()(
    "post",
    "/show/standard_status",
  ),
  myStandards: endpoint<{ response: typeof walletContract.MyStandards }>()("get", "/wallet/standards"),
  ledger: endpoint<{ query: typeof walletContract.LedgerQuery; response: typeof walletContract.LedgerPage }>()("get", "/wallet/ledger"),
  transactions: endpoint<{ query: typeof walletContract.TransactionsQuery; response: typeof walletContract.TransactionsResponse }>()(
    "get",
    "/admin/ajax/transactions",
  ),
  adjust: endpoint<{ body: typeof walletContract.AdjustInput; response: typeof walletContract.AdjustResponse }>()("post", "/admin/users/:id/adjust"),
  createInvoice: endpoint<{ body: typeof walletContract.InvoiceInput; response: typeof walletContract.Invoice }>()("post", "/admin/createInvoice"),
  invoices: endpoint<{ response: typeof walletContract.InvoiceList }>()("get", "/admin/ajax/invoices"),
  invoice: endpoint<{ response: typeof walletContract.Invoice }>()("get", "/invoices/:id"),
};
