/**
 * A reading list's read that waits for its next entry to finish (GET /batch/{id}?wait=): the
 * jobs of its first processing entries are watched in their Durable Objects (the same waits as
 * /getpdf/check), and the read is answered the moment one of them settles, or at the bound.
 */
import { isSettled } from "../../../contract/jobs/job-state";
import { fetchJobStub } from "../jobs/fetch-job";
import { waitForSettled } from "../jobs/job-wait";
import type { GetpdfContext } from "../getpdf/service";

/**
 * Jobs watched per read: the list's first processing entries, which the queue (first in, first
 * out) finishes first. Each is one Durable Object request; the others come from the 3 s re-check.
 */
export const WATCHED_JOBS = 8;

/** The first of `jobKeys` to settle within `waitMs`, or null at the bound (or without a wait held). */
export async function nextSettled(ctx: GetpdfContext, jobKeys: string[], waitMs: number): Promise<string | null> {
  const keys = [...new Set(jobKeys)].slice(0, WATCHED_JOBS);
  if (!keys.length || waitMs <= 0) return null;
  // The waits still held when one settles are ended (and unwatched) at once.
  const done = new AbortController();
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, done.signal]) : done.signal;
  try {
    return await new Promise<string | null>((resolve) => {
      let left = keys.length;
      const over = () => {
        if (--left === 0) resolve(null);
      };
      for (const key of keys) {
        waitForSettled(fetchJobStub(ctx.env, key), waitMs, signal, ctx.background).then(
          (state) => (state !== undefined && isSettled(state) ? resolve(key) : over()),
          over,
        );
      }
    });
  } finally {
    done.abort();
  }
}
