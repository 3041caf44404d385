/**
 * The books, checked as a whole after an attack (tests/worker/money-attacks.test.ts and any test
 * that wants it). Every rule is read from D1 directly, for every user of this test file's
 * database, so an attack on one account that leaks into another is caught too:
 *
 *   1. each cached balance and credit column equals the sum of its ledger rows; the limited
 *      credits' lots equal theirs, lot by lot; nothing is below zero (wallet-factories'
 *      per-user check, over everyone);
 *   2. a paid payment is credited exactly once, with its own amount; any other payment never;
 *   3. a paid invoice is debited exactly once (its amount, from the payer of the payment that
 *      closed it); an open or cancelled invoice never;
 *   4. a completed order with a total is debited exactly once, that total; an order never debits
 *      anything else;
 *   5. a refund happens at most once per thing refunded (offline request, service order), and only
 *      for a request that ended rejected or cancelled;
 *   6. a priced offline request is paid by one order, charged the price the request records (what a
 *      rejection refunds);
 *   7. a university's usage never passes its quota.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";

type Row = Record<string, unknown>;

async function all<T = Row>(sql: string, ...params: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;
}

/** Rows that break a rule, described so a failing test says which and why. */
async function violations(): Promise<Record<string, Row[]>> {
  return {
    cachedColumnNotLedgerSum: await all(
      `SELECT u.id, u.balance, u.standard_credit, u.offline_article_credit, u.unlimited_article_credit,
              COALESCE(SUM(CASE WHEN e.account = 'balance' THEN e.delta END), 0) AS ledger_balance,
              COALESCE(SUM(CASE WHEN e.account = 'standard_credit' THEN e.delta END), 0) AS ledger_standard,
              COALESCE(SUM(CASE WHEN e.account = 'offline_article_credit' THEN e.delta END), 0) AS ledger_offline,
              COALESCE(SUM(CASE WHEN e.account = 'unlimited_article_credit' THEN e.delta END), 0) AS ledger_unlimited
       FROM users u LEFT JOIN ledger_entries e ON e.user_id = u.id
       GROUP BY u.id
       HAVING u.balance <> ledger_balance OR u.standard_credit <> ledger_standard
           OR u.offline_article_credit <> ledger_offline OR u.unlimited_article_credit <> ledger_unlimited`,
    ),
    negative: await all(
      `SELECT id, balance, standard_credit, offline_article_credit, unlimited_article_credit FROM users
       WHERE balance < 0 OR standard_credit < 0 OR offline_article_credit < 0 OR unlimited_article_credit < 0
       UNION ALL SELECT id, remaining, NULL, NULL, NULL FROM credit_lots WHERE remaining < 0`,
    ),
    limitedNotLotSum: await all(
      `SELECT u.id,
              (SELECT COALESCE(SUM(remaining), 0) FROM credit_lots l WHERE l.user_id = u.id) AS lots,
              (SELECT COALESCE(SUM(delta), 0) FROM ledger_entries e WHERE e.user_id = u.id AND e.account = 'limited_article_credit') AS ledger
       FROM users u WHERE lots <> ledger`,
    ),
    lotNotItsLedger: await all(
      `SELECT l.id, l.remaining, COALESCE((SELECT SUM(delta) FROM ledger_entries e WHERE e.ref_type = 'credit_lot' AND e.ref_id = l.id), 0) AS s
       FROM credit_lots l WHERE l.remaining <> s`,
    ),
    paymentCredit: await all(
      `SELECT p.id, p.status, p.amount, COUNT(e.id) AS credits, COALESCE(SUM(e.delta), 0) AS credited
       FROM payments p LEFT JOIN ledger_entries e ON e.ref_type = 'payment' AND e.ref_id = p.id AND e.reason = 'topup'
       GROUP BY p.id
       HAVING (p.status = 'paid' AND (credits <> 1 OR credited <> p.amount)) OR (p.status <> 'paid' AND credits <> 0)`,
    ),
    invoiceDebit: await all(
      `SELECT i.id, i.status, i.amount, i.payment_id, COUNT(e.id) AS debits, COALESCE(SUM(e.delta), 0) AS debited,
              (SELECT user_id FROM payments WHERE id = i.payment_id) AS payer, MIN(e.user_id) AS debited_user
       FROM invoices i LEFT JOIN ledger_entries e ON e.ref_type = 'invoice' AND e.ref_id = i.id
       GROUP BY i.id
       HAVING (i.status = 'paid' AND (debits <> 1 OR debited <> -i.amount OR debited_user IS NOT payer)) OR (i.status <> 'paid' AND debits <> 0)`,
    ),
    orderDebit: await all(
      `SELECT o.id, o.status, o.total, COUNT(e.id) AS debits, COALESCE(SUM(e.delta), 0) AS debited
       FROM orders o LEFT JOIN ledger_entries e ON e.ref_type = 'order' AND e.ref_id = o.id AND e.account = 'balance'
       GROUP BY o.id
       HAVING (o.status = 'completed' AND o.total > 0 AND (debits <> 1 OR debited <> -o.total)) OR ((o.status <> 'completed' OR o.total = 0) AND debits <> 0)`,
    ),
    refundTwice: await all(
      `SELECT ref_type, ref_id, account, COUNT(*) AS n FROM ledger_entries
       WHERE reason = 'refund' GROUP BY ref_type, ref_id, account HAVING n > 1`,
    ),
    refundOfOpenRequest: await all(
      `SELECT r.id, r.status FROM offline_requests r
       WHERE r.status NOT IN ('rejected', 'cancelled')
         AND EXISTS (SELECT 1 FROM ledger_entries e WHERE e.reason = 'refund' AND e.ref_type = 'offline_request' AND e.ref_id = r.id)`,
    ),
    refundOfOpenServiceOrder: await all(
      `SELECT s.id, s.status FROM service_orders s
       WHERE s.status <> 'rejected'
         AND EXISTS (SELECT 1 FROM ledger_entries e WHERE e.reason = 'refund' AND e.ref_type = 'service_order' AND e.ref_id = s.id)`,
    ),
    requestPaidAtOtherPrice: await all(
      `SELECT r.id, r.status, r.price, COUNT(o.id) AS orders, MIN(o.total) AS charged
       FROM offline_requests r JOIN orders o
         ON o.status = 'completed' AND json_extract(o.cart, '$.name') = 'offline_request' AND json_extract(o.cart, '$.id') = r.id
       GROUP BY r.id HAVING orders > 1 OR charged <> r.price`,
    ),
    quotaPassed: await all(`SELECT university_id, month, access_key, used, quota FROM university_usage WHERE quota IS NOT NULL AND used > quota`),
  };
}

/** Fails with the list of broken rules (empty lists are left out). */
export async function expectBooksBalanced(): Promise<void> {
  const found = Object.fromEntries(Object.entries(await violations()).filter(([, rows]) => rows.length));
  expect(found).toEqual({});
}
