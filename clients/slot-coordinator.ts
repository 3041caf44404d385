/**
 * The budget of one outside service: a token bucket (GCRA form), a cap on requests at once, a
 * daily cap, priority classes and a shared slow-down after a 429. Pure: time and timers come in
 * through `Clock`, so the same code runs inside the ProviderBudget Durable Object (one instance
 * for the whole deployment) and, only as a fallback when that object cannot be reached, in one
 * isolate. Decision: docs/decisions/0014-provider-budgets.md.
 *
 * Rules, in the order a waiting request is judged:
 *   - paused (a 429's Retry-After): nobody is granted until it passes;
 *   - daily cap: pastes may use all of it, lists and background work 90% (the rest stays for people);
 *   - requests at once: a list may hold all but one slot, background work half of them, so a paste
 *     never waits for a slow list request to finish;
 *   - rate: one slot every 1/perSecond s; only pastes may use the burst;
 *   - strict priority: while an earlier class waits, no later class is served.
 */
import { PRIORITIES, type BudgetLimits, type BudgetOutlook, type Priority, type TakeResult } from "../contract/budget";

export type Clock = {
  now(): number;
  /** Runs `fn` after `ms`; returns a cancel function. */
  setTimer(fn: () => void, ms: number): () => void;
};

export const realClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const t = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(t);
  },
};

/** What survives a restart of the object (the rest is rebuilt from the next requests). */
export type CoordinatorSnapshot = { pausedUntil: number; slowFrom: number | null; slowFloor: number; day: number; dayCount: number };

export type SlotRequest = { priority: Priority; cost: number; maxWaitMs: number; leaseMs: number };

const DAY_MS = 86_400_000;
/** After a 429 the rate halves (not below a quarter) and climbs back over this long. */
const RECOVER_MS = 60_000;
/** Without a Retry-After, a 429 pauses everyone this long. */
const DEFAULT_PAUSE_MS = 2_000;
/** A Retry-After longer than this (a daily cap used up upstream) is still honoured, up to a day. */
const MAX_PAUSE_MS = DAY_MS;
/** Share of the daily cap lists and background work may use. */
const NON_PASTE_DAILY_SHARE = 0.9;
/** Moving averages of the classes' grant rates (outlook) over about this long. */
const RATE_WINDOW_MS = 60_000;

type Waiter = SlotRequest & { enqueuedAt: number; deadline: number; resolve: (r: TakeResult) => void };
type Lease = { priority: Priority; expiresAt: number };

export class SlotCoordinator {
  private limits: BudgetLimits;
  /** Theoretical arrival time of the next slot (GCRA). */
  private tat = 0;
  private readonly leases = new Map<string, Lease>();
  private readonly queues: Record<Priority, Waiter[]> = { paste: [], list: [], background: [] };
  private pausedUntil = 0;
  private slowFrom: number | null = null;
  private slowFloor = 1;
  private day = -1;
  private dayCount = 0;
  private cancelTimer: (() => void) | null = null;
  private timerAt = Infinity;
  private seq = 0;
  private readonly rates: Record<Priority, { value: number; at: number }> = {
    paste: { value: 0, at: 0 },
    list: { value: 0, at: 0 },
    background: { value: 0, at: 0 },
  };
  /** Called when something worth keeping changed (a 429, the daily count). */
  onChange: (() => void) | null = null;

  constructor(
    limits: BudgetLimits,
    private readonly clock: Clock = realClock,
  ) {
    this.limits = checkLimits(limits);
  }

  /** The latest caller's limits win (a deploy that changes a figure takes effect at once). */
  configure(limits: BudgetLimits): void {
    const next = checkLimits(limits);
    if (
      next.perSecond !== this.limits.perSecond ||
      next.burst !== this.limits.burst ||
      next.concurrency !== this.limits.concurrency ||
      next.perDay !== this.limits.perDay
    ) {
      this.limits = next;
      this.pump();
    }
  }

