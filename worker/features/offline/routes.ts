/**
 * HTTP of offline requests: the spec's insert calls and home feeds, the user's request pages, and the
 * delivery desk under /admin/offline/ (admins; solvers for what is theirs). Delivered files are served
 * by the files feature's signed /files/… route.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/context";
import { services } from "../../services";
import { bindEndpoint, type EndpointInput } from "../../lib/endpoint";
import { NotFoundError } from "../../lib/errors";
import { deskHours, saveDeskHours } from "./deadlines";
import { offlineDeps } from "./deps";
import { deskPrices, saveDeskPrices } from "./list-prices";
import { alertPrefs, deskAlerts, saveAlertPrefs } from "./staff-alerts";
import { offlineText } from "./messages";
import { actorOf, type Actor, type OfflineDeps } from "./context";
import * as desk from "./desk";
import * as deskActions from "./desk-actions";
import * as requests from "./requests";
import { offlineApi } from "../../../contract/endpoints/offline";

export const offlineRoutes = new Hono<AppEnv>();

const IdParam = z.string().regex(/^[a-z]{2,8}_[0-9a-z_]{1,60}$/);
function idParam(c: Context<AppEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!IdParam.safeParse(id).success) throw new NotFoundError(offlineText.notFound);
  return id;
}

// ---------------------------------------------------------------- the spec's calls

bindEndpoint(offlineRoutes, offlineApi.insertBook, async (c, { body, user }) => {
  const r = await requests.registerRequest(offlineDeps(c), user, body, body.type);
  return c.json({ status: "ok" as const, id: r.id, can_edit: r.canEdit, duplicate: r.duplicate });
});

bindEndpoint(offlineRoutes, offlineApi.insertArticle, async (c, { body, user }) => {
  const r = await requests.registerRequest(offlineDeps(c), user, body, "article");
  return c.json({ status: "ok" as const, id: r.id, can_edit: r.canEdit, duplicate: r.duplicate });
});

for (const [endpoint, group] of [
  [offlineApi.lastBooks, "books"],
  [offlineApi.lastArticles, "articles"],
] as const) {
  bindEndpoint(offlineRoutes, endpoint, async (c) => {
    c.header("Cache-Control", "public, max-age=60");
    return c.json(await requests.lastOffline({ db: c.var.db }, group));
  });
}

// ---------------------------------------------------------------- the user's pages

bindEndpoint(offlineRoutes, offlineApi.mine, async (c, { query, user }) => {
  const deps = offlineDeps(c);
  c.header("Cache-Control", "private, no-store");
  return c.json({ now: new Date(deps.now).toISOString(), requests: await requests.listMyRequests(deps, user.id, query.group) });
});

bindEndpoint(offlineRoutes, offlineApi.cancel, async (c, { user }) =>
  c.json({ status: "ok" as const, request: await requests.cancelMyRequest(offlineDeps(c), user.id, idParam(c)) }),
);

// ---------------------------------------------------------------- the delivery desk

bindEndpoint(offlineRoutes, offlineApi.deskList, async (c, { query, user }) => {
  c.header("Cache-Control", "private, no-store");
  return c.json(await desk.deskList(offlineDeps(c), actorOf(user), query));
});

bindEndpoint(offlineRoutes, offlineApi.dashboard, async (c, { query }) => c.json(await desk.dashboard(offlineDeps(c), query.days, query.group)));

bindEndpoint(offlineRoutes, offlineApi.hours, async (c) => c.json(await deskHours(c.var.db)));

bindEndpoint(offlineRoutes, offlineApi.saveHours, async (c, { body }) => {
  await saveDeskHours(c.var.db, body);
  return c.json(await deskHours(c.var.db));
});

bindEndpoint(offlineRoutes, offlineApi.solvers, async (c) => c.json({ solvers: await desk.solverList(offlineDeps(c)) }));

bindEndpoint(offlineRoutes, offlineApi.deskDetail, async (c, { user }) => {
  c.header("Cache-Control", "private, no-store");
  return c.json(await desk.deskDetail(offlineDeps(c), actorOf(user), idParam(c)));
});

/**
 * One desk action on one request: POST /admin/offline/requests/:id/<verb>, run as the signed-in
 * staff member, answered with the changed request and how many requests of its group it changed.
 */
type DeskAction = (typeof offlineApi)["claim" | "price" | "reject" | "deliver" | "assign" | "same_as" | "confirm_group" | "split" | "note"];
function deskAction<E extends DeskAction>(
  endpoint: E,
  run: (deps: OfflineDeps, actor: Actor, id: string, body: EndpointInput<E>["body"]) => Promise<deskActions.DeskResult>,
) {
  bindEndpoint(offlineRoutes, endpoint, async (c, { body, user }) => {
    const r = await run(offlineDeps(c), actorOf(user), idParam(c), body);
    return c.json({ status: "ok" as const, request: r.request, affected: r.affected });
  });
}

deskAction(offlineApi.claim, deskActions.claimRequest);
deskAction(offlineApi.price, deskActions.priceRequest);
deskAction(offlineApi.reject, deskActions.rejectRequest);
deskAction(offlineApi.deliver, deskActions.deliverRequest);
deskAction(offlineApi.assign, (deps, actor, id, body) => deskActions.assignRequest(deps, actor, id, body.solver_id));
deskAction(offlineApi.same_as, deskActions.sameAsRequest);
deskAction(offlineApi.confirm_group, deskActions.confirmGroup);
deskAction(offlineApi.split, deskActions.splitFromGroup);
deskAction(offlineApi.note, deskActions.noteRequest);

bindEndpoint(offlineRoutes, offlineApi.alerts, async (c, { query, user }) => {
  c.header("Cache-Control", "private, no-store");
  return c.json(await deskAlerts(c.var.db, user, query.since, services(c).now));
});

bindEndpoint(offlineRoutes, offlineApi.alertPrefs, async (c, { user }) => c.json(await alertPrefs(c.var.db, user.id)));

bindEndpoint(offlineRoutes, offlineApi.saveAlertPrefs, async (c, { body, user }) => c.json(await saveAlertPrefs(c.var.db, user.id, body, services(c).now)));

bindEndpoint(offlineRoutes, offlineApi.prices, async (c) => c.json(await deskPrices(c.var.db)));

bindEndpoint(offlineRoutes, offlineApi.savePrices, async (c, { body }) => {
  await saveDeskPrices(c.var.db, body);
  return c.json(await deskPrices(c.var.db));
});
