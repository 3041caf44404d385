import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../../lib/context";
import { bindEndpoint } from "../../lib/endpoint";
import { systemApi } from "../../../contract/endpoints/system";

export const systemRoutes = new Hono<AppEnv>();

bindEndpoint(systemRoutes, systemApi.csrfToken, (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ token: c.var.csrfToken, signed_in: c.var.user != null });
});

bindEndpoint(systemRoutes, systemApi.health, async (c) => {
  await c.var.db.run(sql`select 1`);
  return c.json({ status: "ok" as const });
});
