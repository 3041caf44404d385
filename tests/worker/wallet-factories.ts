/** Wallet test helpers: users with money written through the ledger, and the ledger invariant check. */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { createDb } from "../../db/client";
import { creditWallet, grantLimitedCredits, ledgerChange, runMoneyBatch, type CachedAccount } from "../../worker/features/wallet/ledger";
import { schema } from "../../db/client";
import { randomToken, sha256Hex } from "../../worker/lib/crypto";
import { makeUser, newClient } from "./auth-helpers";

export const db = () => createDb(env.DB);
export const DAY = 86_400_000;

export type Funding = { balance?: number; standard?: number; offline?: number; unlimited?: number; limited?: { count: number; expiresAt: number }[] };

/** Gives a user money and credits the proper way: ledger rows in the same batch as the columns. */
export async function fund(userId: string, f: Funding, now = Date.now()) {
  const d = db();
  const items = [];
  if (f.balance) items.push(...creditWallet(d, { userId, amount: f.balance, reason: "admin_adjust", note: "test funding", now }));
  const cached: [CachedAccount, number | undefined][] = [
    ["standard_credit", f.standard],
    ["offline_article_credit", f.offline],
    ["unlimited_article_credit", f.unlimited],
  ];
  for (const [account, delta] of cached)
    if (delta) items.push(...ledgerChange(d, { userId, account, delta, reason: "admin_adjust", note: "test funding", now }));
  for (const lot of f.limited ?? []) items.push(...grantLimitedCredits(d, { userId, count: lot.count, expiresAt: lot.expiresAt, reason: "admin_adjust", now }));
  await runMoneyBatch(d, items);
}

export async function fundedUser(f: Funding = {}, opts: Parameters<typeof makeUser>[0] = {}) {
  const user = await makeUser(opts);
  await fund(user.id, f);
  return user;
}

/**
 * A signed-in browser for `userId` whose session lasts a year (tests move the clock with
 * x-test-now), with its CSRF token fetched once up front so parallel posts share one token.
 */
export async function signedInClient(userId: string) {
  const token = randomToken(32);
  const now = Date.now();
  await db()
    .insert(schema.sessions)
    .values({ id: await sha256Hex(token), userId, remember: true, createdAt: new Date(now), lastSeenAt: new Date(now), expiresAt: new Date(now + 400 * DAY) });
  const c = newClient();
  c.cookies.set("__Host-daryaft_session", token);
  await c.token();
  return c;
}

export async function fundedClient(f: Funding = {}, opts: Parameters<typeof makeUser>[0] = {}) {
  const user = await fundedUser(f, opts);
  return { user, client: await signedInClient(user.id) };
}

export type Balances = {
  balance: number;
  standard_credit: number;
  offline_article_credit: number;
  unlimited_article_credit: number;
  limited_article_credit: number;
};

export async function balancesOf(userId: string): Promise<Balances> {
  const u = await env.DB.prepare("SELECT balance, standard_credit, offline_article_credit, unlimited_article_credit FROM users WHERE id = ?")
    .bind(userId)
    .first<Omit<Balances, "limited_article_credit">>();
  const lots = await env.DB.prepare("SELECT COALESCE(SUM(remaining), 0) AS n FROM credit_lots WHERE user_id = ?").bind(userId).first<{ n: number }>();
  return { ...u!, limited_article_credit: lots!.n };
}

export async function ledgerSumsOf(userId: string): Promise<Balances> {
  const { results } = await env.DB.prepare("SELECT account, SUM(delta) AS s FROM ledger_entries WHERE user_id = ? GROUP BY account")
    .bind(userId)
    .all<{ account: keyof Balances; s: number }>();
  const out: Balances = { balance: 0, standard_credit: 0, offline_article_credit: 0, unlimited_article_credit: 0, limited_article_credit: 0 };
  for (const r of results) out[r.account] = r.s;
  return out;
}

/** The invariant: every cached balance (and the lots' remainders) equals the sum of its ledger; nothing is negative; each lot equals its own ledger rows. */
export async function expectLedgerConsistent(userId: string) {
  const [b, s] = await Promise.all([balancesOf(userId), ledgerSumsOf(userId)]);
  expect(b).toEqual(s);
  for (const v of Object.values(b)) expect(v).toBeGreaterThanOrEqual(0);
  const { results } = await env.DB.prepare(
    `SELECT l.id, l.remaining, COALESCE((SELECT SUM(delta) FROM ledger_entries e WHERE e.ref_type = 'credit_lot' AND e.ref_id = l.id), 0) AS s
     FROM credit_lots l WHERE l.user_id = ?`,
  )
    .bind(userId)
    .all<{ id: string; remaining: number; s: number }>();
  for (const lot of results) expect(lot.remaining).toBe(lot.s);
  return b;
}
