import { and, eq, gt, isNull, ne, or } from "drizzle-orm";
import type { Identifier } from "../../../contract/auth";
import { schema, type Db } from "../../../db/client";
import type { UserRow } from "../../lib/roles";

const users = schema.users;

/** Login and password reset: one field holds a mobile, an e-mail or a username. */
export async function findUserByIdentifier(db: Db, ident: Identifier): Promise<UserRow | null> {
  const where =
    ident.kind === "mobile"
      ? eq(users.mobile, ident.value)
      : ident.kind === "email"
        ? eq(users.email, ident.value)
        : or(eq(users.username, ident.value), eq(users.email, ident.value));
  const [row] = await db.select().from(users).where(where).limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Is the e-mail or mobile held by an account other than `exceptUserId`? */
export async function emailTaken(db: Db, email: string, exceptUserId?: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email))
    .limit(1);
  return !!row;
}

export async function mobileTaken(db: Db, mobile: string, exceptUserId?: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(eq(users.mobile, mobile), ne(users.id, exceptUserId)) : eq(users.mobile, mobile))
    .limit(1);
  return !!row;
}

/** D1 reports unique-index violations in the error text; maps them to the column. */
export function uniqueViolation(err: unknown): "email" | "mobile" | "username" | null {
  const text = String((err as { message?: string })?.message ?? err) + String((err as { cause?: { message?: string } })?.cause?.message ?? "");
  if (!/UNIQUE constraint failed/i.test(text)) return null;
  if (/users\.email/.test(text)) return "email";
  if (/users\.mobile/.test(text)) return "mobile";
  if (/users\.username/.test(text)) return "username";
  return null;
}

export async function activeSessionsOf(db: Db, userId: string, now: number) {
  const s = schema.sessions;
  return db
    .select()
    .from(s)
    .where(and(eq(s.userId, userId), isNull(s.revokedAt), gt(s.expiresAt, new Date(now))))
    .orderBy(s.lastSeenAt);
}
