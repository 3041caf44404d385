/** D1 reads and writes of the partner panel, always scoped by the partner's own institution id. */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";

const DAY_MS = 86_400_000;
const OFFSET_MS = 3.5 * 3_600_000;

export async function universityRow(db: Db, universityId: string) {
  return db.query.universities.findFirst({ where: eq(schema.universities.id, universityId) });
}

export async function usageRows(db: Db, universityId: string, months: string[]) {
  return db
    .select({ month: schema.universityUsage.month, key: schema.universityUsage.accessKey, used: schema.universityUsage.used })
    .from(schema.universityUsage)
    .where(and(eq(schema.universityUsage.universityId, universityId), inArray(schema.universityUsage.month, months)));
}

/** Members' downloads and offline requests per Tehran day since `since` (a few hundred rows at most). */
export async function activityByDay(db: Db, universityId: string, since: number) {
  const d1 = db.$client;
  const day = (col: string) => `CAST((${col} + ${OFFSET_MS}) / ${DAY_MS} AS INTEGER)`;
  const [downloads, offline] = await d1.batch<{ day: number; ok: number; all: number }>([
    d1
      .prepare(
        `SELECT ${day("d.created_at")} AS day, SUM(d.outcome = 'ok') AS ok, COUNT(*) AS "all"
         FROM downloads d JOIN users u ON u.id = d.user_id
         WHERE u.university_id = ? AND d.created_at >= ? GROUP BY day`,
      )
      .bind(universityId, since),
    d1
      .prepare(
        `SELECT ${day("o.created_at")} AS day, 0 AS ok, COUNT(*) AS "all"
         FROM offline_requests o JOIN users u ON u.id = o.user_id
         WHERE u.university_id = ? AND o.created_at >= ? GROUP BY day`,
      )
      .bind(universityId, since),
  ]);
  return { downloads: downloads!.results, offline: offline!.results };
}

export async function memberCount(db: Db, universityId: string) {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(schema.users).where(eq(schema.users.universityId, universityId));
  return row?.n ?? 0;
}

type MemberRow = {
  id: string;
  name: string;
  university_email: string | null;
  verified_at: number | null;
  downloads: number;
  offline_requests: number;
  last_activity: number | null;
};

/** One page of members with their activity counts; `q` matches name or e-mail. */
export async function memberPage(db: Db, universityId: string, opts: { q?: string; limit: number; offset: number }) {
  const d1 = db.$client;
  const like = opts.q ? `%${opts.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  const filter = like ? `AND (u.name LIKE ?2 ESCAPE '\\' OR u.email LIKE ?2 ESCAPE '\\' OR u.university_email LIKE ?2 ESCAPE '\\')` : "";
  const params = like ? [universityId, like] : [universityId];
  const [rows, total] = await d1.batch([
    d1
      .prepare(
        `SELECT u.id, u.name, u.university_email, u.university_verified_at AS verified_at,
           (SELECT COUNT(*) FROM downloads d WHERE d.user_id = u.id AND d.outcome = 'ok') AS downloads,
           (SELECT COUNT(*) FROM offline_requests o WHERE o.user_id = u.id) AS offline_requests,
           MAX(COALESCE((SELECT MAX(created_at) FROM downloads d WHERE d.user_id = u.id), 0),
               COALESCE((SELECT MAX(created_at) FROM offline_requests o WHERE o.user_id = u.id), 0)) AS last_activity
         FROM users u WHERE u.university_id = ?1 ${filter}
         ORDER BY u.created_at DESC, u.id LIMIT ${opts.limit} OFFSET ${opts.offset}`,
      )
      .bind(...params),
    d1.prepare(`SELECT COUNT(*) AS n FROM users u WHERE u.university_id = ?1 ${filter}`).bind(...params),
  ]);
  return { rows: rows!.results as MemberRow[], total: (total!.results[0] as { n: number } | undefined)?.n ?? 0 };
}

export async function groupsWithMembers(db: Db, universityId: string) {
  const groups = await db.select().from(schema.userGroups).where(eq(schema.userGroups.universityId, universityId)).orderBy(asc(schema.userGroups.createdAt));
  if (!groups.length) return { groups, members: [] };
  const members = await db
    .select({ groupId: schema.userGroupMembers.groupId, id: schema.users.id, name: schema.users.name })
    .from(schema.userGroupMembers)
    .innerJoin(schema.users, eq(schema.users.id, schema.userGroupMembers.userId))
    .where(
      and(
        inArray(
          schema.userGroupMembers.groupId,
          groups.map((g) => g.id),
        ),
        eq(schema.users.universityId, universityId),
      ),
    );
  return { groups, members };
}

export async function groupIdsOf(db: Db, userIds: string[]) {
  if (!userIds.length) return [];
  return db.select().from(schema.userGroupMembers).where(inArray(schema.userGroupMembers.userId, userIds));
}

export async function insertGroup(db: Db, universityId: string, name: string, now: number) {
  const id = newId("grp", now);
  await db.insert(schema.userGroups).values({ id, universityId, name, createdAt: new Date(now) });
  return id;
}

export async function groupOf(db: Db, universityId: string, groupId: string) {
  return db.query.userGroups.findFirst({ where: and(eq(schema.userGroups.id, groupId), eq(schema.userGroups.universityId, universityId)) });
}

export async function isMember(db: Db, universityId: string, userId: string) {
  const row = await db.query.users.findFirst({ where: and(eq(schema.users.id, userId), eq(schema.users.universityId, universityId)), columns: { id: true } });
  return !!row;
}

export async function addToGroup(db: Db, groupId: string, userId: string) {
  await db.insert(schema.userGroupMembers).values({ groupId, userId }).onConflictDoNothing();
}

export async function removeFromGroup(db: Db, groupId: string, userId: string) {
  await db.delete(schema.userGroupMembers).where(and(eq(schema.userGroupMembers.groupId, groupId), eq(schema.userGroupMembers.userId, userId)));
}

export async function deleteGroup(db: Db, groupId: string) {
  await db.batch([
    db.delete(schema.userGroupMembers).where(eq(schema.userGroupMembers.groupId, groupId)),
    db.delete(schema.userGroups).where(eq(schema.userGroups.id, groupId)),
  ]);
}

type ActivityRow = {
  created_at: number;
  user_name: string;
  title: string | null;
  url: string | null;
  doi: string | null;
  outcome: string;
  kind: "download" | "offline_article" | "offline_book";
};

/** Members' downloads and offline requests, newest first. */
export async function activityPage(db: Db, universityId: string, opts: { limit: number; offset: number }) {
  const d1 = db.$client;
  const union = `
    SELECT d.created_at, u.name AS user_name, d.title, d.url, d.doi, d.outcome, 'download' AS kind
      FROM downloads d JOIN users u ON u.id = d.user_id WHERE u.university_id = ?1
    UNION ALL
    SELECT o.created_at, u.name, o.title, o.url, o.doi, o.status, CASE o.kind WHEN 'article' THEN 'offline_article' ELSE 'offline_book' END
      FROM offline_requests o JOIN users u ON u.id = o.user_id WHERE u.university_id = ?1`;
  const [rows, total] = await d1.batch([
    d1.prepare(`SELECT * FROM (${union}) ORDER BY created_at DESC LIMIT ${opts.limit} OFFSET ${opts.offset}`).bind(universityId),
    d1.prepare(`SELECT COUNT(*) AS n FROM (${union})`).bind(universityId),
  ]);
  return { rows: rows!.results as ActivityRow[], total: (total!.results[0] as { n: number } | undefined)?.n ?? 0 };
}

export { DAY_MS };
