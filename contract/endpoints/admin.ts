import type * as adminContract from "../admin";
import { endpoint } from "../endpoint";

/** The admin panel: dashboard, users, contracts, solvers, direct books, news and blog (worker/features/admin/routes.ts). */
export const adminApi = {
  dashboard: endpoint<{ response: typeof adminContract.AdminDashboard }>()("get", "/admin/ajax/dashboard"),
  users: endpoint<{ query: typeof adminContract.AdminUsersQuery; response: typeof adminContract.AdminUsersPage }>()("get", "/admin/ajax/users"),
  user: endpoint<{ response: typeof adminContract.AdminUserDetail }>()("get", "/admin/ajax/users/:id"),
  setRoles: endpoint<{ body: typeof adminContract.RolesInput; response: typeof adminContract.AdminUserDetail }>()("post", "/admin/ajax/users/:id/roles"),
  block: endpoint<{ body: typeof adminContract.BlockInput; response: typeof adminContract.AdminUserDetail }>()("post", "/admin/ajax/users/:id/block"),
  contracts: endpoint<{ response: typeof adminContract.ContractList }>()("get", "/admin/ajax/contracts"),
  createContract: endpoint<{ body: typeof adminContract.ContractInput; response: typeof adminContract.Contract }>()("post", "/admin/ajax/contracts"),
  updateContract: endpoint<{ body: typeof adminContract.ContractInput; response: typeof adminContract.Contract }>()("post", "/admin/ajax/contracts/:id"),
  addPartner: endpoint<{ body: typeof adminContract.PartnerInput; response: typeof adminContract.Contract }>()("post", "/admin/ajax/contracts/:id/partners"),
  removePartner: endpoint<{ response: typeof adminContract.Contract }>()("post", "/admin/ajax/contracts/:id/partners/:userId/remove"),
  solvers: endpoint<{ response: typeof adminContract.SolverList }>()("get", "/admin/ajax/solvers"),
  addSolver: endpoint<{ body: typeof adminContract.SolverInput; response: typeof adminContract.SolverList }>()("post", "/admin/ajax/solvers"),
  removeSolver: endpoint<{ response: typeof adminContract.SolverList }>()("post", "/admin/ajax/solvers/:id/remove"),
  books: endpoint<{ query: typeof adminContract.DirectBooksQuery; response: typeof adminContract.DirectBooksPage }>()("get", "/admin/ajax/directBooks"),
  createBook: endpoint<{ body: typeof adminContract.DirectBookInput; response: typeof adminContract.DirectBook }>()("post", "/admin/ajax/directBooks"),
  updateBook: endpoint<{ body: typeof adminContract.DirectBookInput; response: typeof adminContract.DirectBook }>()("post", "/admin/ajax/directBooks/:id"),
  priceBook: endpoint<{ body: typeof adminContract.DirectBookPriceInput; response: typeof adminContract.DirectBook }>()(
    "post",
    "/admin/ajax/directBooks/:id/price",
  ),
  news: endpoint<{ query: typeof adminContract.PageQuery; response: typeof adminContract.NewsPage }>()("get", "/admin/ajax/news"),
  createNews: endpoint<{ body: typeof adminContract.NewsInput; response: typeof adminContract.NewsItem }>()("post", "/admin/ajax/news"),
  updateNews: endpoint<{ body: typeof adminContract.NewsInput; response: typeof adminContract.NewsItem }>()("post", "/admin/ajax/news/:id"),
  publishNews: endpoint<{ body: typeof adminContract.PublishInput; response: typeof adminContract.NewsItem }>()("post", "/admin/ajax/news/:id/publish"),
  deleteNews: endpoint<{ response: typeof adminContract.OkResponse }>()("post", "/admin/ajax/news/:id/delete"),
  blog: endpoint<{ query: typeof adminContract.PageQuery; response: typeof adminContract.BlogPage }>()("get", "/admin/ajax/blog"),
  createPost: endpoint<{ body: typeof adminContract.BlogPostInput; response: typeof adminContract.BlogPost }>()("post", "/admin/ajax/blog"),
  updatePost: endpoint<{ body: typeof adminContract.BlogPostInput; response: typeof adminContract.BlogPost }>()("post", "/admin/ajax/blog/:id"),
  publishPost: endpoint<{ body: typeof adminContract.PublishInput; response: typeof adminContract.BlogPost }>()("post", "/admin/ajax/blog/:id/publish"),
  deletePost: endpoint<{ response: typeof adminContract.OkResponse }>()("post", "/admin/ajax/blog/:id/delete"),
};
