import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { Endpoint } from "../../../contract/endpoint";
import { offlineApi } from "../../../contract/endpoints/offline";
import type {
  DeskActionOk,
  DeskAlertPrefs,
  DeskHours,
  DeskPrices,
  DeskQuery,
  OfflineArticleInput,
  OfflineBookInput,
  OfflineGroup,
} from "../../../contract/offline";
import { call } from "../../lib/api";

/** Every offline query sits under ["offline"]; mutations invalidate the part they change. */
export const offlineKeys = {
  all: ["offline"] as const,
  mine: (group: OfflineGroup) => ["offline", "mine", group] as const,
  desk: ["offline", "desk"] as const,
  deskList: (q: Partial<DeskQuery>) => ["offline", "desk", "list", q] as const,
  deskDetail: (id: string) => ["offline", "desk", "detail", id] as const,
  dashboard: ["offline", "desk", "dashboard"] as const,
  solvers: ["offline", "desk", "solvers"] as const,
  hours: ["offline", "desk", "hours"] as const,
  prices: ["offline", "desk", "prices"] as const,
  alertPrefs: ["offline", "desk", "alert-prefs"] as const,
};

/** The desk is worked live: a user's payment shows within seconds, without a reload. */
export const DESK_REFRESH_MS = 10_000;

export const myRequestsQuery = (group: OfflineGroup) =>
  queryOptions({
    queryKey: offlineKeys.mine(group),
    queryFn: ({ signal }) => call(offlineApi.mine, { group }, { signal }),
    // Download links are signed for a limited time: refresh them now and then.
    refetchInterval: 10 * 60_000,
  });

export const deskListQuery = (q: Partial<DeskQuery>) =>
  queryOptions({ queryKey: offlineKeys.deskList(q), queryFn: ({ signal }) => call(offlineApi.deskList, q, { signal }), refetchInterval: DESK_REFRESH_MS });

export const deskDetailQuery = (id: string) =>
  queryOptions({
    queryKey: offlineKeys.deskDetail(id),
    queryFn: ({ signal }) => call(offlineApi.deskDetail, { id }, { signal }),
    refetchInterval: DESK_REFRESH_MS,
  });

export const dashboardQuery = (group?: "articles" | "books") =>
  queryOptions({
    queryKey: [...offlineKeys.dashboard, group ?? "all"],
    queryFn: ({ signal }) => call(offlineApi.dashboard, { group }, { signal }),
    staleTime: 60_000,
  });

export const deskHoursQuery = () => queryOptions({ queryKey: offlineKeys.hours, queryFn: ({ signal }) => call(offlineApi.hours, {}, { signal }) });

export const saveDeskHoursMutation = () => mutationOptions({ mutationFn: (hours: Record<keyof DeskHours, string>) => call(offlineApi.saveHours, hours) });

export const deskPricesQuery = () => queryOptions({ queryKey: offlineKeys.prices, queryFn: ({ signal }) => call(offlineApi.prices, {}, { signal }) });
export const saveDeskPricesMutation = () => mutationOptions({ mutationFn: (prices: Record<keyof DeskPrices, string>) => call(offlineApi.savePrices, prices) });
export const alertPrefsQuery = () => queryOptions({ queryKey: offlineKeys.alertPrefs, queryFn: ({ signal }) => call(offlineApi.alertPrefs, {}, { signal }) });
export const saveAlertPrefsMutation = () => mutationOptions({ mutationFn: (prefs: DeskAlertPrefs) => call(offlineApi.saveAlertPrefs, prefs) });

/** Staff alerts: asked every half minute on any page (new requests and payments since the last look). */
export const DESK_ALERTS_MS = 30_000;
export const deskAlertsQuery = (since: number | undefined) =>
  queryOptions({
    queryKey: ["offline", "alerts", since ?? 0] as const,
    queryFn: ({ signal }) => call(offlineApi.alerts, since === undefined ? {} : { since }, { signal }),
    refetchInterval: DESK_ALERTS_MS,
  });

export const solversQuery = () =>
  queryOptions({ queryKey: offlineKeys.solvers, queryFn: ({ signal }) => call(offlineApi.solvers, {}, { signal }), staleTime: 5 * 60_000 });

export type InsertKind = "article" | "book" | "standard";

/** POST /insert/offline_article or /insert/offline_book (with type) — the spec's two calls. */
export function insertOfflineRequest(kind: InsertKind, input: { url: string; doi?: string; more?: string }) {
  if (kind === "article") return call(offlineApi.insertArticle, input satisfies Partial<OfflineArticleInput>);
  return call(offlineApi.insertBook, { ...input, type: kind } satisfies Partial<OfflineBookInput>);
}

export const cancelRequestMutation = (id: string) => mutationOptions({ mutationFn: () => call(offlineApi.cancel, { id }) });

export type DeskAction = "claim" | "price" | "reject" | "deliver" | "assign" | "same_as" | "confirm_group" | "split" | "note";
/** A desk action's fields as JSON, or as a form when it carries a file. */
export type DeskPayload = { body?: Record<string, unknown>; form?: FormData };

/** Every desk action answers DeskActionOk (with the ids it handled: a group may go at once). */
type AnyDeskAction = Endpoint<"post", `/admin/offline/requests/:id/${string}`, { response: typeof DeskActionOk }>;

export const deskActionMutation = (id: string, action: DeskAction) =>
  mutationOptions({
    mutationFn: ({ body, form }: DeskPayload) => {
      const endpoint: AnyDeskAction = offlineApi[action];
      return form ? call(endpoint, { id }, { form }) : call(endpoint, { id, ...body });
    },
  });

/** The profile page of a request type (search spec §4, accounts spec §4: where a successful order goes). */
export const pageOf = (kind: InsertKind) => (kind === "article" ? "/profile/offilneArticles" : "/profile/offlineBooksStandards");
