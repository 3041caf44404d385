import type * as panelContract from "../panel";
import { endpoint } from "../endpoint";

/** The university partner's panel (worker/features/panel/routes.ts). */
export const panelApi = {
  statistics: endpoint<{ response: typeof panelContract.PanelStatistics }>()("get", "/panel2/ajax/statistics"),
  users: endpoint<{ query: typeof panelContract.PanelListQuery; response: typeof panelContract.PanelMembers }>()("get", "/panel2/ajax/users"),
  groups: endpoint<{ response: typeof panelContract.PanelGroups }>()("get", "/panel2/ajax/groups"),
  createGroup: endpoint<{ body: typeof panelContract.CreateGroupBody; response: typeof panelContract.PanelOk }>()("post", "/panel2/ajax/groups"),
  changeMember: endpoint<{ body: typeof panelContract.GroupMemberBody; response: typeof panelContract.PanelOk }>()("post", "/panel2/ajax/groups/:id/members"),
  deleteGroup: endpoint<{ response: typeof panelContract.PanelOk }>()("post", "/panel2/ajax/groups/:id/delete"),
  articles: endpoint<{ query: typeof panelContract.PanelListQuery; response: typeof panelContract.PanelArticles }>()("get", "/panel2/ajax/articles"),
};
