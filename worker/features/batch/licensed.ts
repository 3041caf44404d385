/**
 * A reading list's licensed rows: copies found in a licensed source, shown `buy` until the user
 * pays for them. Resolving a list never spends (a list is pasted, not a press on one document);
 * here the owner spends on all of them at once, through the link download's own spending (the
 * institution's article quota first, then a limited, then an unlimited article credit; one ledger
 * entry per document, each document paid once per user whatever list or link it comes from), and
 * the rows turn `ok` with their download links.
 *
 * Spending stops at the first row no credit pays for: the rest stay `buy`, and the answer says how
 * many are left, for the package offer (`POST /order`, back to the list). Two presses at once pay
 * each document once (the entitlement guard in the credit's own D1 batch).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { BatchLicensedQuote, BatchLicensedResult } from "../../../contract/batch";
import { schema, type Db } from "../../../db/client";
import type { GetpdfContext } from "../getpdf/service";
import { limitedCreditsOf } from "../../money/ledger";
import { refreshEntry } from "./service";

async function licensedRows(db: Db, batchId: string) {
  const be = schema.batchEntries;
  return db
    .select()
    .from(be)
    .where(and(eq(be.batchId, batchId), eq(be.status, "buy"), sql`${be.ticket} is not null`, sql`${be.jobKey} is not null`))
    .orderBy(asc(be.position));
}

/** Usable article credits: unlimited, and limited ones not yet expired. */
async function articleCredits(db: Db, userId: string, now: number): Promise<number> {
  const [u] = await db.select({ unlimited: schema.users.unlimitedArticleCredit }).from(schema.users).where(eq(schema.users.id, userId));
  return (u?.unlimited ?? 0) + (await limitedCreditsOf(db, userId, now)).count;
}

export async function quoteLicensed(ctx: GetpdfContext & { userId: string }, batchId: string): Promise<BatchLicensedQuote> {
  const rows = await licensedRows(ctx.db, batchId);
  // The same document twice in a list is paid once.
  const count = new Set(rows.map((r) => r.jobKey)).size;
  const credits = await articleCredits(ctx.db, ctx.userId, ctx.now);
  return { count, credits_available: credits, shortfall: Math.max(0, count - credits) };
}

export async function spendOnLicensed(ctx: GetpdfContext & { userId: string }, batchId: string): Promise<BatchLicensedResult> {
  const rows = await licensedRows(ctx.db, batchId);
  const spending: GetpdfContext = { ...ctx, maySpend: true };
  let paid = 0;
  let left = 0;
  for (const row of rows) {
    // Once nothing pays for one, nothing will pay for the next: they are counted, not tried.
    if (left > 0) {
      left++;
      continue;
    }
    const status = await refreshEntry(spending, row);
    if (status === "ok") paid++;
    else if (status === "buy") left++;
  }
  return { status: "ok", paid, left };
}
