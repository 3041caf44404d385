/**
 * The money ledger: every change of the cash balance or of a credit is an append-only
 * `ledger_entries` row written IN THE SAME D1 BATCH as the cached column it changes.
 *
 * How the guard works (D1 has no interactive transactions; a batch runs as one transaction):
 *   1. `INSERT INTO ledger_entries ... SELECT ... WHERE <the user's column + delta >= 0>`
 *      — the ledger row exists only if the change is affordable at that moment;
 *   2. `UPDATE users SET col = col + delta WHERE id = ? AND EXISTS (ledger row with that id)`
 *      — the cached column moves only if its ledger row was written.
 *   Both run inside one batch transaction, so nothing can interleave between the check and the
 *   write: the cached column always equals the sum of its ledger, and never goes below zero.
 *   (We key on the pre-generated ledger row id rather than `changes()`, so correctness does not
 *   depend on per-connection state between batch statements.)
 *
 * Two failure modes:
 *   - "skip"  (default): an unaffordable change silently writes nothing; statement [0] (the ledger
 *     INSERT) reports meta.changes = 1 when it happened. Use it when the caller decides afterwards.
 *   - "abort": an unaffordable change makes the WHOLE batch fail (the users CHECK constraint
 *     `... >= 0` trips), so every other statement of the batch is rolled back too. Orders use it:
 *     debit + fulfilment are all-or-nothing. `runMoneyBatch` turns that failure into
 *     `InsufficientFundsError` (a Persian DomainError).
 *
 * Limited article credits live in `credit_lots` (count + expiry, one month). A lot's ledger rows
 * reference it (`ref_type = 'credit_lot'`, `ref_id = lot id`), so the sum of a user's
 * `limited_article_credit` ledger equals the sum of their lots' `remaining`. Spending takes the
 * oldest unexpired lot first; expired remainders are written off by `expireLotsStatements` (an
 * `expiry` ledger row per lot, idempotent by a deterministic row id).
 *
 * Callers build statements with these helpers, add their own, and run them with `runMoneyBatch`
 * (accepts raw D1 statements and Drizzle queries in one batch).
 */
import type { BatchItem } from "drizzle-orm/batch";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { DomainError } from "../../lib/errors";
import { walletMessages } from "./messages";

export type LedgerAccount = (typeof schema.ledgerAccounts)[number];
/** Accounts with a cached column on `users`. */
export type CachedAccount = Exclude<LedgerAccount, "limited_article_credit">;

/** Anything a money batch can hold: raw D1 statements or Drizzle queries. */
export type MoneyBatchItem = D1PreparedStatement | BatchItem<"sqlite">;

const ACCOUNT_COLUMN: Record<CachedAccount, string> = {
  balance: "balance",
  standard_credit: "standard_credit",
  offline_article_credit: "offline_article_credit",
  unlimited_article_credit: "unlimited_article_credit",
};

/** The users CHECK constraint of each column, to tell which balance tripped an aborted batch. */
const CHECK_NAMES: Record<string, CachedAccount> = {
  users_balance_non_negative: "balance",
  users_standard_credit_non_negative: "standard_credit",
  users_offline_credit_non_negative: "offline_article_credit",
  users_unlimited_credit_non_negative: "unlimited_article_credit",
};

type LedgerChangeInput = {
  userId: string;
  account: CachedAccount;
  /** Whole units (toman for `balance`); never 0. */
  delta: number;
  /** order, topup, spend_download, admin_adjust, refund, expiry, invoice... */
  reason: string;
  refType?: string | null;
  refId?: string | null;
  note?: string | null;
  createdBy?: string | null;
  now: number;
  /** Pre-chosen ledger row id (to look the row up afterwards); generated when absent. */
  entryId?: string;
  onShortfall?: "skip" | "abort";
  /** Skip mode only: more SQL ANDed into the ledger INSERT's guard (with its parameters). */
  extraGuard?: string;
  extraParams?: unknown[];
};

export const d1Of = (db: Db): D1Database => db.$client;

const LEDGER_COLUMNS = "id, user_id, account, delta, reason, ref_type, ref_id, note, created_by, created_at";

function assertDelta(delta: number) {
  if (!Number.isSafeInteger(delta) || delta === 0) throw new RangeError(`ledger delta must be a non-zero integer, got ${delta}`);
}

/**
 * The statements of one guarded change of a cached balance column. Statement [0] is the ledger
 * INSERT: its `meta.changes` is 1 exactly when the change happened.
 */
