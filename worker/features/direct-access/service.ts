/** Direct access: the catalogue, the access page of one site and the user's grants. */
import type { DirectAccessGrant, DirectAccessPageData, DirectAccessSite } from "../../../contract/direct-access";
import { priceKey } from "../../../contract/direct-access";
import { schema, type Db } from "../../../db/client";
import { NotFoundError } from "../../lib/errors";
import { directAccessMessages as m } from "./messages";
import { activeSitesWithPrices, grantsOfUser, heldCredential, pricesOfSite, siteById } from "./queries";

export { priceKey };

type SiteRow = typeof schema.directAccessSites.$inferSelect;
type PriceRow = typeof schema.directAccessPrices.$inferSelect;
type GrantRow = typeof schema.directAccessGrants.$inferSelect;

export function siteView(s: SiteRow, prices: PriceRow[]): DirectAccessSite {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    url: s.url,
    type: s.type,
    link: s.link,
    link2: s.link2,
    expire: s.expireText,
    prices: Object.fromEntries(prices.filter((p) => p.siteId === s.id).map((p) => [priceKey(p.days), p.price])),
  };
}

export async function listDirectAccessSites(db: Db): Promise<DirectAccessSite[]> {
  const { sites, prices } = await activeSitesWithPrices(db);
  return sites.map((s) => siteView(s, prices));
}

export function grantView(g: GrantRow, siteName: string, now: number): DirectAccessGrant {
  return {
    id: g.id,
    site_id: g.siteId,
    site_name: siteName,
    days: g.days,
    starts_at: g.startsAt.toISOString(),
    expires_at: g.expiresAt.toISOString(),
    active: g.startsAt.getTime() <= now && g.expiresAt.getTime() > now,
  };
}

/**
 * The access page (`/directaccess/{id}/{d?}`): the site for everyone; for its buyer while a grant
 * runs, the time left and the lent credential. Past grants only offer renewal; other users' grants
 * are never read.
 */
export async function accessPageData(db: Db, input: { siteId: number; userId: string | null; now: number }): Promise<DirectAccessPageData> {
  const site = await siteById(db, input.siteId);
  if (!site || !site.active) throw new NotFoundError(m.siteNotFound);
  const view = siteView(site, await pricesOfSite(db, site.id));
  if (!input.userId) return { site: view, status: "none", seconds_left: 0, expires_at: null, credential: null, grants: [] };
  const rows = await grantsOfUser(db, input.userId, site.id);
  const grants = rows.map((r) => grantView(r.grant, r.siteName, input.now));
  const running = rows.filter((r) => r.grant.expiresAt.getTime() > input.now && r.grant.startsAt.getTime() <= input.now);
  if (!running.length)
    return {
      site: view,
      status: rows.length ? "expired" : "none",
      seconds_left: 0,
      expires_at: rows[0]?.grant.expiresAt.toISOString() ?? null,
      credential: null,
      grants,
    };
  // Renewals queue after the running grant; the access lasts until the last of them ends.
  const end = Math.max(...rows.map((r) => r.grant.expiresAt.getTime()));
  const held = await heldCredential(db, input.userId, site.id, input.now);
  return {
    site: view,
    status: "active",
    seconds_left: Math.max(0, Math.floor((end - input.now) / 1000)),
    expires_at: new Date(end).toISOString(),
    credential: held ? { username: held.username, password: held.secret } : null,
    grants,
  };
}

export async function myGrants(db: Db, userId: string, now: number): Promise<DirectAccessGrant[]> {
  return (await grantsOfUser(db, userId)).map((r) => grantView(r.grant, r.siteName, now));
}
