/**
 * Reading-list entries keep a pace of their own across the deployment (queue-consumer/list-pace.ts):
 * each list-lane message takes one turn of the `listEntries` budget before the consumer claims its
 * run, pastes take none, and turns come no faster than its rate whoever asks. Without the pace,
 * lists whose Crossref records come in one list request run as fast as the lane allows and slow
 * pastes down (docs/scale.md, "Measured"). The list page's first estimate shares the pace with the
 * other lists in the lane.
 */
import { env as workerEnv } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ProviderBudgetApi, TakeRequest } from "../../../contract/budget";
import type { BudgetNamespace } from "../../../clients/budget";
import { PROVIDER_LIMITS } from "../../../clients/http";
import { paceListEntry } from "../../../queue-consumer/list-pace";
import { makeUser } from "../helpers/auth-helpers";
import { createBatch, readBatch } from "../helpers/batch-helpers";
import { deliver, jobState, scenarioDoi, seedProcessingJob, uniqueN } from "../helpers/getpdf-helpers";
import { signedInClient } from "../helpers/wallet-factories";

const env = () => workerEnv as Cloudflare.Env;

/** The real ProviderBudget objects, each key suffixed (this test's own objects), every take recorded. */
function recordingBudgets(suffix: string) {
  const ns = env().PROVIDER_BUDGET as unknown as BudgetNamespace;
  const takes: TakeRequest[] = [];
  const wrapped: BudgetNamespace = {
    idFromName: (name) => ns.idFromName(`${name}:${suffix}`),
    get: (id) => {
      const stub = ns.get(id);
      return {
        take: (req) => {
          takes.push(req);
          return stub.take(req);
        },
        done: (req) => stub.done(req),
        outlook: (req) => stub.outlook(req),
      } satisfies ProviderBudgetApi;
    },
  };
  return { takes, env: { PROVIDER_BUDGET: wrapped } as unknown as Partial<Cloudflare.Env> };
}

describe("reading-list entries' pace", () => {
  it("a list entry takes one turn before its claim; a paste takes none", async () => {
    const budgets = recordingBudgets(`claim-${uniqueN()}`);
    const turns = () => budgets.takes.filter((t) => t.key === "listEntries");

    const paste = await seedProcessingJob(scenarioDoi("oa-unpaywall", uniqueN()));
    await deliver(paste, { env: budgets.env });
    expect((await jobState(paste.key))?.phase).toBe("found");
    expect(turns()).toHaveLength(0);

    const entry = await seedProcessingJob(scenarioDoi("oa-unpaywall", uniqueN()), Date.now(), "list");
    await deliver(entry, { env: budgets.env, queue: "daryaft-fetch-jobs-bulk" });
    expect((await jobState(entry.key))?.phase).toBe("found");
    expect(turns()).toHaveLength(1);
    expect(turns()[0]).toMatchObject({ priority: "list", cost: 1 });
  }, 30_000);

  it("turns come no faster than the pace, however many invocations ask at once", async () => {
    const budgets = recordingBudgets(`pace-${uniqueN()}`);
    // The pace as deployed (not the fake upstream's scaled-up rates).
    const paced = { ...env(), ...budgets.env, UPSTREAM_PROVIDER_LIMITS: "real" } as Cloudflare.Env;
    const n = 19;
    const t0 = Date.now();
    await Promise.all(Array.from({ length: n }, () => paceListEntry(paced)));
    const elapsed = Date.now() - t0;
    // One turn at once, then one every 1/perSecond: the last of n waits (n - 1) intervals.
    expect(elapsed).toBeGreaterThanOrEqual(((n - 1) / PROVIDER_LIMITS.listEntries.perSecond) * 1000 - 50);
    expect(budgets.takes).toHaveLength(n);
  }, 30_000);

  it("the list page's first estimate shares the pace with the other lists in the lane", async () => {
    // Slow entries (the fake's upstream-slow: ~5 s each) keep both lists' first entries in the lane.
    const slow = (n: number) => Array.from({ length: n }, () => scenarioDoi("upstream-slow", uniqueN())).join("\n");
    const first = await signedInClient((await makeUser()).id);
    const running = await createBatch(first, { text: slow(60) });
    await readBatch(first, running.id);

    const second = await signedInClient((await makeUser()).id);
    const list = await createBatch(second, { text: slow(20) });
    const view = await readBatch(second, list.id);
    expect(view.counts.processing).toBe(20);
    // Alone: 20 entries at the pace, ceil(20 / 9) + 5 = 8 s. Beside one list at work (or more, from
    // other test files): at least twice the entries' share.
    const pace = PROVIDER_LIMITS.listEntries.perSecond;
    expect(view.eta_seconds).toBeGreaterThanOrEqual(Math.ceil((20 * 2) / pace) + 5);
  }, 60_000);
});