export function ledgerChange(db: Db, input: LedgerChangeInput): D1PreparedStatement[] {
  assertDelta(input.delta);
  const d1 = d1Of(db);
  const col = ACCOUNT_COLUMN[input.account];
  if (!col) throw new RangeError(`not a cached ledger account: ${input.account}`);
  const id = input.entryId ?? newId("led", input.now);
  const row = [
    id,
    input.userId,
    input.account,
    input.delta,
    input.reason,
    input.refType ?? null,
    input.refId ?? null,
    input.note ?? null,
    input.createdBy ?? null,
    input.now,
  ];
  if (input.onShortfall === "abort") {
    if (input.extraGuard) throw new RangeError("extraGuard needs skip mode");
    // No guard: if the column would go negative, the CHECK constraint fails and the batch rolls back.
    return [
      d1.prepare(`INSERT INTO ledger_entries (${LEDGER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).bind(...row),
      d1.prepare(`UPDATE users SET ${col} = ${col} + ? WHERE id = ?`).bind(input.delta, input.userId),
    ];
  }
  return [
    d1
      .prepare(
        `INSERT INTO ledger_entries (${LEDGER_COLUMNS}) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
         WHERE EXISTS (SELECT 1 FROM users WHERE id = ? AND ${col} + ? >= 0)${input.extraGuard ? ` AND (${input.extraGuard})` : ""}`,
      )
      .bind(...row, input.userId, input.delta, ...(input.extraParams ?? [])),
    d1.prepare(`UPDATE users SET ${col} = ${col} + ? WHERE id = ? AND EXISTS (SELECT 1 FROM ledger_entries WHERE id = ?)`).bind(input.delta, input.userId, id),
  ];
}

type WalletInput = Omit<LedgerChangeInput, "account" | "delta" | "onShortfall" | "extraGuard" | "extraParams"> & { amount: number };

/** Adds toman to the wallet (top-ups, refunds, admin credit). */
export function creditWallet(db: Db, input: WalletInput): D1PreparedStatement[] {
  if (input.amount <= 0) throw new RangeError("credit amount must be positive");
  return ledgerChange(db, { ...input, account: "balance", delta: input.amount });
}

/**
 * Takes toman from the wallet. By default the whole batch aborts when the balance does not
 * cover it (`runMoneyBatch` then throws InsufficientFundsError), so a purchase is all-or-nothing.
 */
export function debitWallet(db: Db, input: WalletInput & Pick<LedgerChangeInput, "onShortfall" | "extraGuard" | "extraParams">): D1PreparedStatement[] {
  if (input.amount <= 0) throw new RangeError("debit amount must be positive");
  return ledgerChange(db, { ...input, account: "balance", delta: -input.amount, onShortfall: input.onShortfall ?? "abort" });
}

/** Adds a lot of limited article credits (count + expiry) and its ledger row. */
export function grantLimitedCredits(
  db: Db,
  input: {
    userId: string;
    count: number;
    expiresAt: number;
    reason: string;
    sourceRef?: string | null;
    note?: string | null;
    createdBy?: string | null;
    now: number;
    lotId?: string;
  },
): D1PreparedStatement[] {
  if (!Number.isSafeInteger(input.count) || input.count <= 0) throw new RangeError("lot count must be a positive integer");
  const d1 = d1Of(db);
  const lotId = input.lotId ?? newId("lot", input.now);
  return [
    d1
      .prepare("INSERT INTO credit_lots (id, user_id, remaining, expires_at, source_ref, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(lotId, input.userId, input.count, input.expiresAt, input.sourceRef ?? null, input.now),
    d1
      .prepare(`INSERT INTO ledger_entries (${LEDGER_COLUMNS}) VALUES (?, ?, 'limited_article_credit', ?, ?, 'credit_lot', ?, ?, ?, ?)`)
      .bind(newId("led", input.now), input.userId, input.count, input.reason, lotId, input.note ?? input.sourceRef ?? null, input.createdBy ?? null, input.now),
  ];
}

/**
 * Writes off the remainders of a user's expired lots: one `expiry` ledger row per lot (its id is
 * derived from the lot, so a lot can be written off once), then the lot's remaining goes to 0 only
 * if that exact row exists.
 */
function expireLotsStatements(db: Db, userId: string, now: number): D1PreparedStatement[] {
  const d1 = d1Of(db);
  return [
    d1
      .prepare(
        `INSERT OR IGNORE INTO ledger_entries (${LEDGER_COLUMNS})
         SELECT 'led_exp_' || l.id, l.user_id, 'limited_article_credit', -l.remaining, 'expiry', 'credit_lot', l.id, NULL, NULL, ?
         FROM credit_lots l WHERE l.user_id = ? AND l.expires_at <= ? AND l.remaining > 0`,
      )
      .bind(now, userId, now),
    d1
      .prepare(
        `UPDATE credit_lots SET remaining = 0
         WHERE user_id = ? AND expires_at <= ? AND remaining > 0
           AND EXISTS (SELECT 1 FROM ledger_entries e WHERE e.id = 'led_exp_' || credit_lots.id AND e.delta = -credit_lots.remaining)`,
      )
      .bind(userId, now),
  ];
}

/**
 * One limited credit taken from the user's oldest unexpired lot, guarded like `ledgerChange`:
 * statement [0] (the ledger INSERT) has meta.changes = 1 when a credit was taken.
 * `extraGuard` is SQL added to the INSERT's WHERE (with `extraParams`), e.g. "no entitlement yet".
 */
export function spendLimitedCredit(
  db: Db,
  input: {
    userId: string;
    reason: string;
    note?: string | null;
    createdBy?: string | null;
    now: number;
    entryId?: string;
    extraGuard?: string;
    extraParams?: unknown[];
  },
): D1PreparedStatement[] {
  const d1 = d1Of(db);
  const id = input.entryId ?? newId("led", input.now);
  return [
    d1
      .prepare(
        `INSERT INTO ledger_entries (${LEDGER_COLUMNS})
         SELECT ?, l.user_id, 'limited_article_credit', -1, ?, 'credit_lot', l.id, ?, ?, ?
         FROM credit_lots l
         WHERE l.user_id = ? AND l.expires_at > ? AND l.remaining > 0 ${input.extraGuard ? `AND (${input.extraGuard})` : ""}
         ORDER BY l.expires_at, l.created_at, l.id LIMIT 1`,
      )
      .bind(id, input.reason, input.note ?? null, input.createdBy ?? null, input.now, input.userId, input.now, ...(input.extraParams ?? [])),
    d1
      .prepare("UPDATE credit_lots SET remaining = remaining - 1 WHERE id = (SELECT ref_id FROM ledger_entries WHERE id = ? AND ref_type = 'credit_lot')")
      .bind(id),
  ];
}

/** A statement that makes the batch fail (rolling everything back) unless `conditionSql` holds. */
export function assertStatement(db: Db, conditionSql: string, params: unknown[] = []): D1PreparedStatement {
  // json() of malformed text raises an SQL error; CASE evaluates it only when the condition is false.
  return d1Of(db)
    .prepare(`SELECT CASE WHEN (${conditionSql}) THEN 1 ELSE json('daryaft-assertion-failed') END AS ok`)
    .bind(...params);
}

/** A batch aborted because a balance or credit would have gone below zero. */
export class InsufficientFundsError extends DomainError {
  constructor(readonly account: LedgerAccount | "unknown") {
    super(account === "balance" ? walletMessages.insufficientBalance : walletMessages.insufficientCredit);
  }
}

/** A batch aborted by an `assertStatement`. */
export class AssertionFailedError extends Error {}

function isDrizzleQuery(item: MoneyBatchItem): item is BatchItem<"sqlite"> {
  return typeof (item as { _prepare?: unknown })._prepare === "function";
}

/** Converts a Drizzle query to a raw D1 statement (the same way Drizzle's own `db.batch` does). */
function toD1Statement(db: Db, item: MoneyBatchItem): D1PreparedStatement {
  if (!isDrizzleQuery(item)) return item;
  const prepared = (item as unknown as { _prepare(): { getQuery(): { sql: string; params: unknown[] } } })._prepare();
  const q = prepared.getQuery();
  return d1Of(db)
    .prepare(q.sql)
    .bind(...q.params);
}

/** The constraint or assertion that made a batch fail, or null for other errors. */
export function classifyBatchError(
  err: unknown,
): { kind: "insufficient"; account: CachedAccount | "unknown" } | { kind: "unique"; table: string } | { kind: "assertion" } | null {
  const msg = String((err as Error)?.message ?? err);
  const check = /CHECK constraint failed:?\s*([a-z_]+)?/i.exec(msg);
  if (check) {
    const name = check[1] ?? "";
    const account = CHECK_NAMES[name];
    if (account) return { kind: "insufficient", account };
    if (name.startsWith("credit_lots")) return { kind: "insufficient", account: "unknown" };
    return { kind: "insufficient", account: "unknown" };
  }
  const unique = /UNIQUE constraint failed:\s*([a-z_]+)\./i.exec(msg);
  if (unique) return { kind: "unique", table: unique[1]! };
  if (/malformed JSON/i.test(msg)) return { kind: "assertion" };
  return null;
}

/**
 * Runs one all-or-nothing batch. A balance CHECK failure becomes InsufficientFundsError, an
 * assertion becomes AssertionFailedError; anything else (e.g. a UNIQUE idempotency key) is rethrown.
 */
export async function runMoneyBatch(db: Db, items: MoneyBatchItem[]): Promise<D1Result[]> {
  if (!items.length) return [];
  const statements = items.map((i) => toD1Statement(db, i));
  try {
    return await d1Of(db).batch(statements);
  } catch (err) {
    const kind = classifyBatchError(err);
    if (kind?.kind === "insufficient") throw new InsufficientFundsError(kind.account);
    if (kind?.kind === "assertion") throw new AssertionFailedError(String((err as Error).message));
    throw err;
  }
}

/** Whether statement `index` of a finished batch changed a row (e.g. a guarded ledger INSERT). */
export const changed = (results: D1Result[], index: number) => (results[index]?.meta.changes ?? 0) > 0;

type SpendArticleResult = { ok: true; kind: "limited" | "unlimited" | "already" } | { ok: false };

/**
 * One article credit for one document per user, never twice: a repeat for the same job key answers
 * `already` (article_entitlements' primary key is (user_id, job_key)). Limited credits (oldest
 * unexpired lot) go before unlimited ones. One batch; safe under any number of concurrent calls.
 */
export async function spendArticleCredit(db: Db, input: { userId: string; jobKey: string; now: number }): Promise<SpendArticleResult> {
  const { userId, jobKey, now } = input;
  const d1 = d1Of(db);
  const limitedId = newId("led", now);
  const unlimitedId = newId("led", now);
  const notEntitled = "NOT EXISTS (SELECT 1 FROM article_entitlements WHERE user_id = ? AND job_key = ?)";
  const statements = [
    ...expireLotsStatements(db, userId, now),
    // 2, 3: a limited credit, if the document is not already paid for
    ...spendLimitedCredit(db, {
      userId,
      reason: "spend_download",
      note: jobKey,
      now,
      entryId: limitedId,
      extraGuard: notEntitled,
      extraParams: [userId, jobKey],
    }),
    // 4: otherwise an unlimited credit
    d1
      .prepare(
        `INSERT INTO ledger_entries (${LEDGER_COLUMNS})
         SELECT ?, ?, 'unlimited_article_credit', -1, 'spend_download', 'article', ?, NULL, NULL, ?
         WHERE NOT EXISTS (SELECT 1 FROM ledger_entries WHERE id = ?) AND ${notEntitled}
           AND EXISTS (SELECT 1 FROM users WHERE id = ? AND unlimited_article_credit >= 1)`,
      )
      .bind(unlimitedId, userId, jobKey, now, limitedId, userId, jobKey, userId),
    // 5
    d1
      .prepare("UPDATE users SET unlimited_article_credit = unlimited_article_credit - 1 WHERE id = ? AND EXISTS (SELECT 1 FROM ledger_entries WHERE id = ?)")
      .bind(userId, unlimitedId),
    // 6: the entitlement, only if one of the two ledger rows was written
    d1
      .prepare(
        `INSERT INTO article_entitlements (user_id, job_key, credit_kind, created_at)
         SELECT ?, ?, CASE WHEN EXISTS (SELECT 1 FROM ledger_entries WHERE id = ?) THEN 'limited' ELSE 'unlimited' END, ?
         WHERE EXISTS (SELECT 1 FROM ledger_entries WHERE id IN (?, ?))`,
      )
      .bind(userId, jobKey, limitedId, now, limitedId, unlimitedId),
  ];
  const results = await d1.batch(statements);
  if (changed(results, 2)) return { ok: true, kind: "limited" };
  if (changed(results, 4)) return { ok: true, kind: "unlimited" };
  const existing = await d1.prepare("SELECT 1 AS x FROM article_entitlements WHERE user_id = ? AND job_key = ?").bind(userId, jobKey).first();
  return existing ? { ok: true, kind: "already" } : { ok: false };
}

/** Whether the user already paid for this document (later downloads are free). */
export async function hasArticleEntitlement(db: Db, userId: string, jobKey: string): Promise<boolean> {
  const row = await d1Of(db).prepare("SELECT 1 AS x FROM article_entitlements WHERE user_id = ? AND job_key = ?").bind(userId, jobKey).first();
  return !!row;
}

/** Usable limited credits right now (unexpired lots). */
export async function limitedCreditsOf(db: Db, userId: string, now: number): Promise<{ count: number; expiration: number | null }> {
  const row = await d1Of(db)
    .prepare(
      "SELECT COALESCE(SUM(remaining), 0) AS count, MIN(expires_at) AS expiration FROM credit_lots WHERE user_id = ? AND expires_at > ? AND remaining > 0",
    )
    .bind(userId, now)
    .first<{ count: number; expiration: number | null }>();
  return { count: row?.count ?? 0, expiration: row?.expiration ?? null };
}

/** Runs the user's pending expiry write-offs (cheap; idempotent). */
export async function expireLots(db: Db, userId: string, now: number): Promise<void> {
  await d1Of(db).batch(expireLotsStatements(db, userId, now));
}
