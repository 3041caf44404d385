/** Shared pieces of the accounts tests: fresh identities, registration, reading the dev outbox, users made directly in D1. */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { createDb, schema } from "../../db/client";
import { newId } from "../../db/ids";
import { passwordPepper } from "../../worker/env";
import { sha256Hex, randomToken } from "../../worker/lib/crypto";
import { hashPassword, TEST_PARAMS } from "../../worker/features/auth/password";
import { Client } from "./helpers";

export const PASSWORD = "a-long-secret-1";

let counter = 0;
/** Distinct per call (and per test file run), so tests never share identities. */
function uniq() {
  counter += 1;
  return `${Date.now() % 1_000_000}${counter}`.slice(-7).padStart(7, "0");
}
export const uniqueMobile = () => `0912${uniq()}`;
export const uniqueEmail = () => `u${uniq()}-${Math.random().toString(36).slice(2, 7)}@example.org`;
export const uniqueIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** A browser with its own address (the per-IP limits would otherwise join every test). */
export const newClient = () => new Client({ "cf-connecting-ip": uniqueIp() });

export type Registration = { name: string; email: string; mobile: string; password: string; password_confirmation: string };

export function registration(over: Partial<Registration> = {}): Registration {
  return { name: "کاربر آزمایشی", email: uniqueEmail(), mobile: uniqueMobile(), password: PASSWORD, password_confirmation: PASSWORD, ...over };
}

export async function register(c: Client, over: Partial<Registration> = {}, now?: number) {
  const data = registration(over);
  const res = await c.post("/register", data, { now });
  expect(res.status).toBe(200);
  return data;
}

export type OutboxMessage = { id: number; channel: "sms" | "email"; recipient: string; subject: string | null; text: string; created_at: string };

export async function outbox(recipient?: string): Promise<OutboxMessage[]> {
  const res = await new Client().get(`/dev/outbox.json${recipient ? `?recipient=${encodeURIComponent(recipient)}` : ""}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

/** The six-digit code of the newest message to `recipient`, read the way a developer would: from /dev/outbox.json. */
export async function latestCode(recipient: string): Promise<string> {
  const [latest] = await outbox(recipient);
  const code = latest?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}

export async function latestLink(recipient: string): Promise<URL> {
  const [latest] = await outbox(recipient);
  const link = latest?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in the outbox for ${recipient}`);
  return new URL(link);
}

export const db = () => createDb(env.DB);

export type MadeUser = { id: string; email: string; mobile: string; username: string; password: string };

/** A user written straight into D1 (cheap test hash), with optional roles. */
export async function makeUser(
  opts: { admin?: boolean; solver?: boolean; partner?: boolean; university?: boolean; blocked?: boolean; mobileVerified?: boolean } = {},
): Promise<MadeUser> {
  const d = db();
  const now = Date.now();
  const id = newId("usr", now);
  const email = uniqueEmail();
  const mobile = uniqueMobile();
  const username = `user${uniq()}${Math.random().toString(36).slice(2, 6)}`;
  let universityId: string | null = null;
  if (opts.university) {
    universityId = newId("uni", now);
    await d.insert(schema.universities).values({ id: universityId, name: "دانشگاه آزمایشی", access: ["article_download"], quotas: {} });
  }
  await d.insert(schema.users).values({
    id,
    name: "کاربر ساخته‌شده",
    email,
    mobile,
    username,
    mobileVerifiedAt: opts.mobileVerified === false ? null : new Date(now),
    passwordHash: await hashPassword(PASSWORD, passwordPepper(env), TEST_PARAMS),
    isAdmin: !!opts.admin,
    isSolver: !!opts.solver,
    isPartner: !!opts.partner,
    universityId,
    universityVerifiedAt: universityId ? new Date(now) : null,
    blockedAt: opts.blocked ? new Date(now) : null,
  });
  return { id, email, mobile, username, password: PASSWORD };
}

/** A signed-in browser for `userId`: a session row and its cookie, made directly. */
export async function clientFor(userId: string): Promise<Client> {
  const token = randomToken(32);
  const now = Date.now();
  await db()
    .insert(schema.sessions)
    .values({ id: await sha256Hex(token), userId, remember: true, createdAt: new Date(now), lastSeenAt: new Date(now), expiresAt: new Date(now + 86_400_000) });
  const c = newClient();
  c.cookies.set("__Host-daryaft_session", token);
  return c;
}

export async function userRow(id: string) {
  const [row] = await db().select().from(schema.users).where(eq(schema.users.id, id));
  return row;
}

export async function userByEmail(email: string) {
  const [row] = await db().select().from(schema.users).where(eq(schema.users.email, email));
  return row;
}

export function setCookieLine(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
}
