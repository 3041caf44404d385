import { endpoints } from "../endpoint";
import { partnerOnly } from "../roles";

const api = endpoints({ tag: "panel", schemas: () => Promise.all([import("../panel")]) });

/** The university partner's panel (worker/features/panel/routes.ts). */
export const panelApi = {
  statistics: api.get("/panel2/ajax/statistics", {
    summary: "The partner's institution: quotas, usage per access key and members' activity for the last 6 Solar Hijri months",
    roles: partnerOnly,
    response: (s) => s.PanelStatistics,
  }),
  users: api.get("/panel2/ajax/users", {
    summary: "Members of the partner's institution with their downloads, requests and groups (20 a page; q filters)",
    roles: partnerOnly,
    query: (s) => s.PanelListQuery,
    response: (s) => s.PanelMembers,
  }),
  groups: api.get("/panel2/ajax/groups", { summary: "The partner's member groups", roles: partnerOnly, response: (s) => s.PanelGroups }),
  createGroup: api.post("/panel2/ajax/groups", {
    summary: "Creates a member group",
    roles: partnerOnly,
    body: (s) => s.CreateGroupBody,
    response: (s) => s.PanelOk,
  }),
  changeMember: api.post("/panel2/ajax/groups/:id/members", {
    summary: "Adds a member to a group or removes them (own institution only)",
    roles: partnerOnly,
    body: (s) => s.GroupMemberBody,
    response: (s) => s.PanelOk,
  }),
  deleteGroup: api.post("/panel2/ajax/groups/:id/delete", {
    summary: "Deletes a group (its members stay members of the institution)",
    roles: partnerOnly,
    response: (s) => s.PanelOk,
  }),
  articles: api.get("/panel2/ajax/articles", {
    summary: "Members' downloads and offline requests, newest first (20 a page)",
    roles: partnerOnly,
    query: (s) => s.PanelListQuery,
    response: (s) => s.PanelArticles,
  }),
};
