import { queryOptions } from "@tanstack/react-query";
import type {
  DeskActionOk,
  DeskDashboard,
  DeskDetail,
  DeskHours,
  DeskList,
  DeskQuery,
  DeskSolverList,
  OfflineArticleInput,
  OfflineBookInput,
  OfflineCancelOk,
  OfflineGroup,
  OfflineInsertOk,
  OfflineRequestList,
} from "../../../contract/offline";
import { api } from "../../lib/api";

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
};

/** The desk is worked live: a user's payment shows within seconds, without a reload. */
export const DESK_REFRESH_MS = 10_000;

export const myRequestsQuery = (group: OfflineGroup) =>
  queryOptions({
    queryKey: offlineKeys.mine(group),
    queryFn: ({ signal }) => api<OfflineRequestList>(`/profile/offline/requests?group=${group}`, { signal }),
    // Download links are signed for a limited time: refresh them now and then.
    refetchInterval: 10 * 60_000,
  });

function searchOf(q: Partial<DeskQuery>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== "") p.set(k, String(v));
  return p.toString();
}

export const deskListQuery = (q: Partial<DeskQuery>) =>
  queryOptions({ queryKey: offlineKeys.deskList(q), queryFn: ({ signal }) => api<DeskList>(`/admin/offline/requests?${searchOf(q)}`, { signal }), refetchInterval: DESK_REFRESH_MS });

export const deskDetailQuery = (id: string) =>
  queryOptions({ queryKey: offlineKeys.deskDetail(id), queryFn: ({ signal }) => api<DeskDetail>(`/admin/offline/requests/${encodeURIComponent(id)}`, { signal }), refetchInterval: DESK_REFRESH_MS });

export const dashboardQuery = (group?: "articles" | "books") =>
  queryOptions({
    queryKey: [...offlineKeys.dashboard, group ?? "all"],
    queryFn: ({ signal }) => api<DeskDashboard>(`/admin/offline/dashboard${group ? `?group=${group}` : ""}`, { signal }),
    staleTime: 60_000,
  });

export const deskHoursQuery = () => queryOptions({ queryKey: offlineKeys.hours, queryFn: ({ signal }) => api<DeskHours>("/admin/offline/hours", { signal }) });

export function saveDeskHours(hours: Record<keyof DeskHours, string>) {
  return api<DeskHours>("/admin/offline/hours", { body: hours });
}

export const solversQuery = () =>
  queryOptions({ queryKey: offlineKeys.solvers, queryFn: ({ signal }) => api<DeskSolverList>("/admin/offline/solvers", { signal }), staleTime: 5 * 60_000 });

export type InsertKind = "article" | "book" | "standard";

/** POST /insert/offline_article or /insert/offline_book (with type) — the spec's two calls. */
export function insertOfflineRequest(kind: InsertKind, input: { url: string; doi?: string; more?: string }) {
  if (kind === "article") return api<OfflineInsertOk>("/insert/offline_article", { body: input satisfies Partial<OfflineArticleInput> });
  return api<OfflineInsertOk>("/insert/offline_book", { body: { ...input, type: kind } satisfies Partial<OfflineBookInput> });
}

export function cancelRequest(id: string) {
  return api<OfflineCancelOk>(`/profile/offline/requests/${encodeURIComponent(id)}/cancel`, { method: "POST" });
}

export type DeskAction = "claim" | "price" | "reject" | "deliver" | "assign";

export function deskAction(id: string, action: DeskAction, payload: { body?: unknown; form?: FormData } = {}) {
  return api<DeskActionOk>(`/admin/offline/requests/${encodeURIComponent(id)}/${action}`, { method: "POST", ...payload });
}

/** The profile page of a request type (search spec §4, accounts spec §4: where a successful order goes). */
export const pageOf = (kind: InsertKind) => (kind === "article" ? "/profile/offilneArticles" : "/profile/offlineBooksStandards");
