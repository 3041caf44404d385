/** /admin/directAccess: sites and their period prices, the credential pools and the grants. */
import { and, desc, eq, gt, lte } from "drizzle-orm";
import type { AdminCredential, AdminGrant, AdminSite, Credential } from "../../../contract/direct-access";
import { AdminSiteInput as SiteInputSchema } from "../../../contract/direct-access";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { DomainError, NotFoundError, ValidationError } from "../../lib/errors";
import { directAccessMessages as m } from "./messages";
import { activeGrantCounts, activeSitesWithPrices, lendCredentialStatements, lendFreeCredentialStatement, poolCounts, siteById } from "./queries";
import { grantView, siteView } from "./service";

type SiteInput = ReturnType<typeof SiteInputSchema.parse>;

export async function adminSites(db: Db, now: number): Promise<AdminSite[]> {
  const [{ sites, prices }, pools, grants] = await Promise.all([activeSitesWithPrices(db, false), poolCounts(db, now), activeGrantCounts(db, now)]);
  return sites.map((s) => {
    const pool = pools.get(s.id) ?? { total: 0, free: 0, held: 0, awaitingRotation: 0 };
    return {
      ...siteView(s, prices),
      active: s.active,
      sort_order: s.sortOrder,
      thesis_database: s.thesisDatabase,
      periods: prices.filter((p) => p.siteId === s.id).map((p) => ({ days: p.days, price: p.price })),
      pool: { total: pool.total, free: pool.free, held: pool.held, awaiting_rotation: pool.awaitingRotation },
      active_grants: grants.get(s.id) ?? 0,
    };
  });
}

function siteValues(input: SiteInput) {
  return {
    name: input.name,
    description: input.description,
    url: input.url ?? null,
    type: input.type,
    link: input.link ?? null,
    link2: input.link2 ?? null,
    expireText: input.expire,
    active: input.active,
    sortOrder: input.sort_order,
    thesisDatabase: input.thesis_database,
  };
}

/** A new site with its prices, in one batch. */
export async function createSite(db: Db, input: SiteInput): Promise<number> {
  const [row] = await db.insert(schema.directAccessSites).values(siteValues(input)).returning({ id: schema.directAccessSites.id });
  const id = row!.id;
  await db.insert(schema.directAccessPrices).values(input.prices.map((p) => ({ siteId: id, days: p.days, price: p.price })));
  return id;
}

/** Replaces a site's fields and its whole price list in one batch (bought grants keep their days). */
export async function updateSite(db: Db, id: number, input: SiteInput): Promise<void> {
  if (!(await siteById(db, id))) throw new NotFoundError(m.siteNotFound);
  await db.batch([
    db.update(schema.directAccessSites).set(siteValues(input)).where(eq(schema.directAccessSites.id, id)),
    db.delete(schema.directAccessPrices).where(eq(schema.directAccessPrices.siteId, id)),
    db.insert(schema.directAccessPrices).values(input.prices.map((p) => ({ siteId: id, days: p.days, price: p.price }))),
  ]);
}

export async function credentialsOf(db: Db, siteId: number, now: number): Promise<AdminCredential[]> {
  if (!(await siteById(db, siteId))) throw new NotFoundError(m.siteNotFound);
  const rows = await db
    .select({ c: schema.directAccessCredentials, g: schema.directAccessGrants, userName: schema.users.name })
    .from(schema.directAccessCredentials)
    .leftJoin(
      schema.directAccessGrants,
      and(eq(schema.directAccessGrants.id, schema.directAccessCredentials.grantId), gt(schema.directAccessGrants.expiresAt, new Date(now))),
    )
    .leftJoin(schema.users, eq(schema.users.id, schema.directAccessGrants.userId))
    .where(eq(schema.directAccessCredentials.siteId, siteId))
    .orderBy(schema.directAccessCredentials.createdAt, schema.directAccessCredentials.id);
  return rows.map(({ c, g, userName }) => ({
    id: c.id,
    site_id: c.siteId,
    username: c.username,
    password: c.secret,
    holder: g ? { grant_id: g.id, user_id: g.userId, user_name: userName ?? "", expires_at: g.expiresAt.toISOString() } : null,
    needs_rotation: !g && c.grantId !== null,
  }));
}

/**
 * Adds accounts to a site's pool; running grants of the site that got no account (the pool was empty
 * when they were bought) are served from the new ones in the same batch.
 */
export async function addCredentials(db: Db, siteId: number, creds: Credential[], now: number): Promise<number> {
  if (!(await siteById(db, siteId))) throw new NotFoundError(m.siteNotFound);
  const waiting = await db
    .select({ id: schema.directAccessGrants.id, userId: schema.directAccessGrants.userId })
    .from(schema.directAccessGrants)
    .where(and(eq(schema.directAccessGrants.siteId, siteId), gt(schema.directAccessGrants.expiresAt, new Date(now))))
    .orderBy(schema.directAccessGrants.createdAt);
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = creds.map((c, i) =>
    d1
      .prepare("INSERT INTO direct_access_credentials (id, site_id, username, secret, grant_id, created_at) VALUES (?, ?, ?, ?, NULL, ?)")
      .bind(newId("dac", now), siteId, c.username, c.password, now + i),
  );
  // Only grants still without an account take one (the lending UPDATE checks that in SQL).
  for (const g of waiting) {
    statements.push(
      lendFreeCredentialStatement(
        db,
        g.id,
        siteId,
        "NOT EXISTS (SELECT 1 FROM direct_access_credentials x JOIN direct_access_grants y ON y.id = x.grant_id WHERE y.user_id = ?3 AND y.site_id = ?2 AND y.expires_at > ?4)",
        [g.userId, now],
      ),
      d1
        .prepare(
          "UPDATE direct_access_grants SET credential_id = (SELECT id FROM direct_access_credentials WHERE grant_id = ?1 LIMIT 1) WHERE id = ?1 AND credential_id IS NULL",
        )
        .bind(g.id),
    );
  }
  await d1.batch(statements);
  return creds.length;
}

