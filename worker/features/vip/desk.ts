/**
 * The service desk (admin): take a service order, upload its report (plagiarism, grammar, AI) or
 * issue the SciFinder account (guaranteed one month), or reject it with the payment refunded to the
 * wallet. Every change is one guarded statement batch; the user is told through the notifier.
 */
import { and, desc, eq } from "drizzle-orm";
import type { AdminServiceOrder, VipKind } from "../../../contract/vip";
import { schema, type Db } from "../../../db/client";
import { DomainError, NotFoundError, ValidationError } from "../../lib/errors";
import type { Services } from "../../services";
import { DAY_MS } from "../wallet/prices";
import { assertStatement, ledgerChange } from "../../money/ledger";
import { returnQuotaStatement, usageMonth } from "../institutions/access";
import { vipMessages as m } from "./messages";
import { sendVipNotice } from "./notices";
import { orderView } from "./service";
import { examineDocument, extensionKind } from "./sniff";
import { cleanName, storeDocument } from "./uploads";
import { signFileLink } from "../files/signing";
import { MAX_UPLOAD_BYTES, vipTexts } from "../../../contract/vip";

/** accounts-and-purchases.md §1: a SciFinder account comes with a one-month guarantee (30 days). */
const SCIFINDER_GUARANTEE_DAYS = 30;

/** The request's services the desk uses (the files bucket for reports, the signing secret for links), and the admin acting. */
export type DeskDeps = Pick<Services, "db" | "files" | "signingSecret" | "now" | "notifier" | "log" | "origin"> & { adminId: string };

/** Service orders with their user and the user's file: what the desk shows of one. */
function selectOrders(db: Db) {
  return db
    .select({
      o: schema.serviceOrders,
      fileName: schema.uploads.fileName,
      fileKey: schema.uploads.fileKey,
      user: { id: schema.users.id, name: schema.users.name, email: schema.users.email, mobile: schema.users.mobile },
    })
    .from(schema.serviceOrders)
    .innerJoin(schema.users, eq(schema.users.id, schema.serviceOrders.userId))
    .leftJoin(schema.uploads, eq(schema.uploads.id, schema.serviceOrders.uploadId))
    .$dynamic();
}

async function load(db: Db, id: string) {
  const [row] = await selectOrders(db).where(eq(schema.serviceOrders.id, id));
  return row ?? null;
}

type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;

async function adminView(r: Loaded, deps: Pick<DeskDeps, "signingSecret" | "now" | "adminId">): Promise<AdminServiceOrder> {
  const base = await orderView(r.o, r.fileName, deps.signingSecret, deps.now);
  return {
    ...base,
    // The admin sees the report too (signed for the admin, since the user's link is bound to the user).
    report_link: r.o.reportKey ? await signFileLink(deps.signingSecret, { key: r.o.reportKey, now: deps.now, userId: deps.adminId }) : null,
    user: { id: r.user.id, name: r.user.name, email: r.user.email, mobile: r.user.mobile },
    file_link: r.fileKey ? await signFileLink(deps.signingSecret, { key: r.fileKey, now: deps.now, userId: deps.adminId }) : null,
    handled_by: r.o.handledBy,
    account_username: r.o.accountUsername,
    guarantee_until: r.o.guaranteeUntil?.toISOString() ?? null,
  };
}

export async function deskList(
  deps: Pick<DeskDeps, "db" | "signingSecret" | "now" | "adminId">,
  filter: { status?: AdminServiceOrder["status"] | undefined; kind?: VipKind | undefined },
): Promise<AdminServiceOrder[]> {
  const conds = [];
  if (filter.status) conds.push(eq(schema.serviceOrders.status, filter.status));
  if (filter.kind) conds.push(eq(schema.serviceOrders.kind, filter.kind));
  const rows = await selectOrders(deps.db)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(schema.serviceOrders.createdAt))
    .limit(300);
  return Promise.all(rows.map((r) => adminView(r, deps)));
}

