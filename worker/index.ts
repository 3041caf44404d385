import { renderPage } from "#web/entry-server";
import { createApp } from "./app";
import { handleQueueBatch } from "../queue-consumer";
import { batchScheduled } from "./features/batch/scheduled";
import { handleScheduled } from "./scheduled";

export { FetchJob } from "./features/jobs/fetch-job";
export { ProviderBudget } from "./features/budget/provider-budget";

// The SPA's server entry draws each page's first screen (docs/decisions/0010-server-rendered-first-screen.md).
const app = createApp({ renderPage });

/** One Worker: HTTP (Hono), the fetch-jobs queues (docs/decisions/0001-one-worker.md) and the Cron Triggers. */
export default {
  fetch: app.fetch,
  queue: (batch, env, ctx) => handleQueueBatch(batch, env, ctx),
  // Cron Triggers, dispatched by expression: the library watcher on its own; every other trigger
  // (the 10-minute one) runs payment reconciliation.
  scheduled: (controller, env, ctx) => {
    if (batchScheduled(controller, env, ctx)) return;
    ctx.waitUntil(handleScheduled(controller, env));
  },
} satisfies ExportedHandler<Cloudflare.Env>;
