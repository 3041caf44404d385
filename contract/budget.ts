/**
 * One budget per outside service for the whole deployment: the shapes shared by the
 * ProviderBudget Durable Object (worker/features/budget), the clients that draw on it
 * (clients/budget.ts) and the pure coordinator both run (clients/slot-coordinator.ts).
 * Decision: docs/decisions/0014-provider-budgets.md.
 */

/**
 * Classes of work, first served first: a user's paste (and anything a person waits for on a
 * page: searches, a reference typed in the link box), reading-list entries, then the
 * watcher, reconciliation and other background work.
 */
export const PRIORITIES = ["paste", "list", "background"] as const;
export type Priority = (typeof PRIORITIES)[number];

/** What one provider (or one document host) allows, as our budget keeps it. */
export type BudgetLimits = {
  /** Sustained slots per second. Fractions are allowed (arXiv: one per 3.75 s). */
  perSecond: number;
  /** Slots back to back (default 1: evenly spaced, so no one-second window ever holds more than perSecond + 1). */
  burst?: number | undefined;
  /** Requests at once (default: no cap). */
  concurrency?: number | undefined;
  /** Cost units per UTC day (default: no cap). */
  perDay?: number | undefined;
};

/** A request for one slot. */
export type TakeRequest = {
  /** The budget's name: a provider ("crossref") or a document host ("host:example.org"). */
  key: string;
  limits: BudgetLimits;
  priority: Priority;
  /** Units charged against the daily cap (OpenAlex: a list costs more than a single work). */
  cost: number;
  /** Longest wait for a slot; past it the answer is a refusal with a retry hint. */
  maxWaitMs: number;
  /** How long the slot counts against the concurrency cap when its holder never says it is done. */
  leaseMs: number;
};

export type TakeResult = { granted: true; lease: string; waitedMs: number } | { granted: false; retryAfterMs: number; reason: "busy" | "daily" | "paused" };

/** How a call that held a slot ended: a 429 (with its Retry-After) slows every holder at once. */
export type DoneRequest = { lease: string; status: number | null; retryAfterSeconds?: number | undefined };

/** What the budget sees now: the list page's wait estimate reads it. */
export type BudgetOutlook = {
  /** Slots per second granted at the moment (after any slow-down from a 429). */
  perSecond: number;
  /** Slots per second taken by pastes lately (a moving average over about a minute). */
  pasteRate: number;
  /** Slots per second taken by reading-list entries lately. */
  listRate: number;
  waiting: Record<Priority, number>;
  inFlight: number;
  pausedForMs: number;
  usedToday: number;
};

/** The calls the ProviderBudget Durable Object answers (one object per budget key). */
export interface ProviderBudgetApi {
  take(req: TakeRequest): Promise<TakeResult>;
  done(req: DoneRequest): Promise<void>;
  outlook(req: { key: string; limits: BudgetLimits }): Promise<BudgetOutlook>;
}