async function mustLoad(db: Db, id: string): Promise<Loaded> {
  const row = await load(db, id);
  if (!row) throw new NotFoundError(m.orderNotFound);
  return row;
}

async function refreshed(deps: DeskDeps, id: string) {
  return adminView(await mustLoad(deps.db, id), deps);
}

const profileLink = (origin: string, kind: VipKind) => `${origin}${kind === "scifinder" ? "/profile/scifinders" : "/profile/vipServices"}`;

/** Takes a submitted order (a file waiting, or a SciFinder request) into work. */
export async function takeOrder(deps: DeskDeps, id: string): Promise<AdminServiceOrder> {
  await mustLoad(deps.db, id);
  const res = await deps.db.$client
    .prepare("UPDATE service_orders SET status = 'in_progress', handled_by = ?, updated_at = ? WHERE id = ? AND status = 'submitted'")
    .bind(deps.adminId, deps.now, id)
    .run();
  if (!res.meta.changes) throw new DomainError(m.notAwaitingWork, 409);
  return refreshed(deps, id);
}

const OPEN = "status IN ('submitted', 'in_progress')";

/** The finished report: a PDF or Word file (checked by content), stored like uploads; the order is done. */
export async function uploadReport(deps: DeskDeps, id: string, file: File, note: string | undefined): Promise<AdminServiceOrder> {
  const row = await mustLoad(deps.db, id);
  if (row.o.kind === "scifinder") throw new DomainError(m.notAFileService);
  if (row.o.status !== "submitted" && row.o.status !== "in_progress") throw new DomainError(m.notAwaitingWork, 409);
  if (file.size <= 0) throw new ValidationError({ file: [vipTexts.fileEmpty] });
  if (file.size > MAX_UPLOAD_BYTES) throw new ValidationError({ file: [vipTexts.fileTooLarge] });
  const { kind, damaged } = await examineDocument(file);
  if (damaged) throw new ValidationError({ file: [vipTexts.damagedDocument] });
  if (!kind) throw new ValidationError({ file: [vipTexts.reportFormats] });
  const claimed = extensionKind(file.name);
  if (claimed && claimed !== kind) throw new ValidationError({ file: [vipTexts.contentMismatch] });
  const key = await storeDocument(deps.files, file, {
    kind,
    fileName: cleanName(file.name || `report.${kind}`, kind),
    prefix: "vip/reports",
    userId: deps.adminId,
  });
  const res = await deps.db.$client
    .prepare(`UPDATE service_orders SET status = 'done', report_key = ?, note = COALESCE(?, note), handled_by = ?, updated_at = ? WHERE id = ? AND ${OPEN}`)
    .bind(key, note ?? null, deps.adminId, deps.now, id)
    .run();
  if (!res.meta.changes) {
    await deps.files.delete(key);
    throw new DomainError(m.changedMeanwhile, 409);
  }
  await sendVipNotice(deps.notifier, deps.log, {
    userId: row.o.userId,
    template: "vip_report_ready",
    params: { title: m.titles[row.o.kind], link: profileLink(deps.origin, row.o.kind) },
  });
  return refreshed(deps, id);
}

/** Issues the SciFinder account; the one-month guarantee starts now. */
export async function issueAccount(
  deps: DeskDeps,
  id: string,
  input: { username: string; password: string; note?: string | undefined },
): Promise<AdminServiceOrder> {
  const row = await mustLoad(deps.db, id);
  if (row.o.kind !== "scifinder") throw new DomainError(m.notAnAccount);
  const res = await deps.db.$client
    .prepare(
      `UPDATE service_orders SET status = 'done', account_username = ?, account_secret = ?, guarantee_until = ?, note = COALESCE(?, note), handled_by = ?, updated_at = ? WHERE id = ? AND ${OPEN}`,
    )
    .bind(input.username, input.password, deps.now + SCIFINDER_GUARANTEE_DAYS * DAY_MS, input.note ?? null, deps.adminId, deps.now, id)
    .run();
  if (!res.meta.changes) throw new DomainError(m.notAwaitingWork, 409);
  await sendVipNotice(deps.notifier, deps.log, {
    userId: row.o.userId,
    template: "vip_account_issued",
    params: { link: profileLink(deps.origin, "scifinder") },
  });
  return refreshed(deps, id);
}

