import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/context";
import { bindEndpoint } from "../../lib/endpoint";
import * as service from "./service";
import { panelApi } from "../../../contract/endpoints/panel";

/** The contract partner's panel API (the SPA pages are /panel2/statistics, /users, /userGroup, /articles). */
export const panelRoutes = new Hono<AppEnv>();

const groupId = (c: { req: { param(name: string): string | undefined } }) => z.string().min(1).max(64).parse(c.req.param("id"));

bindEndpoint(panelRoutes, panelApi.statistics, async (c, { user }) => c.json(await service.statistics(c.var.db, user, c.var.now())));

bindEndpoint(panelRoutes, panelApi.users, async (c, { query, user }) => c.json(await service.members(c.var.db, user, query)));

bindEndpoint(panelRoutes, panelApi.groups, async (c, { user }) => c.json(await service.groups(c.var.db, user)));

bindEndpoint(panelRoutes, panelApi.createGroup, async (c, { body, user }) => {
  await service.createGroup(c.var.db, user, body.name, c.var.now());
  return c.json({ status: "ok" as const });
});

bindEndpoint(panelRoutes, panelApi.changeMember, async (c, { body, user }) => {
  await service.changeMembership(c.var.db, user, groupId(c), body);
  return c.json({ status: "ok" as const });
});

bindEndpoint(panelRoutes, panelApi.deleteGroup, async (c, { user }) => {
  await service.removeGroup(c.var.db, user, groupId(c));
  return c.json({ status: "ok" as const });
});

bindEndpoint(panelRoutes, panelApi.articles, async (c, { query, user }) => c.json(await service.articles(c.var.db, user, query.page)));
