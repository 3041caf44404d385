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
  DeskAlertPrefs,
  DeskAlerts,
  DeskAlertsQuery,
  DeskAssignInput,
  DeskGroupInput,
  DeskNoteInput,
  DeskPrices,
  DeskSameAsInput,
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
import type { AppEnv } from "../../lib/context";
import { services } from "../../services";
import { defineEndpoint } from "../../lib/endpoint";
import { NotFoundError } from "../../lib/errors";
import { adminOnly, anyone, signedIn, staff } from "../../lib/roles";
import { deskHours, saveDeskHours } from "./deadlines";
import { offlineDeps } from "./deps";
import { deskPrices, saveDeskPrices } from "./list-prices";
import { alertPrefs, deskAlerts, saveAlertPrefs } from "./staff-alerts";
import { offlineText } from "./messages";
import * as service from "./service";

export const offlineRoutes = new Hono<AppEnv>();

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
    path: "/insert/offline_book",
    verifiedMobile: true,
    summary: "Register an offline request for a book or a standard (free; staff price it; books answered within 12 hours)",
    roles: signedIn,
    body: OfflineBookInput,
    response: OfflineInsertOk,
    tag: "offline",
  },
  async (c, { body, user }) => {
    const r = await service.registerRequest(offlineDeps(c), user, body, body.type);
    return c.json({ status: "ok" as const, id: r.id, can_edit: r.canEdit, duplicate: r.duplicate });
  },
);

defineEndpoint(
  offlineRoutes,
  {
    method: "post",
    path: "/insert/offline_article",
    verifiedMobile: true,
    summary: "Register an offline request for an article (spends one offline request credit)",
    roles: signedIn,
    body: OfflineArticleInput,
    response: OfflineInsertOk,
    tag: "offline",
  },
  async (c, { body, user }) => {
    const r = await service.registerRequest(offlineDeps(c), user, body, "article");
    return c.json({ status: "ok" as const, id: r.id, can_edit: r.canEdit, duplicate: r.duplicate });
  },
);

for (const [path, group] of [
  ["/last_offline_books", "books"],
  ["/last_offline_articles", "articles"],
] as const) {
  defineEndpoint(
    offlineRoutes,
    {
      method: "get",
      path,
      summary: `Latest offline ${group} requests for the home tabs (no user identity)`,
      roles: anyone,
      response: LastOfflineList,
      tag: "offline",
    },
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
  async (c, { query, user }) => {
    const deps = offlineDeps(c);
    c.header("Cache-Control", "private, no-store");
    return c.json({ now: new Date(deps.now).toISOString(), requests: await service.listMyRequests(deps, user.id, query.group) });
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
  async (c, { user }) => c.json({ status: "ok" as const, request: await service.cancelMyRequest(offlineDeps(c), user.id, idParam(c)) }),
);

// ---------------------------------------------------------------- the delivery desk

defineEndpoint(
  offlineRoutes,
  {
    method: "get",
    path: "/admin/offline/requests",
    summary:
      "Desk queue: least time left to the running deadline first; default view what needs staff (registered, paid, in progress); filters status, group, kind, age, user, and a search over title, link, ISBN, DOI and standard number (solvers: their solution manuals)",
    roles: staff,
    query: DeskQuery,
    response: DeskList,
    tag: "offline-desk",
  },
  async (c, { query, user }) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await service.deskList(offlineDeps(c), service.actorOf(user), query));
  },
);

defineEndpoint(
  offlineRoutes,
  {
    method: "get",
    path: "/admin/offline/dashboard",
    summary: "Desk numbers: open requests, median times, 12-hour promise kept and broken",
    roles: adminOnly,
    query: DeskDashboardQuery,
    response: DeskDashboard,
    tag: "offline-desk",
  },
  async (c, { query }) => c.json(await service.dashboard(offlineDeps(c), query.days, query.group)),
);

defineEndpoint(
  offlineRoutes,
  {
    method: "get",
    path: "/admin/offline/hours",
    summary: "The desk's hours: a standard's first answer and the delivery deadline after payment per kind",
    roles: adminOnly,
    response: DeskHours,
    tag: "offline-desk",
  },
  async (c) => c.json(await deskHours(c.var.db)),
);

defineEndpoint(
  offlineRoutes,
  {
    method: "post",
    path: "/admin/offline/hours",
    summary: "Set the desk's hours (applies to requests registered or paid from now on)",
    roles: adminOnly,
    body: DeskHours,
    response: DeskHours,
    tag: "offline-desk",
  },
  async (c, { body }) => {
    await saveDeskHours(c.var.db, body);
    return c.json(await deskHours(c.var.db));
  },
);

defineEndpoint(
  offlineRoutes,
  {
    method: "get",
    path: "/admin/offline/solvers",
    summary: "Solvers a solution manual can be assigned to",
    roles: adminOnly,
    response: DeskSolverList,
    tag: "offline-desk",
  },
  async (c) => c.json({ solvers: await service.solverList(offlineDeps(c)) }),
);

