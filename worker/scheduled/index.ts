/**
 * Cron Triggers (wrangler.toml [triggers]): the jobs that run on a clock rather than on a request.
 * Today one: payment reconciliation, every 10 minutes.
 */
import { createDb } from "../../db/client";
import { createLogger } from "../../lib/logger";
import { PUBLIC_ORIGIN } from "../env";
import { createNotifier } from "../features/notify/notifier";
import type { AfterPaymentDeps } from "../money/fulfilment";
import { sendReceipts } from "../money/orders";
import { reconcilePayments } from "../features/wallet/payments";
import { products } from "../products";

export async function handleScheduled(controller: Pick<ScheduledController, "scheduledTime" | "cron">, env: Cloudflare.Env): Promise<void> {
  const log = createLogger(`cron:${controller.cron}:${controller.scheduledTime}`);
  const db = createDb(env.DB);
  const now = controller.scheduledTime;
  // A payment settled here completes its order as the bank's return would: the buyer still gets the
  // receipt (and a file delivered by the payment, its "ready" notice), staff their alert.
  const after: AfterPaymentDeps = { db, log, origin: PUBLIC_ORIGIN, notifier: createNotifier({ env, db, log, now: () => now }) };
  await reconcilePayments({ db, bindings: env, now, log, products, receipts: (items, ctx) => sendReceipts(after, products, items, ctx) });
}
