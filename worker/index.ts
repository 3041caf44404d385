import { app } from "./app";
import { handleQueueBatch } from "../queue-consumer";

export { FetchJob } from "./features/jobs/fetch-job";

/** One Worker: HTTP (Hono) and the fetch-jobs queues (docs/decisions/0001-one-worker.md). */
export default {
  fetch: app.fetch,
  queue: (batch, env, ctx) => handleQueueBatch(batch, env, ctx),
} satisfies ExportedHandler<Cloudflare.Env>;
