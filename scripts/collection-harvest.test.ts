import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { decodeFile } from "./catalog-import";
import { harvestOai, type HarvestDeps } from "./collection-harvest";

const dir = mkdtempSync(path.join(tmpdir(), "harvest-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const recorded = readFileSync(path.resolve(import.meta.dirname, "../tests/fixtures/oapen/oai_xoai_listrecords.xml"), "utf8");

describe("collection-harvest: OAI-PMH", () => {
  it("follows resumption tokens, appends every page, and the file imports as one", async () => {
    const seen: string[] = [];
    const page2 = recorded.replace("</ListRecords>", "</ListRecords>").replace(/<record>[\s\S]*<\/record>/, (all) => all.split("</record>")[0] + "</record>");
    const pages: Record<string, string> = {
      first: recorded.replace(
        "</ListRecords>",
        `<resumptionToken completeListSize="5" cursor="0">xoai/2023-02-14T00:00:00Z///100</resumptionToken></ListRecords>`,
      ),
      next: page2,
    };
    const deps: HarvestDeps = {
      fetch: (async (input: string | URL | Request) => {
        const url = String(input);
        seen.push(url);
        return new Response(url.includes("resumptionToken=") ? pages["next"] : pages["first"], { status: 200 });
      }) as typeof fetch,
      sleep: async () => undefined,
      pauseMs: 0,
      log: () => undefined,
    };
    const out = path.join(dir, "oapen.xml");
    expect(await harvestOai("https://library.oapen.org/oai/request", out, deps)).toEqual({ pages: 2, records: 5 });
    expect(seen[1]).toBe("https://library.oapen.org/oai/request?verb=ListRecords&resumptionToken=xoai%2F2023-02-14T00%3A00%3A00Z%2F%2F%2F100");
    let records = 0;
    for await (const l of decodeFile(out, "oapen")) if ("record" in l) records++;
    expect(records).toBe(5);
  });

  it("stops at an OAI error and says which", async () => {
    const deps: HarvestDeps = {
      fetch: (async () => new Response(`<OAI-PMH><error code="badResumptionToken">x</error></OAI-PMH>`)) as unknown as typeof fetch,
      sleep: async () => undefined,
      pauseMs: 0,
      log: () => undefined,
    };
    await expect(harvestOai("https://library.oapen.org/oai/request", path.join(dir, "e.xml"), deps)).rejects.toThrow(/badResumptionToken/);
  });
});
