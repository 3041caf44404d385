/**
 * The route loaders' table (web/routes/page-loads.ts) against the route tree, and the loader's
 * rules (web/lib/route-data.ts): nothing a session may not read, a failed read never fails the
 * navigation, and the hydrating load (or a read the server holds) does not wait.
 */
import { QueryClient, queryOptions } from "@tanstack/react-query";
import { createMemoryHistory, createRouter } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { emptyPageData } from "../lib/page-data";
import { allows, loadPageQueries, sessionOf, type Access, type RouterContext, type Session } from "../lib/route-data";
import { pageLoads } from "./page-loads";
import { routeTree } from "./tree";

const guest = sessionOf(emptyPageData);
const user: Session = { ...guest, isGuest: false };
const admin: Session = { ...user, isAdmin: true };
const solver: Session = { ...user, isSolver: true };
const partner: Session = { ...user, isContract: true };

const context = (session: Session, more: Partial<RouterContext> = {}): RouterContext => ({
  queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  session,
  deferData: false,
  ...more,
});

/** A query whose answer the test releases, counting its reads. */
function heldQuery(key: string) {
  const state = { reads: 0, release: (_v: string) => {} };
  const query = queryOptions({
    queryKey: ["test", key],
    queryFn: () => {
      state.reads += 1;
      return new Promise<string>((resolve) => (state.release = resolve));
    },
  });
  return { query, state };
}

describe("the loaders' table", () => {
  const router = createRouter({ routeTree, context: context(guest), history: createMemoryHistory({ initialEntries: ["/"] }) });
  const paths = Object.keys(router.routesByPath);

  it("names routes of the tree only", () => {
    for (const path of Object.keys(pageLoads)) expect(paths, path).toContain(path);
  });

  it("gives each listed page its feature's queries, each with its key", async () => {
    for (const [path, load] of Object.entries(pageLoads)) {
      const list = (await load.queries?.({ params: { id: "7", d: "30" }, search: { id: "bat_1" } })) ?? [];
      expect(list.length, path).toBeGreaterThan(0);
      for (const q of list) expect(Array.isArray(q.queryKey), path).toBe(true);
    }
  });

  it("asks a direct-access page with a malformed id for nothing", async () => {
    expect(await pageLoads["/directaccess/$id"]!.queries!({ params: { id: "abc" }, search: {} })).toEqual([]);
    expect(await pageLoads["/batch"]!.queries!({ params: {}, search: {} })).toEqual([]);
  });
});

describe("who a page's data is for", () => {
  const cases: [Access, Session[], Session[]][] = [
    ["user", [user, admin, solver, partner], [guest]],
    ["admin", [admin], [guest, user, solver, partner]],
    ["desk", [admin, solver], [guest, user, partner]],
    ["partner", [partner], [guest, user, admin, solver]],
  ];
  it.each(cases)("%s", (access, yes, no) => {
    for (const s of yes) expect(allows(access, s)).toBe(true);
    for (const s of no) expect(allows(access, s)).toBe(false);
  });
});

describe("loadPageQueries", () => {
  it("reads nothing for a session the page is not for", async () => {
    const { query, state } = heldQuery("admin-only");
    for (const s of [guest, user, solver, partner]) await loadPageQueries(context(s), { access: "admin" }, async () => [query]);
    expect(state.reads).toBe(0);
  });

  it("waits until the page's data is in the cache", async () => {
    const { query, state } = heldQuery("waited");
    const ctx = context(admin);
    let done = false;
    const loading = loadPageQueries(ctx, { access: "admin" }, async () => [query]).then(() => (done = true));
    await expect.poll(() => state.reads).toBe(1);
    expect(done).toBe(false);
    state.release("rows");
    await loading;
    expect(ctx.queryClient.getQueryData(query.queryKey)).toBe("rows");
  });

  it("does not fail the navigation when a read fails (the page's boundary shows it)", async () => {
    const ctx = context(user);
    const failing = queryOptions({ queryKey: ["test", "fails"], queryFn: (): Promise<string> => Promise.reject(new Error("خطا")) });
    await expect(loadPageQueries(ctx, { access: "user" }, async () => [failing])).resolves.toBeUndefined();
    expect(ctx.queryClient.getQueryState(failing.queryKey)?.status).toBe("error");
  });

  it("starts the reads without waiting during the hydrating load, and for a read the server holds", async () => {
    for (const [ctx, hold] of [
      [context(user, { deferData: true }), true],
      [context(user), false],
    ] as const) {
      const { query, state } = heldQuery(`deferred-${hold}`);
      await loadPageQueries(ctx, { access: "user", hold }, async () => [query]);
      expect(state.reads).toBe(1);
      expect(ctx.queryClient.getQueryState(query.queryKey)?.fetchStatus).toBe("fetching");
      state.release("later");
      await expect.poll(() => ctx.queryClient.getQueryData(query.queryKey)).toBe("later");
    }
  });
});
