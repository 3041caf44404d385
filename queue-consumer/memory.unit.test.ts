import { describe, expect, it } from "vitest";
import { ByteBudget, LeaseScope } from "./memory";

const MB = 1024 * 1024;

describe("ByteBudget (document bytes per isolate)", () => {
  it("ten 50 MB bodies at once: never more than the budget held, all served in turn", async () => {
    const budget = new ByteBudget(56 * MB);
    let peak = 0;
    const job = async () => {
      const lease = await budget.reserve(50 * MB);
      peak = Math.max(peak, budget.inUse);
      await new Promise((r) => setTimeout(r, 2));
      lease.release();
    };
    await Promise.all(Array.from({ length: 10 }, job));
    expect(peak).toBe(50 * MB);
    expect(budget.inUse).toBe(0);
  });

  it("small bodies share the budget; a release is idempotent; an abort leaves the queue", async () => {
    const budget = new ByteBudget(10);
    const a = await budget.reserve(6);
    const b = await budget.reserve(4);
    const ac = new AbortController();
    const waiting = budget.reserve(5, ac.signal);
    ac.abort(new Error("deadline"));
    await expect(waiting).rejects.toThrow("deadline");
    a.release();
    a.release();
    expect(budget.inUse).toBe(4);
    b.release();
    expect(budget.inUse).toBe(0);
  });

  it("a scope releases everything a message took", async () => {
    const budget = new ByteBudget(100);
    const scope = new LeaseScope(budget);
    await scope.reserve(30);
    await scope.reserve(40);
    expect(budget.inUse).toBe(70);
    scope.releaseAll();
    expect(budget.inUse).toBe(0);
  });
});
