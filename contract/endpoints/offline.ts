import type * as offlineContract from "../offline";
import { endpoint } from "../endpoint";

/** Offline requests: the user's side and the delivery desk (worker/features/offline/routes.ts). */
export const offlineApi = {
  insertArticle: endpoint<{ body: typeof offlineContract.OfflineArticleInput; response: typeof offlineContract.OfflineInsertOk }>()(
    "post",
    "/insert/offline_article",
  ),
  insertBook: endpoint<{ body: typeof offlineContract.OfflineBookInput; response: typeof offlineContract.OfflineInsertOk }>()("post", "/insert/offline_book"),
  lastBooks: endpoint<{ response: typeof offlineContract.LastOfflineList }>()("get", "/last_offline_books"),
  lastArticles: endpoint<{ response: typeof offlineContract.LastOfflineList }>()("get", "/last_offline_articles"),
  mine: endpoint<{ query: typeof offlineContract.OfflineListQuery; response: typeof offlineContract.OfflineRequestList }>()("get", "/profile/offline/requests"),
  cancel: endpoint<{ response: typeof offlineContract.OfflineCancelOk }>()("post", "/profile/offline/requests/:id/cancel"),
  deskList: endpoint<{ query: typeof offlineContract.DeskQuery; response: typeof offlineContract.DeskList }>()("get", "/admin/offline/requests"),
  deskDetail: endpoint<{ response: typeof offlineContract.DeskDetail }>()("get", "/admin/offline/requests/:id"),
  dashboard: endpoint<{ query: typeof offlineContract.DeskDashboardQuery; response: typeof offlineContract.DeskDashboard }>()(
    "get",
    "/admin/offline/dashboard",
  ),
  hours: endpoint<{ response: typeof offlineContract.DeskHours }>()("get", "/admin/offline/hours"),
  saveHours: endpoint<{ body: typeof offlineContract.DeskHours; response: typeof offlineContract.DeskHours }>()("post", "/admin/offline/hours"),
  solvers: endpoint<{ response: typeof offlineContract.DeskSolverList }>()("get", "/admin/offline/solvers"),
  claim: endpoint<{ body: typeof offlineContract.DeskClaimInput; response: typeof offlineContract.DeskActionOk }>()(
    "post",
    "/admin/offline/requests/:id/claim",
  ),
  price: endpoint<{ body: typeof offlineContract.DeskPriceInput; response: typeof offlineContract.DeskActionOk }>()(
    "post",
    "/admin/offline/requests/:id/price",
  ),
  reject: endpoint<{ body: typeof offlineContract.DeskRejectInput; response: typeof offlineContract.DeskActionOk }>()(
    "post",
    "/admin/offline/requests/:id/reject",
  ),
  deliver: endpoint<{ body: typeof offlineContract.DeskDeliverInput; response: typeof offlineContract.DeskActionOk }>()(
    "post",
    "/admin/offline/requests/:id/deliver",
  ),
  assign: endpoint<{ body: typeof offlineContract.DeskAssignInput; response: typeof offlineContract.DeskActionOk }>()(
    "post",
    "/admin/offline/requests/:id/assign",
  ),
  same_as: endpoint<{ body: typeof offlineContract.DeskSameAsInput; response: typeof offlineContract.DeskActionOk }>()(
    "post",
    "/admin/offline/requests/:id/same_as",
  ),
  confirm_group: endpoint<{ body: typeof offlineContract.DeskGroupInput; response: typeof offlineContract.DeskActionOk }>()(
    "post",
    "/admin/offline/requests/:id/confirm_group",
  ),
  split: endpoint<{ body: typeof offlineContract.DeskGroupInput; response: typeof offlineContract.DeskActionOk }>()(
    "post",
    "/admin/offline/requests/:id/split",
  ),
  note: endpoint<{ body: typeof offlineContract.DeskNoteInput; response: typeof offlineContract.DeskActionOk }>()("post", "/admin/offline/requests/:id/note"),
  alerts: endpoint<{ query: typeof offlineContract.DeskAlertsQuery; response: typeof offlineContract.DeskAlerts }>()("get", "/admin/offline/alerts"),
  alertPrefs: endpoint<{ response: typeof offlineContract.DeskAlertPrefs }>()("get", "/admin/offline/alert_prefs"),
  saveAlertPrefs: endpoint<{ body: typeof offlineContract.DeskAlertPrefs; response: typeof offlineContract.DeskAlertPrefs }>()(
    "post",
    "/admin/offline/alert_prefs",
  ),
  prices: endpoint<{ response: typeof offlineContract.DeskPrices }>()("get", "/admin/offline/prices"),
  savePrices: endpoint<{ body: typeof offlineContract.DeskPrices; response: typeof offlineContract.DeskPrices }>()("post", "/admin/offline/prices"),
};
