import type { EnsureQueryDataOptions, QueryClient } from "@tanstack/react-query";
import type { PageData } from "../../contract/page-data";

/** Who is signed in, as the router's loaders see it: the page data's flags (kept current by web/app-root.tsx). */
export type Session = Pick<PageData, "isGuest" | "isAdmin" | "isSolver" | "isContract">;

export const sessionOf = ({ isGuest, isAdmin, isSolver, isContract }: Session): Session => ({ isGuest, isAdmin, isSolver, isContract });

/**
 * Who a page is for. The Worker's roles decide what anyone may read; this only keeps the SPA from
 * asking for what it knows it will be refused (a guest hovering a link to the admin console), and
 * picks the page's prompt instead. `desk`: the delivery desk's staff, admins and solvers.
 */
export type Access = "user" | "admin" | "desk" | "partner";

export function allows(access: Access | undefined, s: Session): boolean {
  switch (access) {
    case undefined:
      return true;
    case "user":
      return !s.isGuest;
    case "admin":
      return s.isAdmin;
    case "desk":
      return s.isAdmin || s.isSolver;
    case "partner":
      return s.isContract;
  }
}

/** What the router gives every route's loader. */
export type RouterContext = {
  queryClient: QueryClient;
  session: Session;
  /**
   * True only for the load that hydrates the server's markup: its loaders start their queries and
   * do not wait for them (the page waits in its own Suspense, drawn as the server drew it), so
   * hydration does not wait on the network.
   */
  deferData: boolean;
};

/** A feature's `queryOptions(…)` of any data (`any`: one list holds queries of different types). */
// biome-ignore lint/suspicious/noExplicitAny: one list holds queries of different data types; each page reads its own typed options
export type PageQuery = EnsureQueryDataOptions<any, any, any, any>;

/**
 * A route's loader: puts the page's first screen of data in the query cache, from the feature's own
 * `queryOptions`, so that the router's intent preload (a hovered or focused link) fetches the data
 * with the code, and the page's `useSuspenseQuery` finds it there. Nothing on the server (it draws a
 * feature page's loading state and fetches nothing) and nothing the session is not allowed to read.
 * A failed read does not fail the navigation: the page's boundary shows it with a retry.
 * `hold: false`: the reads start but the navigation does not wait for them (a read the server holds
 * open; the page shows its own loading state meanwhile).
 */
export async function loadPageQueries(
  context: RouterContext,
  { access, hold = true }: { access?: Access; hold?: boolean },
  queries: () => Promise<readonly PageQuery[]>,
): Promise<void> {
  if (import.meta.env.SSR || !allows(access, context.session)) return;
  const list = await queries();
  if (context.deferData || !hold) {
    for (const q of list) void context.queryClient.prefetchQuery(q);
    return;
  }
  await Promise.allSettled(list.map((q) => context.queryClient.ensureQueryData(q)));
}
