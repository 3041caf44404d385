import { queryOptions, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import type { UserInfo } from "../../../contract/user-info";
import type {
  BalanceResponse,
  Invoice,
  LedgerPage,
  MyStandards,
  PaymentResult,
  PriceResponse,
  TransactionsQuery,
  TransactionsResponse,
} from "../../../contract/wallet";
import { api } from "../../lib/api";
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
};

export type PriceCounts = { article?: number; offline_article?: number; limited_article?: number; standard?: number };

export const balanceQuery = () =>
  queryOptions({ queryKey: walletKeys.balance, queryFn: ({ signal }) => api<BalanceResponse>("/show/balance", { signal }), retry: 1 });

export const priceQuery = (counts: PriceCounts) =>
  queryOptions({ queryKey: walletKeys.price(counts), queryFn: ({ signal }) => api<PriceResponse>("/price", { body: counts, signal }), staleTime: 60_000, retry: 1 });

export const ledgerQuery = (page: number) =>
  queryOptions({ queryKey: walletKeys.ledger(page), queryFn: ({ signal }) => api<LedgerPage>(`/wallet/ledger?page=${page}`, { signal }) });

export const paymentQuery = (id: string) =>
  queryOptions({ queryKey: walletKeys.payment(id), queryFn: ({ signal }) => api<PaymentResult>(`/payments/${encodeURIComponent(id)}`, { signal }), retry: false });

export const invoiceQuery = (id: string) =>
  queryOptions({ queryKey: walletKeys.invoice(id), queryFn: ({ signal }) => api<Invoice>(`/invoices/${encodeURIComponent(id)}`, { signal }), retry: false });

export const myStandardsQuery = () => queryOptions({ queryKey: walletKeys.standards, queryFn: ({ signal }) => api<MyStandards>("/wallet/standards", { signal }) });

export function transactionsQuery(q: TransactionsQuery) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== "") params.set(k, String(v));
  return queryOptions({ queryKey: walletKeys.transactions(q), queryFn: ({ signal }) => api<TransactionsResponse>(`/admin/ajax/transactions?${params}`, { signal }) });
}

export const invoicesQuery = () => queryOptions({ queryKey: walletKeys.invoices, queryFn: ({ signal }) => api<{ data: Invoice[] }>("/admin/ajax/invoices", { signal }) });

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
export async function refreshUserInfo(queryClient: QueryClient, current: UserInfo | null, setUserInfo: (u: UserInfo | null) => void): Promise<BalanceResponse | null> {
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
