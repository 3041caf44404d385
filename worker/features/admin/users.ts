/** Admin verbs on users: search, one user's whole picture, roles, block and unblock. Credits go through wallet's adjust endpoint. */
import { and, count, desc, eq, isNotNull, isNull, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AdminUserDetail, AdminUserRow, AdminUsersPage, AdminUsersQuery, BlockInput, RolesInput } from "../../../contract/admin";
import { normalizeMobile } from "../../../lib/digits";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { DomainError, NotFoundError, ValidationError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import { balancesByAccount } from "../wallet/queries";
import { adminMessages as m } from "./messages";

const u = schema.users;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
/**
 * `col` contains `q`, case-insensitively. instr() rather than LIKE: D1 refuses LIKE patterns over
 * 50 bytes (a few Persian words), and instr() has no wildcards to escape.
 */
export const contains = (col: SQL | AnyColumn, q: string) => sql`instr(lower(${col}), ${asciiLower(q)}) > 0`;
/** SQLite's lower() folds ASCII only; fold the needle the same way. */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (ch) => ch.toLowerCase());

const rowColumns = {
  id: u.id,
  name: u.name,
  email: u.email,
  mobile: u.mobile,
  username: u.username,
  isAdmin: u.isAdmin,
  isSolver: u.isSolver,
  isPartner: u.isPartner,
  universityId: u.universityId,
  universityVerifiedAt: u.universityVerifiedAt,
  blockedAt: u.blockedAt,
  balance: u.balance,
  createdAt: u.createdAt,
  // Aliased: D1 batches map rows by column name, and users.name would shadow it.
  universityName: sql<string | null>`${schema.universities.name}`.as("university_name"),
};
type RowIn = { [K in Exclude<keyof typeof rowColumns, "universityName">]: (typeof rowColumns)[K]["_"]["data"] | null } & { universityName: string | null };

function rowOut(r: RowIn): AdminUserRow {
  return {
    id: r.id!,
    name: r.name!,
    email: r.email!,
    mobile: r.mobile,
    username: r.username,
    roles: { admin: !!r.isAdmin, solver: !!r.isSolver, partner: !!r.isPartner, university: !!(r.universityId && r.universityVerifiedAt) },
    blocked_at: iso(r.blockedAt),
    balance: r.balance ?? 0,
    university_id: r.universityId,
    university_name: r.universityName,
    created_at: r.createdAt!.toISOString(),
  };
}

export async function searchUsers(db: Db, query: z.output<typeof AdminUsersQuery>): Promise<AdminUsersPage> {
  const where: SQL[] = [];
  if (query.q) {
    const q = query.q;
    const mobile = normalizeMobile(q);
    where.push(
      or(
        contains(u.name, q),
        contains(u.email, q),
        contains(sql`coalesce(${u.mobile}, '')`, q),
        contains(sql`coalesce(${u.username}, '')`, q),
        eq(u.id, q),
        ...(mobile ? [eq(u.mobile, mobile)] : []),
      )!,
    );
  }
  if (query.role === "admin") where.push(eq(u.isAdmin, true));
  if (query.role === "solver") where.push(eq(u.isSolver, true));
  if (query.role === "partner") where.push(eq(u.isPartner, true));
  if (query.role === "university") where.push(and(isNotNull(u.universityId), isNotNull(u.universityVerifiedAt))!);
  if (query.role === "blocked") where.push(isNotNull(u.blockedAt));
  const cond = where.length ? and(...where) : undefined;
  const [rows, totals] = await db.batch([
    db
      .select(rowColumns)
      .from(u)
      .leftJoin(schema.universities, eq(schema.universities.id, u.universityId))
      .where(cond)
      .orderBy(desc(u.createdAt), desc(u.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(u).where(cond),
  ]);
  const total = totals[0]?.n ?? 0;
  return { data: rows.map(rowOut), total, page: query.page, per_page: query.per_page, total_pages: Math.max(1, Math.ceil(total / query.per_page)) };
}

export async function userDetail(db: Db, id: string, now: number): Promise<AdminUserDetail> {
  const [rows, sessions, downloads, orders, payments, requests, ledger] = await db.batch([
    db
      .select({ ...rowColumns, universityEmail: u.universityEmail })
      .from(u)
      .leftJoin(schema.universities, eq(schema.universities.id, u.universityId))
      .where(eq(u.id, id)),
    db
      .select({ n: count() })
      .from(schema.sessions)
      .where(and(eq(schema.sessions.userId, id), isNull(schema.sessions.revokedAt), sql`${schema.sessions.expiresAt} > ${now}`)),
    db.select().from(schema.downloads).where(eq(schema.downloads.userId, id)).orderBy(desc(schema.downloads.createdAt)).limit(10),
    db.select().from(schema.orders).where(eq(schema.orders.userId, id)).orderBy(desc(schema.orders.createdAt)).limit(10),
    db.select().from(schema.payments).where(eq(schema.payments.userId, id)).orderBy(desc(schema.payments.createdAt)).limit(10),
    db.select().from(schema.offlineRequests).where(eq(schema.offlineRequests.userId, id)).orderBy(desc(schema.offlineRequests.createdAt)).limit(10),
    db
      .select()
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.userId, id))
      .orderBy(desc(schema.ledgerEntries.createdAt), desc(schema.ledgerEntries.id))
      .limit(20),
  ]);
  const row = rows[0];
  if (!row) throw new NotFoundError(m.userNotFound);
  return {
    user: { ...rowOut(row), university_email: row.universityEmail, active_sessions: sessions[0]?.n ?? 0 },
    balances: await balancesByAccount(db, id),
    downloads: downloads.map((d) => ({ id: d.id, outcome: d.outcome, title: d.title, doi: d.doi, url: d.url, created_at: d.createdAt.toISOString() })),
    orders: orders.map((o) => ({ id: o.id, total: o.total, status: o.status, created_at: o.createdAt.toISOString() })),
    payments: payments.map((p) => ({ id: p.id, amount: p.amount, status: p.status, gateway: p.gateway, created_at: p.createdAt.toISOString() })),
    requests: requests.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      title: r.title,
      url: r.url,
      price: r.price,
      created_at: r.createdAt.toISOString(),
    })),
    ledger: ledger.map((l) => ({ id: l.id, account: l.account, delta: l.delta, reason: l.reason, note: l.note, created_at: l.createdAt.toISOString() })),
  };
}

