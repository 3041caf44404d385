import { Hono } from "hono";
import { IdentifyQuery, IdentifyResult } from "../../../contract/identify";
import { identify } from "../../../lib/identify";
import type { AppEnv } from "../../lib/context";
import { defineEndpoint } from "../../lib/endpoint";
import { anyone } from "../../lib/roles";

export const identifyRoutes = new Hono<AppEnv>();

defineEndpoint(
  identifyRoutes,
  { method: "get", path: "/identify", summary: "What a pasted link or DOI is (no network access)", roles: anyone, query: IdentifyQuery, response: IdentifyResult, tag: "getpdf" },
  (c, { query }) => c.json(identify(query.input)),
);
