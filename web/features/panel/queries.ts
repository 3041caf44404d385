import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { panelApi } from "../../../contract/endpoints/panel";
import { call } from "../../lib/api";

// Types only from the contract: zod stays out of the page chunks.
export const panelKeys = {
  all: ["panel"] as const,
  statistics: ["panel", "statistics"] as const,
  users: (page: number, q: string) => ["panel", "users", page, q] as const,
  groups: ["panel", "groups"] as const,
  articles: (page: number) => ["panel", "articles", page] as const,
};

export const statisticsQuery = () =>
  queryOptions({ queryKey: panelKeys.statistics, queryFn: ({ signal }) => call(panelApi.statistics, {}, { signal }), staleTime: 60_000 });

export const usersQuery = (page: number, q: string) =>
  queryOptions({ queryKey: panelKeys.users(page, q), queryFn: ({ signal }) => call(panelApi.users, { page, q }, { signal }) });

export const groupsQuery = () => queryOptions({ queryKey: panelKeys.groups, queryFn: ({ signal }) => call(panelApi.groups, {}, { signal }) });

export const articlesQuery = (page: number) =>
  queryOptions({ queryKey: panelKeys.articles(page), queryFn: ({ signal }) => call(panelApi.articles, { page }, { signal }) });

export const createGroupMutation = () => mutationOptions({ mutationFn: (name: string) => call(panelApi.createGroup, { name }) });

export const changeMemberMutation = (groupId: string) =>
  mutationOptions({
    mutationFn: (v: { userId: string; action: "add" | "remove" }) => call(panelApi.changeMember, { id: groupId, user_id: v.userId, action: v.action }),
  });

export const deleteGroupMutation = (groupId: string) => mutationOptions({ mutationFn: () => call(panelApi.deleteGroup, { id: groupId }) });
