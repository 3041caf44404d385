/** Admin verbs: credit adjustments (ledger rows with a required reason), invoices, the price table. */
import { desc, eq } from "drizzle-orm";
import type { AdjustInput, Invoice, InvoiceInput, PriceUpdateInput } from "../../../contract/wallet";
import type { z } from "zod";
import { schema, type Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { DomainError, NotFoundError, ValidationError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import {
  AssertionFailedError,
  InsufficientFundsError,
  assertStatement,
  grantLimitedCredits,
  ledgerChange,
  runMoneyBatch,
  spendLimitedCredit,
  type MoneyBatchItem,
} from "./ledger";
import { walletMessages } from "./messages";
import { DAY_MS, LIMITED_LOT_DAYS } from "./prices";
import { balancesByAccount, findUserId } from "./queries";

/**
 * Changes one balance or credit of a user by `delta`, as a ledger row `admin_adjust` with the
 * admin's reason and id. All-or-nothing: a removal larger than what the user has changes nothing.
 * Limited credits: a positive delta grants a lot valid `days` (default 30); a negative one takes
 * credits from the oldest unexpired lots.
 */
export async function adjustCredits(db: Db, admin: UserRow, userId: string, input: z.output<typeof AdjustInput>, now: number) {
  const [target] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, userId));
  if (!target) throw new NotFoundError(walletMessages.userNotFound);
  const common = { userId, reason: "admin_adjust", note: input.reason, createdBy: admin.id, now };
  let items: MoneyBatchItem[];
  if (input.account === "limited_article_credit") {
    if (input.delta > 0) {
      items = grantLimitedCredits(db, {
        ...common,
        count: input.delta,
        expiresAt: now + (input.days ?? LIMITED_LOT_DAYS) * DAY_MS,
        sourceRef: `admin:${admin.id}`,
      });
    } else {
      const n = -input.delta;
      if (n > 500) throw new ValidationError({ delta: [walletMessages.adjustWouldGoNegative] });
      const ids = Array.from({ length: n }, () => newId("led", now));
      items = ids.flatMap((entryId) => spendLimitedCredit(db, { ...common, entryId }));
      items.push(assertStatement(db, `(SELECT COUNT(*) FROM ledger_entries WHERE id IN (${ids.map(() => "?").join(",")})) = ?`, [...ids, n]));
    }
  } else {
    items = ledgerChange(db, { ...common, account: input.account, delta: input.delta, refType: "admin", refId: admin.id, onShortfall: "abort" });
  }
  try {
    await runMoneyBatch(db, items);
  } catch (err) {
    if (err instanceof InsufficientFundsError || err instanceof AssertionFailedError) throw new DomainError(walletMessages.adjustWouldGoNegative);
    throw err;
  }
  return balancesByAccount(db, userId);
}

function invoiceOut(row: typeof schema.invoices.$inferSelect, payee: string): Invoice {
  return {
    id: row.id,
    title: row.title,
    amount: row.amount,
    status: row.status,
    user_id: row.userId,
    university_id: row.universityId,
    payee,
    pay_url: `/payment?invoice=${row.id}`,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
  };
}

async function payeeName(db: Db, row: typeof schema.invoices.$inferSelect): Promise<string> {
  if (row.userId) {
    const [u] = await db.select({ name: schema.users.name, email: schema.users.email }).from(schema.users).where(eq(schema.users.id, row.userId));
    return u ? `${u.name} (${u.email})` : row.userId;
  }
  if (row.universityId) {
    const [uni] = await db.select({ name: schema.universities.name }).from(schema.universities).where(eq(schema.universities.id, row.universityId));
    return uni?.name ?? row.universityId;
  }
  return "";
}

export async function createInvoice(db: Db, admin: UserRow, input: z.output<typeof InvoiceInput>, now: number): Promise<Invoice> {
  let userId: string | null = null;
  let universityId: string | null = null;
  if (input.user) {
    userId = await findUserId(db, input.user);
    if (!userId) throw new ValidationError({ user: [walletMessages.userNotFound] });
  } else if (input.university_id) {
    const [uni] = await db.select({ id: schema.universities.id }).from(schema.universities).where(eq(schema.universities.id, input.university_id));
    if (!uni) throw new ValidationError({ university_id: [walletMessages.invoiceTarget] });
    universityId = uni.id;
  }
  const id = newId("inv", now);
  const [row] = await db
    .insert(schema.invoices)
    .values({ id, createdBy: admin.id, userId, universityId, title: input.title, amount: input.amount, status: "open", createdAt: new Date(now) })
    .returning();
  return invoiceOut(row!, await payeeName(db, row!));
}

export async function listInvoices(db: Db): Promise<Invoice[]> {
  const rows = await db.select().from(schema.invoices).orderBy(desc(schema.invoices.createdAt)).limit(200);
  return Promise.all(rows.map(async (r) => invoiceOut(r, await payeeName(db, r))));
}

/** An invoice as its payer (or an admin) sees it. */
export async function invoiceFor(db: Db, user: UserRow, id: string): Promise<Invoice> {
  const [row] = await db.select().from(schema.invoices).where(eq(schema.invoices.id, id));
  const mine = row && (user.isAdmin || (row.userId ? row.userId === user.id : !!row.universityId && row.universityId === user.universityId));
  if (!row || !mine) throw new NotFoundError(walletMessages.invoiceNotFound);
  return invoiceOut(row, await payeeName(db, row));
}

export async function priceTable(db: Db) {
  const [prices, packages] = await db.batch([
    db.select().from(schema.prices).orderBy(schema.prices.key),
    db.select().from(schema.pricePackages).orderBy(schema.pricePackages.id),
  ]);
  return { prices: prices.map((p) => ({ key: p.key, title: p.title, price: p.price })), packages };
}

/** Sets one price: a `prices` key, or `package_N` for a price package. */
export async function updatePrice(db: Db, input: z.output<typeof PriceUpdateInput>, now: number) {
  const pkg = /^package_([0-9]+)$/.exec(input.key);
  if (pkg) {
    const r = await db
      .update(schema.pricePackages)
      .set({ price: input.price })
      .where(eq(schema.pricePackages.id, Number(pkg[1])))
      .returning({ id: schema.pricePackages.id });
    if (!r.length) throw new ValidationError({ key: [walletMessages.unknownProduct] });
  } else {
    const r = await db
      .update(schema.prices)
      .set({ price: input.price, updatedAt: new Date(now) })
      .where(eq(schema.prices.key, input.key))
      .returning({ key: schema.prices.key });
    if (!r.length) throw new ValidationError({ key: [walletMessages.unknownProduct] });
  }
  return priceTable(db);
}

export type { AdjustInput };
