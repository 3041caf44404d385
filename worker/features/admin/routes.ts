/**
 * The admin console's HTTP surface (/admin/ajax/*): every endpoint admin-only, zod-validated, with
 * Persian errors. Credit and cash changes are wallet's POST /admin/users/:id/adjust (ledger rows with a
 * reason); the offline desk, transactions, invoices and direct access have their own features.
 */
import { Hono, type Context } from "hono";
import {
  AdminDashboard,
  AdminUserDetail,
  AdminUsersPage,
  AdminUsersQuery,
  BlockInput,
  BlogPage,
  BlogPost,
  BlogPostInput,
  Contract,
  ContractInput,
  ContractList,
  DirectBook,
  DirectBookInput,
  DirectBookPriceInput,
  DirectBooksPage,
  DirectBooksQuery,
  NewsInput,
  NewsItem,
  NewsPage,
  OkResponse,
  PageQuery,
  PartnerInput,
  PublishInput,
  RolesInput,
  SolverInput,
  SolverList,
} from "../../../contract/admin";
import { z } from "zod";
import type { Db } from "../../../db/client";
import type { AppEnv } from "../../lib/context";
import { defineEndpoint } from "../../lib/endpoint";
import { NotFoundError } from "../../lib/errors";
import { adminOnly } from "../../lib/roles";
import { addPartner, createContract, listContracts, removePartner, updateContract } from "./contracts";
import { createNews, createPost, deleteNews, deletePost, listNews, listPosts, updateNews, updatePost } from "./content";
import { dashboard } from "./dashboard";
import { createDirectBook, listDirectBooks, setDirectBookPrice, updateDirectBook } from "./direct-books";
import { adminMessages as m } from "./messages";
import { addSolver, listSolvers, removeSolver } from "./solvers";
import { searchUsers, setBlocked, setRoles, userDetail } from "./users";

export const adminRoutes = new Hono<AppEnv>();
const tag = "admin";
const param = (c: Context<AppEnv>, name = "id") => c.req.param(name) ?? "";
/** Integer ids (catalogue items, news, posts); anything else names nothing. */
function intParam(c: Context<AppEnv>, notFound: string): number {
  const raw = param(c);
  if (!/^[0-9]{1,12}$/.test(raw)) throw new NotFoundError(notFound);
  return Number(raw);
}

// ---------------------------------------------------------------- dashboard

defineEndpoint(
  adminRoutes,
  {
    method: "get",
    path: "/admin/ajax/dashboard",
    summary: "Dashboard: downloads today and yesterday (Tehran days) with the success rate, open offline requests and broken promises, revenue, new users",
    roles: adminOnly,
    response: AdminDashboard,
    tag,
  },
  async (c) => c.json(await dashboard(c.var.db, c.var.now())),
);

// ---------------------------------------------------------------- users

defineEndpoint(
  adminRoutes,
  {
    method: "get",
    path: "/admin/ajax/users",
    summary: "Users by name, e-mail, mobile or username, and by role; paged",
    roles: adminOnly,
    query: AdminUsersQuery,
    response: AdminUsersPage,
    tag,
  },
  async (c, { query }) => c.json(await searchUsers(c.var.db, query)),
);

defineEndpoint(
  adminRoutes,
  {
    method: "get",
    path: "/admin/ajax/users/:id",
    summary: "One user: roles, balances and credits, recent downloads, orders, payments, offline requests and ledger rows",
    roles: adminOnly,
    response: AdminUserDetail,
    tag,
  },
  async (c) => c.json(await userDetail(c.var.db, param(c), c.var.now())),
);

defineEndpoint(
  adminRoutes,
  {
    method: "post",
    path: "/admin/ajax/users/:id/roles",
    summary: "Set the admin, solver and partner roles (a partner needs an institution); not one's own admin role",
    roles: adminOnly,
    body: RolesInput,
    response: AdminUserDetail,
    tag,
  },
  async (c, { body, user }) => c.json(await setRoles(c.var.db, user, param(c), body, c.var.now())),
);

