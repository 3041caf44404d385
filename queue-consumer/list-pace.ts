/**
 * Reading-list entries start at most `listEntries.perSecond` a second across the deployment.
 *
 * A list batch's Crossref records come in one list request (list-prefetch.ts), so Crossref's
 * budgets no longer hold lists back; without a pace of their own, lists run as fast as the lane's
 * invocations allow and crowd what pastes need besides the providers (the job objects, D1, the
 * document hosts). The pace is Crossref's ceiling in entries (its 10 single records a second, less
 * a margin): lists still finish at the rate the service could sustain without the list request.
 *
 * Each list-lane message takes one turn of its own budget (one Durable Object, shared by every
 * consumer invocation) before it claims its run: the wait is spent in the lane, not out of the
 * run's 60 s, and a paste that joins the run meanwhile still moves it to the paste lane (the list
 * message is then refused at claim). The lane's invocations bound the waiters (2 × 10, wrangler.toml),
 * so a turn comes within about 2 s; past MAX_TURN_WAIT_MS the entry goes on rather than fail (the
 * providers' own budgets still hold).
 */
import { UpstreamError } from "../clients/http";
import { providerBudget } from "../clients/limiters";
import { createLogger } from "../lib/logger";

const log = createLogger("queue");

/** Longest wait for a turn. */
export const MAX_TURN_WAIT_MS = 10_000;

/** Waits for the entry's turn. Never fails the entry. */
export async function paceListEntry(env: Cloudflare.Env): Promise<void> {
  try {
    // A turn, not a call: nothing is held, so there is nothing to hand back (the lease lapses on its own).
    await providerBudget(env, "listEntries", "list", { maxWaitMs: MAX_TURN_WAIT_MS, timeoutMs: 1_000 }).take();
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    log.warn("list.pace_refused", { detail: err.message });
  }
}
