import type { CreateGroupBody, GroupMemberBody, PanelArticles, PanelGroups, PanelListQuery, PanelMembers, PanelOk, PanelStatistics } from "../panel";
import { endpoint } from "../endpoint";

/** The university partner's panel (worker/features/panel/routes.ts). */
export const panelApi = {
  statistics: endpoint<{ response: typeof PanelStatistics }>()("get", "/panel2/ajax/statistics"),
  users: endpoint<{ query: typeof PanelListQuery; response: typeof PanelMembers }>()("get", "/panel2/ajax/users"),
  groups: endpoint<{ response: typeof PanelGroups }>()("get", "/panel2/ajax/groups"),
  createGroup: endpoint<{ body: typeof CreateGroupBody; response: typeof PanelOk }>()("post", "/panel2/ajax/groups"),
  changeMember: endpoint<{ body: typeof GroupMemberBody; response: typeof PanelOk }>()("post", "/panel2/ajax/groups/:id/members"),
  deleteGroup: endpoint<{ response: typeof PanelOk }>()("post", "/panel2/ajax/groups/:id/delete"),
  articles: endpoint<{ query: typeof PanelListQuery; response: typeof PanelArticles }>()("get", "/panel2/ajax/articles"),
};
