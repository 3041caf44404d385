import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { InputOf } from "../../../contract/endpoint";
import { adminApi } from "../../../contract/endpoints/admin";
import { walletApi } from "../../../contract/endpoints/wallet";
import type { userRoleFilters } from "../../../contract/admin";
import { call } from "../../lib/api";

export type RoleFilter = (typeof userRoleFilters)[number];

/** Every admin query sits under ["admin"]; each mutation invalidates the part it changed. */
export const adminKeys = {
  all: ["admin"] as const,
  dashboard: ["admin", "dashboard"] as const,
  users: ["admin", "users"] as const,
  usersPage: (q: string, role: RoleFilter, page: number) => ["admin", "users", "page", q, role, page] as const,
  user: (id: string) => ["admin", "users", "one", id] as const,
  contracts: ["admin", "contracts"] as const,
  solvers: ["admin", "solvers"] as const,
  books: ["admin", "books"] as const,
  booksPage: (q: string, page: number) => ["admin", "books", q, page] as const,
  news: (page: number) => ["admin", "news", page] as const,
  blog: (page: number) => ["admin", "blog", page] as const,
};

/** What a write sends besides the path's `:id`. */
type Fields<E extends Parameters<typeof call>[0]> = Omit<InputOf<E>, "id" | "userId">;

export const dashboardQuery = () => queryOptions({ queryKey: adminKeys.dashboard, queryFn: ({ signal }) => call(adminApi.dashboard, {}, { signal }) });

export const usersQuery = (q: string, role: RoleFilter, page: number) =>
  queryOptions({ queryKey: adminKeys.usersPage(q, role, page), queryFn: ({ signal }) => call(adminApi.users, { q, role, page, per_page: 20 }, { signal }) });

export const userQuery = (id: string) => queryOptions({ queryKey: adminKeys.user(id), queryFn: ({ signal }) => call(adminApi.user, { id }, { signal }) });

export const contractsQuery = () => queryOptions({ queryKey: adminKeys.contracts, queryFn: ({ signal }) => call(adminApi.contracts, {}, { signal }) });

export const solversQuery = () => queryOptions({ queryKey: adminKeys.solvers, queryFn: ({ signal }) => call(adminApi.solvers, {}, { signal }) });

export const booksQuery = (q: string, page: number) =>
  queryOptions({ queryKey: adminKeys.booksPage(q, page), queryFn: ({ signal }) => call(adminApi.books, { q, page, per_page: 20 }, { signal }) });

export const newsQuery = (page: number) =>
  queryOptions({ queryKey: adminKeys.news(page), queryFn: ({ signal }) => call(adminApi.news, { page, per_page: 10 }, { signal }) });

export const blogQuery = (page: number) =>
  queryOptions({ queryKey: adminKeys.blog(page), queryFn: ({ signal }) => call(adminApi.blog, { page, per_page: 10 }, { signal }) });

/** A new news item (no id) or changes to one. */
export const saveNewsMutation = (id: number | undefined) =>
  mutationOptions({
    mutationFn: (input: Fields<typeof adminApi.createNews>) => (id ? call(adminApi.updateNews, { id, ...input }) : call(adminApi.createNews, input)),
  });

/** Publish or unpublish a news item or post, or delete it. */
export type ContentAction = { id: number; action: "publish"; published: boolean } | { id: number; action: "delete" };

export const newsActionMutation = () =>
  mutationOptions({
    mutationFn: (a: ContentAction): Promise<unknown> =>
      a.action === "publish" ? call(adminApi.publishNews, { id: a.id, published: a.published }) : call(adminApi.deleteNews, { id: a.id }),
  });

/** A new blog post (no id) or changes to one. */
export const savePostMutation = (id: number | undefined) =>
  mutationOptions({
    mutationFn: (input: Fields<typeof adminApi.createPost>) => (id ? call(adminApi.updatePost, { id, ...input }) : call(adminApi.createPost, input)),
  });

export const postActionMutation = () =>
  mutationOptions({
    mutationFn: (a: ContentAction): Promise<unknown> =>
      a.action === "publish" ? call(adminApi.publishPost, { id: a.id, published: a.published }) : call(adminApi.deletePost, { id: a.id }),
  });

/** Changes one credit account of the user by a signed delta, with the reason kept in the ledger. */
export const adjustCreditsMutation = (userId: string) =>
  mutationOptions({ mutationFn: (input: Fields<typeof walletApi.adjust>) => call(walletApi.adjust, { id: userId, ...input }) });

export const setRolesMutation = (userId: string) =>
  mutationOptions({ mutationFn: (input: Fields<typeof adminApi.setRoles>) => call(adminApi.setRoles, { id: userId, ...input }) });

export const blockMutation = (userId: string) =>
  mutationOptions({ mutationFn: (input: Fields<typeof adminApi.block>) => call(adminApi.block, { id: userId, ...input }) });

/** A new direct book (no id) or changes to one. */
export const saveBookMutation = (id: number | string | undefined) =>
  mutationOptions({
    mutationFn: (input: Fields<typeof adminApi.createBook>) => (id ? call(adminApi.updateBook, { id, ...input }) : call(adminApi.createBook, input)),
  });

export const priceBookMutation = (id: number | string) =>
  mutationOptions({ mutationFn: (input: Fields<typeof adminApi.priceBook>) => call(adminApi.priceBook, { id, ...input }) });

/** A new contract (no id) or changes to one. */
export const saveContractMutation = (id: number | string | undefined) =>
  mutationOptions({
    mutationFn: (input: Fields<typeof adminApi.createContract>) =>
      id ? call(adminApi.updateContract, { id, ...input }) : call(adminApi.createContract, input),
  });

export const addPartnerMutation = (contractId: number | string) =>
  mutationOptions({ mutationFn: (user: string) => call(adminApi.addPartner, { id: contractId, user }) });

export const removePartnerMutation = (contractId: number | string) =>
  mutationOptions({ mutationFn: (userId: string) => call(adminApi.removePartner, { id: contractId, userId }) });

export const addSolverMutation = () => mutationOptions({ mutationFn: (user: string) => call(adminApi.addSolver, { user }) });

export const removeSolverMutation = () => mutationOptions({ mutationFn: (id: string) => call(adminApi.removeSolver, { id }) });
