import { queryOptions } from "@tanstack/react-query";
import type { PanelArticles, PanelGroups, PanelMembers, PanelStatistics } from "../../../contract/panel";
import { api } from "../../lib/api";

// Types only from the contract: zod stays out of the page chunks.
export const panelKeys = {
  all: ["panel"] as const,
  statistics: ["panel", "statistics"] as const,
  users: (page: number, q: string) => ["panel", "users", page, q] as const,
  groups: ["panel", "groups"] as const,
  articles: (page: number) => ["panel", "articles", page] as const,
};

export const statisticsQuery = () =>
  queryOptions({ queryKey: panelKeys.statistics, queryFn: ({ signal }) => api<PanelStatistics>("/panel2/ajax/statistics", { signal }), staleTime: 60_000 });

export const usersQuery = (page: number, q: string) =>
  queryOptions({
    queryKey: panelKeys.users(page, q),
    queryFn: ({ signal }) => api<PanelMembers>(`/panel2/ajax/users?${new URLSearchParams({ page: String(page), ...(q ? { q } : {}) })}`, { signal }),
  });

export const groupsQuery = () => queryOptions({ queryKey: panelKeys.groups, queryFn: ({ signal }) => api<PanelGroups>("/panel2/ajax/groups", { signal }) });

export const articlesQuery = (page: number) =>
  queryOptions({ queryKey: panelKeys.articles(page), queryFn: ({ signal }) => api<PanelArticles>(`/panel2/ajax/articles?page=${page}`, { signal }) });

export const createGroup = (name: string) => api<{ status: "ok" }>("/panel2/ajax/groups", { body: { name } });
export const changeMember = (groupId: string, userId: string, action: "add" | "remove") =>
  api<{ status: "ok" }>(`/panel2/ajax/groups/${encodeURIComponent(groupId)}/members`, { body: { user_id: userId, action } });
export const deleteGroup = (groupId: string) => api<{ status: "ok" }>(`/panel2/ajax/groups/${encodeURIComponent(groupId)}/delete`, { method: "POST", body: {} });
