/**
 * Reading-list entries start at most `listEntries.perSecond` a second across the deployment.
 *
 * A list batch's Crossref records come in one list request (list-prefetch.ts), so Crossref's
 * budgets no longer hold lists back; without a pace of their own, lists run as fast as the lane's
 * invocations allow and crowd what pastes need besides the providers (the job objects, D1, the
 * document hosts). The pace is Crossref's ceiling in entries (its 10 single records a second, less
 * a margin): lists still finish at the rate the service could sustain without the list request.
 * Each entry takes one slot of its own budget at claim (one Durable Object, shared by every
 * consumer invocation); a run a paste has joined does not wait.
 */
import { UpstreamError } from "../clients/http";
import { providerBudget } from "../clients/limiters";
import { createLogger } from "../lib/logger";

const log = createLogger("queue");

/** Waits for the entry's turn. Never fails the entry: past the wait allowed it goes on (the providers' own budgets still hold). */
export async function paceListEntry(env: Cloudflare.Env): Promise<void> {
  try {
    const slot = await providerBudget(env, "listEntries", "list", { timeoutMs: 1_000 }).take();
    // A turn, not a call: nothing is held.
    await slot.done({ status: null });
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    log.warn("list.pace_refused", { detail: err.message });
  }
}
