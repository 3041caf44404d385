import type { Access, PageQuery } from "../lib/route-data";

/**
 * What a feature page needs before it is drawn: who it is for, and the queries of its first screen
 * (each feature's own `queryOptions`, the ones its page reads with `useSuspenseQuery`). The route's
 * loader (web/routes/tree.tsx → web/lib/route-data.ts) runs them when the page is visited and when a
 * link to it is hovered or focused. A feature's queries module is imported when the loader first
 * runs, beside the page's code, so none of it is in the entry or the Worker.
 */
export type PageLoad = {
  access?: Access;
  /** The page says itself who it is for (its own prompt for a guest); otherwise the route's guard does. */
  ownGuard?: true;
  /** `search`: the route's validated search (its `loaderDeps`), for the routes that declare one. */
  queries?: (args: { params: Record<string, string>; search: Record<string, unknown> }) => Promise<readonly PageQuery[]>;
};

const account = () => import("../features/account/queries");
const wallet = () => import("../features/wallet/queries");
const admin = () => import("../features/admin/queries");

export const pageLoads: Readonly<Record<string, PageLoad>> = {
  "/profile": { access: "user", ownGuard: true, queries: async () => [(await account()).profileDetailsQuery()] },
  "/profile/financial": {
    access: "user",
    queries: async () => {
      const q = await wallet();
      return [q.balanceQuery(), q.ledgerQuery(1)];
    },
  },
  "/profile/standards": { access: "user", queries: async () => [(await wallet()).myStandardsQuery()] },

  "/admin": {
    access: "admin",
    queries: async () => {
      const q = await admin();
      return [q.dashboardQuery(), q.newsQuery(1)];
    },
  },
  "/admin/users": { access: "admin", queries: async () => [(await admin()).usersQuery("", "all", 1)] },
  "/admin/contracts": { access: "admin", queries: async () => [(await admin()).contractsQuery()] },
  "/admin/solvers": { access: "admin", queries: async () => [(await admin()).solversQuery()] },
  "/admin/directBooks": { access: "admin", queries: async () => [(await admin()).booksQuery("", 1)] },
};
