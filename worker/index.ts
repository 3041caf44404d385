import { app } from "./app";
import { handleQueueBatch } from "../queue-consumer";
import { batchScheduled } from "./features/batch/scheduled";

export { FetchJob } from "./features/jobs/fetch-job";

/** One Worker: HTTP (Hono) and the fetch-jobs queues (docs/decisions/0001-one-worker.md). */
export default {
  fetch: app.fetch,
  queue: (batch, env, ctx) => handleQueueBatch(batch, env, ctx),
  // Cron Triggers, dispatched by expression: one function per scheduled job.
  scheduled: (controller, env, ctx) => {
    if (!batchScheduled(controller, env, ctx)) console.warn(JSON.stringify({ level: "warn", msg: "no job for cron", cron: controller.cron }));
  },
} satisfies ExportedHandler<Cloudflare.Env>;
