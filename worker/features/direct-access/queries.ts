/** Drizzle reads and raw SQL statements of direct access (sites, prices, credential pool, grants). */
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { schema, type Db } from "../../../db/client";

export const DAY_MS = 86_400_000;

export async function activeSitesWithPrices(db: Db, onlyActive = true) {
  const sitesQuery = db.select().from(schema.directAccessSites);
  const [sites, prices] = await db.batch([
    (onlyActive ? sitesQuery.where(eq(schema.directAccessSites.active, true)) : sitesQuery).orderBy(
      asc(schema.directAccessSites.sortOrder),
      asc(schema.directAccessSites.id),
    ),
    db.select().from(schema.directAccessPrices).orderBy(asc(schema.directAccessPrices.days)),
  ]);
  return { sites, prices };
}

export async function siteById(db: Db, id: number) {
  const [site] = await db.select().from(schema.directAccessSites).where(eq(schema.directAccessSites.id, id));
  return site ?? null;
}

export async function pricesOfSite(db: Db, siteId: number) {
  return db.select().from(schema.directAccessPrices).where(eq(schema.directAccessPrices.siteId, siteId)).orderBy(asc(schema.directAccessPrices.days));
}

/** Sites with their price for the given period, for pricing a basket in one read. */
export async function sitesAndPrices(db: Db, ids: number[]) {
  if (!ids.length) return { sites: [], prices: [] };
  const [sites, prices] = await db.batch([
    db.select().from(schema.directAccessSites).where(inArray(schema.directAccessSites.id, ids)),
    db.select().from(schema.directAccessPrices).where(inArray(schema.directAccessPrices.siteId, ids)),
  ]);
  return { sites, prices };
}

/**
 * SQL of "a credential that may be lent": one with no grant. A credential stays tied to its last
 * grant after that grant ends, because the previous buyer still knows its password; only staff
 * marking it rotated (a new password, `rotateCredential`) clears `grant_id` and returns it to the pool.
 */
const FREE_CREDENTIAL = "c.grant_id IS NULL";

/** SQL of "held by a running grant" (parameter: now, ms). */
const RUNNING_HOLDER = "EXISTS (SELECT 1 FROM direct_access_grants g WHERE g.id = c.grant_id AND g.expires_at > ?)";

/** Pool sizes per site at `now`: total, free to lend, held by a running grant, and awaiting rotation (an ended grant's). */
export async function poolCounts(db: Db, now: number, siteId?: number) {
  const where = siteId === undefined ? "" : "WHERE c.site_id = ?";
  const params: unknown[] = siteId === undefined ? [now] : [now, siteId];
  const rows = await db.$client
    .prepare(
      `SELECT c.site_id AS site_id, COUNT(*) AS total, SUM(CASE WHEN ${FREE_CREDENTIAL} THEN 1 ELSE 0 END) AS free, SUM(CASE WHEN ${RUNNING_HOLDER} THEN 1 ELSE 0 END) AS held
       FROM direct_access_credentials c ${where} GROUP BY c.site_id`,
    )
    .bind(...params)
    .all<{ site_id: number; total: number; free: number; held: number }>();
  return new Map(
    rows.results.map((r) => [r.site_id, { total: r.total, free: r.free ?? 0, held: r.held ?? 0, awaitingRotation: r.total - (r.free ?? 0) - (r.held ?? 0) }]),
  );
}

/** The statement lending the oldest free credential of `siteId` to `grantId` unless it has one (pick and write in one UPDATE). */
export function lendFreeCredentialStatement(
  db: Db,
  grantId: string,
  siteId: number,
  unlessSql = "NOT EXISTS (SELECT 1 FROM direct_access_credentials WHERE grant_id = ?1)",
  unlessParams: unknown[] = [],
): D1PreparedStatement {
  return db.$client
    .prepare(
      `UPDATE direct_access_credentials SET grant_id = ?1
       WHERE id = (SELECT c.id FROM direct_access_credentials c WHERE c.site_id = ?2 AND ${FREE_CREDENTIAL} ORDER BY c.created_at, c.id LIMIT 1)
         AND ${unlessSql}`,
    )
    .bind(grantId, siteId, ...unlessParams);
}

