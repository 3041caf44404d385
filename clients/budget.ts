/**
 * What a client draws on before each outside call: a slot of its provider's budget.
 *
 * - `sharedBudget`: the deployment's one budget per provider, the ProviderBudget Durable
 *   Object (worker/features/budget): every isolate, consumer invocation and cron run asks the
 *   same object, so N isolates never make N times the rate.
 * - `localBudget`: the same rules held in this isolate only. Used when the object cannot be
 *   reached (at a quarter of the rate, since other isolates may be doing the same) and by
 *   callers without the binding (scripts, unit tests).
 * - `limiterBudget`: the older per-isolate RateLimiter seen as a budget (tests that pass one).
 *
 * A refused slot is an UpstreamError of kind `rate_limited` with a retry hint, so the callers'
 * existing handling (a queue retry, "try again later") applies unchanged.
 */
import type { BudgetLimits, Priority, ProviderBudgetApi, TakeResult } from "../contract/budget";
import { UpstreamError, type RateLimiter } from "./http";
import { SlotCoordinator, realClock } from "./slot-coordinator";

/** One call's slot; `done` tells the budget how the call ended (a 429 slows everyone). */
export interface CallSlot {
  done(outcome: { status: number | null; retryAfterSeconds?: number | undefined }): Promise<void>;
}

export interface CallBudget {
  /** Waits for a slot; throws UpstreamError `rate_limited` when none comes within the wait allowed. */
  take(cost?: number): Promise<CallSlot>;
  /** A 429 seen outside a slot's call (read from a body): slows everyone as a slot's 429 would. */
  slowDown(retryAfterSeconds: number | undefined): Promise<void>;
}

/** The ProviderBudget binding, as much of it as a client uses. */
export interface BudgetNamespace {
  idFromName(name: string): DurableObjectIdLike;
  get(id: DurableObjectIdLike): ProviderBudgetApi;
}
type DurableObjectIdLike = { toString(): string };

export type BudgetOptions = {
  /** The budget's name: the provider, or "host:<hostname>" for documents. */
  key: string;
  /** Name in errors. */
  provider: string;
  limits: BudgetLimits;
  priority: Priority;
  /** Longest wait for a slot before the call counts as rate limited. */
  maxWaitMs: number;
  /** How long a slot may be held without a `done` (the call's own timeout and a margin). */
  leaseMs: number;
  /** Told once per isolate when the shared object could not be reached. */
  onFallback?: ((error: unknown) => void) | undefined;
};

const noSlot: CallSlot = { done: async () => {} };

function refusal(provider: string, r: Extract<TakeResult, { granted: false }>): UpstreamError {
  const seconds = Math.max(1, Math.ceil(r.retryAfterMs / 1000));
  const why = r.reason === "daily" ? "daily allowance used up" : r.reason === "paused" ? "paused after a 429" : "no slot in time";
  return new UpstreamError({ provider, kind: "rate_limited", message: `${provider}: budget ${why}, retry in ${seconds} s`, retryAfterSeconds: seconds });
}

/** The deployment's budget for `opts.key`, kept by one Durable Object. */
export function sharedBudget(ns: BudgetNamespace, opts: BudgetOptions): CallBudget {
  const stub = () => ns.get(ns.idFromName(opts.key));
  return {
    async take(cost = 1) {
      let result: TakeResult;
      let budget: ProviderBudgetApi;
      try {
        budget = stub();
        result = await budget.take({ key: opts.key, limits: opts.limits, priority: opts.priority, cost, maxWaitMs: opts.maxWaitMs, leaseMs: opts.leaseMs });
      } catch (err) {
        if (err instanceof UpstreamError) throw err;
        // The coordinator is out of reach: keep going on this isolate's own, slower budget.
        opts.onFallback?.(err);
        return fallbackBudget(opts).take(cost);
      }
      if (!result.granted) throw refusal(opts.provider, result);
      const lease = result.lease;
      return {
        async done(outcome) {
          try {
            await budget.done({ lease, status: outcome.status, retryAfterSeconds: outcome.retryAfterSeconds });
          } catch {
            // The lease expires on its own; a lost 429 report costs one more 429 at most.
          }
        },
      };
    },
    async slowDown(retryAfterSeconds) {
      try {
        await stub().done({ lease: "-", status: 429, retryAfterSeconds });
      } catch {
        // As above.
      }
    },
  };
}

const local = new Map<string, SlotCoordinator>();

function coordinatorFor(key: string, limits: BudgetLimits): SlotCoordinator {
  let c = local.get(key);
  if (!c) {
    c = new SlotCoordinator(limits, realClock);
    local.set(key, c);
  } else c.configure(limits);
  return c;
}

/** The same rules in this isolate only. */
export function localBudget(opts: Omit<BudgetOptions, "onFallback">): CallBudget {
  return {
    async take(cost = 1) {
      const c = coordinatorFor(`local:${opts.key}`, opts.limits);
      const r = await c.take({ priority: opts.priority, cost, maxWaitMs: opts.maxWaitMs, leaseMs: opts.leaseMs });
      if (!r.granted) throw refusal(opts.provider, r);
      return { done: async (o) => c.done(r.lease, o.status, o.retryAfterSeconds) };
    },
    async slowDown(retryAfterSeconds) {
      coordinatorFor(`local:${opts.key}`, opts.limits).done("-", 429, retryAfterSeconds);
    },
  };
}

/** While the shared object is unreachable: a quarter of the rate and requests at once, in this isolate. */
function fallbackBudget(opts: BudgetOptions): CallBudget {
  const l = opts.limits;
  const limits: BudgetLimits = {
    perSecond: l.perSecond / 4,
    burst: 1,
    concurrency: l.concurrency === undefined ? undefined : Math.max(1, Math.floor(l.concurrency / 4)),
    perDay: l.perDay === undefined ? undefined : Math.max(1, Math.floor(l.perDay / 4)),
  };
  return localBudget({ ...opts, key: `fallback:${opts.key}`, limits });
}

/** A per-isolate RateLimiter seen as a budget: it paces, and pauses after a 429. */
export function limiterBudget(limiter: RateLimiter): CallBudget {
  return {
    async take(cost = 1) {
      await limiter.acquire(cost);
      return {
        async done(o) {
          if (o.status === 429) limiter.pause((o.retryAfterSeconds ?? 1) * 1000);
        },
      };
    },
    async slowDown(retryAfterSeconds) {
      limiter.pause((retryAfterSeconds ?? 1) * 1000);
    },
  };
}

export function isCallBudget(v: CallBudget | RateLimiter): v is CallBudget {
  return typeof (v as CallBudget).take === "function";
}

/** A budget that grants every call at once (clients built without any limiter). */
export const unlimitedBudget: CallBudget = { take: async () => noSlot, slowDown: async () => {} };
