/**
 * Queue entry for the fetch pipeline, mounted by the Worker's entry (one Env, one deploy):
 * daryaft-fetch-jobs runs the resolver chain, daryaft-fetch-jobs-dlq ends jobs whose messages
 * used up their retries. Messages of a batch run concurrently and are acknowledged one by one;
 * a reading list's batch first asks Crossref for all its entries' records at once (list-prefetch.ts).
 */
import { createDb } from "../db/client";
import { d1AnswerStore } from "../db/shared-answers";
import { prefetchCrossrefWorks } from "./list-prefetch";
import { defaultConsumerDeps, handleDeadLetter, parseJobMessage, processFetchMessage, type ConsumerDeps } from "./process";

export const FETCH_QUEUE = "daryaft-fetch-jobs";
/** Reading-list entries: the same pipeline, served after pastes (wrangler.toml: its own concurrency). */
export const BULK_QUEUE = "daryaft-fetch-jobs-bulk";
export const DEAD_LETTER_QUEUE = "daryaft-fetch-jobs-dlq";

export async function handleQueueBatch(
  batch: MessageBatch<unknown>,
  env: Cloudflare.Env,
  _ctx: ExecutionContext,
  deps: ConsumerDeps = defaultConsumerDeps,
): Promise<void> {
  const deadLetters = batch.queue === DEAD_LETTER_QUEUE || batch.queue.endsWith("-dlq");
  const lane = batch.queue === BULK_QUEUE || batch.queue.endsWith("-bulk") ? "list" : "paste";
  if (lane === "list" && !deadLetters) {
    const bodies = batch.messages.flatMap((m) => parseJobMessage(m.body) ?? []);
    await prefetchCrossrefWorks(bodies, env, d1AnswerStore(createDb(env.DB)), deps.fetch, deps.now());
  }
  await Promise.all(batch.messages.map((m) => (deadLetters ? handleDeadLetter(m, env, deps.now) : processFetchMessage(m, env, deps, lane))));
}