  take(req: SlotRequest): Promise<TakeResult> {
    const now = this.clock.now();
    this.rollDay(now);
    if (this.pausedUntil - now > req.maxWaitMs) return Promise.resolve({ granted: false, retryAfterMs: this.pausedUntil - now, reason: "paused" });
    return new Promise<TakeResult>((resolve) => {
      this.queues[req.priority].push({ ...req, enqueuedAt: now, deadline: now + Math.max(0, req.maxWaitMs), resolve });
      this.pump();
    });
  }

  /** The call that held `lease` is over; a 429 slows every holder at once. */
  done(lease: string, status: number | null, retryAfterSeconds?: number): void {
    const now = this.clock.now();
    this.leases.delete(lease);
    if (status === 429) {
      const pauseMs = Math.min(MAX_PAUSE_MS, retryAfterSeconds !== undefined && retryAfterSeconds >= 0 ? retryAfterSeconds * 1000 : DEFAULT_PAUSE_MS);
      this.pausedUntil = Math.max(this.pausedUntil, now + pauseMs);
      this.slowFloor = Math.max(0.25, this.factor(now) * 0.5);
      this.slowFrom = now;
      // Slots promised before the 429 are not spent in a rush when the pause ends.
      this.tat = Math.max(this.tat, this.pausedUntil);
      this.onChange?.();
    }
    this.pump();
  }

  outlook(): BudgetOutlook {
    const now = this.clock.now();
    this.rollDay(now);
    this.reclaim(now);
    return {
      perSecond: this.limits.perSecond * this.factor(now),
      pasteRate: this.rateOf("paste", now),
      listRate: this.rateOf("list", now),
      waiting: { paste: this.queues.paste.length, list: this.queues.list.length, background: this.queues.background.length },
      inFlight: this.leases.size,
      pausedForMs: Math.max(0, this.pausedUntil - now),
      usedToday: this.dayCount,
    };
  }

  snapshot(): CoordinatorSnapshot {
    return { pausedUntil: this.pausedUntil, slowFrom: this.slowFrom, slowFloor: this.slowFloor, day: this.day, dayCount: this.dayCount };
  }

  restore(s: CoordinatorSnapshot): void {
    this.pausedUntil = s.pausedUntil;
    this.slowFrom = s.slowFrom;
    this.slowFloor = s.slowFloor;
    this.day = s.day;
    this.dayCount = s.dayCount;
    this.tat = Math.max(this.tat, s.pausedUntil);
  }

  /** The rate multiplier after a 429: back to 1 over RECOVER_MS. */
  private factor(now: number): number {
    if (this.slowFrom === null) return 1;
    const f = this.slowFloor + (1 - this.slowFloor) * ((now - this.slowFrom) / RECOVER_MS);
    if (f >= 1) {
      this.slowFrom = null;
      return 1;
    }
    return f;
  }

  private rollDay(now: number): void {
    const day = Math.floor(now / DAY_MS);
    if (day !== this.day) {
      this.day = day;
      this.dayCount = 0;
    }
  }

  /** Leases whose holder never said it was done stop counting when they expire. */
  private reclaim(now: number): void {
    for (const [id, lease] of this.leases) if (lease.expiresAt <= now) this.leases.delete(id);
  }

  private rateOf(p: Priority, now: number): number {
    const r = this.rates[p];
    return r.value * Math.exp(-(now - r.at) / RATE_WINDOW_MS);
  }

  private noteGrant(p: Priority, now: number): void {
    this.rates[p] = { value: this.rateOf(p, now) + 1000 / RATE_WINDOW_MS, at: now };
  }

  private concurrencyFor(p: Priority): number {
    const cap = this.limits.concurrency;
    if (cap === undefined) return Infinity;
    if (p === "paste") return cap;
    if (p === "list") return cap >= 2 ? cap - 1 : cap;
    return Math.max(1, Math.floor(cap / 2));
  }

