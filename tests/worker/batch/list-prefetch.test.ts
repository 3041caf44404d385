/**
 * A reading list's entries ask Crossref together: the consumer's list batch first asks for all its
 * entries' records in one list request (`filter=doi:a,doi:b`), stores them as shared answers, and
 * each entry's chain reads its record from there instead of asking alone. What the list request
 * did not bring (here, a DOI Crossref does not know) is asked alone, as before.
 */
import { describe, expect, it } from "vitest";
import { makeUser } from "../helpers/auth-helpers";
import { createBatch, waitForBatch } from "../helpers/batch-helpers";
import { hitsFor, scenarioDoi, uniqueN } from "../helpers/getpdf-helpers";
import { signedInClient } from "../helpers/wallet-factories";

async function crossrefHits(dois: string[]) {
  const single = await Promise.all(dois.map((d) => hitsFor("crossref", d)));
  const listed = await Promise.all(dois.map((d) => hitsFor("crossref", `list:${d}`)));
  return { single, listed };
}

describe("a reading list's Crossref records", () => {
  it("are asked in list requests, not one single request per entry, and the entries resolve as before", async () => {
    const owner = await signedInClient((await makeUser()).id);
    const dois = Array.from({ length: 10 }, () => scenarioDoi("oa-unpaywall", uniqueN()));
    const list = await createBatch(owner, { text: dois.join("\n") });
    const view = await waitForBatch(owner, list.id);
    expect(view.counts).toMatchObject({ ok: 10, processing: 0 });
    const { single, listed } = await crossrefHits(dois);
    // The consumer's batches may split (a batch of one asks alone); a DOI a list request brought is never asked alone.
    const inLists = dois.filter((_, i) => listed[i]! > 0);
    expect(inLists.length).toBeGreaterThanOrEqual(8);
    for (const [i] of dois.entries()) if (listed[i]! > 0) expect(single[i]).toBe(0);
    expect(single.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10 - inLists.length);
  }, 90_000);

  it("asks alone for what a list request did not bring, and not again for records already shared", async () => {
    const owner = await signedInClient((await makeUser()).id);
    const unknown = `10.5555/not-in-crossref-${uniqueN()}`;
    const fresh = Array.from({ length: 4 }, () => scenarioDoi("oa-unpaywall", uniqueN()));
    const first = await createBatch(owner, { text: [unknown, ...fresh].join("\n") });
    const view = await waitForBatch(owner, first.id);
    expect(view.counts.processing).toBe(0);
    expect(view.counts).toMatchObject({ ok: 4 });
    // The unknown DOI was in the list request, absent from its answer, then asked alone (Crossref's 404, as before).
    expect(await hitsFor("crossref", `list:${unknown}`)).toBe(1);
    expect(await hitsFor("crossref", unknown)).toBe(1);

    // A second list with the same works and two new ones: the shared records are not asked again.
    const more = Array.from({ length: 2 }, () => scenarioDoi("oa-unpaywall", uniqueN()));
    const before = await crossrefHits(fresh);
    const second = await createBatch(owner, { text: [...fresh, ...more].join("\n") });
    await waitForBatch(owner, second.id);
    expect(await crossrefHits(fresh)).toEqual(before);
    const added = await crossrefHits(more);
    expect(added.single.map((s, i) => s + added.listed[i]!)).toEqual([1, 1]);
  }, 90_000);
});
