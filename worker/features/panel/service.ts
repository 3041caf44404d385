/** The contract partner's panel: everything is scoped to the partner's own institution. */
import type { MonthUsage, PanelArticles, PanelGroups, PanelMembers, PanelStatistics } from "../../../contract/panel";
import type { Db } from "../../../db/client";
import { DomainError, NotFoundError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import { lastMonths, monthOfTehranDay, tehranDay } from "./months";
import { panelMessages as m } from "./messages";
import * as q from "./queries";

const PANEL_PAGE_SIZE = 20;
const STATISTICS_MONTHS = 6;
const iso = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : null);

/** The institution a partner manages: their own. A partner without one sees nothing. */
export function partnerUniversityId(user: UserRow): string {
  if (!user.isPartner || !user.universityId) throw new DomainError(m.noInstitution, 403);
  return user.universityId;
}

export async function statistics(db: Db, user: UserRow, now: number): Promise<PanelStatistics> {
  const uniId = partnerUniversityId(user);
  const uni = await q.universityRow(db, uniId);
  if (!uni) throw new DomainError(m.noInstitution, 403);
  const months = lastMonths(now, STATISTICS_MONTHS);
  // 7 months of days covers the 6 Solar Hijri months (each ≤ 31 days).
  const since = (tehranDay(now) - 7 * 31) * q.DAY_MS;
  const [usage, activity, members] = await Promise.all([q.usageRows(db, uniId, months), q.activityByDay(db, uniId, since), q.memberCount(db, uniId)]);
  const byMonth = new Map<string, MonthUsage>(months.map((month) => [month, { month, usage: {}, downloads_ok: 0, downloads_all: 0, offline_requests: 0 }]));
  for (const u of usage) {
    const row = byMonth.get(u.month);
    if (row) row.usage[u.key] = u.used;
  }
  for (const d of activity.downloads) {
    const row = byMonth.get(monthOfTehranDay(d.day));
    if (row) {
      row.downloads_ok += d.ok ?? 0;
      row.downloads_all += d.all;
    }
  }
  for (const o of activity.offline) {
    const row = byMonth.get(monthOfTehranDay(o.day));
    if (row) row.offline_requests += o.all;
  }
  return {
    university: { id: uni.id, name: uni.name, logo: uni.logo, access: uni.access, quotas: uni.quotas, active: uni.active },
    members,
    months: [...byMonth.values()],
  };
}

export async function members(db: Db, user: UserRow, opts: { page: number; q?: string }): Promise<PanelMembers> {
  const uniId = partnerUniversityId(user);
  const { rows, total } = await q.memberPage(db, uniId, { q: opts.q || undefined, limit: PANEL_PAGE_SIZE, offset: (opts.page - 1) * PANEL_PAGE_SIZE });
  const memberships = await q.groupIdsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    total,
    page: opts.page,
    per_page: PANEL_PAGE_SIZE,
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      university_email: r.university_email,
      verified_at: iso(r.verified_at),
      downloads: r.downloads,
      offline_requests: r.offline_requests,
      last_activity: iso(r.last_activity),
      groups: memberships.filter((g) => g.userId === r.id).map((g) => g.groupId),
    })),
  };
}

export async function groups(db: Db, user: UserRow): Promise<PanelGroups> {
  const uniId = partnerUniversityId(user);
  const { groups, members } = await q.groupsWithMembers(db, uniId);
  return { groups: groups.map((g) => ({ id: g.id, name: g.name, members: members.filter((x) => x.groupId === g.id).map(({ id, name }) => ({ id, name })) })) };
}

export async function createGroup(db: Db, user: UserRow, name: string, now: number) {
  const uniId = partnerUniversityId(user);
  const existing = await q.groupsWithMembers(db, uniId);
  if (existing.groups.some((g) => g.name === name)) throw new DomainError(m.groupExists);
  return q.insertGroup(db, uniId, name, now);
}

export async function changeMembership(db: Db, user: UserRow, groupId: string, input: { user_id: string; action: "add" | "remove" }) {
  const uniId = partnerUniversityId(user);
  // Another institution's group or user answers exactly like a missing one.
  if (!(await q.groupOf(db, uniId, groupId))) throw new NotFoundError(m.groupNotFound);
  if (!(await q.isMember(db, uniId, input.user_id))) throw new NotFoundError(m.memberNotFound);
  if (input.action === "add") await q.addToGroup(db, groupId, input.user_id);
  else await q.removeFromGroup(db, groupId, input.user_id);
}

export async function removeGroup(db: Db, user: UserRow, groupId: string) {
  const uniId = partnerUniversityId(user);
  if (!(await q.groupOf(db, uniId, groupId))) throw new NotFoundError(m.groupNotFound);
  await q.deleteGroup(db, groupId);
}

export async function articles(db: Db, user: UserRow, page: number): Promise<PanelArticles> {
  const uniId = partnerUniversityId(user);
  const { rows, total } = await q.activityPage(db, uniId, { limit: PANEL_PAGE_SIZE, offset: (page - 1) * PANEL_PAGE_SIZE });
  return { total, page, per_page: PANEL_PAGE_SIZE, data: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })) };
}
