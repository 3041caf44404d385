/**
 * The admin console's HTTP surface (/admin/ajax/*): every endpoint admin-only, zod-validated, with
 * Persian errors. Credit and cash changes are wallet's POST /admin/users/:id/adjust (ledger rows with a
 * reason); the offline desk, transactions, invoices and direct access have their own features.
 */
import { Hono, type Context } from "hono";
import type { OkResponse, PageQuery, PublishInput } from "../../../contract/admin";
import { z } from "zod";
import type { Db } from "../../../db/client";
import type { AppEnv } from "../../lib/context";
import { bindEndpoint } from "../../lib/endpoint";
import type { Endpoint } from "../../../contract/endpoint";
import { NotFoundError } from "../../lib/errors";
import { addPartner, createContract, listContracts, removePartner, updateContract } from "./contracts";
import { createNews, createPost, deleteNews, deletePost, listNews, listPosts, updateNews, updatePost } from "./content";
import { dashboard } from "./dashboard";
import { createDirectBook, listDirectBooks, setDirectBookPrice, updateDirectBook } from "./direct-books";
import { adminMessages as m } from "./messages";
import { addSolver, listSolvers, removeSolver } from "./solvers";
import { searchUsers, setBlocked, setRoles, userDetail } from "./users";
import { adminApi } from "../../../contract/endpoints/admin";

export const adminRoutes = new Hono<AppEnv>();
const param = (c: Context<AppEnv>, name = "id") => c.req.param(name) ?? "";
/** Integer ids (catalogue items, news, posts); anything else names nothing. */
function intParam(c: Context<AppEnv>, notFound: string): number {
  const raw = param(c);
  if (!/^[0-9]{1,12}$/.test(raw)) throw new NotFoundError(notFound);
  return Number(raw);
}

// ---------------------------------------------------------------- dashboard

bindEndpoint(adminRoutes, adminApi.dashboard, async (c) => c.json(await dashboard(c.var.db, c.var.now())));

// ---------------------------------------------------------------- users

bindEndpoint(adminRoutes, adminApi.users, async (c, { query }) => c.json(await searchUsers(c.var.db, query)));

bindEndpoint(adminRoutes, adminApi.user, async (c) => c.json(await userDetail(c.var.db, param(c), c.var.now())));

bindEndpoint(adminRoutes, adminApi.setRoles, async (c, { body, user }) => c.json(await setRoles(c.var.db, user, param(c), body, c.var.now())));

bindEndpoint(adminRoutes, adminApi.block, async (c, { body, user }) => c.json(await setBlocked(c.var.db, user, param(c), body, c.var.now())));

// ---------------------------------------------------------------- contracts

bindEndpoint(adminRoutes, adminApi.contracts, async (c) => c.json({ data: await listContracts(c.var.db) }));

bindEndpoint(adminRoutes, adminApi.createContract, async (c, { body, user }) => c.json(await createContract(c.var.db, user, body, c.var.now())));

bindEndpoint(adminRoutes, adminApi.updateContract, async (c, { body, user }) => c.json(await updateContract(c.var.db, user, param(c), body, c.var.now())));

bindEndpoint(adminRoutes, adminApi.addPartner, async (c, { body, user }) => c.json(await addPartner(c.var.db, user, param(c), body, c.var.now())));

bindEndpoint(adminRoutes, adminApi.removePartner, async (c, { user }) =>
  c.json(await removePartner(c.var.db, user, param(c), param(c, "userId"), c.var.now())),
);

// ---------------------------------------------------------------- solvers

bindEndpoint(adminRoutes, adminApi.solvers, async (c) => c.json({ data: await listSolvers(c.var.db) }));

bindEndpoint(adminRoutes, adminApi.addSolver, async (c, { body, user }) => c.json({ data: await addSolver(c.var.db, user, body, c.var.now()) }));

bindEndpoint(adminRoutes, adminApi.removeSolver, async (c, { user }) => c.json({ data: await removeSolver(c.var.db, user, param(c), c.var.now()) }));

// ---------------------------------------------------------------- direct books

bindEndpoint(adminRoutes, adminApi.books, async (c, { query }) => c.json(await listDirectBooks(c.var.db, query)));

bindEndpoint(adminRoutes, adminApi.createBook, async (c, { body, user }) => c.json(await createDirectBook(c.var.db, user, body, c.var.now())));

bindEndpoint(adminRoutes, adminApi.updateBook, async (c, { body, user }) =>
  c.json(await updateDirectBook(c.var.db, user, intParam(c, m.bookNotFound), body, c.var.now())),
);

bindEndpoint(adminRoutes, adminApi.priceBook, async (c, { body, user }) =>
  c.json(await setDirectBookPrice(c.var.db, user, intParam(c, m.bookNotFound), body, c.var.now())),
);

// ---------------------------------------------------------------- news and blog posts

type Paging = z.output<typeof PageQuery>;

/** The admin's five verbs over one kind of site content: list, create, edit, publish, delete. */
function contentEndpoints<I extends z.ZodObject, O extends z.ZodType, L extends z.ZodType>(content: {
  endpoints: {
    list: Endpoint<"get", string, { query: typeof PageQuery; response: L }>;
    create: Endpoint<"post", string, { body: I; response: O }>;
    update: Endpoint<"post", string, { body: I; response: O }>;
    publish: Endpoint<"post", string, { body: typeof PublishInput; response: O }>;
    remove: Endpoint<"post", string, { response: typeof OkResponse }>;
  };
  notFound: string;
  list(db: Db, p: Paging): Promise<z.output<L>>;
  create(db: Db, input: z.output<I>, now: number): Promise<z.output<O>>;
  update(db: Db, id: number, input: Partial<z.output<I>>): Promise<z.output<O>>;
  remove(db: Db, id: number): Promise<unknown>;
}) {
  const { endpoints, notFound } = content;
  // (Casts: TypeScript cannot resolve the endpoints' body types through the generic.)
  bindEndpoint(adminRoutes, endpoints.list, async (c, { query }) => c.json(await content.list(c.var.db, query)));
  bindEndpoint(adminRoutes, endpoints.create, async (c, { body }) => c.json(await content.create(c.var.db, body as z.output<I>, c.var.now())));
  bindEndpoint(adminRoutes, endpoints.update, async (c, { body }) => c.json(await content.update(c.var.db, intParam(c, notFound), body as z.output<I>)));
  bindEndpoint(
    adminRoutes,
    endpoints.publish,
    // PublishInput's one field is a field of every content input.
    async (c, { body }) => c.json(await content.update(c.var.db, intParam(c, notFound), body as unknown as Partial<z.output<I>>)),
  );
  bindEndpoint(adminRoutes, endpoints.remove, async (c) => {
    await content.remove(c.var.db, intParam(c, notFound));
    return c.json({ status: "ok" as const });
  });
}

contentEndpoints({
  endpoints: { list: adminApi.news, create: adminApi.createNews, update: adminApi.updateNews, publish: adminApi.publishNews, remove: adminApi.deleteNews },
  notFound: m.newsNotFound,
  list: listNews,
  create: createNews,
  update: updateNews,
  remove: deleteNews,
});

contentEndpoints({
  endpoints: { list: adminApi.blog, create: adminApi.createPost, update: adminApi.updatePost, publish: adminApi.publishPost, remove: adminApi.deletePost },
  notFound: m.postNotFound,
  list: listPosts,
  create: createPost,
  update: updatePost,
  remove: deletePost,
});
