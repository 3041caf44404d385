import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/context";
import { defineEndpoint } from "../../lib/endpoint";
import { anyone } from "../../lib/roles";

export const systemRoutes = new Hono<AppEnv>();

defineEndpoint(
  systemRoutes,
  {
    method: "get",
    path: "/csrf-token",
    summary: "CSRF token for clients that do not load a page first, and whether the caller is signed in (the browser extension asks)",
    roles: anyone,
    response: z.object({ token: z.string(), signed_in: z.boolean() }),
    tag: "system",
  },
  (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ token: c.var.csrfToken, signed_in: c.var.user != null });
  },
);

defineEndpoint(
  systemRoutes,
  { method: "get", path: "/health", summary: "Liveness and database check", roles: anyone, response: z.object({ status: z.literal("ok") }), tag: "system" },
  async (c) => {
    await c.var.db.run(sql`select 1`);
    return c.json({ status: "ok" as const });
  },
);
