/** Who owns a reading list: the signed-in user, or a guest's browser by its cookie. */
import type { Context } from "hono";
import type { AppEnv } from "../../lib/context";
import { readCookie } from "../../lib/cookies";
import type { Owner } from "./service";

/** A guest's batches are bound to this cookie (its SHA-256 is stored with the batch; written by lib/cookies.ts: __Host- on https). */
export const GUEST_COOKIE = "batch_owner" as const;

export function readOwner(c: Context<AppEnv>): Owner | null {
  if (c.var.user) return { userId: c.var.user.id };
  const token = readCookie(c, GUEST_COOKIE);
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? { userId: null, guestToken: token } : null;
}
