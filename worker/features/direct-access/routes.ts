import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/context";
import { defineEndpoint } from "../../lib/endpoint";
import { anyone } from "../../lib/roles";
import { DirectAccessList } from "../../../contract/direct-access";
import { listDirectAccessSites } from "./service";

export const directAccessRoutes = new Hono<AppEnv>();

defineEndpoint(
  directAccessRoutes,
  { method: "get", path: "/direct_access", summary: "Direct-access catalogue (type 6)", roles: anyone, response: DirectAccessList, tag: "direct-access" },
  async (c) => c.json(await listDirectAccessSites(c.var.db)),
);

export type DirectAccessListBody = z.infer<typeof DirectAccessList>;
