/**
 * Reading-list entries keep a pace of their own across the deployment (queue-consumer/list-pace.ts):
 * each list entry takes one turn of the `listEntries` budget when the consumer claims it, pastes
 * take none, and turns come no faster than its rate whoever asks. Without the pace, lists whose
 * Crossref records come in one list request run as fast as the lane allows and slow pastes down
 * (docs/scale.md, "Measured").
 */
import { env as workerEnv } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ProviderBudgetApi, TakeRequest } from "../../../contract/budget";
import type { BudgetNamespace } from "../../../clients/budget";
import { PROVIDER_LIMITS } from "../../../clients/http";
import { paceListEntry } from "../../../queue-consumer/list-pace";
import { deliver, jobState, scenarioDoi, seedProcessingJob, uniqueN } from "../helpers/getpdf-helpers";

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
  it("a list entry takes one turn when claimed; a paste takes none", async () => {
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
});
