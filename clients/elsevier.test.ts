import { describe, expect, it } from "vitest";
import { startFakeUpstream } from "../tests/fakes/upstream-server";
import { createElsevierClient, startsWithPdfMagic } from "./elsevier";
import { caught, recorder, useFakeUpstream } from "./test-support";

const fake = useFakeUpstream(() => startFakeUpstream({ port: 0 }));
const { seen, fetch: recordingFetch } = recorder<{ url: string; headers: Headers }>((input, init) => ({
  url: String(input),
  headers: new Headers(init?.headers),
}));

function client(apiKey = "licensed-key", extra: { timeoutMs?: number; maxBytes?: number } = {}) {
  return createElsevierClient({ fetch: recordingFetch, upstreamBase: fake.url, apiKey, instToken: "inst-9", rateLimiter: null, ...extra });
}

describe("elsevier getPdf", () => {
  it("fetches the PDF with the key, institution token and Accept: application/pdf", async () => {
    seen.length = 0;
    const pdf = await client().getPdf("10.5555/licensed-501");
    expect(new URL(seen[0]!.url).pathname).toBe("/api.elsevier.com/content/article/doi/10.5555/licensed-501");
    expect(seen[0]!.headers.get("accept")).toBe("application/pdf");
    expect(seen[0]!.headers.get("x-els-apikey")).toBe("licensed-key");
    expect(seen[0]!.headers.get("x-els-insttoken")).toBe("inst-9");
    expect(pdf!.contentType).toBe("application/pdf");
    expect(startsWithPdfMagic(pdf!.bytes)).toBe(true);
    expect(new TextDecoder().decode(pdf!.bytes)).toContain("10.5555/licensed-501");
    expect(fake.state.hits.get("elsevier:10.5555/licensed-501")).toBe(1);
  });

  it("returns null for a DOI Elsevier does not have", async () => {
    expect(await client().getPdf("10.5555/none-502")).toBeNull();
  });

  it("maps a missing or rejected key to auth", async () => {
    seen.length = 0;
    expect((await caught(client("").getPdf("10.5555/licensed-503"))).kind).toBe("auth");
    expect(seen).toHaveLength(0);
    const invalid = await caught(client("invalid-key").getPdf("10.5555/licensed-503"));
    expect([invalid.kind, invalid.status]).toEqual(["auth", 401]);
    expect(invalid.providerMessage).toMatch(/^AUTHORIZATION_ERROR/);
    const forbidden = await caught(client("forbidden-key").getPdf("10.5555/licensed-503"));
    expect([forbidden.kind, forbidden.status]).toEqual(["auth", 403]);
  });

  it("maps 500, 429, a hang, and refuses oversized bodies", async () => {
    expect((await caught(client().getPdf("10.5555/fail-500-504"))).status).toBe(500);
    expect((await caught(client().getPdf("10.5555/fail-429-504"))).kind).toBe("rate_limited");
    expect((await caught(client("k", { timeoutMs: 200 }).getPdf("10.5555/fail-slow-504"))).kind).toBe("timeout");
    expect((await caught(client("k", { maxBytes: 100 }).getPdf("10.5555/licensed-504"))).kind).toBe("parse");
  });

  it("refuses a body that is not a PDF", async () => {
    const err = await caught(client().getPdf("10.5555/fail-malformed-505"));
    expect(err.kind).toBe("parse");
    expect(err.message).toContain("expected a PDF");
  });

  it("recognises the PDF signature only near the start", () => {
    expect(startsWithPdfMagic(new TextEncoder().encode("%PDF-1.7"))).toBe(true);
    expect(startsWithPdfMagic(new TextEncoder().encode("\n\n%PDF-1.4"))).toBe(true);
    expect(startsWithPdfMagic(new TextEncoder().encode("<html>%PDF"))).toBe(false);
    expect(startsWithPdfMagic(new Uint8Array())).toBe(false);
  });
});
