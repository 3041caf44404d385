/**
 * One budget per outside service for the whole deployment. Four callers that share nothing but
 * the ProviderBudget Durable Object (each its own client and budget handle, as four isolates or
 * consumer invocations would be) ask Crossref for single records at once, against the fake
 * upstream holding this caller to Crossref's published polite-pool limits (10 a second, 3 at once:
 * tests/fakes/limits.ts). Together they never go over. The same four callers each with a budget
 * of their own (the per-isolate limiters the shared budget replaced) do. A 429 that one caller
 * receives holds all four.
 */
import { env as workerEnv } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { localBudget, sharedBudget, type BudgetNamespace, type CallBudget } from "../../clients/budget";
import { createCrossrefClient } from "../../clients/crossref";
import { PROVIDER_LIMITS, UpstreamError } from "../../clients/http";
import type { Priority } from "../../contract/budget";
import { uniqueN } from "./getpdf-helpers";

const env = () => workerEnv as Cloudflare.Env;
const upstream = () => env().UPSTREAM_BASE!;

type Limits = { over: Record<string, number>; served: Record<string, number>; maxInFlight: Record<string, number>; maxPerSecond: Record<string, number> };

async function limitsFor(identity: string) {
  const all = (await (await fetch(`${upstream()}/__limits`)).json()) as Limits;
  const mine = (rec: Record<string, number>) => Object.entries(rec).filter(([k]) => k.endsWith(` ${identity}`));
  const sum = (rec: Record<string, number>) => mine(rec).reduce((n, [, v]) => n + v, 0);
  const max = (rec: Record<string, number>) => Math.max(0, ...mine(rec).map(([, v]) => v));
  return { over: sum(all.over), maxInFlight: max(all.maxInFlight), maxPerSecond: max(all.maxPerSecond) };
}

async function arrivals(identity: string): Promise<number[]> {
  return (await (await fetch(`${upstream()}/__limits/arrivals?identity=${encodeURIComponent(identity)}`)).json()) as number[];
}

/** A caller: its own Crossref client on `budget`, asking for `count` records, `parallel` at a time. */
async function caller(identity: string, budget: CallBudget, dois: string[], parallel: number): Promise<{ ok: number; limited: number }> {
  const client = createCrossrefClient({ fetch: (...a) => fetch(...a), upstreamBase: upstream(), mailto: identity, rateLimiter: budget, timeoutMs: 10_000 });
  let next = 0;
  const out = { ok: 0, limited: 0 };
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < dois.length) {
        const doi = dois[next++]!;
        try {
          await client.getWork(doi);
          out.ok++;
        } catch (err) {
          if (err instanceof UpstreamError && err.kind === "rate_limited") out.limited++;
          else throw err;
        }
      }
    }),
  );
  return out;
}

const shared = (key: string, priority: Priority) =>
  sharedBudget(env().PROVIDER_BUDGET as unknown as BudgetNamespace, {
    key,
    provider: "crossref",
    limits: PROVIDER_LIMITS.crossref,
    priority,
    maxWaitMs: 30_000,
    leaseMs: 15_000,
  });

const dois = (n: number) => Array.from({ length: n }, () => `10.5555/oa-unpaywall-${uniqueN()}`);

describe("one budget per provider for the whole deployment", () => {
  it("four independent callers on Crossref's one budget never exceed 10 a second or 3 at once; four per-isolate budgets do", async () => {
    const identity = `enforce-${uniqueN()}@daryaft.test`;
    const key = `crossref:${identity}`;
    const priorities: Priority[] = ["paste", "list", "list", "background"];
    const results = await Promise.all(priorities.map((p) => caller(identity, shared(key, p), dois(12), 4)));
    expect(results.map((r) => r.ok)).toEqual([12, 12, 12, 12]);
    const seen = await limitsFor(identity);
    expect(seen).toMatchObject({ over: 0 });
    expect(seen.maxPerSecond).toBeLessThanOrEqual(10);
    expect(seen.maxInFlight).toBeLessThanOrEqual(3);
    // Evenly spaced at 9 a second: 48 calls take at least 47/9 s.
    const times = (await arrivals(identity)).sort((a, b) => a - b);
    expect(times).toHaveLength(48);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(Math.floor((47 * 1000) / 9) - 50);

    // The control: each caller with its own budget, as each isolate keeps one today.
    const other = `enforce-${uniqueN()}@daryaft.test`;
    await Promise.all(
      [0, 1, 2, 3].map((i) =>
        caller(
          other,
          localBudget({
            key: `crossref:${other}:${i}`,
            provider: "crossref",
            limits: PROVIDER_LIMITS.crossref,
            priority: "paste",
            maxWaitMs: 30_000,
            leaseMs: 15_000,
          }),
          dois(8),
          4,
        ),
      ),
    );
    expect((await limitsFor(other)).over).toBeGreaterThan(0);
  }, 60_000);

  it("a 429 that one caller receives pauses every caller for its Retry-After", async () => {
    const identity = `enforce-${uniqueN()}@daryaft.test`;
    const key = `crossref:${identity}`;
    // The first caller's record answers 429 with Retry-After: 7 (the fake's fail-429 scenario).
    const first = await caller(identity, shared(key, "paste"), [`10.5555/fail-429-${uniqueN()}`], 1);
    expect(first.limited).toBe(1);
    const [limitedAt] = await arrivals(identity);
    // Three other callers start at once; none of their requests reaches Crossref during the pause.
    const started = Date.now();
    const results = await Promise.all((["paste", "list", "background"] as Priority[]).map((p) => caller(identity, shared(key, p), dois(3), 2)));
    expect(results.map((r) => r.ok)).toEqual([3, 3, 3]);
    const later = (await arrivals(identity)).slice(1);
    expect(later).toHaveLength(9);
    expect(Math.min(...later) - limitedAt!).toBeGreaterThanOrEqual(7_000 - 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(6_000);
    expect((await limitsFor(identity)).over).toBe(0);
  }, 60_000);
});
