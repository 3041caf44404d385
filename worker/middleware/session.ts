import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/context";
import { rolesOf } from "../lib/roles";
import { loadSession } from "../features/auth/sessions";

/** Who is asking: the session cookie's user and session on `c.var`, and the roles they give. */
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