async function findTarget(db: Db, id: string) {
  const [row] = await db.select().from(u).where(eq(u.id, id));
  if (!row) throw new NotFoundError(m.userNotFound);
  return row;
}

export function auditRow(db: Db, a: { actor: UserRow; action: string; targetType: string; targetId: string; details: Record<string, unknown>; now: number }) {
  return db.insert(schema.auditLog).values({
    id: newId("aud", a.now),
    actorId: a.actor.id,
    action: a.action,
    targetType: a.targetType,
    targetId: a.targetId,
    details: a.details,
    createdAt: new Date(a.now),
  });
}

/**
 * Sets admin, solver and partner. A partner needs an institution (the one given, or the user's own);
 * a partner role taken away from someone who never joined by e-mail also unlinks the institution.
 */
export async function setRoles(db: Db, actor: UserRow, id: string, input: z.output<typeof RolesInput>, now: number) {
  const target = await findTarget(db, id);
  if (target.id === actor.id && !input.admin) throw new DomainError(m.ownAdminRole, 409);
  let universityId = target.universityId;
  if (input.partner && input.university_id) {
    const [uni] = await db.select({ id: schema.universities.id }).from(schema.universities).where(eq(schema.universities.id, input.university_id));
    if (!uni) throw new ValidationError({ university_id: [m.institutionUnknown] });
    universityId = uni.id;
  }
  if (input.partner && !universityId) throw new ValidationError({ university_id: [m.partnerNeedsInstitution] });
  if (!input.partner && target.isPartner && !target.universityVerifiedAt) universityId = null;
  const verifiedHere = universityId === target.universityId;
  await db.batch([
    db
      .update(u)
      .set({
        isAdmin: input.admin,
        isSolver: input.solver,
        isPartner: input.partner,
        universityId,
        ...(verifiedHere ? {} : { universityVerifiedAt: null, universityEmail: null }),
        updatedAt: new Date(now),
      })
      .where(eq(u.id, id)),
    auditRow(db, {
      actor,
      action: "user.roles",
      targetType: "user",
      targetId: id,
      details: {
        from: { admin: target.isAdmin, solver: target.isSolver, partner: target.isPartner, university_id: target.universityId },
        to: { ...input, university_id: universityId },
      },
      now,
    }),
  ]);
  return userDetail(db, id, now);
}

/** Blocking ends every session of the user in the same batch; a blocked user cannot log in (auth checks blockedAt). */
export async function setBlocked(db: Db, actor: UserRow, id: string, input: z.output<typeof BlockInput>, now: number) {
  const target = await findTarget(db, id);
  if (input.blocked) {
    if (target.id === actor.id) throw new DomainError(m.blockSelf, 409);
    if (target.blockedAt) throw new DomainError(m.alreadyBlocked, 409);
  } else if (!target.blockedAt) throw new DomainError(m.notBlocked, 409);
  const at = new Date(now);
  await db.batch([
    db
      .update(u)
      .set({ blockedAt: input.blocked ? at : null, updatedAt: at })
      .where(eq(u.id, id)),
    ...(input.blocked
      ? [
          db
            .update(schema.sessions)
            .set({ revokedAt: at })
            .where(and(eq(schema.sessions.userId, id), isNull(schema.sessions.revokedAt))),
        ]
      : []),
    auditRow(db, { actor, action: input.blocked ? "user.block" : "user.unblock", targetType: "user", targetId: id, details: { reason: input.reason }, now }),
  ]);
  return userDetail(db, id, now);
}
