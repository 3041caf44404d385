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
  /** False for a read the server holds open: it starts, the navigation does not wait for it. */
  hold?: boolean;
  /** `search`: the route's validated search (its `loaderDeps`), for the routes that declare one. */
  queries?: (args: { params: Record<string, string>; search: Record<string, unknown> }) => Promise<readonly PageQuery[]>;
};

const account = () => import("../features/account/queries");
const wallet = () => import("../features/wallet/queries");
const admin = () => import("../features/admin/queries");
const offline = () => import("../features/offline/queries");
const vip = () => import("../features/vip/queries");
const getpdf = () => import("../features/getpdf/queries");
const batch = () => import("../features/batch/queries");
const desk = () => import("../features/offline/desk-queue-query");
const fileReports = () => import("../features/file-reports/queries");
const panel = () => import("../features/panel/queries");

/** A direct-access site's page: its id from the path, when it is one. */
const siteId = (params: Record<string, string>) => {
  const id = Number(params.id);
  return Number.isInteger(id) && id > 0 ? id : null;
};
const directAccess: PageLoad = {
  queries: async ({ params }) => {
    const id = siteId(params);
    return id === null ? [] : [(await vip()).accessQuery(id)];
  },
};

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
  "/profile/offilneArticles": { access: "user", ownGuard: true, queries: async () => [(await offline()).myRequestsQuery("articles")] },
  "/profile/offlineBooksStandards": { access: "user", ownGuard: true, queries: async () => [(await offline()).myRequestsQuery("books")] },
  "/profile/directBooks": { access: "user", ownGuard: true, queries: async () => [(await offline()).myRequestsQuery("direct_books")] },
  "/profile/scifinders": { access: "user", ownGuard: true, queries: async () => [(await vip()).scifindersQuery()] },
  "/profile/vipServices": {
    access: "user",
    ownGuard: true,
    queries: async () => {
      const q = await vip();
      return [q.ordersQuery(), q.grantsQuery()];
    },
  },
  "/profile/booksAndArticles": {
    access: "user",
    queries: async () => {
      const q = await getpdf();
      return [q.downloadsQuery(1, {}), q.libraryNoticesQuery()];
    },
  },
  // A payment's result or an invoice, anyone's by its id (the gateway's return is a full page load).
  "/payment": {
    queries: async ({ search }) => {
      const q = await wallet();
      return typeof search.id === "string" ? [q.paymentQuery(search.id)] : typeof search.invoice === "string" ? [q.invoiceQuery(search.invoice)] : [];
    },
  },
  // Anyone's list, by its id; the first read is held by the server until an entry finishes.
  "/batch": { hold: false, queries: async ({ search }) => (typeof search.id === "string" ? [(await batch()).batchQuery(search.id)] : []) },

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
  "/admin/transactions": { access: "admin", queries: async () => [(await wallet()).transactionsPageQuery()] },
  "/admin/createInvoice": { access: "admin", queries: async () => [(await wallet()).invoicesQuery()] },
  "/admin/directAccess": { access: "admin", queries: async () => [(await vip()).adminSitesQuery()] },
  "/admin/offlineArticles": { access: "admin", ownGuard: true, queries: async () => [(await desk()).deskQueueQuery("articles")] },
  "/admin/offlineBooks": { access: "admin", ownGuard: true, queries: async () => [(await desk()).deskQueueQuery("books")] },
  "/solver": { access: "desk", ownGuard: true, queries: async () => [(await desk()).deskQueueQuery("solver")] },
  "/admin/fileReports": { access: "desk", ownGuard: true, queries: async () => [(await fileReports()).fileReportDeskQuery("pending", 1)] },

  "/panel2/statistics": { access: "partner", queries: async () => [(await panel()).statisticsQuery()] },
  "/panel2/users": {
    access: "partner",
    queries: async () => {
      const q = await panel();
      return [q.usersQuery(1, ""), q.groupsQuery()];
    },
  },
  "/panel2/userGroup": {
    access: "partner",
    queries: async () => {
      const q = await panel();
      return [q.groupsQuery(), q.usersQuery(1, "")];
    },
  },
  "/panel2/articles": { access: "partner", queries: async () => [(await panel()).articlesQuery(1)] },

  "/directaccess/$id": directAccess,
  "/directaccess/$id/$d": directAccess,
};
