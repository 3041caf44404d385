import type * as directAccessContract from "../direct-access";
import type * as vipContract from "../vip";
import { endpoint } from "../endpoint";

/** Direct access (worker/features/direct-access/routes.ts) and the VIP services (worker/features/vip/routes.ts). */
export const vipApi = {
  catalogue: endpoint<{ response: typeof directAccessContract.DirectAccessList }>()("get", "/direct_access"),
  access: endpoint<{ response: typeof directAccessContract.DirectAccessPageData }>()("get", "/direct_access/:id"),
  grants: endpoint<{ response: typeof directAccessContract.MyGrants }>()("get", "/profile/directaccess"),
  adminSites: endpoint<{ response: typeof directAccessContract.AdminSiteList }>()("get", "/admin/ajax/directaccess/sites"),
  createSite: endpoint<{ body: typeof directAccessContract.AdminSiteInput; response: typeof directAccessContract.AdminOk }>()(
    "post",
    "/admin/ajax/directaccess/sites",
  ),
  updateSite: endpoint<{ body: typeof directAccessContract.AdminSiteInput; response: typeof directAccessContract.AdminOk }>()(
    "post",
    "/admin/ajax/directaccess/sites/:id",
  ),
  adminPool: endpoint<{ response: typeof directAccessContract.AdminCredentialList }>()("get", "/admin/ajax/directaccess/sites/:id/credentials"),
  addCredentials: endpoint<{ body: typeof directAccessContract.AddCredentialsInput; response: typeof directAccessContract.AdminOk }>()(
    "post",
    "/admin/ajax/directaccess/sites/:id/credentials",
  ),
  deleteCredential: endpoint<{ response: typeof directAccessContract.AdminOk }>()("post", "/admin/ajax/directaccess/credentials/:id/delete"),
  rotateCredential: endpoint<{ body: typeof directAccessContract.RotateCredentialInput; response: typeof directAccessContract.AdminOk }>()(
    "post",
    "/admin/ajax/directaccess/credentials/:id/rotate",
  ),
  adminGrants: endpoint<{ query: typeof directAccessContract.AdminGrantsQuery; response: typeof directAccessContract.AdminGrantList }>()(
    "get",
    "/admin/ajax/directaccess/grants",
  ),
  revokeGrant: endpoint<{ response: typeof directAccessContract.AdminOk }>()("post", "/admin/ajax/directaccess/grants/:id/revoke"),
  assignGrant: endpoint<{ response: typeof directAccessContract.AdminOk }>()("post", "/admin/ajax/directaccess/grants/:id/assign"),
  services: endpoint<{ response: typeof vipContract.VipServicesResponse }>()("get", "/vip/services"),
  upload: endpoint<{ body: typeof vipContract.UploadInput; response: typeof vipContract.UploadOk }>()("post", "/upload/ithenticate_grammarly_contract"),
  orders: endpoint<{ response: typeof vipContract.MyServiceOrders }>()("get", "/profile/vip/orders"),
  scifinders: endpoint<{ response: typeof vipContract.MyScifinders }>()("get", "/profile/vip/scifinders"),
  adminServices: endpoint<{ query: typeof vipContract.AdminServiceQuery; response: typeof vipContract.AdminServiceList }>()("get", "/admin/ajax/services"),
  takeService: endpoint<{ response: typeof vipContract.ServiceActionOk }>()("post", "/admin/ajax/services/:id/take"),
  reportService: endpoint<{ body: typeof vipContract.ReportInput; response: typeof vipContract.ServiceActionOk }>()("post", "/admin/ajax/services/:id/report"),
  serviceAccount: endpoint<{ body: typeof vipContract.AccountInput; response: typeof vipContract.ServiceActionOk }>()(
    "post",
    "/admin/ajax/services/:id/account",
  ),
  rejectService: endpoint<{ body: typeof vipContract.RejectInput; response: typeof vipContract.ServiceActionOk }>()("post", "/admin/ajax/services/:id/reject"),
};
