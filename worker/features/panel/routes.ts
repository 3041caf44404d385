import { Hono } from "hono";
import { z } from "zod";
import { CreateGroupBody, GroupMemberBody, PanelArticles, PanelGroups, PanelListQuery, PanelMembers, PanelOk, PanelStatistics } from "../../../contract/panel";
import type { AppEnv } from "../../lib/context";
import { defineEndpoint } from "../../lib/endpoint";
import { partnerOnly } from "../../lib/roles";
import * as service from "./service";

/** The contract partner's panel API (the SPA pages are /panel2/statistics, /users, /userGroup, /articles). */
export const panelRoutes = new Hono<AppEnv>();

const tag = "panel";
const groupId = (c: { req: { param(name: string): string | undefined } }) => z.string().min(1).max(64).parse(c.req.param("id"));

defineEndpoint(
  panelRoutes,
  {
    method: "get",
    path: "/panel2/ajax/statistics",
    summary: "The partner's institution: quotas, usage per access key and members' activity for the last 6 Solar Hijri months",
    roles: partnerOnly,
    response: PanelStatistics,
    tag,
  },
  async (c, { user }) => c.json(await service.statistics(c.var.db, user, c.var.now())),
);

defineEndpoint(
  panelRoutes,
  {
    method: "get",
    path: "/panel2/ajax/users",
    summary: "Members of the partner's institution with their downloads, requests and groups (20 a page; q filters)",
    roles: partnerOnly,
    query: PanelListQuery,
    response: PanelMembers,
    tag,
  },
  async (c, { query, user }) => c.json(await service.members(c.var.db, user, query)),
);

defineEndpoint(
  panelRoutes,
  { method: "get", path: "/panel2/ajax/groups", summary: "The partner's member groups", roles: partnerOnly, response: PanelGroups, tag },
  async (c, { user }) => c.json(await service.groups(c.var.db, user)),
);

defineEndpoint(
  panelRoutes,
  { method: "post", path: "/panel2/ajax/groups", summary: "Creates a member group", roles: partnerOnly, body: CreateGroupBody, response: PanelOk, tag },
  async (c, { body, user }) => {
    await service.createGroup(c.var.db, user, body.name, c.var.now());
    return c.json({ status: "ok" as const });
  },
);

defineEndpoint(
  panelRoutes,
  {
    method: "post",
    path: "/panel2/ajax/groups/:id/members",
    summary: "Adds a member to a group or removes them (own institution only)",
    roles: partnerOnly,
    body: GroupMemberBody,
    response: PanelOk,
    tag,
  },
  async (c, { body, user }) => {
    await service.changeMembership(c.var.db, user, groupId(c), body);
    return c.json({ status: "ok" as const });
  },
);

defineEndpoint(
  panelRoutes,
  {
    method: "post",
    path: "/panel2/ajax/groups/:id/delete",
    summary: "Deletes a group (its members stay members of the institution)",
    roles: partnerOnly,
    response: PanelOk,
    tag,
  },
  async (c, { user }) => {
    await service.removeGroup(c.var.db, user, groupId(c));
    return c.json({ status: "ok" as const });
  },
);

defineEndpoint(
  panelRoutes,
  {
    method: "get",
    path: "/panel2/ajax/articles",
    summary: "Members' downloads and offline requests, newest first (20 a page)",
    roles: partnerOnly,
    query: PanelListQuery,
    response: PanelArticles,
    tag,
  },
  async (c, { query, user }) => c.json(await service.articles(c.var.db, user, query.page)),
);
