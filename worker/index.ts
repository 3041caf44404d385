import { app } from "./app";
import { handleQueueBatch } from "../queue-consumer";
import { handleScheduled } from "./scheduled";

export { FetchJob } from "./features/jobs/fetch-job";

/** One Worker: HTTP (Hono), the fetch-jobs queues (docs/decisions/0001-one-worker.md) and the Cron Triggers. */
export default {
  fetch: app.fetch,
  queue: (batch, env, ctx) => handleQueueBatch(batch, env, ctx),
  scheduled: (controller, env, ctx) => ctx.waitUntil(handleScheduled(controller, env)),
} satisfies ExportedHandler<Cloudflare.Env>;
