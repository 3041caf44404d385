import { z } from "zod";

/**
 * The development-only endpoints' schemas (worker/dev.ts; contract/endpoints/dev.ts declares them):
 * the outbox of messages that would have been sent, the development bank's buttons, and the
 * benchmarks' measurements.
 */

/** How an outbox message would have gone (db/schema/users.ts stores it). */
export const outboxChannels = ["sms", "email"] as const;

export const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(outboxChannels),
  recipient: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;
export const OutboxList = z.object({ messages: z.array(OutboxMessage) });

export const OutboxQuery = z.object({
  recipient: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** The development bank page's buttons. */
export const DevbankAction = z.object({ action: z.enum(["pay", "cancel"]) });

export const RoundTripQuery = z.object({ n: z.coerce.number().int().min(1).max(50).default(20) });
export const RoundTrip = z.object({ n: z.number().int(), p50_ms: z.number(), p95_ms: z.number(), max_ms: z.number() });

/** A week either side of the clock: a run reads the feeds' days since the last run up to `now`. */
const WATCH_NOW_SPAN_MS = 7 * 86_400_000;
/**
 * One run as the cron makes it, a few days' notices at most: a `now` decades away, or pages of a
 * few rows, would make one request read the feeds for minutes.
 */
export const WatchQuery = z.object({
  now: z.coerce
    .number()
    .int()
    .refine((v) => Math.abs(v - Date.now()) <= WATCH_NOW_SPAN_MS, "زمان اجرا باید در یک هفتهٔ پیش یا پس از اکنون باشد.")
    .optional(),
  rows: z.coerce.number().int().min(100).max(1_000).optional(),
});
export const WatchRun = z.object({
  calls: z.number().int(),
  items: z.number().int(),
  notices: z.number().int(),
  held: z.number().int(),
  notified: z.number().int(),
});