/** Removes an account from the pool unless a running grant holds it (checked in the DELETE itself). */
export async function deleteCredential(db: Db, id: string, now: number): Promise<void> {
  const res = await db.$client
    .prepare(
      `DELETE FROM direct_access_credentials WHERE id = ? AND (grant_id IS NULL OR NOT EXISTS (SELECT 1 FROM direct_access_grants g WHERE g.id = grant_id AND g.expires_at > ?))`,
    )
    .bind(id, now)
    .run();
  if (res.meta.changes) return;
  const [exists] = await db
    .select({ id: schema.directAccessCredentials.id })
    .from(schema.directAccessCredentials)
    .where(eq(schema.directAccessCredentials.id, id));
  throw exists ? new DomainError(m.credentialHeld, 409) : new NotFoundError(m.credentialNotFound);
}

export async function adminGrants(db: Db, input: { siteId?: number | undefined; active?: "1" | "0" | undefined; now: number }): Promise<AdminGrant[]> {
  const conds = [];
  if (input.siteId !== undefined) conds.push(eq(schema.directAccessGrants.siteId, input.siteId));
  if (input.active === "1") conds.push(gt(schema.directAccessGrants.expiresAt, new Date(input.now)));
  if (input.active === "0") conds.push(lte(schema.directAccessGrants.expiresAt, new Date(input.now)));
  const rows = await db
    .select({
      g: schema.directAccessGrants,
      siteName: schema.directAccessSites.name,
      user: { name: schema.users.name, email: schema.users.email },
      cred: schema.directAccessCredentials.username,
    })
    .from(schema.directAccessGrants)
    .innerJoin(schema.directAccessSites, eq(schema.directAccessSites.id, schema.directAccessGrants.siteId))
    .innerJoin(schema.users, eq(schema.users.id, schema.directAccessGrants.userId))
    .leftJoin(schema.directAccessCredentials, eq(schema.directAccessCredentials.id, schema.directAccessGrants.credentialId))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(schema.directAccessGrants.createdAt))
    .limit(500);
  return rows.map((r) => ({
    ...grantView(r.g, r.siteName, input.now),
    user_id: r.g.userId,
    user_name: r.user.name,
    user_email: r.user.email,
    order_id: r.g.orderId,
    credential_username: r.cred ?? null,
  }));
}

/** Ends a grant now; its account then awaits rotation (the buyer knows its password) before it is lent again. */
export async function revokeGrant(db: Db, id: string, now: number): Promise<void> {
  const res = await db.$client.prepare("UPDATE direct_access_grants SET expires_at = ? WHERE id = ? AND expires_at > ?").bind(now, id, now).run();
  if (!res.meta.changes) {
    const [g] = await db.select({ id: schema.directAccessGrants.id }).from(schema.directAccessGrants).where(eq(schema.directAccessGrants.id, id));
    if (!g) throw new NotFoundError(m.grantNotFound);
  }
}

/** Lends a free account to a running grant that has none (its pool was empty when it was bought). */
export async function assignCredential(db: Db, grantId: string, now: number): Promise<boolean> {
  const [g] = await db.select().from(schema.directAccessGrants).where(eq(schema.directAccessGrants.id, grantId));
  if (!g) throw new NotFoundError(m.grantNotFound);
  const results = await db.$client.batch(lendCredentialStatements(db, { grantId, userId: g.userId, siteId: g.siteId, now }));
  return results.some((r, i) => i < 2 && (r.meta.changes ?? 0) > 0);
}

/**
 * Staff changed the account's password at the provider: the new password is stored and the account
 * returns to the pool. Refused while a running grant holds it, or when the password is unchanged.
 * The audit row and the change are one batch: the UPDATE runs only if its audit row was written.
 */
export async function rotateCredential(
  db: Db,
  actorId: string,
  id: string,
  input: { username?: string | undefined; password: string },
  now: number,
): Promise<void> {
  const [c] = await db.select().from(schema.directAccessCredentials).where(eq(schema.directAccessCredentials.id, id));
  if (!c) throw new NotFoundError(m.credentialNotFound);
  if (c.secret === input.password) throw new ValidationError({ password: [m.passwordUnchanged] });
  const auditId = newId("aud", now);
  const notRunning = "NOT EXISTS (SELECT 1 FROM direct_access_grants g WHERE g.id = c.grant_id AND g.expires_at > ?)";
  const d1 = db.$client;
  const details = JSON.stringify({ site_id: c.siteId, username: input.username ?? c.username, previous_username: c.username, previous_grant_id: c.grantId });
  const [audit] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO audit_log (id, actor_id, action, target_type, target_id, details, created_at)
         SELECT ?, ?, 'direct_access.credential_rotated', 'direct_access_credential', c.id, ?, ? FROM direct_access_credentials c WHERE c.id = ? AND c.secret <> ? AND ${notRunning}`,
      )
      .bind(auditId, actorId, details, now, id, input.password, now),
    d1
      .prepare("UPDATE direct_access_credentials SET secret = ?, username = ?, grant_id = NULL WHERE id = ? AND EXISTS (SELECT 1 FROM audit_log WHERE id = ?)")
      .bind(input.password, input.username ?? c.username, id, auditId),
  ]);
  if (!audit?.meta.changes) throw new DomainError(m.credentialHeld, 409);
}
