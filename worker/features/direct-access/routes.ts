import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/context";
import { bindEndpoint } from "../../lib/endpoint";
import { shared } from "../../lib/shared-cache";
import { NotFoundError } from "../../lib/errors";
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
import { vipApi } from "../../../contract/endpoints/vip";

export const directAccessRoutes = new Hono<AppEnv>();

function siteIdOf(c: Context<AppEnv>): number {
  const raw = c.req.param("id") ?? "";
  if (!/^[0-9]{1,9}$/.test(raw)) throw new NotFoundError(m.siteNotFound);
  return Number(raw);
}

bindEndpoint(
  directAccessRoutes,
  vipApi.catalogue,
  // The same list for everyone: from the isolate's short-lived cache (dropped on any admin change).
  async (c) => c.json(await shared("direct-access-catalogue", c.var.now(), () => listDirectAccessSites(c.var.db))),
);

bindEndpoint(directAccessRoutes, vipApi.access, async (c) =>
  c.json(await accessPageData(c.var.db, { siteId: siteIdOf(c), userId: c.var.user?.id ?? null, now: c.var.now() })),
);

bindEndpoint(directAccessRoutes, vipApi.grants, async (c, { user }) => c.json({ grants: await myGrants(c.var.db, user.id, c.var.now()) }));

// ---- admin ------------------------------------------------------------------------------

bindEndpoint(directAccessRoutes, vipApi.adminSites, async (c) => c.json({ sites: await adminSites(c.var.db, c.var.now()) }));

bindEndpoint(directAccessRoutes, vipApi.createSite, async (c, { body }) => c.json({ status: "ok" as const, id: await createSite(c.var.db, body) }));

bindEndpoint(directAccessRoutes, vipApi.updateSite, async (c, { body }) => {
  const id = siteIdOf(c);
  await updateSite(c.var.db, id, body);
  return c.json({ status: "ok" as const, id });
});

bindEndpoint(directAccessRoutes, vipApi.adminPool, async (c) => c.json({ credentials: await credentialsOf(c.var.db, siteIdOf(c), c.var.now()) }));

bindEndpoint(directAccessRoutes, vipApi.addCredentials, async (c, { body }) =>
  c.json({ status: "ok" as const, count: await addCredentials(c.var.db, siteIdOf(c), body.lines, c.var.now()) }),
);

const IdParam = z.string().regex(/^[a-z]{3}_[0-9a-z]{22}$/);

bindEndpoint(directAccessRoutes, vipApi.deleteCredential, async (c) => {
  const id = c.req.param("id") ?? "";
  if (!IdParam.safeParse(id).success) throw new NotFoundError(m.credentialNotFound);
  await deleteCredential(c.var.db, id, c.var.now());
  return c.json({ status: "ok" as const, id });
});

bindEndpoint(directAccessRoutes, vipApi.rotateCredential, async (c, { body, user }) => {
  const id = c.req.param("id") ?? "";
  if (!IdParam.safeParse(id).success) throw new NotFoundError(m.credentialNotFound);
  await rotateCredential(c.var.db, user.id, id, body, c.var.now());
  return c.json({ status: "ok" as const, id });
});

bindEndpoint(directAccessRoutes, vipApi.adminGrants, async (c, { query }) =>
  c.json({ grants: await adminGrants(c.var.db, { siteId: query.site, active: query.active, now: c.var.now() }) }),
);

bindEndpoint(directAccessRoutes, vipApi.revokeGrant, async (c) => {
  const id = c.req.param("id") ?? "";
  if (!IdParam.safeParse(id).success) throw new NotFoundError(m.grantNotFound);
  await revokeGrant(c.var.db, id, c.var.now());
  return c.json({ status: "ok" as const, id });
});

bindEndpoint(directAccessRoutes, vipApi.assignGrant, async (c) => {
  const id = c.req.param("id") ?? "";
  if (!IdParam.safeParse(id).success) throw new NotFoundError(m.grantNotFound);
  const ok = await assignCredential(c.var.db, id, c.var.now());
  return c.json({ status: "ok" as const, id, count: ok ? 1 : 0 });
});
