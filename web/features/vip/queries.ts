import { queryOptions } from "@tanstack/react-query";
import type { AdminCredentialList, AdminGrantList, AdminSiteList, DirectAccessPageData, DirectAccessSite, MyGrants } from "../../../contract/direct-access";
import type { AdminServiceList, MyScifinders, MyServiceOrders, VipServicesResponse } from "../../../contract/vip";
import { api } from "../../lib/api";

/** Direct access and VIP queries sit under ["vip"]; a purchase or upload invalidates the matching branch. */
export const vipKeys = {
  all: ["vip"] as const,
  catalogue: ["vip", "direct_access"] as const,
  access: (id: number) => ["vip", "access", id] as const,
  grants: ["vip", "grants"] as const,
  services: ["vip", "services"] as const,
  orders: ["vip", "orders"] as const,
  scifinders: ["vip", "scifinders"] as const,
  adminSites: ["vip", "admin", "sites"] as const,
  adminPool: (id: number) => ["vip", "admin", "pool", id] as const,
  adminGrants: (site: number | null) => ["vip", "admin", "grants", site] as const,
  adminServices: (status: string) => ["vip", "admin", "services", status] as const,
};

export const catalogueQuery = () =>
  queryOptions({ queryKey: vipKeys.catalogue, queryFn: ({ signal }) => api<DirectAccessSite[]>("/direct_access", { signal }), staleTime: 5 * 60_000, retry: 1 });

export const accessQuery = (id: number) => queryOptions({ queryKey: vipKeys.access(id), queryFn: ({ signal }) => api<DirectAccessPageData>(`/direct_access/${id}`, { signal }), retry: 1 });

export const grantsQuery = () => queryOptions({ queryKey: vipKeys.grants, queryFn: ({ signal }) => api<MyGrants>("/profile/directaccess", { signal }) });

export const servicesQuery = () => queryOptions({ queryKey: vipKeys.services, queryFn: ({ signal }) => api<VipServicesResponse>("/vip/services", { signal }), retry: 1 });

export const ordersQuery = () => queryOptions({ queryKey: vipKeys.orders, queryFn: ({ signal }) => api<MyServiceOrders>("/profile/vip/orders", { signal }) });

export const scifindersQuery = () => queryOptions({ queryKey: vipKeys.scifinders, queryFn: ({ signal }) => api<MyScifinders>("/profile/vip/scifinders", { signal }) });

export const adminSitesQuery = () => queryOptions({ queryKey: vipKeys.adminSites, queryFn: ({ signal }) => api<AdminSiteList>("/admin/ajax/directaccess/sites", { signal }) });

export const adminPoolQuery = (id: number) =>
  queryOptions({ queryKey: vipKeys.adminPool(id), queryFn: ({ signal }) => api<AdminCredentialList>(`/admin/ajax/directaccess/sites/${id}/credentials`, { signal }) });

export const adminGrantsQuery = (site: number | null) =>
  queryOptions({ queryKey: vipKeys.adminGrants(site), queryFn: ({ signal }) => api<AdminGrantList>(`/admin/ajax/directaccess/grants${site ? `?site=${site}` : ""}`, { signal }) });

export const adminServicesQuery = (status: string) =>
  queryOptions({ queryKey: vipKeys.adminServices(status), queryFn: ({ signal }) => api<AdminServiceList>(`/admin/ajax/services?status=${encodeURIComponent(status)}`, { signal }) });