export async function grantsOfUser(db: Db, userId: string, siteId?: number) {
  return db
    .select({ grant: schema.directAccessGrants, siteName: schema.directAccessSites.name })
    .from(schema.directAccessGrants)
    .innerJoin(schema.directAccessSites, eq(schema.directAccessSites.id, schema.directAccessGrants.siteId))
    .where(
      siteId === undefined
        ? eq(schema.directAccessGrants.userId, userId)
        : and(eq(schema.directAccessGrants.userId, userId), eq(schema.directAccessGrants.siteId, siteId)),
    )
    .orderBy(desc(schema.directAccessGrants.expiresAt));
}

/** The credential lent to one of the user's unexpired grants of a site (only ever one holder). */
export async function heldCredential(db: Db, userId: string, siteId: number, now: number) {
  const [row] = await db
    .select({ username: schema.directAccessCredentials.username, secret: schema.directAccessCredentials.secret })
    .from(schema.directAccessCredentials)
    .innerJoin(schema.directAccessGrants, eq(schema.directAccessGrants.id, schema.directAccessCredentials.grantId))
    .where(
      and(
        eq(schema.directAccessGrants.userId, userId),
        eq(schema.directAccessGrants.siteId, siteId),
        gt(schema.directAccessGrants.expiresAt, new Date(now)),
        eq(schema.directAccessCredentials.siteId, siteId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function activeGrantCounts(db: Db, now: number) {
  const rows = await db
    .select({ siteId: schema.directAccessGrants.siteId, n: sql<number>`count(*)` })
    .from(schema.directAccessGrants)
    .where(gt(schema.directAccessGrants.expiresAt, new Date(now)))
    .groupBy(schema.directAccessGrants.siteId);
  return new Map(rows.map((r) => [r.siteId, r.n]));
}

/**
 * The statements that lend a credential to `grantId` inside the caller's batch:
 *   1. a credential the same user holds for this site through an earlier, still running grant moves
 *      to the new grant (a renewal keeps its account);
 *   2. otherwise the oldest free credential of the site is taken (never one an ended grant still
 *      knows: see FREE_CREDENTIAL) — the pick and the write are one UPDATE, and a batch is one
 *      transaction, so two buyers can never be handed the same row;
 *   3. the grant records which credential it got (none when the pool is empty: staff assign one).
 * A credential row has one `grant_id`, so it has at most one holder at any moment.
 */
export function lendCredentialStatements(db: Db, input: { grantId: string; userId: string; siteId: number; now: number }): D1PreparedStatement[] {
  const d1 = db.$client;
  const { grantId, userId, siteId, now } = input;
  return [
    d1
      .prepare(
        `UPDATE direct_access_credentials SET grant_id = ?1 WHERE site_id = ?3 AND grant_id IN (SELECT id FROM direct_access_grants WHERE user_id = ?2 AND site_id = ?3 AND expires_at > ?4 AND id <> ?1)`,
      )
      .bind(grantId, userId, siteId, now),
    lendFreeCredentialStatement(db, grantId, siteId),
    d1
      .prepare(`UPDATE direct_access_grants SET credential_id = (SELECT id FROM direct_access_credentials WHERE grant_id = ?1 LIMIT 1) WHERE id = ?1`)
      .bind(grantId),
  ];
}

/**
 * A new grant of `days` for a site. It starts now, or when the user's running grant of the same site
 * ends (buying again extends, it does not overlap).
 */
export function insertGrantStatement(
  db: Db,
  input: { grantId: string; userId: string; siteId: number; days: number; orderId: string | null; now: number },
): D1PreparedStatement {
  const { grantId, userId, siteId, days, orderId, now } = input;
  return db.$client
    .prepare(
      `INSERT INTO direct_access_grants (id, user_id, site_id, days, order_id, credential_id, starts_at, expires_at, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, NULL, s.start, s.start + ?4 * ${DAY_MS}, ?6
       FROM (SELECT MAX(?6, COALESCE((SELECT MAX(expires_at) FROM direct_access_grants WHERE user_id = ?2 AND site_id = ?3), 0)) AS start) s`,
    )
    .bind(grantId, userId, siteId, days, orderId, now);
}
