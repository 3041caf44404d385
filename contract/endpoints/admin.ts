import { endpoints } from "../endpoint";
import { adminOnly } from "../roles";

const api = endpoints({ tag: "admin", schemas: () => Promise.all([import("../admin")]) });

/** The admin panel: dashboard, users, contracts, solvers, direct books, news and blog (worker/features/admin/routes.ts). */
export const adminApi = {
  dashboard: api.get("/admin/ajax/dashboard", {
    summary: "Dashboard: downloads today and yesterday (Tehran days) with the success rate, open offline requests and broken promises, revenue, new users",
    roles: adminOnly,
    response: (s) => s.AdminDashboard,
  }),
  users: api.get("/admin/ajax/users", {
    summary: "Users by name, e-mail, mobile or username, and by role; paged",
    roles: adminOnly,
    query: (s) => s.AdminUsersQuery,
    response: (s) => s.AdminUsersPage,
  }),
  user: api.get("/admin/ajax/users/:id", {
    summary: "One user: roles, balances and credits, recent downloads, orders, payments, offline requests and ledger rows",
    roles: adminOnly,
    response: (s) => s.AdminUserDetail,
  }),
  setRoles: api.post("/admin/ajax/users/:id/roles", {
    summary: "Set the admin, solver and partner roles (a partner needs an institution); not one's own admin role",
    roles: adminOnly,
    body: (s) => s.RolesInput,
    response: (s) => s.AdminUserDetail,
  }),
  block: api.post("/admin/ajax/users/:id/block", {
    summary: "Block (ends every session; login refused) or unblock a user, with a reason in the audit log",
    roles: adminOnly,
    body: (s) => s.BlockInput,
    response: (s) => s.AdminUserDetail,
  }),
  contracts: api.get("/admin/ajax/contracts", {
    summary: "Institutions with domains, access list, quotas, members and partners",
    roles: adminOnly,
    response: (s) => s.ContractList,
  }),
  createContract: api.post("/admin/ajax/contracts", {
    summary: "Create an institution (name, logo, e-mail domains, access list or new_access pairs, quotas, active)",
    roles: adminOnly,
    body: (s) => s.ContractInput,
    response: (s) => s.Contract,
  }),
  updateContract: api.post("/admin/ajax/contracts/:id", {
    summary: "Replace an institution's contract, domains included",
    roles: adminOnly,
    body: (s) => s.ContractInput,
    response: (s) => s.Contract,
  }),
  addPartner: api.post("/admin/ajax/contracts/:id/partners", {
    summary: "Make a user (id, e-mail, mobile or username) the institution's partner",
    roles: adminOnly,
    body: (s) => s.PartnerInput,
    response: (s) => s.Contract,
  }),
  removePartner: api.post("/admin/ajax/contracts/:id/partners/:userId/remove", {
    summary: "End a user's partner role at the institution",
    roles: adminOnly,
    response: (s) => s.Contract,
  }),
  solvers: api.get("/admin/ajax/solvers", {
    summary: "Solvers with their open and delivered offline requests",
    roles: adminOnly,
    response: (s) => s.SolverList,
  }),
  addSolver: api.post("/admin/ajax/solvers", {
    summary: "Give a user (id, e-mail, mobile or username) the solver role",
    roles: adminOnly,
    body: (s) => s.SolverInput,
    response: (s) => s.SolverList,
  }),
  removeSolver: api.post("/admin/ajax/solvers/:id/remove", {
    summary: "Take the solver role away (refused while the solver holds open requests)",
    roles: adminOnly,
    response: (s) => s.SolverList,
  }),
  books: api.get("/admin/ajax/directBooks", {
    summary: "Catalogue books and solution manuals sold as direct books (title, ISBN or id search); paged",
    roles: adminOnly,
    query: (s) => s.DirectBooksQuery,
    response: (s) => s.DirectBooksPage,
  }),
  createBook: api.post("/admin/ajax/directBooks", {
    summary: "Add a direct book to the catalogue with its toman price",
    roles: adminOnly,
    body: (s) => s.DirectBookInput,
    response: (s) => s.DirectBook,
  }),
  updateBook: api.post("/admin/ajax/directBooks/:id", {
    summary: "Edit a direct book",
    roles: adminOnly,
    body: (s) => s.DirectBookInput,
    response: (s) => s.DirectBook,
  }),
  priceBook: api.post("/admin/ajax/directBooks/:id/price", {
    summary: "Set a direct book's toman price",
    roles: adminOnly,
    body: (s) => s.DirectBookPriceInput,
    response: (s) => s.DirectBook,
  }),
  news: api.get("/admin/ajax/news", {
    summary: "News items, published or not, newest first; paged",
    roles: adminOnly,
    query: (s) => s.PageQuery,
    response: (s) => s.NewsPage,
  }),
  createNews: api.post("/admin/ajax/news", { summary: "Create a news item", roles: adminOnly, body: (s) => s.NewsInput, response: (s) => s.NewsItem }),
  updateNews: api.post("/admin/ajax/news/:id", { summary: "Edit a news item", roles: adminOnly, body: (s) => s.NewsInput, response: (s) => s.NewsItem }),
  publishNews: api.post("/admin/ajax/news/:id/publish", {
    summary: "Publish or unpublish a news item",
    roles: adminOnly,
    body: (s) => s.PublishInput,
    response: (s) => s.NewsItem,
  }),
  deleteNews: api.post("/admin/ajax/news/:id/delete", { summary: "Delete a news item", roles: adminOnly, response: (s) => s.OkResponse }),
  blog: api.get("/admin/ajax/blog", {
    summary: "Blog posts, published or not, newest first; paged",
    roles: adminOnly,
    query: (s) => s.PageQuery,
    response: (s) => s.BlogPage,
  }),
  createPost: api.post("/admin/ajax/blog", {
    summary: "Create a blog post link (title and post_name)",
    roles: adminOnly,
    body: (s) => s.BlogPostInput,
    response: (s) => s.BlogPost,
  }),
  updatePost: api.post("/admin/ajax/blog/:id", { summary: "Edit a blog post", roles: adminOnly, body: (s) => s.BlogPostInput, response: (s) => s.BlogPost }),
  publishPost: api.post("/admin/ajax/blog/:id/publish", {
    summary: "Publish or unpublish a blog post",
    roles: adminOnly,
    body: (s) => s.PublishInput,
    response: (s) => s.BlogPost,
  }),
  deletePost: api.post("/admin/ajax/blog/:id/delete", { summary: "Delete a blog post", roles: adminOnly, response: (s) => s.OkResponse }),
};
