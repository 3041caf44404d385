/**
 * Joining a contracted institution: the user asks for a link to an address on one of its domains
 * (GET /send/verify/email); following the link (single use, 24 hours) sets the user's
 * university and verification time, which is what makes them a "university" user.
 */
import { and, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { VerifyOutcome } from "../../../contract/institutions";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { DomainError, RateLimitError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import type { Notifier } from "../notify/notifier";
import { institutionMessages as m } from "./messages";

const JOIN_LINK_TTL_MS = 24 * 3_600_000;
const JOIN_RESEND_AFTER_MS = 60_000;
const JOIN_LINKS_PER_DAY = 5;
const DAY_MS = 86_400_000;
const PURPOSE = "university_email" as const;
const codes = schema.verificationCodes;

type JoinDeps = { db: Db; now: number; notifier: Notifier; origin: string };

/** The domain and its parents ("mail.sample.ac.ir" → also "sample.ac.ir"), never a bare TLD. */
function candidateDomains(email: string): string[] {
  const host = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  const labels = host.split(".").filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < labels.length - 1; i++) out.push(labels.slice(i).join("."));
  return out;
}

/** The active institution an address belongs to, by its most specific registered domain. */
async function institutionForEmail(db: Db, email: string) {
  const domains = candidateDomains(email);
  if (!domains.length) return null;
  const rows = await db
    .select({ domain: schema.universityDomains.domain, id: schema.universities.id, name: schema.universities.name })
    .from(schema.universityDomains)
    .innerJoin(schema.universities, eq(schema.universities.id, schema.universityDomains.universityId))
    .where(and(inArray(schema.universityDomains.domain, domains), eq(schema.universities.active, true)));
  rows.sort((a, b) => b.domain.length - a.domain.length);
  return rows[0] ?? null;
}

/** Sends the joining link; throws a Persian DomainError (or RateLimitError) when it may not. */
export async function sendJoinLink(deps: JoinDeps, user: UserRow, email: string): Promise<void> {
  const { db, now } = deps;
  const uni = await institutionForEmail(db, email);
  if (!uni) throw new DomainError(m.emailNotInstitutional);
  if (user.universityId === uni.id && user.universityVerifiedAt && user.universityEmail === email) throw new DomainError(m.alreadyMember);
  await assertAddressFree(db, email, user.id);

  const recent = await db
    .select({ createdAt: codes.createdAt })
    .from(codes)
    .where(and(eq(codes.purpose, PURPOSE), eq(codes.userId, user.id), gt(codes.createdAt, new Date(now - DAY_MS))))
    .orderBy(desc(codes.createdAt));
  const last = recent[0]?.createdAt.getTime();
  if (last !== undefined && now - last < JOIN_RESEND_AFTER_MS) {
    const wait = Math.ceil((last + JOIN_RESEND_AFTER_MS - now) / 1000);
    throw new RateLimitError(wait, m.emailTooSoon(wait));
  }
  if (recent.length >= JOIN_LINKS_PER_DAY) throw new RateLimitError(Math.ceil(DAY_MS / 1000), m.emailDailyCap);

  // 256 random bits, stored only as SHA-256; a newer link supersedes the older live ones.
  const token = randomToken(32);
  const id = newId("vc", now);
  await db.batch([
    db
      .update(codes)
      .set({ consumedAt: new Date(now) })
      .where(and(eq(codes.purpose, PURPOSE), eq(codes.userId, user.id), isNull(codes.consumedAt))),
    db.insert(codes).values({
      id,
      purpose: PURPOSE,
      userId: user.id,
      target: email,
      codeHash: await sha256Hex(token),
      payload: { universityId: uni.id },
      expiresAt: new Date(now + JOIN_LINK_TTL_MS),
      createdAt: new Date(now),
    }),
  ]);
  try {
    await deps.notifier.notify({ email, template: "university_link", params: { link: `${deps.origin}/verify/university/${token}`, university: uni.name } });
  } catch (err) {
    // A link that never left does not count against the user's limits.
    await db.delete(codes).where(eq(codes.id, id));
    throw err;
  }
}

/** One institutional address joins one account only (an address cannot be lent to others). */
async function assertAddressFree(db: Db, email: string, userId: string) {
  const [other] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.universityEmail, email), ne(schema.users.id, userId), sql`${schema.users.universityVerifiedAt} IS NOT NULL`))
    .limit(1);
  if (other) throw new DomainError(m.emailTaken);
}

/** Follows a link: sets the university once. Refuses unknown, expired, used and superseded links. */
export async function followJoinLink(db: Db, token: string, now: number): Promise<{ outcome: VerifyOutcome; universityName?: string }> {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) return { outcome: "invalid" };
  const [row] = await db
    .select()
    .from(codes)
    .where(and(eq(codes.codeHash, await sha256Hex(token)), eq(codes.purpose, PURPOSE)))
    .limit(1);
  if (!row || !row.userId) return { outcome: "invalid" };
  if (row.consumedAt) return { outcome: "used" };
  if (row.expiresAt.getTime() <= now) return { outcome: "expired" };
  const universityId = row.payload?.universityId;
  const uni = universityId ? await db.query.universities.findFirst({ where: eq(schema.universities.id, universityId) }) : undefined;
  if (!uni || !uni.active) return { outcome: "invalid" };
  try {
    await assertAddressFree(db, row.target, row.userId);
  } catch {
    return { outcome: "taken" };
  }
  // Consume and join in one batch; the guard on consumed_at makes a second click (or a race) a no-op.
  const [consumed] = await db.batch([
    db
      .update(codes)
      .set({ consumedAt: new Date(now) })
      .where(and(eq(codes.id, row.id), isNull(codes.consumedAt)))
      .returning({ id: codes.id }),
    db
      .update(schema.users)
      .set({ universityId: uni.id, universityEmail: row.target, universityVerifiedAt: new Date(now), updatedAt: new Date(now) })
      .where(and(eq(schema.users.id, row.userId), sql`EXISTS (SELECT 1 FROM verification_codes WHERE id = ${row.id} AND consumed_at = ${now})`)),
  ]);
  if (!consumed.length) return { outcome: "used" };
  return { outcome: "joined", universityName: uni.name };
}
