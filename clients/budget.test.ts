/**
 * The client side of the budget: a refused slot is an UpstreamError the callers already handle
 * (rate_limited, with a retry hint); a slot's end reports the call's status; a coordinator that
 * cannot be reached leaves the caller on a slower budget of its own instead of failing the call.
 */
import { describe, expect, it } from "vitest";
import type { DoneRequest, ProviderBudgetApi, TakeRequest, TakeResult } from "../contract/budget";
import { sharedBudget, type BudgetNamespace } from "./budget";
import { UpstreamError } from "./http";

function namespace(api: Partial<ProviderBudgetApi>, seen: { take: TakeRequest[]; done: DoneRequest[]; names: string[] }): BudgetNamespace {
  return {
    idFromName: (name) => {
      seen.names.push(name);
      return { toString: () => name };
    },
    get: () => ({
      take: async (r) => {
        seen.take.push(r);
        return api.take ? api.take(r) : { granted: true, lease: "l1", waitedMs: 0 };
      },
      done: async (r) => {
        seen.done.push(r);
        await api.done?.(r);
      },
      outlook:
        api.outlook ??
        (async () => ({ perSecond: 1, pasteRate: 0, listRate: 0, waiting: { paste: 0, list: 0, background: 0 }, inFlight: 0, pausedForMs: 0, usedToday: 0 })),
    }),
  };
}

const opts = {
  key: "crossref",
  provider: "crossref",
  limits: { perSecond: 9, burst: 1, concurrency: 3 },
  priority: "list" as const,
  maxWaitMs: 1_000,
  leaseMs: 10_000,
};

describe("sharedBudget", () => {
  it("asks the budget's one object by its key, with the caller's class, and reports how the call ended", async () => {
    const seen = { take: [] as TakeRequest[], done: [] as DoneRequest[], names: [] as string[] };
    const b = sharedBudget(namespace({}, seen), opts);
    const slot = await b.take(2);
    await slot.done({ status: 429, retryAfterSeconds: 7 });
    expect(seen.names).toEqual(["crossref"]);
    expect(seen.take[0]).toMatchObject({ key: "crossref", priority: "list", cost: 2, maxWaitMs: 1_000 });
    expect(seen.done).toEqual([{ lease: "l1", status: 429, retryAfterSeconds: 7 }]);
  });

  it("a refusal is a rate_limited UpstreamError with the retry hint in seconds", async () => {
    const seen = { take: [] as TakeRequest[], done: [] as DoneRequest[], names: [] as string[] };
    const refused: TakeResult = { granted: false, retryAfterMs: 2_500, reason: "busy" };
    const err = await sharedBudget(namespace({ take: async () => refused }, seen), opts)
      .take()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 3, provider: "crossref" });
    const daily = await sharedBudget(namespace({ take: async () => ({ granted: false, retryAfterMs: 3_600_000, reason: "daily" }) }, seen), opts)
      .take()
      .catch((e: unknown) => e as UpstreamError);
    expect((daily as UpstreamError).message).toContain("daily allowance");
  });

  it("an unreachable coordinator: the call goes on, on this isolate's own slower budget, and says so once", async () => {
    const seen = { take: [] as TakeRequest[], done: [] as DoneRequest[], names: [] as string[] };
    const told: unknown[] = [];
    const b = sharedBudget(
      namespace(
        {
          take: async () => {
            throw new Error("Durable Object reset");
          },
        },
        seen,
      ),
      { ...opts, key: "unreachable-test", onFallback: (e) => told.push(e) },
    );
    const slot = await b.take();
    await slot.done({ status: 200 });
    expect(told).toHaveLength(1);
  });
});