  private dailyFor(p: Priority): number {
    const perDay = this.limits.perDay;
    if (perDay === undefined) return Infinity;
    return p === "paste" ? perDay : Math.floor(perDay * NON_PASTE_DAILY_SHARE);
  }

  /** Grants what can be granted now, refuses what cannot be, and sets the timer for the rest. */
  private pump(): void {
    const now = this.clock.now();
    this.rollDay(now);
    this.reclaim(now);
    let wakeAt = Infinity;
    let blocked = false;
    const interval = 1000 / (this.limits.perSecond * this.factor(now));
    for (const p of PRIORITIES) {
      const q = this.queues[p];
      while (!blocked && q.length > 0) {
        const w = q[0]!;
        if (this.dayCount + w.cost > this.dailyFor(p)) {
          q.shift();
          w.resolve({ granted: false, retryAfterMs: (this.day + 1) * DAY_MS - now, reason: "daily" });
          continue;
        }
        if (now < this.pausedUntil) {
          blocked = true;
          wakeAt = Math.min(wakeAt, this.pausedUntil);
          break;
        }
        if (this.leases.size >= this.concurrencyFor(p)) {
          blocked = true;
          // A release wakes the pump; so does the first lease to expire.
          for (const l of this.leases.values()) wakeAt = Math.min(wakeAt, l.expiresAt);
          break;
        }
        const tolerance = p === "paste" ? ((this.limits.burst ?? 1) - 1) * interval : 0;
        if (this.tat - tolerance > now) {
          blocked = true;
          wakeAt = Math.min(wakeAt, this.tat - tolerance);
          break;
        }
        q.shift();
        this.tat = Math.max(this.tat, now) + interval;
        this.dayCount += w.cost;
        const lease = `${now.toString(36)}-${(++this.seq).toString(36)}`;
        this.leases.set(lease, { priority: p, expiresAt: now + w.leaseMs });
        this.noteGrant(p, now);
        w.resolve({ granted: true, lease, waitedMs: now - w.enqueuedAt });
        if (this.limits.perDay !== undefined) this.onChange?.();
      }
      // A blocked class blocks every later one: their rules are never looser.
      if (blocked) break;
    }
    // Waits that reached their end without a slot: their callers stop waiting, with a hint.
    for (const p of PRIORITIES) {
      const q = this.queues[p];
      for (let i = 0; i < q.length; ) {
        const w = q[i]!;
        if (w.deadline <= now) {
          q.splice(i, 1);
          w.resolve({ granted: false, retryAfterMs: this.retryHint(now, i), reason: this.pausedUntil > now ? "paused" : "busy" });
        } else {
          wakeAt = Math.min(wakeAt, w.deadline);
          i++;
        }
      }
    }
    this.arm(wakeAt, now);
  }

  private retryHint(now: number, position: number): number {
    const interval = 1000 / (this.limits.perSecond * this.factor(now));
    return Math.max(1000, Math.max(this.pausedUntil, this.tat) - now + position * interval);
  }

  private arm(at: number, now: number): void {
    if (at === this.timerAt) return;
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.timerAt = at;
    if (at === Infinity) return;
    this.cancelTimer = this.clock.setTimer(() => {
      this.cancelTimer = null;
      this.timerAt = Infinity;
      this.pump();
    }, at - now);
  }
}

function checkLimits(l: BudgetLimits): BudgetLimits {
  if (!(l.perSecond > 0) || !Number.isFinite(l.perSecond)) throw new RangeError("perSecond must be a positive number");
  const burst = Math.max(1, Math.floor(l.burst ?? 1));
  const concurrency = l.concurrency === undefined ? undefined : Math.max(1, Math.floor(l.concurrency));
  const perDay = l.perDay === undefined ? undefined : Math.max(1, Math.floor(l.perDay));
  return { perSecond: l.perSecond, burst, concurrency, perDay };
}
