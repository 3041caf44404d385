/**
 * The budgets every outside call draws on, shared by the Worker (reference matching, searches,
 * e-mail, the library watcher) and the fetch pipeline: `providerBudget(env, provider, priority)`
 * is the deployment's one budget for that provider (clients/budget.ts), `hostBudget` the one for
 * documents on one publisher or repository host. The figures are PROVIDER_LIMITS (clients/http.ts).
 *
 * Against the local fake upstream (UPSTREAM_BASE set: tests, offline runs) rates and daily caps
 * are multiplied by FAKE_UPSTREAM_RATE_SCALE and requests at once by FAKE_UPSTREAM_CONCURRENCY_SCALE:
 * that one local process stands in for all providers at once, and their real limits would only
 * measure our waiting. UPSTREAM_PROVIDER_LIMITS=real keeps the providers' own figures there
 * (`npm run bench:batch`, `npm run bench:scale`), with daily caps scaled by UPSTREAM_DAILY_SCALE
 * (and per-second rates by UPSTREAM_RATE_SCALE, 1 unless a benchmark asks).
 */
import type { BudgetLimits, BudgetOutlook, Priority } from "../contract/budget";
import { localBudget, sharedBudget, type BudgetNamespace, type CallBudget } from "./budget";
import { PROVIDER_LIMITS } from "./http";
import { createLogger } from "../lib/logger";

export const FAKE_UPSTREAM_RATE_SCALE = 100;
export const FAKE_UPSTREAM_CONCURRENCY_SCALE = 10;

/** The bindings the budgets read. */
export type BudgetEnv = {
  UPSTREAM_BASE?: string | undefined;
  UPSTREAM_PROVIDER_LIMITS?: string | undefined;
  UPSTREAM_DAILY_SCALE?: string | undefined;
  /** With UPSTREAM_PROVIDER_LIMITS=real: per-second rates × this (a benchmark on a machine slower than the providers' ceilings). */
  UPSTREAM_RATE_SCALE?: string | undefined;
  /** The ProviderBudget Durable Object namespace (absent in scripts and unit tests: a per-isolate budget). */
  PROVIDER_BUDGET?: unknown;
};

export type ProviderName = keyof typeof PROVIDER_LIMITS;

/** Politeness towards a single publisher or repository host (no published figure). */
export const DOCUMENT_HOST_LIMIT: BudgetLimits = { perSecond: 4, burst: 1, concurrency: 4 };

/**
 * Longest wait for a slot, by class: a person waiting on a page; a list entry or a watcher call
 * in the background (the fetch step's own deadline, 20 s, is above these).
 */
export const MAX_SLOT_WAIT_MS: Record<Priority, number> = { paste: 8_000, list: 15_000, background: 15_000 };

/** A slot is held at most this long past the call's own timeout when its holder never reports back. */
const LEASE_MARGIN_MS = 5_000;

export type BudgetCallOptions = {
  /** Shorter waits where a page request would otherwise hang (reading-list starts inside a request). */
  maxWaitMs?: number | undefined;
  /** The calls' own timeout (sets how long a slot may be held unreported). */
  timeoutMs?: number | undefined;
};

/** The limits as this environment keeps them (the providers' own, or scaled for the fake upstream). */
export function budgetLimits(env: BudgetEnv, limits: BudgetLimits): BudgetLimits {
  if (!env.UPSTREAM_BASE) return limits;
  if (env.UPSTREAM_PROVIDER_LIMITS === "real") {
    const daily = Number(env.UPSTREAM_DAILY_SCALE ?? "1");
    const rate = Number(env.UPSTREAM_RATE_SCALE ?? "1");
    return {
      ...limits,
      perSecond: limits.perSecond * (rate > 0 ? rate : 1),
      perDay: limits.perDay === undefined ? undefined : Math.max(1, Math.floor(limits.perDay * (daily > 0 ? daily : 1))),
    };
  }
  return {
    perSecond: limits.perSecond * FAKE_UPSTREAM_RATE_SCALE,
    burst: Math.max(limits.burst ?? 1, Math.floor(limits.perSecond * FAKE_UPSTREAM_RATE_SCALE)),
    concurrency: limits.concurrency === undefined ? undefined : limits.concurrency * FAKE_UPSTREAM_CONCURRENCY_SCALE,
    perDay: limits.perDay === undefined ? undefined : limits.perDay * FAKE_UPSTREAM_RATE_SCALE,
  };
}

let toldFallback = false;

function budgetFor(env: BudgetEnv, key: string, provider: string, limits: BudgetLimits, priority: Priority, opts: BudgetCallOptions): CallBudget {
  const o = {
    key,
    provider,
    limits: budgetLimits(env, limits),
    priority,
    maxWaitMs: opts.maxWaitMs ?? MAX_SLOT_WAIT_MS[priority],
    leaseMs: (opts.timeoutMs ?? 15_000) + LEASE_MARGIN_MS,
  };
  const ns = env.PROVIDER_BUDGET as BudgetNamespace | undefined;
  if (!ns) return localBudget(o);
  return sharedBudget(ns, {
    ...o,
    onFallback(err) {
      if (toldFallback) return;
      toldFallback = true;
      createLogger("budget").warn("budget.unreachable", { key, error: String(err).slice(0, 300) });
    },
  });
}

/** The deployment's budget for one provider, drawn on by one class of work. */
export function providerBudget(env: BudgetEnv, provider: ProviderName, priority: Priority, opts: BudgetCallOptions = {}): CallBudget {
  return budgetFor(env, provider, provider, PROVIDER_LIMITS[provider], priority, opts);
}

/**
 * The budget for documents on one host. Against the fake upstream it stays scaled even when the
 * providers' own limits are kept: the fake's one host stands in for every publisher's.
 */
export function hostBudget(env: BudgetEnv, host: string, priority: Priority, opts: BudgetCallOptions = {}): CallBudget {
  const key = host.toLowerCase();
  const hostEnv = env.UPSTREAM_BASE ? { ...env, UPSTREAM_PROVIDER_LIMITS: undefined } : env;
  return budgetFor(hostEnv, `host:${key}`, key, DOCUMENT_HOST_LIMIT, priority, opts);
}

/** What one provider's shared budget sees now (the reading-list page's estimate); null when it cannot be asked. */
export async function providerOutlook(env: BudgetEnv, provider: ProviderName): Promise<BudgetOutlook | null> {
  const ns = env.PROVIDER_BUDGET as BudgetNamespace | undefined;
  if (!ns) return null;
  try {
    return await ns.get(ns.idFromName(provider)).outlook({ key: provider, limits: budgetLimits(env, PROVIDER_LIMITS[provider]) });
  } catch {
    return null;
  }
}
