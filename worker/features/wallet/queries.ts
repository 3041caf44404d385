/** Read models of the wallet: a user's ledger page, balances, and the admin's transaction search. */
import { schema, type Db } from "../../../db/client";
import type { LedgerRow, TransactionsResponse } from "../../../contract/wallet";
import { d1Of } from "./ledger";
import { ledgerReasonLabel } from "../../../contract/labels";

type LedgerDbRow = {
  id: string;
  created_at: number;
  account: LedgerRow["account"];
  delta: number;
  reason: string;
  note: string | null;
  ref_type: string | null;
  ref_id: string | null;
};

const toLedgerRow = (r: LedgerDbRow): LedgerRow => ({
  id: r.id,
  created_at: new Date(r.created_at).toISOString(),
  account: r.account,
  delta: r.delta,
  reason: r.reason,
  reason_title: ledgerReasonLabel(r.reason),
  note: r.note,
  ref_type: r.ref_type,
  ref_id: r.ref_id,
});

/** The user's ledger, newest first. */
export async function ledgerPage(db: Db, userId: string, page: number, perPage: number) {
  const d1 = d1Of(db);
  const [rows, total] = await d1.batch<LedgerDbRow | { n: number }>([
    d1
      .prepare(
        "SELECT id, created_at, account, delta, reason, note, ref_type, ref_id FROM ledger_entries WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?",
      )
      .bind(userId, perPage, (page - 1) * perPage),
    d1.prepare("SELECT COUNT(*) AS n FROM ledger_entries WHERE user_id = ?").bind(userId),
  ]);
  const n = (total!.results[0] as { n: number } | undefined)?.n ?? 0;
  return { data: (rows!.results as LedgerDbRow[]).map(toLedgerRow), current_page: page, total_pages: Math.max(1, Math.ceil(n / perPage)), total: n };
}

/** Finds a user by id, e-mail, mobile or username (admin searches and invoices). */
export async function findUserId(db: Db, needle: string): Promise<string | null> {
  const row = await d1Of(db)
    .prepare("SELECT id FROM users WHERE id = ?1 OR lower(email) = lower(?1) OR mobile = ?1 OR lower(username) = lower(?1) LIMIT 1")
    .bind(needle.trim())
    .first<{ id: string }>();
  return row?.id ?? null;
}

/** A day boundary in epoch ms from YYYY-MM-DD (Tehran has no DST since 2022: UTC+3:30) or epoch ms. */
export function parseDay(v: string | undefined, endOfDay: boolean): number | null {
  if (!v) return null;
  if (/^[0-9]{10,14}$/.test(v)) return Number(v);
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(v);
  if (!m) return null;
  const start = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - 3.5 * 3_600_000;
  return Number.isFinite(start) ? (endOfDay ? start + 86_400_000 : start) : null;
}

type TransactionFilters = { userId?: string | null; account?: string | undefined; reason?: string | undefined; from?: number | null; to?: number | null };

