/**
 * Cron Trigger dispatch of this feature. Each scheduled job is a separate function chosen by its
 * cron expression, so other features can add theirs beside it in worker/index.ts.
 */
import { createDb } from "../../../db/client";
import { crossrefFor } from "../../../clients/crossref-for";
import { d1AnswerStore } from "../../../db/shared-answers";
import { createLogger } from "../../../lib/logger";
import { PUBLIC_ORIGIN } from "../../env";
import { createNotifier } from "../notify/notifier";
import { runLibraryWatch } from "./watch";

/** Hourly; the watcher reads once a UTC day and a failed run is retried the next hour (watch.ts). */
const LIBRARY_WATCH_CRON = "23 * * * *";

export function libraryWatchJob(env: Cloudflare.Env, now = Date.now(), opts: { rows?: number } = {}) {
  const db = createDb(env.DB);
  const log = createLogger(`cron-${now}`);
  return runLibraryWatch({
    db,
    log,
    now,
    // A cron run has no request to take the origin from.
    origin: PUBLIC_ORIGIN,
    // The notice feeds are list requests, drawn on Crossref's list budget after pastes and lists.
    crossref: crossrefFor(env, { priority: "background", timeoutMs: 20_000, maxWaitMs: 60_000 }),
    notifier: createNotifier({ env, db, log, now: () => now, priority: "background" }),
    answers: d1AnswerStore(db),
    rows: opts.rows,
  });
}

/** Runs the jobs of this feature whose cron expression fired; false when none is ours. */
export function batchScheduled(controller: ScheduledController, env: Cloudflare.Env, ctx: ExecutionContext): boolean {
  if (controller.cron !== LIBRARY_WATCH_CRON) return false;
  ctx.waitUntil(libraryWatchJob(env, controller.scheduledTime));
  return true;
}
