/**
 * The one way this deployment builds its Crossref client: the polite pool's address (contact.ts),
 * the fake upstream where UPSTREAM_BASE says so, and both of the deployment's Crossref budgets —
 * single records and lists — at the caller's priority. The Worker's requests get it through
 * `services(c).clients.crossref`; the library watcher's Cron Trigger, which has no request, here.
 */
import type { Priority } from "../contract/budget";
import { contactMailto } from "./contact";
import { createCrossrefClient, type CrossrefClient, type ResponseCache } from "./crossref";
import type { FetchFn } from "./http";
import { providerBudget, type BudgetEnv } from "./limiters";

export type CrossrefEnv = BudgetEnv & { CONTACT_EMAIL?: string | undefined };

export type CrossrefCall = {
  /** Whose turn it is in the shared budgets (a person's paste first, a list, then background work). */
  priority: Priority;
  /** Each call's timeout (the client's default when absent). */
  timeoutMs?: number | undefined;
  /** The longest wait for a budget slot (a page request waits less than a list entry). */
  maxWaitMs?: number | undefined;
  /** Where answers may be kept (the edge cache), if anywhere. */
  cache?: ResponseCache | null | undefined;
  fetch?: FetchFn | undefined;
};

export function crossrefFor(env: CrossrefEnv, call: CrossrefCall): CrossrefClient {
  const slot = { timeoutMs: call.timeoutMs, maxWaitMs: call.maxWaitMs };
  return createCrossrefClient({
    fetch: call.fetch ?? ((...a) => fetch(...a)),
    upstreamBase: env.UPSTREAM_BASE,
    mailto: contactMailto(env),
    ...(call.timeoutMs ? { timeoutMs: call.timeoutMs } : {}),
    rateLimiter: providerBudget(env, "crossref", call.priority, slot),
    listRateLimiter: providerBudget(env, "crossrefList", call.priority, slot),
    ...(call.cache ? { cache: call.cache } : {}),
  });
}
