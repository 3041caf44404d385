/**
 * A reading-list batch's Crossref records, asked in one list request before its entries run.
 *
 * Each entry's chain reads a DOI's Crossref record from the shared answers first (resolver-steps.ts
 * `crossrefWork`); asking for the batch's records together (`filter=doi:a,doi:b`, Crossref's list
 * budget) stores them there, so ten entries cost one list request instead of ten single ones, and
 * the single-record budget is left to pastes. Records Crossref did not return, a failed or refused
 * request, or no slot in time: the entries ask alone, as before (nothing here can fail a job).
 */
import { createCrossrefClient, type CrossrefWork } from "../clients/crossref";
import { contactMailto } from "../clients/contact";
import type { FetchFn } from "../clients/http";
import { providerBudget } from "../clients/limiters";
import type { FetchJobMessage } from "../contract/jobs/job-state";
import type { AnswerStore } from "../db/shared-answers";
import { createLogger } from "../lib/logger";
import { DEADLINES } from "./limits";
import { arxivFromDoi, keepCrossrefWork } from "./resolver-steps";

const log = createLogger("queue");

/** A list batch waits at most this long for a list slot; past it the entries ask alone. */
const PREFETCH_WAIT_MS = 10_000;

/** The Crossref DOIs a batch's entries will ask about (arXiv's DataCite DOIs are not Crossref's). */
export function crossrefDoisOf(messages: readonly FetchJobMessage[]): string[] {
  const dois = messages.flatMap((m) => {
    const doi = m.input.identified.doi ?? m.input.book?.doi ?? null;
    return doi && !arxivFromDoi(doi) ? [doi.toLowerCase()] : [];
  });
  return [...new Set(dois)];
}

export async function prefetchCrossrefWorks(
  messages: readonly FetchJobMessage[],
  env: Cloudflare.Env,
  answers: AnswerStore,
  fetchFn: FetchFn,
  now: number,
): Promise<{ asked: number; stored: number }> {
  const dois = crossrefDoisOf(messages);
  if (dois.length < 2) return { asked: 0, stored: 0 };
  try {
    const known = await answers.getMany("crossref_work", dois, now);
    const missing = dois.filter((d) => !known.has(d));
    if (missing.length < 2) return { asked: 0, stored: 0 };
    const client = createCrossrefClient({
      fetch: fetchFn,
      upstreamBase: env.UPSTREAM_BASE,
      timeoutMs: DEADLINES.apiRequest,
      mailto: contactMailto(env),
      rateLimiter: providerBudget(env, "crossref", "list", { timeoutMs: DEADLINES.apiRequest }),
      listRateLimiter: providerBudget(env, "crossrefList", "list", { timeoutMs: DEADLINES.apiRequest, maxWaitMs: PREFETCH_WAIT_MS }),
    });
    const works: Map<string, CrossrefWork> = await client.worksByDoi(missing);
    for (const [doi, work] of works) await answers.put("crossref_work", doi, keepCrossrefWork(work), now);
    return { asked: missing.length, stored: works.size };
  } catch (err) {
    log.warn("list.prefetch_failed", { dois: dois.length, detail: err instanceof Error ? err.message : String(err) });
    return { asked: 0, stored: 0 };
  }
}
