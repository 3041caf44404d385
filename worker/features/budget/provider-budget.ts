import { DurableObject } from "cloudflare:workers";
import type { BudgetLimits, BudgetOutlook, DoneRequest, ProviderBudgetApi, TakeRequest, TakeResult } from "../../../contract/budget";
import { PRIORITIES } from "../../../contract/budget";
import { SlotCoordinator, type CoordinatorSnapshot } from "../../../clients/slot-coordinator";

const SNAPSHOT_KEY = "budget";
const LIMITS_KEY = "limits";
/** The day's count and a pause are written at most this often (one row write, not one per slot). */
const SAVE_EVERY_MS = 1_000;

/**
 * One outside service's budget for the whole deployment (one object per budget key: a provider,
 * or a document host). Every outside call of the Worker, the queue consumer and the cron jobs
 * takes its slot here (clients/budget.ts); the rules are clients/slot-coordinator.ts. A pause
 * after a 429 and the day's count survive a restart; waiting requests and slots held do not
 * (a restarted object starts with none in flight, and holders' leases would have expired anyway).
 */
export class ProviderBudget extends DurableObject<Cloudflare.Env> implements ProviderBudgetApi {
  private coordinator: SlotCoordinator | null = null;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;

  private ensure(limits: BudgetLimits | undefined): SlotCoordinator {
    if (this.coordinator) {
      if (limits) this.coordinator.configure(limits);
      return this.coordinator;
    }
    const known = limits ?? this.ctx.storage.kv.get<BudgetLimits>(LIMITS_KEY);
    if (!known) throw new RangeError("a budget's first call must name its limits");
    const c = new SlotCoordinator(known);
    const saved = this.ctx.storage.kv.get<CoordinatorSnapshot>(SNAPSHOT_KEY);
    if (saved) c.restore(saved);
    if (limits) this.ctx.storage.kv.put(LIMITS_KEY, limits);
    c.onChange = () => this.scheduleSave();
    this.coordinator = c;
    return c;
  }

  private scheduleSave(): void {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      if (this.coordinator) this.ctx.storage.kv.put(SNAPSHOT_KEY, this.coordinator.snapshot());
    }, SAVE_EVERY_MS);
  }

  async take(req: TakeRequest): Promise<TakeResult> {
    if (!(PRIORITIES as readonly string[]).includes(req.priority)) throw new RangeError(`unknown priority ${String(req.priority)}`);
    return this.ensure(req.limits).take({ priority: req.priority, cost: Math.max(0, req.cost), maxWaitMs: req.maxWaitMs, leaseMs: req.leaseMs });
  }

  async done(req: DoneRequest): Promise<void> {
    // A 429 reported to a restarted object still pauses everyone.
    if (!this.coordinator && req.status !== 429) return;
    try {
      this.ensure(undefined).done(req.lease, req.status, req.retryAfterSeconds);
    } catch {
      // Never configured: nothing was granted here, so there is nothing to slow down.
    }
  }

  async outlook(req: { key: string; limits: BudgetLimits }): Promise<BudgetOutlook> {
    return this.ensure(req.limits).outlook();
  }
}
