import { and, eq, isNull } from "drizzle-orm";
import type { Context } from "hono";
import type { Db } from "../../../db/client";
import { schema } from "../../../db/client";
import type { AppEnv, SessionInfo } from "../../lib/context";
import { readCookie, removeCookie, writeCookie } from "../../lib/cookies";
import { randomToken, sha256Hex } from "../../lib/crypto";
import type { UserRow } from "../../lib/roles";
import { EXT_SESSION_COOKIE, extensionMayUseSession, fromExtension, fromUnpinnedExtension } from "../../lib/extension-access";

const SESSION_COOKIE = "daryaft_session" as const;
/** "Remember me" keeps a session 30 days; otherwise it is a browser session that the server ends after 12 hours idle. */
const REMEMBER_MS = 30 * 24 * 3600 * 1000;
const BROWSER_SESSION_MS = 12 * 3600 * 1000;
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export async function createSession(c: Context<AppEnv>, userId: string, opts: { remember: boolean }): Promise<SessionInfo> {
  const token = randomToken(32);
  const id = await sha256Hex(token);
  const now = c.var.now();
  const expiresAt = new Date(now + (opts.remember ? REMEMBER_MS : BROWSER_SESSION_MS));
  await c.var.db.insert(schema.sessions).values({
    id,
    userId,
    remember: opts.remember,
    userAgent: (c.req.header("user-agent") ?? "").slice(0, 300),
    ip: c.req.header("cf-connecting-ip") ?? null,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt,
  });
  writeCookie(c, SESSION_COOKIE, token, opts.remember ? { expires: expiresAt } : {});
  setExtensionSessionCookie(c, token, opts.remember ? expiresAt : undefined);
  return { id, remember: opts.remember, expiresAt };
}

export async function revokeSession(db: Db, sessionId: string, now: number) {
  await db
    .update(schema.sessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(schema.sessions.id, sessionId), isNull(schema.sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: string, now: number) {
  await db
    .update(schema.sessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(schema.sessions.userId, userId), isNull(schema.sessions.revokedAt)));
}

export function clearSessionCookie(c: Context<AppEnv>) {
  removeCookie(c, SESSION_COOKIE);
  removeCookie(c, EXT_SESSION_COOKIE);
}

/**
 * The session's SameSite=None copy, read only on our extension's calls to the getpdf endpoints
 * (lib/extension-access.ts, docs/decisions/0006). Same token, same lifetime, so revoking the
 * session (logout, password change) ends both.
 */
function setExtensionSessionCookie(c: Context<AppEnv>, token: string, expires: Date | undefined) {
  // Browsers (and hono) refuse an expiry more than 400 days ahead; a session row may say later.
  const capped = expires && new Date(Math.min(expires.getTime(), Date.now() + COOKIE_MAX_MS));
  writeCookie(c, EXT_SESSION_COOKIE, token, capped ? { expires: capped } : {});
}

const COOKIE_MAX_MS = 399 * 86_400_000;

/** Loads the session and its user in one query; expired, revoked or blocked means guest. */
export async function loadSession(c: Context<AppEnv>): Promise<{ session: SessionInfo; user: UserRow } | null> {
  const ext = fromExtension(c);
  // Any Firefox extension shares the moz-extension:// pattern: its calls never carry a session.
  if (fromUnpinnedExtension(c)) return null;
  const token = readCookie(c, SESSION_COOKIE) ?? (extensionMayUseSession(c) ? readCookie(c, EXT_SESSION_COOKIE) : undefined);
  if (!token || token.length > 100) return null;
  const id = await sha256Hex(token);
  const rows = await c.var.db
    .select({ session: schema.sessions, user: schema.users })
    .from(schema.sessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
    .where(eq(schema.sessions.id, id))
    .limit(1);
  const row = rows[0];
  const now = c.var.now();
  if (!row || row.session.revokedAt || row.session.expiresAt.getTime() <= now || row.user.blockedAt) return null;
  if (now - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    // Browser sessions slide with activity; remembered ones keep their fixed 30 days.
    const expiresAt = row.session.remember ? row.session.expiresAt : new Date(now + BROWSER_SESSION_MS);
    await c.var.db
      .update(schema.sessions)
      .set({ lastSeenAt: new Date(now), expiresAt })
      .where(eq(schema.sessions.id, id));
  }
  // Sessions started before the extension existed get their copy on the next visit.
  if (!ext && readCookie(c, EXT_SESSION_COOKIE) !== token) setExtensionSessionCookie(c, token, row.session.remember ? row.session.expiresAt : undefined);
  return { session: { id, remember: row.session.remember, expiresAt: row.session.expiresAt }, user: row.user };
}