defineEndpoint(
  offlineRoutes,
  {
    method: "get",
    path: "/admin/offline/requests/:id",
    summary: "One request on the desk: history, audit trail and the same document's other requests",
    roles: staff,
    response: DeskDetail,
    tag: "offline-desk",
  },
  async (c, { user }) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await service.deskDetail(offlineDeps(c), service.actorOf(user), idParam(c)));
  },
);

/**
 * One desk action on one request: POST /admin/offline/requests/:id/<verb>, run as the signed-in
 * staff member, answered with the changed request and how many requests of its group it changed.
 */
function deskAction<B extends z.ZodType>(
  def: { verb: string; summary: string; roles: typeof staff; body: B },
  run: (deps: service.OfflineDeps, actor: service.Actor, id: string, body: z.output<B>) => Promise<service.DeskResult>,
) {
  defineEndpoint(
    offlineRoutes,
    {
      method: "post",
      path: `/admin/offline/requests/:id/${def.verb}`,
      summary: def.summary,
      roles: def.roles,
      body: def.body,
      response: DeskActionOk,
      tag: "offline-desk",
    },
    async (c, { body, user }) => {
      const r = await run(offlineDeps(c), service.actorOf(user), idParam(c), body as z.output<B>);
      return c.json({ status: "ok" as const, request: r.request, affected: r.affected });
    },
  );
}

deskAction(
  {
    verb: "claim",
    summary:
      "Claim a request (a paid one, or an article, is now in progress); one another staff member holds needs `take_over` (409 names the holder, who is told)",
    roles: staff,
    body: DeskClaimInput,
  },
  service.claimRequest,
);
deskAction(
  {
    verb: "price",
    summary:
      "Set the price of a book or standard request (optionally of its whole group), optionally with the PDF (multipart `file`), a `link` or the group's file (`file_from`) that the payment delivers",
    roles: staff,
    body: DeskPriceInput,
  },
  service.priceRequest,
);
deskAction(
  { verb: "reject", summary: "Reject a request with a reason (template or written); a payment or credit is refunded", roles: staff, body: DeskRejectInput },
  service.rejectRequest,
);
deskAction(
  {
    verb: "deliver",
    summary: "Deliver: upload the PDF (multipart `file`, up to 100 MB), give a `link`, or use the group's file (`file_from`)",
    roles: staff,
    body: DeskDeliverInput,
  },
  service.deliverRequest,
);
deskAction({ verb: "assign", summary: "Assign a solution manual to a solver", roles: adminOnly, body: DeskAssignInput }, (deps, actor, id, body) =>
  service.assignRequest(deps, actor, id, body.solver_id),
);
deskAction(
  {
    verb: "same_as",
    summary: '"Same as": join the request to another request\'s group (one piece of work: price and file apply to both)',
    roles: staff,
    body: DeskSameAsInput,
  },
  service.sameAsRequest,
);
deskAction({ verb: "confirm_group", summary: "Confirm the request's automatic grouping", roles: staff, body: DeskGroupInput }, service.confirmGroup);
deskAction({ verb: "split", summary: "Split the request off its group: not the same document", roles: staff, body: DeskGroupInput }, service.splitFromGroup);
deskAction({ verb: "note", summary: "Keep a staff note on the request (never shown to the user)", roles: staff, body: DeskNoteInput }, service.noteRequest);

defineEndpoint(
  offlineRoutes,
  {
    method: "get",
    path: "/admin/offline/alerts",
    summary: "Staff alerts in the app: new requests and payments since `since` (epoch ms; at most 7 days back) that this staff member may act on",
    roles: staff,
    query: DeskAlertsQuery,
    response: DeskAlerts,
    tag: "offline-desk",
  },
  async (c, { query, user }) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await deskAlerts(c.var.db, user, query.since, services(c).now));
  },
);

defineEndpoint(
  offlineRoutes,
  {
    method: "get",
    path: "/admin/offline/alert_prefs",
    summary: "What this staff member is e-mailed about (new requests, payments)",
    roles: staff,
    response: DeskAlertPrefs,
    tag: "offline-desk",
  },
  async (c, { user }) => c.json(await alertPrefs(c.var.db, user.id)),
);

defineEndpoint(
  offlineRoutes,
  {
    method: "post",
    path: "/admin/offline/alert_prefs",
    summary: "Choose to be e-mailed about new requests and payments",
    roles: staff,
    body: DeskAlertPrefs,
    response: DeskAlertPrefs,
    tag: "offline-desk",
  },
  async (c, { body, user }) => c.json(await saveAlertPrefs(c.var.db, user.id, body, services(c).now)),
);

defineEndpoint(
  offlineRoutes,
  {
    method: "get",
    path: "/admin/offline/prices",
    summary: "The desk's list prices per kind (what the price field starts with)",
    roles: staff,
    response: DeskPrices,
    tag: "offline-desk",
  },
  async (c) => c.json(await deskPrices(c.var.db)),
);

defineEndpoint(
  offlineRoutes,
  {
    method: "post",
    path: "/admin/offline/prices",
    summary: "Set the desk's list prices per kind (blank: none)",
    roles: adminOnly,
    body: DeskPrices,
    response: DeskPrices,
    tag: "offline-desk",
  },
  async (c, { body }) => {
    await saveDeskPrices(c.var.db, body);
    return c.json(await deskPrices(c.var.db));
  },
);