export async function transactions(db: Db, f: TransactionFilters, page: number, perPage: number): Promise<TransactionsResponse> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.userId) where.push("e.user_id = ?"), params.push(f.userId);
  if (f.account) where.push("e.account = ?"), params.push(f.account);
  if (f.reason) where.push("e.reason = ?"), params.push(f.reason);
  if (f.from != null) where.push("e.created_at >= ?"), params.push(f.from);
  if (f.to != null) where.push("e.created_at < ?"), params.push(f.to);
  const w = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const d1 = d1Of(db);
  const userFilter = f.userId ? "WHERE id = ?" : "";
  const lotFilter = f.userId ? "WHERE user_id = ?" : "";
  const who = f.userId ? [f.userId] : [];
  const payFilter = f.userId ? "AND user_id = ?" : "";
  const [rows, count, totals, balances, lots, pays] = await d1.batch([
    d1
      .prepare(
        `SELECT e.id, e.created_at, e.account, e.delta, e.reason, e.note, e.ref_type, e.ref_id, e.created_by, e.user_id, u.name AS user_name, u.email AS user_email
         FROM ledger_entries e JOIN users u ON u.id = e.user_id ${w} ORDER BY e.created_at DESC, e.id DESC LIMIT ? OFFSET ?`,
      )
      .bind(...params, perPage, (page - 1) * perPage),
    d1.prepare(`SELECT COUNT(*) AS n FROM ledger_entries e ${w}`).bind(...params),
    d1
      .prepare(
        `SELECT e.account, COALESCE(SUM(CASE WHEN e.delta > 0 THEN e.delta ELSE 0 END), 0) AS credited, COALESCE(SUM(CASE WHEN e.delta < 0 THEN -e.delta ELSE 0 END), 0) AS debited
         FROM ledger_entries e ${w} GROUP BY e.account`,
      )
      .bind(...params),
    d1
      .prepare(
        `SELECT COALESCE(SUM(balance), 0) AS balance, COALESCE(SUM(standard_credit), 0) AS standard_credit, COALESCE(SUM(offline_article_credit), 0) AS offline_article_credit,
                COALESCE(SUM(unlimited_article_credit), 0) AS unlimited_article_credit FROM users ${userFilter}`,
      )
      .bind(...who),
    d1.prepare(`SELECT COALESCE(SUM(remaining), 0) AS n FROM credit_lots ${lotFilter}`).bind(...who),
    d1.prepare(`SELECT COUNT(*) AS n, COALESCE(SUM(amount), 0) AS s FROM payments WHERE status = 'paid' ${payFilter}`).bind(...who),
  ]);
  const n = (count!.results[0] as { n: number }).n;
  const accounts = schema.ledgerAccounts;
  const totalsOut = Object.fromEntries(accounts.map((a) => [a, { credited: 0, debited: 0, net: 0 }])) as TransactionsResponse["totals"];
  for (const t of totals!.results as { account: (typeof accounts)[number]; credited: number; debited: number }[]) {
    totalsOut[t.account] = { credited: t.credited, debited: t.debited, net: t.credited - t.debited };
  }
  const b = balances!.results[0] as Omit<TransactionsResponse["balances"], "limited_article_credit">;
  const pay = pays!.results[0] as { n: number; s: number };
  type Row = LedgerDbRow & { created_by: string | null; user_id: string; user_name: string; user_email: string };
  return {
    data: (rows!.results as Row[]).map((r) => ({
      ...toLedgerRow(r),
      user_id: r.user_id,
      user_name: r.user_name,
      user_email: r.user_email,
      created_by: r.created_by,
    })),
    current_page: page,
    total_pages: Math.max(1, Math.ceil(n / perPage)),
    total: n,
    totals: totalsOut,
    balances: { ...b, limited_article_credit: (lots!.results[0] as { n: number }).n },
    payments: { paid_count: pay.n, paid_amount: pay.s },
  };
}

/** A user's current balances by ledger account (limited = all lots' remainders). */
export async function balancesByAccount(db: Db, userId: string): Promise<Record<(typeof schema.ledgerAccounts)[number], number>> {
  const d1 = d1Of(db);
  const u = await d1
    .prepare("SELECT balance, standard_credit, offline_article_credit, unlimited_article_credit FROM users WHERE id = ?")
    .bind(userId)
    .first<Record<string, number>>();
  const lots = await d1.prepare("SELECT COALESCE(SUM(remaining), 0) AS n FROM credit_lots WHERE user_id = ?").bind(userId).first<{ n: number }>();
  return {
    balance: u?.balance ?? 0,
    standard_credit: u?.standard_credit ?? 0,
    offline_article_credit: u?.offline_article_credit ?? 0,
    unlimited_article_credit: u?.unlimited_article_credit ?? 0,
    limited_article_credit: lots?.n ?? 0,
  };
}
