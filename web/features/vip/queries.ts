import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { InputOf } from "../../../contract/endpoint";
import { vipApi } from "../../../contract/endpoints/vip";
import type { AdminSiteInput } from "../../../contract/direct-access";
import { call } from "../../lib/api";

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
  queryOptions({ queryKey: vipKeys.catalogue, queryFn: ({ signal }) => call(vipApi.catalogue, {}, { signal }), staleTime: 5 * 60_000, retry: 1 });

export const accessQuery = (id: number) =>
  queryOptions({ queryKey: vipKeys.access(id), queryFn: ({ signal }) => call(vipApi.access, { id }, { signal }), retry: 1 });

export const grantsQuery = () => queryOptions({ queryKey: vipKeys.grants, queryFn: ({ signal }) => call(vipApi.grants, {}, { signal }) });

export const servicesQuery = () => queryOptions({ queryKey: vipKeys.services, queryFn: ({ signal }) => call(vipApi.services, {}, { signal }), retry: 1 });

export const ordersQuery = () => queryOptions({ queryKey: vipKeys.orders, queryFn: ({ signal }) => call(vipApi.orders, {}, { signal }) });

export const scifindersQuery = () => queryOptions({ queryKey: vipKeys.scifinders, queryFn: ({ signal }) => call(vipApi.scifinders, {}, { signal }) });

export const adminSitesQuery = () => queryOptions({ queryKey: vipKeys.adminSites, queryFn: ({ signal }) => call(vipApi.adminSites, {}, { signal }) });

export const adminPoolQuery = (id: number) =>
  queryOptions({ queryKey: vipKeys.adminPool(id), queryFn: ({ signal }) => call(vipApi.adminPool, { id }, { signal }) });

export const adminGrantsQuery = (site: number | null) =>
  queryOptions({ queryKey: vipKeys.adminGrants(site), queryFn: ({ signal }) => call(vipApi.adminGrants, { site: site || undefined }, { signal }) });

export const adminServicesQuery = (status: string) =>
  queryOptions({ queryKey: vipKeys.adminServices(status), queryFn: ({ signal }) => call(vipApi.adminServices, { status }, { signal }) });

/** A VIP service's file (iThenticate, Grammarly, …) as multipart; answers where to go next. */
export const uploadService = (form: FormData) => call(vipApi.upload, {}, { form });

/** Admin: a new direct-access site, or changes to one. */
export const saveSiteMutation = (siteId: number | undefined) =>
  mutationOptions({ mutationFn: (input: AdminSiteInput) => (siteId ? call(vipApi.updateSite, { id: siteId, ...input }) : call(vipApi.createSite, input)) });

export const addCredentialsMutation = (siteId: number) =>
  mutationOptions({ mutationFn: (lines: string) => call(vipApi.addCredentials, { id: siteId, lines }) });

export const deleteCredentialMutation = () => mutationOptions({ mutationFn: (id: string) => call(vipApi.deleteCredential, { id }) });

export const rotateCredentialMutation = (id: string) => mutationOptions({ mutationFn: (password: string) => call(vipApi.rotateCredential, { id, password }) });

/** Ends a grant, or lends it an account from the pool. */
export const grantActionMutation = () =>
  mutationOptions({
    mutationFn: ({ id, action }: { id: string; action: "revoke" | "assign" }) => call(action === "revoke" ? vipApi.revokeGrant : vipApi.assignGrant, { id }),
  });

export type ServiceAction =
  | { action: "take" }
  | { action: "report"; form: FormData }
  | { action: "account"; body: Omit<InputOf<typeof vipApi.serviceAccount>, "id"> }
  | { action: "reject"; body: Omit<InputOf<typeof vipApi.rejectService>, "id"> };

/** The desk's steps on one service order: take it, send the report file, hand over an account, or reject. */
export const serviceActionMutation = (id: string) =>
  mutationOptions({
    mutationFn: (a: ServiceAction) => {
      if (a.action === "take") return call(vipApi.takeService, { id });
      if (a.action === "report") return call(vipApi.reportService, { id }, { form: a.form });
      if (a.action === "account") return call(vipApi.serviceAccount, { id, ...a.body });
      return call(vipApi.rejectService, { id, ...a.body });
    },
  });