/** What a rejected order gives back: the order's total when it bought only this, else the line's price. */
async function refundAmount(db: Db, orderId: string | null, kind: VipKind): Promise<number> {
  if (!orderId) return 0;
  const [order] = await db.select({ total: schema.orders.total, cart: schema.orders.cart }).from(schema.orders).where(eq(schema.orders.id, orderId));
  if (!order) return 0;
  const name = (order.cart as { name?: unknown } | null)?.name;
  if (name === kind) return order.total;
  const [price] = await db.select({ price: schema.prices.price }).from(schema.prices).where(eq(schema.prices.key, kind));
  return Math.min(order.total, price?.price ?? 0);
}

/**
 * Rejects an open or unstarted order with a reason; a paid order's money returns to the wallet in the
 * same batch. The refund's ledger row id is derived from the order, so it can never be paid twice.
 */
export async function rejectOrder(deps: DeskDeps, id: string, reason: string): Promise<AdminServiceOrder> {
  const row = await mustLoad(deps.db, id);
  if (row.o.status === "done" || row.o.status === "rejected") throw new DomainError(m.notAwaitingWork, 409);
  const amount = row.o.paidByContract ? 0 : await refundAmount(deps.db, row.o.orderId, row.o.kind);
  const d1 = deps.db.$client;
  const statements: D1PreparedStatement[] = [
    d1
      .prepare("UPDATE service_orders SET status = 'rejected', note = ?, handled_by = ?, updated_at = ? WHERE id = ? AND status NOT IN ('done', 'rejected')")
      .bind(reason, deps.adminId, deps.now, id),
  ];
  // A racing reject that lost (its UPDATE matched nothing) rolls back here instead of answering ok.
  statements.push(
    assertStatement(deps.db, "EXISTS (SELECT 1 FROM service_orders WHERE id = ? AND status = 'rejected' AND handled_by = ? AND updated_at = ?)", [
      id,
      deps.adminId,
      deps.now,
    ]),
  );
  const [member] = row.o.paidByContract
    ? await deps.db.select({ universityId: schema.users.universityId }).from(schema.users).where(eq(schema.users.id, row.o.userId))
    : [];
  if (member?.universityId && (row.o.kind === "ithenticate" || row.o.kind === "grammarly")) {
    // A check the member's institution paid for, rejected: its unit of that month's quota goes back
    // (the assertion above rolls this back with a lost race).
    statements.push(returnQuotaStatement(deps.db, { universityId: member.universityId, key: row.o.kind, month: usageMonth(row.o.createdAt.getTime()) }));
  }
  if (amount > 0) {
    // Only when this batch's UPDATE rejected the order (not an order finished meanwhile).
    statements.push(
      ...ledgerChange(deps.db, {
        userId: row.o.userId,
        account: "balance",
        delta: amount,
        reason: "refund",
        refType: "service_order",
        refId: id,
        note: m.titles[row.o.kind],
        now: deps.now,
        entryId: `led_refund_${id}`,
        extraGuard: "EXISTS (SELECT 1 FROM service_orders WHERE id = ? AND status = 'rejected' AND handled_by = ? AND updated_at = ?)",
        extraParams: [id, deps.adminId, deps.now],
      }),
    );
  }
  try {
    await d1.batch(statements);
  } catch (err) {
    if (/UNIQUE|malformed JSON|daryaft-assertion-failed/i.test(String((err as Error)?.message ?? err))) throw new DomainError(m.changedMeanwhile, 409);
    throw err;
  }
  await sendVipNotice(deps.notifier, deps.log, {
    userId: row.o.userId,
    template: "vip_rejected",
    params: { title: m.titles[row.o.kind], reason, link: profileLink(deps.origin, row.o.kind) },
  });
  return refreshed(deps, id);
}