defineEndpoint(
  adminRoutes,
  {
    method: "post",
    path: "/admin/ajax/users/:id/block",
    summary: "Block (ends every session; login refused) or unblock a user, with a reason in the audit log",
    roles: adminOnly,
    body: BlockInput,
    response: AdminUserDetail,
    tag,
  },
  async (c, { body, user }) => c.json(await setBlocked(c.var.db, user, param(c), body, c.var.now())),
);

// ---------------------------------------------------------------- contracts

defineEndpoint(
  adminRoutes,
  {
    method: "get",
    path: "/admin/ajax/contracts",
    summary: "Institutions with domains, access list, quotas, members and partners",
    roles: adminOnly,
    response: ContractList,
    tag,
  },
  async (c) => c.json({ data: await listContracts(c.var.db) }),
);

defineEndpoint(
  adminRoutes,
  {
    method: "post",
    path: "/admin/ajax/contracts",
    summary: "Create an institution (name, logo, e-mail domains, access list or new_access pairs, quotas, active)",
    roles: adminOnly,
    body: ContractInput,
    response: Contract,
    tag,
  },
  async (c, { body, user }) => c.json(await createContract(c.var.db, user, body, c.var.now())),
);

defineEndpoint(
  adminRoutes,
  {
    method: "post",
    path: "/admin/ajax/contracts/:id",
    summary: "Replace an institution's contract, domains included",
    roles: adminOnly,
    body: ContractInput,
    response: Contract,
    tag,
  },
  async (c, { body, user }) => c.json(await updateContract(c.var.db, user, param(c), body, c.var.now())),
);

defineEndpoint(
  adminRoutes,
  {
    method: "post",
    path: "/admin/ajax/contracts/:id/partners",
    summary: "Make a user (id, e-mail, mobile or username) the institution's partner",
    roles: adminOnly,
    body: PartnerInput,
    response: Contract,
    tag,
  },
  async (c, { body, user }) => c.json(await addPartner(c.var.db, user, param(c), body, c.var.now())),
);

defineEndpoint(
  adminRoutes,
  {
    method: "post",
    path: "/admin/ajax/contracts/:id/partners/:userId/remove",
    summary: "End a user's partner role at the institution",
    roles: adminOnly,
    response: Contract,
    tag,
  },
  async (c, { user }) => c.json(await removePartner(c.var.db, user, param(c), param(c, "userId"), c.var.now())),
);

// ---------------------------------------------------------------- solvers

defineEndpoint(
  adminRoutes,
  {
    method: "get",
    path: "/admin/ajax/solvers",
    summary: "Solvers with their open and delivered offline requests",
    roles: adminOnly,
    response: SolverList,
    tag,
  },
  async (c) => c.json({ data: await listSolvers(c.var.db) }),
);

defineEndpoint(
  adminRoutes,
  {
    method: "post",
    path: "/admin/ajax/solvers",
    summary: "Give a user (id, e-mail, mobile or username) the solver role",
    roles: adminOnly,
    body: SolverInput,
    response: SolverList,
    tag,
  },
  async (c, { body, user }) => c.json({ data: await addSolver(c.var.db, user, body, c.var.now()) }),
);

defineEndpoint(
  adminRoutes,
  {
    method: "post",
    path: "/admin/ajax/solvers/:id/remove",
    summary: "Take the solver role away (refused while the solver holds open requests)",
    roles: adminOnly,
    response: SolverList,
    tag,
  },
  async (c, { user }) => c.json({ data: await removeSolver(c.var.db, user, param(c), c.var.now()) }),
);

// ---------------------------------------------------------------- direct books

defineEndpoint(
  adminRoutes,
  {
    method: "get",
    path: "/admin/ajax/directBooks",
    summary: "Catalogue books and solution manuals sold as direct books (title, ISBN or id search); paged",
    roles: adminOnly,
    query: DirectBooksQuery,
    response: DirectBooksPage,
    tag,
  },
  async (c, { query }) => c.json(await listDirectBooks(c.var.db, query)),
);

defineEndpoint(
  adminRoutes,
  {
    method: "post",
    path: "/admin/ajax/directBooks",
    summary: "Add a direct book to the catalogue with its toman price",
    roles: adminOnly,
    body: DirectBookInput,
    response: DirectBook,
    tag,
  },
  async (c, { body, user }) => c.json(await createDirectBook(c.var.db, user, body, c.var.now())),
);

