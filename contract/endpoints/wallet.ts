import type {
  AdjustInput,
  AdjustResponse,
  BalanceResponse,
  Invoice,
  InvoiceInput,
  InvoiceList,
  LedgerPage,
  LedgerQuery,
  MyStandards,
  OrderInput,
  OrderResponse,
  PaymentResult,
  PriceInput,
  PriceResponse,
  StandardStatusInput,
  StandardStatusResponse,
  TransactionsQuery,
  TransactionsResponse,
} from "../wallet";
import { endpoint } from "../endpoint";

/** Wallet, orders, payments and invoices (worker/features/wallet/routes.ts). */
export const walletApi = {
  price: endpoint<{ body: typeof PriceInput; response: typeof PriceResponse }>()("post", "/price"),
  balance: endpoint<{ response: typeof BalanceResponse }>()("get", "/show/balance"),
  order: endpoint<{ body: typeof OrderInput; response: typeof OrderResponse }>()("post", "/order"),
  payment: endpoint<{ response: typeof PaymentResult }>()("get", "/payments/:id"),
  standardStatus: endpoint<{ body: typeof StandardStatusInput; response: typeof StandardStatusResponse }>()("post", "/show/standard_status"),
  myStandards: endpoint<{ response: typeof MyStandards }>()("get", "/wallet/standards"),
  ledger: endpoint<{ query: typeof LedgerQuery; response: typeof LedgerPage }>()("get", "/wallet/ledger"),
  transactions: endpoint<{ query: typeof TransactionsQuery; response: typeof TransactionsResponse }>()("get", "/admin/ajax/transactions"),
  adjust: endpoint<{ body: typeof AdjustInput; response: typeof AdjustResponse }>()("post", "/admin/users/:id/adjust"),
  createInvoice: endpoint<{ body: typeof InvoiceInput; response: typeof Invoice }>()("post", "/admin/createInvoice"),
  invoices: endpoint<{ response: typeof InvoiceList }>()("get", "/admin/ajax/invoices"),
  invoice: endpoint<{ response: typeof Invoice }>()("get", "/invoices/:id"),
};
