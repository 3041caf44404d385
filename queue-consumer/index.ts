/**
 * Queue entry for the fetch pipeline, mounted by the Worker's entry (one Env, one deploy).
 * The fetch pipeline issue fills in the resolver chain.
 */
export async function handleQueueBatch(batch: MessageBatch<unknown>, _env: Cloudflare.Env, _ctx: ExecutionContext): Promise<void> {
  for (const message of batch.messages) message.ack();
}