defineEndpoint(
  adminRoutes,
  { method: "post", path: "/admin/ajax/directBooks/:id", summary: "Edit a direct book", roles: adminOnly, body: DirectBookInput, response: DirectBook, tag },
  async (c, { body, user }) => c.json(await updateDirectBook(c.var.db, user, intParam(c, m.bookNotFound), body, c.var.now())),
);

defineEndpoint(
  adminRoutes,
  {
    method: "post",
    path: "/admin/ajax/directBooks/:id/price",
    summary: "Set a direct book's toman price",
    roles: adminOnly,
    body: DirectBookPriceInput,
    response: DirectBook,
    tag,
  },
  async (c, { body, user }) => c.json(await setDirectBookPrice(c.var.db, user, intParam(c, m.bookNotFound), body, c.var.now())),
);

// ---------------------------------------------------------------- news and blog posts

type Paging = z.output<typeof PageQuery>;

/** The admin's five verbs over one kind of site content: list, create, edit, publish, delete. */
function contentEndpoints<I extends z.ZodObject, O extends z.ZodType, L extends z.ZodType>(content: {
  path: string;
  plural: string;
  one: string;
  createSummary: string;
  input: I;
  item: O;
  page: L;
  notFound: string;
  list(db: Db, p: Paging): Promise<z.output<L>>;
  create(db: Db, input: z.output<I>, now: number): Promise<z.output<O>>;
  update(db: Db, id: number, input: Partial<z.output<I>>): Promise<z.output<O>>;
  remove(db: Db, id: number): Promise<unknown>;
}) {
  const { path, one, input, item, notFound } = content;
  // (Casts: TypeScript cannot resolve the registry's body types through the generic.)
  defineEndpoint(
    adminRoutes,
    {
      method: "get",
      path,
      summary: `${content.plural}, published or not, newest first; paged`,
      roles: adminOnly,
      query: PageQuery,
      response: content.page,
      tag,
    },
    async (c, { query }) => c.json(await content.list(c.var.db, query)),
  );
  defineEndpoint(
    adminRoutes,
    { method: "post", path, summary: content.createSummary, roles: adminOnly, body: input, response: item, tag },
    async (c, { body }) => c.json(await content.create(c.var.db, body as z.output<I>, c.var.now())),
  );
  defineEndpoint(
    adminRoutes,
    { method: "post", path: `${path}/:id`, summary: `Edit ${one}`, roles: adminOnly, body: input, response: item, tag },
    async (c, { body }) => c.json(await content.update(c.var.db, intParam(c, notFound), body as z.output<I>)),
  );
  defineEndpoint(
    adminRoutes,
    { method: "post", path: `${path}/:id/publish`, summary: `Publish or unpublish ${one}`, roles: adminOnly, body: PublishInput, response: item, tag },
    // PublishInput's one field is a field of every content input.
    async (c, { body }) => c.json(await content.update(c.var.db, intParam(c, notFound), body as unknown as Partial<z.output<I>>)),
  );
  defineEndpoint(
    adminRoutes,
    { method: "post", path: `${path}/:id/delete`, summary: `Delete ${one}`, roles: adminOnly, response: OkResponse, tag },
    async (c) => {
      await content.remove(c.var.db, intParam(c, notFound));
      return c.json({ status: "ok" as const });
    },
  );
}

contentEndpoints({
  path: "/admin/ajax/news",
  plural: "News items",
  one: "a news item",
  createSummary: "Create a news item",
  input: NewsInput,
  item: NewsItem,
  page: NewsPage,
  notFound: m.newsNotFound,
  list: listNews,
  create: createNews,
  update: updateNews,
  remove: deleteNews,
});

contentEndpoints({
  path: "/admin/ajax/blog",
  plural: "Blog posts",
  one: "a blog post",
  createSummary: "Create a blog post link (title and post_name)",
  input: BlogPostInput,
  item: BlogPost,
  page: BlogPage,
  notFound: m.postNotFound,
  list: listPosts,
  create: createPost,
  update: updatePost,
  remove: deletePost,
});
