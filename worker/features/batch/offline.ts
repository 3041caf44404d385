/**
 * Offline requests for every `offline` row of a batch in one go. Each request costs one offline
 * article credit and one ledger entry, as a single offline request does.
 *
 * Two ways to pay, as usual:
 * - credits (`POST /batch/{id}/offline`): the offline feature's own registerRequest per row; a
 *   document the user already has an open request for is answered by that request (its duplicate
 *   check, and the open-request unique index when two submissions race), so nothing is charged twice;
 * - the wallet (`POST /order` with the cart `{name: "batch_offline", id: <batch id>}`, or the card
 *   gateway for the shortfall, which completes the same cart): the `batch_offline` fulfiller
 *   (offline-order.ts) buys the credits the user lacks and spends one per request in the order's
 *   own batch, so the debit, the credits and every request are written together or not at all.
 *
 * A row the desk would refuse (a Persian document, a book or standard asked as an article) is left
 * out and counted as `refused`, so one such row never stops the others.
 */
import type { BatchOfflineQuote, BatchOfflineResult } from "../../../contract/batch";
import type { IdentifyResult } from "../../../contract/identify";
import { schema, type Db } from "../../../db/client";
import { detectPersianRequest } from "../../../lib/persian-detect";
import { eq } from "drizzle-orm";
import { DomainError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import { classifyDocument, contentTypeMisfit, docKeyFor, identifyRequest } from "../offline/content-type";
import { findOpenDuplicate } from "../offline/queries";
import type { OfflineDeps } from "../offline/service";
import { registerRequest } from "../offline/service";
import { loadPriceTable } from "../wallet/prices";
import { batchEntries } from "./service";

type EntryRow = Awaited<ReturnType<typeof batchEntries>>[number];

export type PlannedRow = { entry: EntryRow; input: { url: string; doi?: string }; ids: IdentifyResult[]; doi: string | null; docKey: string };
export type OfflinePlan = { todo: PlannedRow[]; already: number; refused: number };

export const batchOfflineTexts = {
  nothing: "همهٔ مراجع این فهرست یا آماده‌اند یا درخواست آفلاین دارند؛ چیزی برای ثبت نمانده و مبلغی کسر نشد.",
  short: (n: string, have: string) =>
    `برای ${n} درخواست آفلاین، ${n} اعتبار مقالهٔ آفلاین لازم است و ${have} اعتبار دارید. بقیه را از کیف پول بپردازید یا ابتدا بستهٔ اعتبار بخرید.`,
};

/** What the offline desk is asked for: the DOI's link when one is known, else the reference as written. */
function requestFor(e: EntryRow): { url: string; doi?: string } {
  if (e.doi) return { url: `https://doi.org/${e.doi}`, doi: e.doi };
  return { url: e.lookup.slice(0, 2000) };
}

/** Would the desk refuse it as an article request? (Persian, or clearly a book/standard.) The pipeline already screened Persian titles; this is the same cheap check registerRequest makes, without its Crossref call. */
function refusedAsArticle(e: EntryRow, input: { url: string }, ids: IdentifyResult[]): boolean {
  if (detectPersianRequest({ url: input.url, title: e.title ?? undefined }).persian) return true;
  return contentTypeMisfit("article", classifyDocument(ids)) !== null;
}

/** The batch's offline rows this user has not requested yet, the ones already requested, and the ones left out. */
export async function planOffline(db: Db, userId: string, batchId: string): Promise<OfflinePlan> {
  const rows = (await batchEntries(db, batchId)).filter((e) => e.status === "offline");
  const plan: OfflinePlan = { todo: [], already: 0, refused: 0 };
  const seen = new Set<string>();
  for (const entry of rows) {
    const input = requestFor(entry);
    const { ids, doi } = identifyRequest(input);
    const docKey = docKeyFor(ids, input.url);
    if (refusedAsArticle(entry, input, ids)) plan.refused++;
    // The same document twice in one list is one request (the open-request index allows one).
    else if (seen.has(docKey) || (await findOpenDuplicate(db, userId, docKey))) plan.already++;
    else plan.todo.push({ entry, input, ids, doi, docKey });
    seen.add(docKey);
  }
  return plan;
}

export async function freshCredits(db: Db, userId: string): Promise<{ balance: number; offline: number }> {
  const [u] = await db
    .select({ balance: schema.users.balance, offline: schema.users.offlineArticleCredit })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  return u ?? { balance: 0, offline: 0 };
}

/** Credits first, the wallet for the rest: how many credits the order buys. */
export const creditsToBuy = (count: number, credits: number) => Math.max(0, count - credits);

export async function quoteOffline(db: Db, user: UserRow, batchId: string): Promise<BatchOfflineQuote> {
  const plan = await planOffline(db, user.id, batchId);
  const count = plan.todo.length;
  const { balance, offline } = await freshCredits(db, user.id);
  const toBuy = creditsToBuy(count, offline);
  // Without a price row the wallet cannot sell credits (the order says so); the quote still answers.
  const unit = (await loadPriceTable(db)).get("offline_article") ?? null;
  return {
    count,
    credits_needed: count,
    credits_available: offline,
    shortfall: toBuy,
    refused: plan.refused,
    already: plan.already,
    unit_price: unit,
    wallet_total: unit === null ? null : toBuy * unit,
    balance,
  };
}

/** Credits only: refused in Persian, charging nothing, when the credits do not cover every row. */
export async function requestOffline(deps: OfflineDeps, user: UserRow, batchId: string): Promise<BatchOfflineResult> {
  const plan = await planOffline(deps.db, user.id, batchId);
  const { offline } = await freshCredits(deps.db, user.id);
  const fa = (n: number) => n.toLocaleString("fa-IR");
  if (plan.todo.length > offline)
    throw new DomainError(batchOfflineTexts.short(fa(plan.todo.length), fa(offline)), 200, { code: "offline_credit_insufficient" });
  const ids: string[] = [];
  let requested = 0;
  for (const { input } of plan.todo) {
    const r = await registerRequest(deps, user, input, "article");
    ids.push(r.id);
    if (!r.duplicate) requested++;
  }
  return { status: "ok", requested, already: plan.already + plan.todo.length - requested, refused: plan.refused, ids };
}
