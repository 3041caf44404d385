/**
 * HTTP of offline requests: the spec's insert calls and home feeds, the user's request pages, and the
 * delivery desk under /admin/offline/ (admins; solvers for what is theirs). Delivered files are served
 * by the files feature's signed /files/… route.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import {
  DeskActionOk,
  DeskAssignInput,
  DeskClaimInput,
  DeskHours,
  DeskDashboard,
  DeskDashboardQuery,
  DeskDeliverInput,
  DeskDetail,
  DeskList,
  DeskPriceInput,
  DeskQuery,
  DeskRejectInput,
  DeskSolverList,
  LastOfflineList,
  OfflineArticleInput,
  OfflineBookInput,
  OfflineCancelOk,
  OfflineInsertOk,
  OfflineListQuery,
  OfflineRequestList,
} from "../../../contract/offline";
import { createCrossrefClient } from "../../../clients/crossref";
import { signingSecret } from "../../env";
import type { AppEnv } from "../../lib/context";
import { defineEndpoint } from "../../lib/endpoint";
import { AuthError, NotFoundError } from "../../lib/errors";
import { adminOnly, anyone, signedIn, staff, type UserRow } from "../../lib/roles";
import { createNotifier } from "../notify/notifier";
import "./direct-book";
import "./fulfiller";
import { deskHours, saveDeskHours } from "./deadlines";
import { offlineText } from "./messages";
import * as service from "./service";

export const offlineRoutes = new Hono<AppEnv>();

/** The offline service's dependencies for one request (also used by the batch's offline requests). */
export function offlineDeps(c: Context<AppEnv>): service.OfflineDeps {
  const now = c.var.now();
  const crossref = createCrossrefClient({ fetch: (...a) => fetch(...a), upstreamBase: c.env.UPSTREAM_BASE, mailto: c.env.CONTACT_EMAIL, timeoutMs: 5_000 });
  return {
    db: c.var.db,
    log: c.var.log,
    now,
    notifier: createNotifier({ env: c.env, db: c.var.db, log: c.var.log, now: () => now }),
    secret: signingSecret(c.env),
    files: c.env.FILES,
    origin: new URL(c.req.url).origin,
    async lookupDoi(doi) {
      const work = await crossref.getWork(doi);
      return work ? { title: work.title, type: work.type, language: work.language } : null;
    },
  };
}

function me(c: Context<AppEnv>): UserRow {
  const user = c.var.user;
  if (!user) throw new AuthError("login");
  return user;
}

const IdParam = z.string().regex(/^[a-z]{2,8}_[0-9a-z_]{1,60}$/);
function idParam(c: Context<AppEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!IdParam.safeParse(id).success) throw new NotFoundError(offlineText.notFound);
  return id;
}

// ---------------------------------------------------------------- the spec's calls

defineEndpoint(
  offlineRoutes,
  {
    method: "post",
    path: "/insert/offline_book", verifiedMobile: true,
    summary: "Register an offline request for a book or a standard (free; staff price it; books answered within 12 hours)",
    roles: signedIn,
    body: OfflineBookInput,
    response: OfflineInsertOk,
    tag: "offline",
  },
  async (c, { body }) => {
    const r = await service.registerRequest(offlineDeps(c), me(c), body, body.type);
    return c.json({ status: "ok" as const, id: r.id, can_edit: r.canEdit, duplicate: r.duplicate });
  },
);

defineEndpoint(
  offlineRoutes,
  {
    method: "post",
    path: "/insert/offline_article", verifiedMobile: true,
    summary: "Register an offline request for an article (spends one offline request credit)",
    roles: signedIn,
    body: OfflineArticleInput,
    response: OfflineInsertOk,
    tag: "offline",
  },
  async (c, { body }) => {
    const r = await service.registerRequest(offlineDeps(c), me(c), body, "article");
    return c.json({ status: "ok" as const, id: r.id, can_edit: r.canEdit, duplicate: r.duplicate });
  },
);

for (const [path, group] of [
  ["/last_offline_books", "books"],
  ["/last_offline_articles", "articles"],
] as const) {
  defineEndpoint(
    offlineRoutes,
    { method: "get", path, summary: `Latest offline ${group} requests for the home tabs (no user identity)`, roles: anyone, response: LastOfflineList, tag: "offline" },
    async (c) => {
      c.header("Cache-Control", "public, max-age=60");
      return c.json(await service.lastOffline({ db: c.var.db }, group));
    },
  );
}

// ---------------------------------------------------------------- the user's pages

defineEndpoint(
  offlineRoutes,
  {
    method: "get",
    path: "/profile/offline/requests",
    summary: "The signed-in user's offline requests of one group, with status history and download links",
    roles: signedIn,
    query: OfflineListQuery,
    response: OfflineRequestList,
    tag: "offline",
  },
  async (c, { query }) => {
    const deps = offlineDeps(c);
    c.header("Cache-Control", "private, no-store");
    return c.json({ now: new Date(deps.now).toISOString(), requests: await service.listMyRequests(deps, me(c).id, query.group) });
  },
);

