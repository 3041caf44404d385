import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  AddCredentialsInput,
  AdminCredentialList,
  AdminGrantList,
  AdminGrantsQuery,
  AdminOk,
  AdminSiteInput,
  AdminSiteList,
  DirectAccessList,
  DirectAccessPageData,
  MyGrants,
  RotateCredentialInput,
} from "../../../contract/direct-access";
import type { AppEnv } from "../../lib/context";
import { defineEndpoint } from "../../lib/endpoint";
import { shared } from "../../lib/shared-cache";
import { NotFoundError } from "../../lib/errors";
import { adminOnly, anyone, signedIn } from "../../lib/roles";
import {
  addCredentials,
  adminGrants,
  adminSites,
  assignCredential,
  createSite,
  credentialsOf,
  deleteCredential,
  revokeGrant,
  rotateCredential,
  updateSite,
} from "./admin";
import { directAccessMessages as m } from "./messages";
import { accessPageData, listDirectAccessSites, myGrants } from "./service";

export const directAccessRoutes = new Hono<AppEnv>();

function siteIdOf(c: Context<AppEnv>): number {
  const raw = c.req.param("id") ?? "";
  if (!/^[0-9]{1,9}$/.test(raw)) throw new NotFoundError(m.siteNotFound);
  return Number(raw);
}

defineEndpoint(
  directAccessRoutes,
  { method: "get", path: "/direct_access", summary: "Direct-access catalogue (type 6)", roles: anyone, response: DirectAccessList, tag: "direct-access" },
  // The same list for everyone: from the isolate's short-lived cache (dropped on any admin change).
  async (c) => c.json(await shared("direct-access-catalogue", c.var.now(), () => listDirectAccessSites(c.var.db))),
);

defineEndpoint(
  directAccessRoutes,
  {
    method: "get",
    path: "/direct_access/:id",
    summary:
      "The access page of one site (/directaccess/{id}/{d?}): the site for everyone; for its buyer while a grant runs, the time left and the lent account; past grants offer renewal",
    roles: anyone,
    response: DirectAccessPageData,
    tag: "direct-access",
  },
  async (c) => c.json(await accessPageData(c.var.db, { siteId: siteIdOf(c), userId: c.var.user?.id ?? null, now: c.var.now() })),
);

defineEndpoint(
  directAccessRoutes,
  {
    method: "get",
    path: "/profile/directaccess",
    summary: "The signed-in user's direct-access grants (running and past)",
    roles: signedIn,
    response: MyGrants,
    tag: "direct-access",
  },
  async (c, { user }) => c.json({ grants: await myGrants(c.var.db, user.id, c.var.now()) }),
);

// ---- admin ------------------------------------------------------------------------------

defineEndpoint(
  directAccessRoutes,
  {
    method: "get",
    path: "/admin/ajax/directaccess/sites",
    summary: "Every site (active or not) with period prices, pool sizes and running grants",
    roles: adminOnly,
    response: AdminSiteList,
    tag: "direct-access",
  },
  async (c) => c.json({ sites: await adminSites(c.var.db, c.var.now()) }),
);

defineEndpoint(
  directAccessRoutes,
  {
    method: "post",
    path: "/admin/ajax/directaccess/sites",
    summary: "Add a site with its period prices",
    roles: adminOnly,
    body: AdminSiteInput,
    response: AdminOk,
    tag: "direct-access",
  },
  async (c, { body }) => c.json({ status: "ok" as const, id: await createSite(c.var.db, body) }),
);

defineEndpoint(
  directAccessRoutes,
  {
    method: "post",
    path: "/admin/ajax/directaccess/sites/:id",
    summary: "Change a site and replace its period prices",
    roles: adminOnly,
    body: AdminSiteInput,
    response: AdminOk,
    tag: "direct-access",
  },
  async (c, { body }) => {
    const id = siteIdOf(c);
    await updateSite(c.var.db, id, body);
    return c.json({ status: "ok" as const, id });
  },
);

