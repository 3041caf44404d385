/**
 * An invoice is paid once, whatever the payers do: two tabs, two members of a university, two
 * starts at the same instant, a late bank return. A payment that arrives for a settled invoice
 * stays in the payer's wallet as credit; a second start while one is pending is refused.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { Invoice } from "../../contract/wallet";
import { walletMessages } from "../../worker/features/wallet/messages";
import { INVOICE_PAYMENT_WINDOW_MS } from "../../worker/features/wallet/payments";
import { devbank, paymentOf, startGateway } from "./gateway-helpers";
import { seedDemoData, type Client } from "./helpers";
import { makeUniversity, member } from "./institutions-factories";
import { expectLedgerConsistent, fundedClient, signedInClient } from "./wallet-factories";
import { expectBooksBalanced } from "./money-invariants";

beforeAll(async () => {
  await seedDemoData();
});

async function invoiceFor(target: { user: string } | { university_id: string }, amount = 5_000) {
  const admin = await signedInClient("usr_dev_admin");
  const res = await admin.post("/admin/createInvoice", { ...target, title: "صورت‌حساب آزمایشی", amount });
  expect(res.status).toBe(200);
  return Invoice.parse(await res.json());
}

async function invoiceLedger(invoiceId: string) {
  const { results } = await env.DB.prepare("SELECT user_id, delta FROM ledger_entries WHERE reason = 'invoice' AND ref_id = ?")
    .bind(invoiceId)
    .all<{ user_id: string; delta: number }>();
  return results;
}

async function refused(client: Client, invoiceId: string, now?: number) {
  const res = await client.postForm("/gateway/devbank", { invoice_id: invoiceId }, { now });
  expect(res.status).toBe(200);
  return (await res.json()) as { status: string; error: string };
}

describe("an invoice paid twice", () => {
  it("a second start while a payment is pending is refused in Persian", async () => {
    const { user, client } = await fundedClient();
    const invoice = await invoiceFor({ user: user.email });
    await startGateway(client, "devbank", { invoice_id: invoice.id });
    expect(await refused(client, invoice.id)).toEqual({ status: "error", error: walletMessages.invoicePaymentPending });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE invoice_id = ?").bind(invoice.id).first<{ n: number }>())!.n).toBe(1);
  });

  it("two tabs both paid at the bank (the first tab abandoned long enough to start again): the invoice is debited once, the second payment stays as credit", async () => {
    const { user, client } = await fundedClient();
    const invoice = await invoiceFor({ user: user.email });
    const now = Date.now();
    const tabA = await startGateway(client, "devbank", { invoice_id: invoice.id }, { now });
    const tabB = await startGateway(client, "devbank", { invoice_id: invoice.id }, { now: now + INVOICE_PAYMENT_WINDOW_MS + 1_000 });
    const a = await devbank(client, tabA, "pay");
    const b = await devbank(client, tabB, "pay");
    expect((await paymentOf(client, a.result)).status).toBe("paid");
    expect((await paymentOf(client, b.result)).status).toBe("paid");
    // replays of both bank returns change nothing
    await client.get(a.callback);
    await client.get(b.callback);
    expect(await invoiceLedger(invoice.id)).toEqual([{ user_id: user.id, delta: -5_000 }]);
    const after = Invoice.parse(await (await client.get(`/invoices/${invoice.id}`)).json());
    expect(after.status).toBe("paid");
    // paid 10,000 for a 5,000 invoice: 5,000 is still the user's
    expect((await expectLedgerConsistent(user.id)).balance).toBe(5_000);
  });

  it("two starts at the same instant: exactly one payment is created", async () => {
    const { user, client } = await fundedClient();
    const invoice = await invoiceFor({ user: user.email });
    const results = await Promise.all(Array.from({ length: 6 }, () => client.postForm("/gateway/devbank", { invoice_id: invoice.id })));
    expect(results.filter((r) => r.status === 303)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE invoice_id = ?").bind(invoice.id).first<{ n: number }>())!.n).toBe(1);
  });

  it("two payments settled at the same instant: one debit", async () => {
    const { user, client } = await fundedClient();
    const invoice = await invoiceFor({ user: user.email });
    const now = Date.now();
    const locations = [
      await startGateway(client, "devbank", { invoice_id: invoice.id }, { now }),
      await startGateway(client, "devbank", { invoice_id: invoice.id }, { now: now + INVOICE_PAYMENT_WINDOW_MS + 1_000 }),
    ];
    // Press pay at both banks, then deliver both returns at once.
    const callbacks = await Promise.all(
      locations.map(async (loc) => {
        const back = await client.postForm(loc, { action: "pay" });
        return back.headers.get("location")!;
      }),
    );
    await Promise.all(callbacks.flatMap((cb) => [client.get(cb), client.get(cb)]));
    expect(await invoiceLedger(invoice.id)).toHaveLength(1);
    expect((await expectLedgerConsistent(user.id)).balance).toBe(5_000);
  });

  it("a university invoice paid by two members: the second is refused while the first pays; if both pay, one is debited and the other keeps it as credit", async () => {
    const uni = await makeUniversity();
    const a = await member(uni);
    const b = await member(uni);
    const invoice = await invoiceFor({ university_id: uni.id }, 7_000);
    const now = Date.now();
    const locA = await startGateway(a.client, "devbank", { invoice_id: invoice.id }, { now });
    expect(await refused(b.client, invoice.id, now + 60_000)).toEqual({ status: "error", error: walletMessages.invoicePaymentPending });
    const locB = await startGateway(b.client, "devbank", { invoice_id: invoice.id }, { now: now + INVOICE_PAYMENT_WINDOW_MS + 1_000 });
    await devbank(b.client, locB, "pay");
    await devbank(a.client, locA, "pay");
    expect(await invoiceLedger(invoice.id)).toEqual([{ user_id: b.user.id, delta: -7_000 }]);
    expect((await expectLedgerConsistent(b.user.id)).balance).toBe(0);
    expect((await expectLedgerConsistent(a.user.id)).balance).toBe(7_000);
    // a settled invoice cannot be started again
    expect(await refused(a.client, invoice.id)).toEqual({ status: "error", error: walletMessages.invoiceNotOpen });
  });
});

it("the whole books balance after these races (payments, invoices, orders, refunds, quotas)", async () => {
  await expectBooksBalanced();
});
