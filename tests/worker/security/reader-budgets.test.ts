/**
 * Reading lists that aim at the readers' memory or time (tests/fuzz/hostile-citations.ts) through
 * POST /batch: each is refused with a Persian 422 on its field (or read within its limits), never a
 * 5xx, and a refused list stores nothing. The review's 1.9 KB nested-@string `.bib` took the server
 * from 200 MB to 1.44 GB and answered 500; here it is refused before any text is built.
 * (Peak memory per request is measured by the fuzz suite, tests/fuzz/, in workerd as a process.)
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { batchTexts } from "../../../contract/batch";
import { hostileCitationInputs, nestedStringBib } from "../../fuzz/hostile-citations";
import { clientFor, makeUser, newClient } from "../helpers/auth-helpers";
import { uploadBatch } from "../helpers/batch-helpers";

vi.setConfig({ testTimeout: 120_000 });

const batchCount = async () => (await env.DB.prepare("select count(*) as n from batches").first<{ n: number }>())!.n;

describe("reading-list readers within their budget", () => {
  it("refuses the 1.9 KB nested-@string .bib with a Persian 422 and stores nothing", async () => {
    const bib = nestedStringBib(1900);
    expect(bib.length).toBeLessThanOrEqual(1900);
    // The file really is a bomb: its last macro asks for 2^levels copies of the seed.
    const levels = (bib.match(/@string/g) ?? []).length - 1;
    expect(2 ** levels * 30).toBeGreaterThan(1e12);
    for (const c of [newClient(), await clientFor((await makeUser()).id)]) {
      const before = await batchCount();
      const res = await uploadBatch(c, { file: { name: "references.bib", content: bib } });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { errors: Record<string, string[]> };
      expect(body.errors.file).toEqual([batchTexts.overBudget]);
      expect(body.errors.file![0]).toMatch(/[\u0600-\u06ff]/);
      expect(await batchCount()).toBe(before);
    }
  });

  it("a pasted nested-@string list is refused the same way (the text field)", async () => {
    const res = await uploadBatch(newClient(), { text: nestedStringBib(2100) });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors.text).toEqual([batchTexts.overBudget]);
  });

  it("every hostile list answers 422 or a list within the limits, never a 5xx; refused ones store nothing", async () => {
    const seen: string[] = [];
    let c = await clientFor((await makeUser()).id);
    for (const [i, h] of hostileCitationInputs().entries()) {
      // A user may create 20 lists an hour: a fresh user every 15 inputs keeps that limit out of the way.
      if (i > 0 && i % 15 === 0) c = await clientFor((await makeUser()).id);
      const before = await batchCount();
      const res = h.filename ? await uploadBatch(c, { file: { name: h.filename, content: h.text } }) : await uploadBatch(c, { text: h.text });
      const text = await res.text();
      seen.push(`${h.name}: ${res.status}`);
      expect(res.status, `${h.name}: ${text.slice(0, 300)}`).toBeLessThan(500);
      if (res.status === 422) {
        const errors = (JSON.parse(text) as { errors: Record<string, string[]> }).errors;
        expect(Object.values(errors).flat().join(" "), h.name).toMatch(/[\u0600-\u06ff]/);
        expect(await batchCount(), h.name).toBe(before);
      } else {
        expect(res.status, `${h.name}: ${text.slice(0, 300)}`).toBe(200);
        const created = JSON.parse(text) as { count: number };
        expect(created.count, h.name).toBeLessThanOrEqual(500);
      }
    }
    // The entry limit is applied while reading: a 100,000-entry .bib is refused as "more than 500".
    expect(seen).toContain("bib-100k-entries: 422");
  });

  it("more entries than allowed: refused while reading, the message names the limit", async () => {
    const bib = Array.from({ length: 30 }, (_, i) => `@misc{k${i}, title = {Title ${i}}}`).join("\n");
    const res = await uploadBatch(newClient(), { file: { name: "list.bib", content: bib } });
    expect(res.status).toBe(422);
    const msg = ((await res.json()) as { errors: Record<string, string[]> }).errors.file![0]!;
    expect(msg).toContain("بیش از ۲۰");
  });
});