defineEndpoint(
  directAccessRoutes,
  {
    method: "get",
    path: "/admin/ajax/directaccess/sites/:id/credentials",
    summary: "A site's account pool and who holds each account now",
    roles: adminOnly,
    response: AdminCredentialList,
    tag: "direct-access",
  },
  async (c) => c.json({ credentials: await credentialsOf(c.var.db, siteIdOf(c), c.var.now()) }),
);

defineEndpoint(
  directAccessRoutes,
  {
    method: "post",
    path: "/admin/ajax/directaccess/sites/:id/credentials",
    summary: "Add accounts to a site's pool (`lines`: username:password per line); running grants without an account get one",
    roles: adminOnly,
    body: AddCredentialsInput,
    response: AdminOk,
    tag: "direct-access",
  },
  async (c, { body }) => c.json({ status: "ok" as const, count: await addCredentials(c.var.db, siteIdOf(c), body.lines, c.var.now()) }),
);

const IdParam = z.string().regex(/^[a-z]{3}_[0-9a-z]{22}$/);

defineEndpoint(
  directAccessRoutes,
  {
    method: "post",
    path: "/admin/ajax/directaccess/credentials/:id/delete",
    summary: "Remove an account from its pool (refused while a running grant holds it)",
    roles: adminOnly,
    response: AdminOk,
    tag: "direct-access",
  },
  async (c) => {
    const id = c.req.param("id") ?? "";
    if (!IdParam.safeParse(id).success) throw new NotFoundError(m.credentialNotFound);
    await deleteCredential(c.var.db, id, c.var.now());
    return c.json({ status: "ok" as const, id });
  },
);

defineEndpoint(
  directAccessRoutes,
  {
    method: "post",
    path: "/admin/ajax/directaccess/credentials/:id/rotate",
    summary:
      "Record the account's new password (changed at the provider) and return it to the pool; an ended grant's account is not lent again until this (audited)",
    roles: adminOnly,
    body: RotateCredentialInput,
    response: AdminOk,
    tag: "direct-access",
  },
  async (c, { body, user }) => {
    const id = c.req.param("id") ?? "";
    if (!IdParam.safeParse(id).success) throw new NotFoundError(m.credentialNotFound);
    await rotateCredential(c.var.db, user.id, id, body, c.var.now());
    return c.json({ status: "ok" as const, id });
  },
);

defineEndpoint(
  directAccessRoutes,
  {
    method: "get",
    path: "/admin/ajax/directaccess/grants",
    summary: "Bought grants (filter by site, running or ended)",
    roles: adminOnly,
    query: AdminGrantsQuery,
    response: AdminGrantList,
    tag: "direct-access",
  },
  async (c, { query }) => c.json({ grants: await adminGrants(c.var.db, { siteId: query.site, active: query.active, now: c.var.now() }) }),
);

defineEndpoint(
  directAccessRoutes,
  {
    method: "post",
    path: "/admin/ajax/directaccess/grants/:id/revoke",
    summary: "End a grant now (its account awaits rotation before it is lent again)",
    roles: adminOnly,
    response: AdminOk,
    tag: "direct-access",
  },
  async (c) => {
    const id = c.req.param("id") ?? "";
    if (!IdParam.safeParse(id).success) throw new NotFoundError(m.grantNotFound);
    await revokeGrant(c.var.db, id, c.var.now());
    return c.json({ status: "ok" as const, id });
  },
);

defineEndpoint(
  directAccessRoutes,
  {
    method: "post",
    path: "/admin/ajax/directaccess/grants/:id/assign",
    summary: "Lend a free account to a running grant that has none",
    roles: adminOnly,
    response: AdminOk,
    tag: "direct-access",
  },
  async (c) => {
    const id = c.req.param("id") ?? "";
    if (!IdParam.safeParse(id).success) throw new NotFoundError(m.grantNotFound);
    const ok = await assignCredential(c.var.db, id, c.var.now());
    return c.json({ status: "ok" as const, id, count: ok ? 1 : 0 });
  },
);