defineEndpoint(
  offlineRoutes,
  {
    method: "post",
    path: "/profile/offline/requests/:id/cancel",
    summary: "Cancel one's own offline request while it is not yet paid",
    roles: signedIn,
    response: OfflineCancelOk,
    tag: "offline",
  },
  async (c) => c.json({ status: "ok" as const, request: await service.cancelMyRequest(offlineDeps(c), me(c).id, idParam(c)) }),
);

// ---------------------------------------------------------------- the delivery desk

defineEndpoint(
  offlineRoutes,
  {
    method: "get",
    path: "/admin/offline/requests",
    summary: "Desk queue: least time left to the running deadline first; default view what needs staff (registered, paid, in progress); filters status, group, kind, age, user, and a search over title, link, ISBN, DOI and standard number (solvers: their solution manuals)",
    roles: staff,
    query: DeskQuery,
    response: DeskList,
    tag: "offline-desk",
  },
  async (c, { query }) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await service.deskList(offlineDeps(c), service.actorOf(me(c)), query));
  },
);

defineEndpoint(
  offlineRoutes,
  { method: "get", path: "/admin/offline/dashboard", summary: "Desk numbers: open requests, median times, 12-hour promise kept and broken", roles: adminOnly, query: DeskDashboardQuery, response: DeskDashboard, tag: "offline-desk" },
  async (c, { query }) => c.json(await service.dashboard(offlineDeps(c), query.days, query.group)),
);

defineEndpoint(
  offlineRoutes,
  { method: "get", path: "/admin/offline/hours", summary: "The desk's hours: a standard's first answer and the delivery deadline after payment per kind", roles: adminOnly, response: DeskHours, tag: "offline-desk" },
  async (c) => c.json(await deskHours(c.var.db)),
);

defineEndpoint(
  offlineRoutes,
  { method: "post", path: "/admin/offline/hours", summary: "Set the desk's hours (applies to requests registered or paid from now on)", roles: adminOnly, body: DeskHours, response: DeskHours, tag: "offline-desk" },
  async (c, { body }) => {
    await saveDeskHours(c.var.db, body);
    return c.json(await deskHours(c.var.db));
  },
);

defineEndpoint(
  offlineRoutes,
  { method: "get", path: "/admin/offline/solvers", summary: "Solvers a solution manual can be assigned to", roles: adminOnly, response: DeskSolverList, tag: "offline-desk" },
  async (c) => c.json({ solvers: await service.solverList(offlineDeps(c)) }),
);

defineEndpoint(
  offlineRoutes,
  { method: "get", path: "/admin/offline/requests/:id", summary: "One request on the desk: history, audit trail and the same document's other requests", roles: staff, response: DeskDetail, tag: "offline-desk" },
  async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await service.deskDetail(offlineDeps(c), service.actorOf(me(c)), idParam(c)));
  },
);

const ok = (r: service.DeskResult) => ({ status: "ok" as const, request: r.request, affected: r.affected });

defineEndpoint(
  offlineRoutes,
  {
    method: "post",
    path: "/admin/offline/requests/:id/claim",
    summary: "Claim a request (a paid one, or an article, is now in progress); one another staff member holds needs `take_over` (409 names the holder, who is told)",
    roles: staff,
    body: DeskClaimInput,
    response: DeskActionOk,
    tag: "offline-desk",
  },
  async (c, { body }) => c.json(ok(await service.claimRequest(offlineDeps(c), service.actorOf(me(c)), idParam(c), body))),
);

defineEndpoint(
  offlineRoutes,
  {
    method: "post",
    path: "/admin/offline/requests/:id/price",
    summary: "Set the price of a book or standard request (optionally of every open request for the same document)",
    roles: staff,
    body: DeskPriceInput,
    response: DeskActionOk,
    tag: "offline-desk",
  },
  async (c, { body }) => c.json(ok(await service.priceRequest(offlineDeps(c), service.actorOf(me(c)), idParam(c), body))),
);

defineEndpoint(
  offlineRoutes,
  { method: "post", path: "/admin/offline/requests/:id/reject", summary: "Reject a request with a reason (template or written); a payment or credit is refunded", roles: staff, body: DeskRejectInput, response: DeskActionOk, tag: "offline-desk" },
  async (c, { body }) => c.json(ok(await service.rejectRequest(offlineDeps(c), service.actorOf(me(c)), idParam(c), body))),
);

defineEndpoint(
  offlineRoutes,
  {
    method: "post",
    path: "/admin/offline/requests/:id/deliver",
    summary: "Deliver: upload the PDF (multipart `file`, up to 100 MB) or give a `link`",
    roles: staff,
    body: DeskDeliverInput,
    response: DeskActionOk,
    tag: "offline-desk",
  },
  async (c, { body }) => c.json(ok(await service.deliverRequest(offlineDeps(c), service.actorOf(me(c)), idParam(c), body))),
);

defineEndpoint(
  offlineRoutes,
  { method: "post", path: "/admin/offline/requests/:id/assign", summary: "Assign a solution manual to a solver", roles: adminOnly, body: DeskAssignInput, response: DeskActionOk, tag: "offline-desk" },
  async (c, { body }) => c.json(ok(await service.assignRequest(offlineDeps(c), service.actorOf(me(c)), idParam(c), body.solver_id))),
);
