import type { MiddlewareHandler } from "hono";
import { createDb } from "../../db/client";
import { isTest } from "../env";
import type { AppEnv } from "../lib/context";
import { createLogger } from "../lib/logger";
import { rolesOf } from "../lib/roles";
import { loadSession } from "../features/auth/sessions";

/** Builds the per-request services once and puts them on `c.var`; handlers never dig in `c.env` for infrastructure. */
export function services(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
    c.set("requestId", requestId);
    c.set("log", createLogger(requestId));
    c.set("db", createDb(c.env.DB));
    // Tests move the clock with a header; it exists only when APP_ENV is "test".
    const testNow = isTest(c.env) ? Number(c.req.header("x-test-now")) : NaN;
    c.set("now", Number.isFinite(testNow) && testNow > 0 ? () => testNow : () => Date.now());
    c.set("user", null);
    c.set("session", null);
    c.set("roles", ["guest"]);
    await next();
  };
}

export function session(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const loaded = await loadSession(c);
    if (loaded) {
      c.set("user", loaded.user);
      c.set("session", loaded.session);
    }
    c.set("roles", rolesOf(loaded?.user ?? null));
    await next();
  };
}
