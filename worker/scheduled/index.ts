/**
 * Cron Triggers (wrangler.toml [triggers]): the jobs that run on a clock rather than on a request.
 * Today one: payment reconciliation (issue 15 item 4), every 10 minutes.
 */
import { createDb } from "../../db/client";
import { createLogger } from "../../lib/logger";
import { reconcilePayments } from "../features/wallet/payments";

export async function handleScheduled(controller: Pick<ScheduledController, "scheduledTime" | "cron">, env: Cloudflare.Env): Promise<void> {
  const log = createLogger(`cron:${controller.cron}:${controller.scheduledTime}`);
  await reconcilePayments({ db: createDb(env.DB), env, now: controller.scheduledTime, log });
}
