/**
 * Fair reading lists: one user's 500-entry list does not hold up another user's paste. The list's
 * entries are slow ones (the fake's upstream-slow scenario: Unpaywall hangs until the step's
 * request timeout, ~5 s an entry), so in one shared queue a paste would wait behind every list
 * message ahead of it (50 in flight: minutes). List entries wait in their own lane (the bulk
 * queue) and take the providers' budgets after pastes, so the paste finishes within its bound,
 * stated in docs/scale.md: its time alone plus a slot interval per outside call — here under
 * 3 s — while the list has hardly begun. A paste of a DOI whose list entry is still waiting in
 * the list lane moves that run to the paste lane.
 */
import { describe, expect, it } from "vitest";
import { jobKeyFor, identify } from "../../../lib/identify";
import { makeUser, newClient } from "../helpers/auth-helpers";
import { createBatch, readBatch } from "../helpers/batch-helpers";
import { jobState, scenarioDoi, start, uniqueN, waitForResult } from "../helpers/getpdf-helpers";
import { signedInClient } from "../helpers/wallet-factories";

/** The stated bound for a paste made while lists run, in this test's environment. */
const PASTE_BOUND_MS = 3_000;

async function timedPaste(doi: string) {
  const c = newClient();
  const t0 = Date.now();
  const r = await waitForResult(c, await start(c, doi), 30_000);
  return { status: r.status, ms: Date.now() - t0 };
}

describe("a paste while a 500-entry list runs", () => {
  it("finishes within its bound while the list has hardly begun, and a pasted list entry moves to the paste lane", async () => {
    const alone = await timedPaste(scenarioDoi("oa-unpaywall"));
    expect(alone.status).toBe("ok");

    const owner = await signedInClient((await makeUser()).id);
    const dois = Array.from({ length: 500 }, () => scenarioDoi("upstream-slow", uniqueN()));
    const list = await createBatch(owner, { text: dois.join("\n") });
    expect(list.count).toBe(500);
    // The page's reads advance the list: the lane fills with its first entries.
    await readBatch(owner, list.id);
    await readBatch(owner, list.id);

    const during = await timedPaste(scenarioDoi("oa-unpaywall"));
    expect(during.status).toBe("ok");
    expect(during.ms).toBeLessThanOrEqual(Math.max(PASTE_BOUND_MS, 2 * alone.ms));
    const view = await readBatch(owner, list.id);
    expect(view.counts.processing).toBeGreaterThanOrEqual(450);

    // An entry the list lane has not reached yet (the 40th of 50 in flight), pasted by someone else.
    const waiting = dois[39]!;
    const key = jobKeyFor(identify(waiting))!;
    const before = await jobState(key);
    expect(before).toMatchObject({ phase: "processing", lane: "list", claimedAt: null });
    const c = newClient();
    const first = await start(c, waiting);
    expect(first.status).toBe("processing");
    const moved = await jobState(key);
    expect(moved).toMatchObject({ phase: "processing", lane: "paste", runId: before!.runId });
    // Its own slowness (the hanging Unpaywall) but not the list's queue: it is worked from the paste lane.
    expect((await waitForResult(c, first, 40_000)).status).toBe("ok");
    expect((await readBatch(owner, list.id)).counts.processing).toBeGreaterThanOrEqual(400);
  }, 120_000);
});
