/**
 * OpenAlex with a key: OPENALEX_API_KEY goes on every OpenAlex call; with it OpenAlex's work by
 * DOI (free and unlimited with a key) leads the open-access sources, so Unpaywall is asked only
 * when OpenAlex gave nothing and stays within its daily allowance. Without a key the chain goes
 * on as before (Unpaywall first), and the step says so.
 */
import { describe, expect, it } from "vitest";
import { deliver, hitsFor, jobState, scenarioDoi, seedProcessingJob } from "../helpers/getpdf-helpers";

const KEYED = { OPENALEX_API_KEY: "test-openalex-key" } satisfies Partial<Cloudflare.Env>;
const order = (steps: { step: string }[]) => steps.map((s) => s.step).filter((s) => s === "unpaywall" || s === "openalex");

describe("the OpenAlex step and its key", () => {
  it("with a key: the key is sent, OpenAlex leads, and Unpaywall is not asked when OpenAlex has the file", async () => {
    const doi = scenarioDoi("oa-openalex");
    const job = await seedProcessingJob(doi);
    await deliver(job, { env: KEYED });
    const s = await jobState(job.key);
    expect(s?.phase).toBe("found");
    expect(order(s!.steps)).toEqual(["openalex"]);
    expect(await hitsFor("openalex", `keyed:${doi}`)).toBe(1);
    expect(await hitsFor("unpaywall", doi)).toBe(0);
  });

  it("with a key: Unpaywall still follows when OpenAlex has nothing", async () => {
    const doi = scenarioDoi("oa-unpaywall");
    const job = await seedProcessingJob(doi);
    await deliver(job, { env: KEYED });
    const s = await jobState(job.key);
    expect(s?.phase).toBe("found");
    expect(order(s!.steps)).toEqual(["openalex", "unpaywall"]);
    expect(await hitsFor("unpaywall", doi)).toBe(1);
  });

  it("without a key: Unpaywall first, OpenAlex asked without one, and the step says so", async () => {
    const doi = scenarioDoi("none");
    const job = await seedProcessingJob(doi);
    await deliver(job, { env: { OPENALEX_API_KEY: undefined } as Partial<Cloudflare.Env> });
    const s = await jobState(job.key);
    expect(s?.phase).toBe("not_found");
    expect(order(s!.steps)).toEqual(["unpaywall", "openalex"]);
    expect(s!.steps.find((x) => x.step === "openalex")?.detail).toContain("no API key");
    expect(await hitsFor("openalex", `keyed:${doi}`)).toBe(0);
    expect(await hitsFor("openalex", doi)).toBe(1);
  });
});
