/** The user's side of the VIP services: the type-7 cards, /profile/vipServices and /profile/scifinders. */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { MyServiceOrders, ScifinderAccount, ServiceOrderView, VipKind, VipServiceCard } from "../../../contract/vip";
import { ACCEPTED } from "../../../contract/vip";
import { schema, type Db } from "../../../db/client";
import { vipServices } from "../../../db/seed-data/site-content";
import type { UserRow } from "../../lib/roles";
import { signFileLink } from "../files/signing";
import { universityAccess } from "../institutions/access";
import { loadPriceTable } from "../wallet/prices";
import { vipMessages as m } from "./messages";

const KINDS: VipKind[] = ["ithenticate", "grammarly", "scifinder", "ai"];

/** The cards with the admin's current prices; `by_contract` when the user's contract covers the check. */
export async function vipCards(db: Db, user: UserRow | null, now: number): Promise<VipServiceCard[]> {
  const prices = await loadPriceTable(db);
  const waiting = new Map<string, number>();
  if (user) {
    const rows = await db
      .select({ kind: schema.serviceOrders.kind, n: sql<number>`count(*)` })
      .from(schema.serviceOrders)
      .where(and(eq(schema.serviceOrders.userId, user.id), eq(schema.serviceOrders.status, "awaiting_upload")))
      .groupBy(schema.serviceOrders.kind);
    for (const r of rows) waiting.set(r.kind, r.n);
  }
  const cards: VipServiceCard[] = [];
  for (const kind of KINDS) {
    const text = vipServices.find((s) => s.key === kind);
    const price = prices.get(kind);
    if (price === undefined) continue;
    const byContract = user?.universityId && (kind === "ithenticate" || kind === "grammarly") ? (await universityAccess(db, user, kind, now)).allowed : false;
    cards.push({
      key: kind,
      title: text?.title ?? m.titles[kind],
      description: text?.description ?? "",
      price,
      accepts: kind === "scifinder" ? [] : [...ACCEPTED[kind]],
      by_contract: byContract,
      awaiting_upload: waiting.get(kind) ?? 0,
    });
  }
  return cards;
}

type OrderRow = typeof schema.serviceOrders.$inferSelect;

export async function orderView(row: OrderRow, fileName: string | null, secret: string, now: number): Promise<ServiceOrderView> {
  return {
    id: row.id,
    kind: row.kind,
    title: m.titles[row.kind],
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    file_name: fileName,
    report_link: row.status === "done" && row.reportKey ? await signFileLink(secret, { key: row.reportKey, now, userId: row.userId }) : null,
    paid_by_contract: row.paidByContract,
    note: row.note,
  };
}

/** /profile/vipServices: the user's checks (SciFinder accounts have their own page), newest first. */
export async function myServiceOrders(db: Db, userId: string, secret: string, now: number): Promise<MyServiceOrders["orders"]> {
  const rows = await db
    .select({ o: schema.serviceOrders, fileName: schema.uploads.fileName })
    .from(schema.serviceOrders)
    .leftJoin(schema.uploads, eq(schema.uploads.id, schema.serviceOrders.uploadId))
    .where(and(eq(schema.serviceOrders.userId, userId), inArray(schema.serviceOrders.kind, ["ithenticate", "grammarly", "ai"])))
    .orderBy(desc(schema.serviceOrders.createdAt))
    .limit(200);
  return Promise.all(rows.map((r) => orderView(r.o, r.fileName, secret, now)));
}

/** /profile/scifinders: the user's account orders; the account once issued, with its guarantee. */
export async function myScifinders(db: Db, userId: string, now: number): Promise<ScifinderAccount[]> {
  const rows = await db
    .select()
    .from(schema.serviceOrders)
    .where(and(eq(schema.serviceOrders.userId, userId), eq(schema.serviceOrders.kind, "scifinder")))
    .orderBy(desc(schema.serviceOrders.createdAt))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    username: r.status === "done" ? r.accountUsername : null,
    password: r.status === "done" ? r.accountSecret : null,
    guarantee_until: r.guaranteeUntil?.toISOString() ?? null,
    guaranteed: !!r.guaranteeUntil && r.guaranteeUntil.getTime() > now,
    note: r.note,
  }));
}
