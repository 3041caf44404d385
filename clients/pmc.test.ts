import { describe, expect, it } from "vitest";
import { startFakeUpstream } from "../tests/fakes/upstream-server";
import { IdConvResultSchema, createPmcClient, normalizePmcid } from "./pmc";
import { caught, recorder, useFakeUpstream } from "./test-support";

const fake = useFakeUpstream(() => startFakeUpstream({ port: 0 }));
const { seen, fetch: recordingFetch } = recorder((input) => String(input));

function client(extra: { idconvEndpoint?: "current" | "classic"; timeoutMs?: number; tool?: string; email?: string } = {}) {
  return createPmcClient({
    fetch: recordingFetch,
    upstreamBase: fake.url,
    tool: "daryaft",
    email: "dev@daryaft.org",
    rateLimiter: null,
    europePmcRateLimiter: null,
    ...extra,
  });
}

describe("NCBI ID converter", () => {
  it("reads the recorded classic response (string pmid, responseDate)", async () => {
    seen.length = 0;
    const r = await client({ idconvEndpoint: "classic" }).convert("10.7554/eLife.09560");
    const u = new URL(seen[0]!);
    expect(u.pathname).toBe("/www.ncbi.nlm.nih.gov/pmc/utils/idconv/v1.0/");
    expect([u.searchParams.get("ids"), u.searchParams.get("format"), u.searchParams.get("tool"), u.searchParams.get("email")]).toEqual([
      "10.7554/eLife.09560",
      "json",
      "daryaft",
      "dev@daryaft.org",
    ]);
    expect(IdConvResultSchema.parse(r)).toEqual(r);
    expect(r.responseDate).toBe("2025-01-20 23:39:45");
    expect(r.records).toEqual([
      { requestedId: "10.7554/eLife.09560", pmcid: "PMC4559886", pmid: "26354291", doi: "10.7554/eLife.09560", live: null, error: null },
    ]);
  });

  it("reads the current endpoint's form (response-date, requested-id, numeric pmid)", async () => {
    seen.length = 0;
    const r = await client().convert(["10.5555/pmc-401", "PMC9000402"]);
    expect(new URL(seen[0]!).pathname).toBe("/pmc.ncbi.nlm.nih.gov/tools/idconv/api/v1/articles/");
    expect(r.responseDate).toBe("2025-01-20 23:39:45");
    expect(r.records).toEqual([
      { requestedId: "10.5555/pmc-401", pmcid: "PMC9000401", pmid: "39000401", doi: "10.5555/pmc-401", live: null, error: null },
      { requestedId: "PMC9000402", pmcid: "PMC9000402", pmid: "39000402", doi: "10.5555/pmc-402", live: null, error: null },
    ]);
  });

  it("keeps per-record errors and the missing-identity warning", async () => {
    const classic = await client({ idconvEndpoint: "classic", tool: "", email: "" }).convert(["PMC23840460"], "pmcid");
    expect(classic.warning).toBe("no e-mail provided; no tool provided");
    expect(classic.records).toEqual([{ requestedId: "PMC23840460", pmcid: null, pmid: null, doi: null, live: false, error: "invalid article id" }]);
    const current = await client().convert("10.5555/none-403");
    expect(current.records[0]).toMatchObject({ requestedId: "10.5555/none-403", pmcid: null, error: "Identifier not found in PMC" });
  });

  it("splits more than 200 ids into several calls and makes none for an empty list", async () => {
    seen.length = 0;
    const ids = Array.from({ length: 205 }, (_, i) => `PMC${9_000_500 + i}`);
    const r = await client().convert(ids);
    expect(seen).toHaveLength(2);
    expect(r.records).toHaveLength(205);
    expect(r.records[204]!.doi).toBe("10.5555/pmc-704");
    expect(await client().convert([])).toEqual({ responseDate: null, warning: null, records: [] });
    expect(seen).toHaveLength(2);
  });

  it("maps failures", async () => {
    expect((await caught(client().convert("10.5555/fail-500-404"))).status).toBe(500);
    expect((await caught(client().convert("10.5555/fail-429-404"))).kind).toBe("rate_limited");
    expect((await caught(client().convert("10.5555/fail-malformed-404"))).kind).toBe("parse");
    expect((await caught(client({ timeoutMs: 200 }).convert("10.5555/fail-slow-404"))).kind).toBe("timeout");
  });
});

describe("Europe PMC", () => {
  it("finds the open-access PDF link for a DOI", async () => {
    seen.length = 0;
    const r = await client().searchByDoi("10.5555/pmc-405");
    const q = new URL(seen[0]!).searchParams;
    expect([q.get("query"), q.get("format"), q.get("resultType")]).toEqual(['DOI:"10.5555/pmc-405"', "json", "core"]);
    expect(r).toMatchObject({ pmcid: "PMC9000405", pmid: "39000405", doi: "10.5555/pmc-405", isOpenAccess: true, inEpmc: true, hasPdf: true });
    expect(r!.fullTextUrls).toHaveLength(3);
    expect(r!.pdfUrl).toBe("https://europepmc.org/articles/PMC9000405?pdf=render");
  });

  it("finds the PDF by PMCID, and the link serves a real PDF", async () => {
    const url = await client().getFullTextPdfUrl("pmc9000406");
    expect(url).toBe("https://europepmc.org/articles/PMC9000406?pdf=render");
    const res = await fetch(`${fake.url}/europepmc.org/articles/PMC9000406?pdf=render`);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("returns null when nothing matches, and refuses a non-PMCID", async () => {
    expect(await client().searchByDoi("10.5555/none-407")).toBeNull();
    expect(await client().getFullTextPdfUrl("PMC123")).toBeNull();
    expect(() => normalizePmcid("abc")).toThrow(RangeError);
  });

  it("maps failures", async () => {
    expect((await caught(client().searchByDoi("10.5555/fail-500-408"))).status).toBe(500);
    expect((await caught(client().searchByDoi("10.5555/fail-malformed-408"))).kind).toBe("parse");
    expect((await caught(client({ timeoutMs: 200 }).searchByDoi("10.5555/fail-slow-408"))).kind).toBe("timeout");
  });
});
