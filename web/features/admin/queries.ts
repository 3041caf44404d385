import { queryOptions } from "@tanstack/react-query";
import type {
  AdminDashboard,
  AdminUserDetail,
  AdminUsersPage,
  BlogPage,
  ContractList,
  DirectBooksPage,
  NewsPage,
  SolverList,
} from "../../../contract/admin";
import { api } from "../../lib/api";

/** Every admin query sits under ["admin"]; each mutation invalidates the part it changed. */
export const adminKeys = {
  all: ["admin"] as const,
  dashboard: ["admin", "dashboard"] as const,
  users: ["admin", "users"] as const,
  usersPage: (q: string, role: string, page: number) => ["admin", "users", "page", q, role, page] as const,
  user: (id: string) => ["admin", "users", "one", id] as const,
  contracts: ["admin", "contracts"] as const,
  solvers: ["admin", "solvers"] as const,
  books: ["admin", "books"] as const,
  booksPage: (q: string, page: number) => ["admin", "books", q, page] as const,
  news: (page: number) => ["admin", "news", page] as const,
  blog: (page: number) => ["admin", "blog", page] as const,
};

const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== "").map(([k, v]) => [k, String(v)])).toString();

export const dashboardQuery = () => queryOptions({ queryKey: adminKeys.dashboard, queryFn: ({ signal }) => api<AdminDashboard>("/admin/ajax/dashboard", { signal }) });

export const usersQuery = (q: string, role: string, page: number) =>
  queryOptions({ queryKey: adminKeys.usersPage(q, role, page), queryFn: ({ signal }) => api<AdminUsersPage>(`/admin/ajax/users?${qs({ q, role, page, per_page: 20 })}`, { signal }) });

export const userQuery = (id: string) => queryOptions({ queryKey: adminKeys.user(id), queryFn: ({ signal }) => api<AdminUserDetail>(`/admin/ajax/users/${encodeURIComponent(id)}`, { signal }) });

export const contractsQuery = () => queryOptions({ queryKey: adminKeys.contracts, queryFn: ({ signal }) => api<ContractList>("/admin/ajax/contracts", { signal }) });

export const solversQuery = () => queryOptions({ queryKey: adminKeys.solvers, queryFn: ({ signal }) => api<SolverList>("/admin/ajax/solvers", { signal }) });

export const booksQuery = (q: string, page: number) =>
  queryOptions({ queryKey: adminKeys.booksPage(q, page), queryFn: ({ signal }) => api<DirectBooksPage>(`/admin/ajax/directBooks?${qs({ q, page, per_page: 20 })}`, { signal }) });

export const newsQuery = (page: number) => queryOptions({ queryKey: adminKeys.news(page), queryFn: ({ signal }) => api<NewsPage>(`/admin/ajax/news?${qs({ page, per_page: 10 })}`, { signal }) });

export const blogQuery = (page: number) => queryOptions({ queryKey: adminKeys.blog(page), queryFn: ({ signal }) => api<BlogPage>(`/admin/ajax/blog?${qs({ page, per_page: 10 })}`, { signal }) });
