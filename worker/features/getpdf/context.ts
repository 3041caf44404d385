/** How a request reaches the getpdf verbs (the link box's routes and the reading lists' both use it). */
import type { Context } from "hono";
import { pickServices } from "../../services";
import type { AppEnv } from "../../lib/context";
import type { Background } from "../jobs/job-wait";
import type { GetpdfContext } from "./service";

/**
 * The getpdf verbs' context for one request (the batch feature resolves through the same verbs).
 * GET variants never spend (a cross-site link sends the cookie on top-level navigation); POST is CSRF-checked.
 */
export function context(c: Context<AppEnv>): GetpdfContext {
  return {
    ...pickServices(c, "db", "now", "signingSecret", "job", "clients", "bindings"),
    userId: c.var.user?.id ?? null,
    maySpend: c.req.method === "POST",
    background: backgroundOf(c),
  };
}

/** The execution context's waitUntil (absent where there is none: some tests call the app directly). */
function backgroundOf(c: Context<AppEnv>): Background | undefined {
  try {
    const ctx = c.executionCtx;
    return (p) => ctx.waitUntil(p);
  } catch {
    return undefined;
  }
}
