import { mutationOptions, queryOptions, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { walletApi } from "../../../contract/endpoints/wallet";
import type { UserInfo } from "../../../contract/user-info";
import type { BalanceResponse, InvoiceInput, ledgerAccounts, OrderInput, TransactionsQuery } from "../../../contract/wallet";
import { call } from "../../lib/api";
import { usePageData } from "../../lib/page-data-context";

/** Every wallet query sits under ["wallet"]; a purchase invalidates them all. */
export const walletKeys = {
  all: ["wallet"] as const,
  balance: ["wallet", "balance"] as const,
  ledger: (page: number) => ["wallet", "ledger", page] as const,
  price: (counts: PriceCounts) => ["wallet", "price", counts] as const,
  payment: (id: string) => ["wallet", "payment", id] as const,
  invoice: (id: string) => ["wallet", "invoice", id] as const,
  standards: ["wallet", "standards"] as const,
  transactions: (q: TransactionsQuery) => ["wallet", "admin", "transactions", q] as const,
  invoices: ["wallet", "admin", "invoices"] as const,
  standardStatus: (id: number) => ["wallet", "standard", id] as const,
};

export type PriceCounts = { article?: number; offline_article?: number; limited_article?: number; standard?: number };

export const balanceQuery = () => queryOptions({ queryKey: walletKeys.balance, queryFn: ({ signal }) => call(walletApi.balance, {}, { signal }), retry: 1 });

export const priceQuery = (counts: PriceCounts) =>
  queryOptions({ queryKey: walletKeys.price(counts), queryFn: ({ signal }) => call(walletApi.price, counts, { signal }), staleTime: 60_000, retry: 1 });

export const ledgerQuery = (page: number) =>
  queryOptions({ queryKey: walletKeys.ledger(page), queryFn: ({ signal }) => call(walletApi.ledger, { page }, { signal }) });

export const paymentQuery = (id: string) =>
  queryOptions({ queryKey: walletKeys.payment(id), queryFn: ({ signal }) => call(walletApi.payment, { id }, { signal }), retry: false });

export const invoiceQuery = (id: string) =>
  queryOptions({ queryKey: walletKeys.invoice(id), queryFn: ({ signal }) => call(walletApi.invoice, { id }, { signal }), retry: false });

export const myStandardsQuery = () => queryOptions({ queryKey: walletKeys.standards, queryFn: ({ signal }) => call(walletApi.myStandards, {}, { signal }) });

export const transactionsQuery = (q: TransactionsQuery) =>
  queryOptions({ queryKey: walletKeys.transactions(q), queryFn: ({ signal }) => call(walletApi.transactions, q, { signal }) });

/** The console's ledger search, 50 rows a page: unfiltered on page 1 as it opens (its route's loader reads that). */
export const transactionsPageQuery = (filters: Omit<TransactionsQuery, "page" | "per_page"> = {}, page = 1) =>
  transactionsQuery({ ...filters, page, per_page: 50 });

export const invoicesQuery = () => queryOptions({ queryKey: walletKeys.invoices, queryFn: ({ signal }) => call(walletApi.invoices, {}, { signal }) });

/** A standard's file status (buy, wait, link…); asking never spends. */
export const standardStatusQuery = (id: number) =>
  queryOptions({ queryKey: walletKeys.standardStatus(id), queryFn: ({ signal }) => call(walletApi.standardStatus, { id }, { signal }), retry: false });

/** Spends one standard credit on the file; answers the new status. */
export const spendStandardCredit = (id: number) => mutationOptions({ mutationFn: () => call(walletApi.standardStatus, { id, use_credit: 1 }) });

/** Buys a cart from the wallet; the same idempotency key twice is one order. */
export const placeOrder = (input: OrderInput) => call(walletApi.order, input);

/** Admin: changes one account of a user by `delta`, found by the id, mobile or email the admin typed. */
export const adjustMutation = () =>
  mutationOptions({
    mutationFn: async ({ user, account, delta, reason }: { user: string; account: (typeof ledgerAccounts)[number]; delta: string; reason: string }) => {
      const r = await call(walletApi.transactions, { user, per_page: 5 });
      const id = r.data[0]?.user_id ?? user;
      return call(walletApi.adjust, { id, account, delta, reason });
    },
  });

export const createInvoiceMutation = () => mutationOptions({ mutationFn: (input: InvoiceInput) => call(walletApi.createInvoice, input) });

/** userInfo with fresh balances; the same object when nothing changed (so no re-render loop). */
export function withBalances(info: UserInfo, b: BalanceResponse): UserInfo {
  const same =
    info.balance === b.balance &&
    info.standard_credit === b.standard_credit &&
    info.offline_article_credit === b.offline_article_credit &&
    info.unlimited_vip_credits === b.unlimited_vip_credits &&
    info.limited_vip_credits.count === b.limited_vip_credits.count &&
    info.limited_vip_credits.expiration === b.limited_vip_credits.expiration;
  return same ? info : { ...info, ...b };
}

/**
 * Reloads the balances into the shared userInfo (the credit bar reads it). Plain function for
 * callers outside React; inside components use `useRefreshUserInfo()`.
 */
export async function refreshUserInfo(
  queryClient: QueryClient,
  current: UserInfo | null,
  setUserInfo: (u: UserInfo | null) => void,
): Promise<BalanceResponse | null> {
  if (!current) return null;
  const b = await queryClient.fetchQuery({ ...balanceQuery(), staleTime: 0 });
  setUserInfo(withBalances(current, b));
  return b;
}

export function useRefreshUserInfo() {
  const queryClient = useQueryClient();
  const { userInfo, setUserInfo } = usePageData();
  return useCallback(() => refreshUserInfo(queryClient, userInfo, setUserInfo), [queryClient, userInfo, setUserInfo]);
}

/** The balance query, kept in sync with the shared userInfo; `refetch()` is the retry after a failure. */
export function useBalanceQuery() {
  const { userInfo, setUserInfo } = usePageData();
  const query = useQuery({ ...balanceQuery(), enabled: !!userInfo });
  useEffect(() => {
    if (query.data && userInfo) {
      const next = withBalances(userInfo, query.data);
      if (next !== userInfo) setUserInfo(next);
    }
  }, [query.data, userInfo, setUserInfo]);
  return query;
}
