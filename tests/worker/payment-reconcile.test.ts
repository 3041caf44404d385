/**
 * Issue 15 item 4: the scheduled reconciliation (Cron Trigger → worker.scheduled) against the fake
 * ZarinPal speaking the real wire format (unVerified.json, verify.json). A payment the bank holds
 * as paid is settled even if the user never came back or our write after verify failed; an expired
 * unpaid one fails; a young unpaid one is left alone; running twice, or at the same moment as the
 * user's callback, settles once.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { PENDING_EXPIRY_MS } from "../../worker/features/wallet/payments";
import { startGateway } from "./gateway-helpers";
import { seedDemoData } from "./helpers";
import { expectLedgerConsistent, fundedClient } from "./wallet-factories";

beforeAll(async () => {
  await seedDemoData();
});

const MERCHANT = "00000000-0000-4000-8000-000000000000";

async function runCron(at: number) {
  const controller = createScheduledController({ scheduledTime: new Date(at), cron: "*/10 * * * *" });
  const ctx = createExecutionContext();
  await worker.scheduled!(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

/** Pays at the fake bank without following the redirect back (the user closed the tab). */
async function payAtBank(location: string) {
  const res = await fetch(`${location}/pay`, { redirect: "manual" });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("location")!);
  return { callback: `${back.pathname}${back.search}`, authority: back.searchParams.get("Authority")! };
}

async function zarinpal(path: string, body: Record<string, unknown>) {
  const res = await fetch(`${env.UPSTREAM_BASE}/sandbox.zarinpal.com/pg/v4/payment/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ merchant_id: MERCHANT, ...body }),
  });
  return (await res.json()) as { data: { code?: number; authorities?: { authority: string; amount: number; callback_url: string; date: string }[] } };
}

const statusOf = async (authority: string) =>
  (await env.DB.prepare("SELECT status FROM payments WHERE authority = ?").bind(authority).first<{ status: string }>())!.status;

describe("payment reconciliation (scheduled)", () => {
  it("the fake lists paid, unverified payments in ZarinPal's wire format", async () => {
    const { client } = await fundedClient();
    const { authority } = await payAtBank(await startGateway(client, "zarinpal", { amount: "4000" }));
    const listed = await zarinpal("unVerified.json", {});
    expect(listed.data.code).toBe(100);
    const mine = listed.data.authorities!.find((a) => a.authority === authority)!;
    expect(mine).toMatchObject({ amount: 4000 });
    expect(mine.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(mine.callback_url).toContain("/gateway/zarinpal/callback");
  });

  it("a payment paid at the bank whose user never came back is settled by the cron, once (run twice)", async () => {
    const { user, client } = await fundedClient();
    const { authority, callback } = await payAtBank(await startGateway(client, "zarinpal", { amount: "8000" }));
    expect(await statusOf(authority)).toBe("pending");
    await runCron(Date.now());
    expect(await statusOf(authority)).toBe("paid");
    await runCron(Date.now() + 1000);
    // the user's late return changes nothing either
    await client.get(callback);
    expect((await expectLedgerConsistent(user.id)).balance).toBe(8000);
    expect((await zarinpal("unVerified.json", {})).data.authorities!.some((a) => a.authority === authority)).toBe(false);
  });

  it("verified at the bank but our write failed (still pending here): the cron settles it once the page has expired", async () => {
    const { user, client } = await fundedClient();
    const { authority } = await payAtBank(await startGateway(client, "zarinpal", { amount: "6000" }));
    // our verify reached the bank (100) but the D1 batch after it never ran
    expect((await zarinpal("verify.json", { authority, amount: 6000 })).data.code).toBe(100);
    await runCron(Date.now());
    expect(await statusOf(authority)).toBe("pending"); // no longer listed as unverified, not yet expired
    await runCron(Date.now() + PENDING_EXPIRY_MS + 60_000);
    expect(await statusOf(authority)).toBe("paid");
    expect((await expectLedgerConsistent(user.id)).balance).toBe(6000);
  });

  it("the cron and the user's callback at the same moment settle once", async () => {
    const { user, client } = await fundedClient();
    const { authority, callback } = await payAtBank(await startGateway(client, "zarinpal", { amount: "5000" }));
    await Promise.all([runCron(Date.now()), client.get(callback), runCron(Date.now()), client.get(callback)]);
    expect(await statusOf(authority)).toBe("paid");
    expect((await expectLedgerConsistent(user.id)).balance).toBe(5000);
    const credits = await env.DB.prepare("SELECT COUNT(*) AS n FROM ledger_entries WHERE user_id = ? AND reason = 'topup'")
      .bind(user.id)
      .first<{ n: number }>();
    expect(credits!.n).toBe(1);
  });

  it("an unpaid payment is left alone while its bank page may still be open, and failed once it has expired", async () => {
    const { user, client } = await fundedClient();
    const location = await startGateway(client, "zarinpal", { amount: "7000" });
    const authority = location.split("/").at(-1)!;
    await runCron(Date.now());
    expect(await statusOf(authority)).toBe("pending");
    await runCron(Date.now() + PENDING_EXPIRY_MS + 60_000);
    expect(await statusOf(authority)).toBe("failed");
    expect((await expectLedgerConsistent(user.id)).balance).toBe(0);
  });
});
