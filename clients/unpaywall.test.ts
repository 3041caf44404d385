import { describe, expect, it } from "vitest";
import { startFakeUpstream } from "../tests/fakes/upstream-server";
import { UnpaywallRecordSchema, createUnpaywallClient } from "./unpaywall";
import { caught, recorder, useFakeUpstream } from "./test-support";

const fake = useFakeUpstream(() => startFakeUpstream({ port: 0 }));
const { seen, fetch: recordingFetch } = recorder((input) => String(input));

function client(email = "dev@daryaft.org", timeoutMs?: number) {
  return createUnpaywallClient({ fetch: recordingFetch, upstreamBase: fake.url, email, rateLimiter: null, timeoutMs });
}

describe("unpaywall getByDoi", () => {
  it("maps every OA location of the recorded 2023 record, sending the e-mail", async () => {
    seen.length = 0;
    const r = await client().getByDoi("10.1038/nature12373");
    expect(new URL(seen[0]!).searchParams.get("email")).toBe("dev@daryaft.org");
    expect(UnpaywallRecordSchema.parse(r)).toEqual(r);
    expect(r).toMatchObject({
      doi: "10.1038/nature12373",
      title: "Nanometre-scale thermometry in a living cell",
      genre: "journal-article",
      isOa: true,
      oaStatus: "green",
      year: 2013,
    });
    expect(r!.locations).toHaveLength(3);
    expect(r!.locations[0]).toEqual({
      url: "https://dash.harvard.edu/bitstream/1/12285462/1/Nanometer-Scale%20Thermometry.pdf",
      urlForPdf: "https://dash.harvard.edu/bitstream/1/12285462/1/Nanometer-Scale%20Thermometry.pdf",
      urlForLandingPage: "http://nrs.harvard.edu/urn-3:HUL.InstRepos:12285462",
      license: "cc-by",
      version: "publishedVersion",
      hostType: "repository",
      evidence: "oa repository (via OAI-PMH doi match)",
      isBest: true,
      repositoryInstitution: "Harvard University - Digital Access to Scholarship at Harvard (DASH)",
    });
    expect(r!.locations[2]!.urlForPdf).toBeNull();
    expect(r!.bestLocation!.isBest).toBe(true);
  });

  it("reads the 2020 key order and free-text licences", async () => {
    const hybrid = await client().getByDoi("10.1103/PhysRevE.88.012814");
    expect(hybrid!.locations[0]!.license).toMatch(/^publisher-specific, author manuscript/);
    expect(hybrid!.locations.map((l) => l.hostType)).toEqual(["publisher", "repository"]);
    const gold = await client().getByDoi("10.1016/j.envint.2020.105730");
    expect(gold!.locations[0]).toMatchObject({ license: "cc-by-nc-nd", urlForPdf: null, version: "publishedVersion" });
  });

  it("maps scenario records: two locations, a landing page, a closed record", async () => {
    const impostor = await client().getByDoi("10.5555/html-impostor-201");
    expect(impostor!.locations.map((l) => l.urlForPdf)).toEqual([
      "https://oa.publisher.test/impostor/10.5555/html-impostor-201.pdf",
      "https://repo.example.test/bitstream/10.5555/html-impostor-201.pdf",
    ]);
    const landing = await client().getByDoi("10.5555/oa-landing-201");
    expect(landing!.locations[0]).toMatchObject({ urlForPdf: null, urlForLandingPage: "https://oa.publisher.test/article/10.5555/oa-landing-201" });
    const closed = await client().getByDoi("10.5555/licensed-201");
    expect(closed).toMatchObject({ isOa: false, oaStatus: "closed", bestLocation: null, locations: [] });
  });

  it("tolerates a record with almost every field missing", async () => {
    const r = await client().getByDoi("10.5555/sparse-202");
    expect(r).toMatchObject({ doi: "10.5555/sparse-202", title: null, genre: null, year: null, isOa: true, bestLocation: null });
    expect(r!.locations).toEqual([
      expect.objectContaining({ urlForPdf: "https://oa.publisher.test/pdf/10.5555/sparse-202.pdf", url: null, license: null, isBest: false }),
    ]);
  });

  it("returns null for both 404 forms (HTML and legacy JSON)", async () => {
    expect(await client().getByDoi("10.5555/none-203")).toBeNull();
    expect(await client().getByDoi("10.1234/notarealdoi")).toBeNull();
    expect(fake.state.hits.get("unpaywall:10.5555/none-203")).toBe(1);
  });

  it("turns the 422 e-mail-required answer into a typed error", async () => {
    const err = await caught(client("you@example.com").getByDoi("10.1038/nature12373"));
    expect([err.kind, err.status]).toEqual(["auth", 422]);
    expect(err.providerMessage).toContain("Email address required");
  });

  it("maps 500, 429, malformed and slow answers to typed errors", async () => {
    const boom = await caught(client().getByDoi("10.5555/upstream-500-204"));
    expect([boom.kind, boom.status, boom.retryable]).toEqual(["http", 500, true]);
    const limited = await caught(client().getByDoi("10.5555/fail-429-204"));
    expect([limited.kind, limited.retryAfterSeconds]).toEqual(["rate_limited", 7]);
    expect((await caught(client().getByDoi("10.5555/fail-malformed-204"))).kind).toBe("parse");
    expect((await caught(client("dev@daryaft.org", 200).getByDoi("10.5555/upstream-slow-204"))).kind).toBe("timeout");
  });
});
